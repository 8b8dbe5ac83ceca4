import { describe, expect, it } from 'vitest';
import { completeSignupSchema, normalizePhone, signUpSchema } from './auth.js';

describe('normalizePhone', () => {
  it.each([
    ['+1 555 123 4567', '+15551234567'],
    ['(555) 123-4567', '+15551234567'],
    ['5551234567', '+15551234567'],
    ['1 555 123 4567', '+15551234567'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('%s → %s', (input, out) => expect(normalizePhone(input)).toBe(out));

  it.each(['', 'abc', '+0 123', '12'])('refuses %j', (input) => expect(normalizePhone(input)).toBeNull());
});

describe('signUpSchema', () => {
  const good = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    password: 'secret1',
    phone: '555 123 4567',
    role: 'renter',
  };
  it('accepts a full form and normalises the phone', () => {
    expect(signUpSchema.parse(good).phone).toBe('+15551234567');
  });
  it('names every missing field', () => {
    const r = signUpSchema.safeParse({ ...good, firstName: '', email: 'nope', password: '1', phone: 'x' });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'firstName: First name is required',
        'email: Enter a valid e-mail address',
        'password: Password must be at least 6 characters',
        'phone: Enter a valid phone number, e.g. +1 555 123 4567',
      ]),
    );
  });
  it('knows only the two roles', () => {
    expect(completeSignupSchema.safeParse({ ...good, uid: 'u1', role: 'admin' }).success).toBe(false);
  });
});
