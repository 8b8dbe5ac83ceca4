import { LOCALES } from './i18n/locales.js';
import { defineMessages, formatMessage, type MessageDescriptor } from './i18n/messages.js';
import { z } from 'zod';

// The rules' messages are in the language of the page that checks them (issue 29): the forms'. The
// server, which loads this module on its own, answers in English for now.
const messages = defineMessages({
  controlChars: { id: 'validation.controlChars', defaultMessage: '{field} must not contain control characters' },
  required: { id: 'validation.required', defaultMessage: '{field} is required' },
  tooLong: { id: 'validation.tooLong', defaultMessage: '{field} is too long' },
  firstName: { id: 'validation.firstName', defaultMessage: 'First name' },
  lastName: { id: 'validation.lastName', defaultMessage: 'Last name' },
  phoneRequired: { id: 'validation.phoneRequired', defaultMessage: 'Phone is required' },
  phoneInvalid: { id: 'validation.phoneInvalid', defaultMessage: 'Enter a valid phone number, e.g. +1 555 123 4567' },
  passwordShort: { id: 'validation.passwordShort', defaultMessage: 'Password must be at least 6 characters' },
  passwordLong: { id: 'validation.passwordLong', defaultMessage: 'Password is too long' },
  emailRequired: { id: 'validation.emailRequired', defaultMessage: 'E-mail is required' },
  emailInvalid: { id: 'validation.emailInvalid', defaultMessage: 'Enter a valid e-mail address' },
  passwordRequired: { id: 'validation.passwordRequired', defaultMessage: 'Password is required' },
  passwordsDiffer: { id: 'validation.passwordsDiffer', defaultMessage: 'Passwords do not match' },
  code: { id: 'validation.code', defaultMessage: 'Enter the 6-digit code' },
  profilePhoto: { id: 'validation.profilePhoto', defaultMessage: 'Photo must be an image you uploaded here.' },
  phoneTaken: {
    id: 'validation.phoneTaken',
    defaultMessage: 'This phone number is already registered. Please use a different number.',
  },
});

/** A rule's message, made when it is shown: in the page's language. */
const say = (message: MessageDescriptor, values?: Record<string, string>) => ({ error: () => formatMessage(message, values) });

/** A field's name in a message: given as text (English) or as a message. */
const fieldName = (label: string | MessageDescriptor) => (typeof label === 'string' ? label : formatMessage(label));

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
export const singleLineText = (label: string | MessageDescriptor) =>
  z
    .string()
    .trim()
    .refine((v) => !CONTROL_CHARS.test(v), { error: () => formatMessage(messages.controlChars, { field: fieldName(label) }) });

const name = (label: MessageDescriptor) =>
  singleLineText(label).pipe(
    z
      .string()
      .min(1, { error: () => formatMessage(messages.required, { field: fieldName(label) }) })
      .max(60, { error: () => formatMessage(messages.tooLong, { field: fieldName(label) }) }),
  );

export const phoneSchema = z
  .string()
  .trim()
  .min(1, say(messages.phoneRequired))
  .transform((v, ctx) => {
    const phone = normalizePhone(v);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: formatMessage(messages.phoneInvalid) });
      return z.NEVER;
    }
    return phone;
  });

/** A password someone chooses (sign-up, reset). */
const passwordRule = z.string().min(6, say(messages.passwordShort)).max(128, say(messages.passwordLong));

/** An e-mail address someone gives. */
const emailRule = () => z.string().trim().min(1, say(messages.emailRequired)).email(say(messages.emailInvalid));

export const SignUpRoleValues = ['renter', 'agent'] as const;
export type SignUpRole = (typeof SignUpRoleValues)[number];

export const signUpSchema = z.object({
  firstName: name(messages.firstName),
  lastName: name(messages.lastName),
  email: emailRule().max(254),
  password: passwordRule,
  phone: phoneSchema,
  role: z.enum(SignUpRoleValues),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailRule(),
  password: z.string().min(1, say(messages.passwordRequired)),
});

/** A password reset request (POST /api/auth/password-reset). */
export const passwordResetRequestSchema = z.object({
  email: emailRule().max(254),
});

/** The new password of a reset: the sign-up rule, typed twice. */
export const newPasswordSchema = z
  .object({
    password: passwordRule,
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], ...say(messages.passwordsDiffer) });

export const verificationCodeSchema = z.string().regex(/^\d{6}$/, say(messages.code));

export const completeSignupSchema = z.object({
  uid: z.string().min(1).max(128),
  firstName: name(messages.firstName),
  lastName: name(messages.lastName),
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
  firstName: name(messages.firstName).optional(),
  lastName: name(messages.lastName).optional(),
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

export const updateProfileSchema = z.object({
  firstName: name(messages.firstName).optional(),
  lastName: name(messages.lastName).optional(),
  phone: phoneSchema.optional(),
  photoUrl: z
    .string()
    .trim()
    .max(2048)
    // An upload's address (the server checks it is the viewer's own upload).
    .refine((v) => (v.startsWith('/media/') && !v.includes('..')) || /^https:\/\/[^\s]+$/.test(v), say(messages.profilePhoto))
    .nullable()
    .optional(),
  /** The interface's language (issue 29); null forgets the choice. */
  locale: z.enum(LOCALES).nullable().optional(),
  /** E-mail about messages that arrive while away (issue 59 item 6). */
  emailMessages: z.boolean().optional(),
});

export const PHONE_TAKEN_MESSAGE = 'This phone number is already registered. Please use a different number.';

/** The same, in the page's language (the form shows it under the phone). */
export const phoneTakenMessage = () => formatMessage(messages.phoneTaken);
