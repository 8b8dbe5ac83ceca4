import type { z } from 'zod';
import {
  checkPhoneSchema,
  completeSignupSchema,
  passwordResetRequestSchema,
  PHONE_TAKEN_MESSAGE,
  PROFILE_PHOTO_MESSAGE,
  updateProfileSchema,
  type SignUpRole,
  type UnfinishedSignupAnswer,
} from '../../../common/auth.js';
import type { PrismaClient } from '../../db/client.js';
import type { Viewer } from '../../core/viewer.js';
import { AppError, fromZod, toAppError } from '../../core/errors.js';

import { requireUser } from '../../core/authz.js';
import type { RateLimits } from '../../infra/rate-limits.js';
import { escapeHtml, type Mailer } from '../mail/mailer.js';
import type { IdentityProvider, VerifiedIdentity } from './identity.js';

/** Sign-up, phone checks and profile rules (SPEC parts 2, 4, 5, 8). REST and GraphQL call these. */

export const ALREADY_SET_UP = 'Your account is already set up. Sign in instead.';

/** The sign-up form's role as the database keeps it, and back. */
const ROLE_OF = { agent: 'AGENT', renter: 'RENTER' } as const satisfies Record<SignUpRole, 'AGENT' | 'RENTER'>;
const signUpRoleOf = (role: 'AGENT' | 'RENTER' | 'ADMIN'): SignUpRole => (role === 'AGENT' ? 'agent' : 'renter');

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw fromZod(r.error);
  return r.data;
}

/** The answer of the phone lookup to anyone but an account in the middle of its own sign-up. */
export const SIGNUP_IN_PROGRESS_ONLY = 'Phone numbers can be checked only while signing up.';
/** How long after the account's creation (its first sign-in) the lookup answers it. */
export const SIGNUP_WINDOW_SECONDS = 30 * 60;

/**
 * The phone lookup of sign-up (SPEC part 8: "the phone is checked against existing registrations
 * first"), answered so it cannot be used to enumerate registered numbers: only for the identity
 * that is signing up (signed in within the last half hour, no phone linked yet, no profile here),
 * at most 5 numbers an hour per account and 120 a minute for everyone together (on top of the
 * per-address limit of the route). `onLimited` receives the Retry-After seconds of a refusal.
 */
export async function checkPhoneDuringSignup(
  deps: { prisma: PrismaClient; identity: IdentityProvider; limits: RateLimits },
  who: VerifiedIdentity,
  input: unknown,
  onLimited: (retryAfterSeconds: number) => void,
): Promise<boolean> {
  const { phone, firstName, lastName, role } = parse(checkPhoneSchema, input);
  const { prisma, identity, limits } = deps;
  const inProgress =
    who.phone === null && Date.now() / 1000 - who.authTime <= SIGNUP_WINDOW_SECONDS
      ? (await prisma.user.findUnique({ where: { id: who.uid }, select: { id: true } })) === null
      : false;
  if (!inProgress) throw new AppError('FORBIDDEN', SIGNUP_IN_PROGRESS_ONLY);
  for (const limit of [limits.phoneCheckAccount, limits.phoneCheckGlobal]) {
    const perAccount = limit === limits.phoneCheckAccount;
    const taken = await limit.take(perAccount ? who.uid : 'all');
    if (!taken.allowed) {
      onLimited(taken.retryAfterSeconds);
      throw new AppError(
        'RATE_LIMITED',
        perAccount ? 'Too many phone numbers tried. Please try again later.' : 'Too many attempts. Please wait a minute.',
      );
    }
  }
  const exists = await phoneRegistered(prisma, identity, phone);
  // What was given is kept for the code step, so an abandoned sign-up can be finished later.
  if (!exists && firstName && lastName && role) {
    const data = { firstName, lastName, phone, role: ROLE_OF[role] };
    await prisma.signupDraft.upsert({ where: { userId: who.uid }, create: { userId: who.uid, ...data }, update: data });
  }
  return exists;
}

