/**
 * Sign-up stopped before the phone was linked: the number is already registered (the form shows
 * SPEC's text for it). Its own module, free of imports, so the auth provider stays light.
 */
export class PhoneTakenError extends Error {
  constructor() {
    super('This phone number is already registered.');
    this.name = 'PhoneTakenError';
  }
}
