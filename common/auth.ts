import { LOCALES } from './i18n/locales.js';
import { z } from 'zod';

/** Sign-up and profile rules shared by the forms and the server (SPEC parts 2, 3, 5). */

export const DEFAULT_PHONE_PREFIX = '+1';

/** '+1 555 123 4567', '(555) 123-4567' or '5551234567' → '+15551234567' (E.164); null if it cannot be one. */
export function normalizePhone(input: string, defaultPrefix = DEFAULT_PHONE_PREFIX): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  const digits = trimmed.replace(/[^\d]/g, '');
  let e164: string;
  if (trimmed.startsWith('+')) e164 = `+${digits}`;
  else if (digits.length === 11 && digits.startsWith('1') && defaultPrefix === '+1') e164 = `+${digits}`;
  else e164 = `${defaultPrefix}${digits}`;
  return /^\+[1-9]\d{7,14}$/.test(e164) ? e164 : null;
}

/** NUL and other control characters (C0, DEL, C1) have no place in a name or a one-line text. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

/** A one-line text: trimmed, no control characters. */
export const singleLineText = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => !CONTROL_CHARS.test(v), `${label} must not contain control characters`);

const name = (label: string) =>
  singleLineText(label).pipe(z.string().min(1, `${label} is required`).max(60, `${label} is too long`));

export const phoneSchema = z
  .string()
  .trim()
  .min(1, 'Phone is required')
  .transform((v, ctx) => {
    const phone = normalizePhone(v);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid phone number, e.g. +1 555 123 4567' });
      return z.NEVER;
    }
    return phone;
  });

/** A password someone chooses (sign-up, reset). */
const passwordRule = z.string().min(6, 'Password must be at least 6 characters').max(128, 'Password is too long');

export const SignUpRoleValues = ['renter', 'agent'] as const;
export type SignUpRole = (typeof SignUpRoleValues)[number];

export const signUpSchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  email: z.string().trim().min(1, 'E-mail is required').email('Enter a valid e-mail address').max(254),
  password: passwordRule,
  phone: phoneSchema,
  role: z.enum(SignUpRoleValues),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email: z.string().trim().min(1, 'E-mail is required').email('Enter a valid e-mail address'),
  password: z.string().min(1, 'Password is required'),
});

/** A password reset request (POST /api/auth/password-reset). */
export const passwordResetRequestSchema = z.object({
  email: z.string().trim().min(1, 'E-mail is required').email('Enter a valid e-mail address').max(254),
});

/** The new password of a reset: the sign-up rule, typed twice. */
export const newPasswordSchema = z
  .object({
    password: passwordRule,
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'Passwords do not match' });

export const verificationCodeSchema = z.string().regex(/^\d{6}$/, 'Enter the 6-digit code');

export const completeSignupSchema = z.object({
  uid: z.string().min(1).max(128),
  firstName: name('First name'),
  lastName: name('Last name'),
  email: z.string().trim().email().max(254),
  phone: phoneSchema,
  role: z.enum(SignUpRoleValues),
});

/**
 * The phone check of sign-up. With the names and the role it also keeps what was given, so an
 * abandoned sign-up can be finished later (issue 24 item 1).
 */
export const checkPhoneSchema = z.object({
  phone: phoneSchema,
  firstName: name('First name').optional(),
  lastName: name('Last name').optional(),
  role: z.enum(SignUpRoleValues).optional(),
});

/** What the server kept of an unfinished sign-up (GET /api/auth/signup). */
export interface SignupDraft {
  firstName: string;
  lastName: string;
  phone: string;
  role: SignUpRole;
}

/** The answer of GET /api/auth/signup: the account signing up, and what it gave so far. */
export interface UnfinishedSignupAnswer {
  email: string | null;
  /** The phone linked to the identity already (verified), when one is. */
  linkedPhone: string | null;
  draft: SignupDraft | null;
}

/** A profile photo must be one of the viewer's own uploads (checked by the server). */
export const PROFILE_PHOTO_MESSAGE = 'Photo must be an image you uploaded here.';

export const updateProfileSchema = z.object({
  firstName: name('First name').optional(),
  lastName: name('Last name').optional(),
  phone: phoneSchema.optional(),
  photoUrl: z
    .string()
    .trim()
    .max(2048)
    // An upload's address (the server checks it is the viewer's own upload).
    .refine((v) => (v.startsWith('/media/') && !v.includes('..')) || /^https:\/\/[^\s]+$/.test(v), PROFILE_PHOTO_MESSAGE)
    .nullable()
    .optional(),
  /** The interface's language (issue 29); null forgets the choice. */
  locale: z.enum(LOCALES).nullable().optional(),
});

export const PHONE_TAKEN_MESSAGE = 'This phone number is already registered. Please use a different number.';