/**
 * The unfinished sign-up of the signed-in identity (issue 24 item 1): its e-mail, the phone already
 * linked to it if any, and what it gave at sign-up. Only for an identity with no profile here yet
 * (a finished account is CONFLICT); no one reads another identity's draft.
 */
export async function unfinishedSignup(prisma: PrismaClient, who: VerifiedIdentity): Promise<UnfinishedSignupAnswer> {
  const [user, draft] = await Promise.all([
    prisma.user.findUnique({ where: { id: who.uid }, select: { id: true } }),
    prisma.signupDraft.findUnique({ where: { userId: who.uid } }),
  ]);
  if (user) throw new AppError('CONFLICT', ALREADY_SET_UP);
  return {
    email: who.email,
    linkedPhone: who.phone,
    draft: draft
      ? {
          firstName: draft.firstName,
          lastName: draft.lastName,
          phone: draft.phone,
          role: signUpRoleOf(draft.role),
        }
      : null,
  };
}

/** Whether a phone number is already registered, here or in the identity provider. */
export async function phoneRegistered(prisma: PrismaClient, identity: IdentityProvider, phone: string, exceptUid?: string) {
  const row = await prisma.user.findUnique({ where: { phone }, select: { id: true } });
  if (row && row.id !== exceptUid) return true;
  if (exceptUid) return false; // the caller's own linked phone is fine
  return identity.phoneInUse(phone);
}

/**
 * The last step of sign-up: the account exists in the identity provider with the phone linked by
 * code; create the user row (and an agent profile for agents). A second completion of the same
 * account (a double-submitted form, even concurrent) is CONFLICT: the unique key decides.
 */
export async function completeSignup(prisma: PrismaClient, who: VerifiedIdentity, input: unknown) {
  const data = parse(completeSignupSchema, input);
  if (data.uid !== who.uid) throw new AppError('FORBIDDEN', 'You can only complete your own sign-up.');
  if (!who.email || who.email.toLowerCase() !== data.email.toLowerCase()) {
    throw new AppError('BAD_USER_INPUT', 'The e-mail does not match the signed-in account.');
  }
  if (who.phone !== data.phone) throw new AppError('BAD_USER_INPUT', 'Failed to verify phone');
  const existing = await prisma.user.findUnique({ where: { id: who.uid }, include: { agent: true } });
  if (existing) throw new AppError('CONFLICT', ALREADY_SET_UP);
  const taken = await prisma.user.findUnique({ where: { phone: data.phone }, select: { id: true } });
  if (taken) throw new AppError('CONFLICT', PHONE_TAKEN_MESSAGE);
  const emailTaken = await prisma.user.findUnique({ where: { email: data.email.toLowerCase() }, select: { id: true } });
  if (emailTaken) throw new AppError('CONFLICT', 'An account with this e-mail already exists.');
  const role = ROLE_OF[data.role];
  try {
    const [user] = await prisma.$transaction([
      prisma.user.create({
        data: {
          id: who.uid,
          email: data.email.toLowerCase(),
          phone: data.phone,
          role,
          firstName: data.firstName,
          lastName: data.lastName,
          emailVerified: false,
          lastLoginAt: new Date(),
          ...(role === 'AGENT' ? { agent: { create: {} } } : {}),
        },
        include: { agent: true },
      }),
      // The sign-up is finished: what was kept for it goes.
      prisma.signupDraft.deleteMany({ where: { userId: who.uid } }),
    ]);
    return user;
  } catch (err) {
    const app = toAppError(err);
    if (app?.code === 'CONFLICT') throw new AppError('CONFLICT', ALREADY_SET_UP);
    throw err;
  }
}

