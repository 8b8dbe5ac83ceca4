/** Display name of a person: first plus last name, else the part of the e-mail before the at sign. */
export function displayName(user: { firstName: string; lastName: string; email: string }): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.email.split('@')[0] || 'Agent';
}