/** The address of the app's own page where a reset link's holder chooses a new password. */
export function passwordResetUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/reset-password?oobCode=${encodeURIComponent(code)}`;
}

/**
 * A password reset request (issue 24 item 2): the e-mail with a link to the app's own page, sent when
 * an account uses the address. The caller's answer is the same either way and does not wait for the
 * provider or the mail (no oracle of who has an account, by content or by time): `deliver` runs after.
 * At most 3 e-mails an hour go to one address (RATE_LIMITED beyond, said to anyone who asks).
 */
export async function requestPasswordReset(
  deps: { identity: IdentityProvider; mailer: Mailer; limits: RateLimits; publicUrl: string },
  input: unknown,
): Promise<{ deliver: () => Promise<'sent' | 'no-account'> }> {
  const { email } = parse(passwordResetRequestSchema, input);
  const taken = await deps.limits.passwordResetEmail.take(email.toLowerCase());
  if (!taken.allowed) {
    throw new AppError('RATE_LIMITED', 'Too many reset links asked for this e-mail. Please try again later.', {
      retryAfterSeconds: taken.retryAfterSeconds,
    });
  }
  return {
    async deliver() {
      const code = await deps.identity.passwordResetCode(email);
      if (!code) return 'no-account';
      const url = passwordResetUrl(deps.publicUrl, code);
      await deps.mailer.send({
        to: email,
        subject: 'Reset your NYC Rentals password',
        text:
          `Someone asked to reset the password of your NYC Rentals account (${email}).\n\n` +
          `Choose a new password here: ${url}\n\n` +
          'The link works once and expires in an hour. If you did not ask, ignore this e-mail: your password stays as it is.',
        html:
          `<p>Someone asked to reset the password of your NYC Rentals account (${escapeHtml(email)}).</p>` +
          `<p><a href="${escapeHtml(url)}">Choose a new password</a></p>` +
          '<p>The link works once and expires in an hour. If you did not ask, ignore this e-mail: your password stays as it is.</p>',
      });
      return 'sent';
    },
  };
}

/** Records a sign-in; answers whether the account has its profile here (false: sign-up unfinished). */
export async function recordSignIn(prisma: PrismaClient, uid: string): Promise<boolean> {
  const { count } = await prisma.user.updateMany({ where: { id: uid }, data: { lastLoginAt: new Date() } });
  return count > 0;
}

/** Names, phone (only the one linked in the identity provider) and photo (one of the viewer's uploads). */
export async function updateProfile(prisma: PrismaClient, viewer: Viewer | null, input: unknown) {
  const user = await requireUser(prisma, viewer);
  const data = parse(updateProfileSchema, input);
  if (data.phone !== undefined && data.phone !== user.phone) {
    if (data.phone !== viewer?.phone) throw new AppError('BAD_USER_INPUT', 'Verify the new phone number first.');
    const taken = await prisma.user.findUnique({ where: { phone: data.phone }, select: { id: true } });
    if (taken && taken.id !== user.id) throw new AppError('CONFLICT', PHONE_TAKEN_MESSAGE);
  }
  // A profile photo is one of the viewer's own uploads to this app (POST /api/uploads): no path
  // elsewhere on this site, no third-party URL (a tracking pixel on every profile view).
  if (data.photoUrl) {
    const upload = await prisma.upload.findFirst({
      where: { ownerId: user.id, OR: [{ url: data.photoUrl }, { thumbnailUrl: data.photoUrl }] },
      select: { id: true },
    });
    if (!upload)
      throw new AppError('BAD_USER_INPUT', PROFILE_PHOTO_MESSAGE, {
        fields: [{ path: 'photoUrl', message: PROFILE_PHOTO_MESSAGE }],
      });
  }
  return prisma.user.update({
    where: { id: user.id },
    data: {
      ...(data.firstName !== undefined ? { firstName: data.firstName } : {}),
      ...(data.lastName !== undefined ? { lastName: data.lastName } : {}),
      ...(data.phone !== undefined ? { phone: data.phone } : {}),
      ...(data.photoUrl !== undefined ? { photoUrl: data.photoUrl } : {}),
      ...(data.locale !== undefined ? { locale: data.locale } : {}),
    },
  });
}
