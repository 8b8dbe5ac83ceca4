import type { z } from 'zod';
import {
  checkPhoneSchema,
  completeSignupSchema,
  passwordResetRequestSchema,
  phoneTakenMessage,
  updateProfileSchema,
  type SignUpRole,
  type UnfinishedSignupAnswer,
} from '../../../common/auth.js';
import type { PrismaClient } from '../../db/client.js';
import type { Prisma, User } from '../../db/generated/prisma/client.js';
import { oneRowRead } from '../../db/json-rows.js';
import { rawRunner } from '../../db/prepared.js';
import type { Viewer } from '../../core/viewer.js';
import { AppError, fromZod, toAppError } from '../../core/errors.js';
import { say } from '../../core/texts.js';
import { currentLocale, defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import { inLocale } from '../../core/locale.js';

import { requireUser } from '../../core/authz.js';
import type { RateLimits } from '../../infra/rate-limits.js';
import { escapeHtml, type Mailer } from '../mail/index.js';
import type { IdentityProvider, VerifiedIdentity } from './identity.js';

/** Sign-up, phone checks and profile rules (SPEC parts 2, 4, 5, 8). REST and GraphQL call these. */

// What sign-up and the profile answer, in the request's language (server/core/locale.ts).
const messages = defineMessages({
  alreadySetUp: { id: 'server.auth.alreadySetUp', defaultMessage: 'Your account is already set up. Sign in instead.' },
  signupInProgressOnly: {
    id: 'server.auth.signupInProgressOnly',
    defaultMessage: 'Phone numbers can be checked only while signing up.',
  },
  tooManyPhones: {
    id: 'server.auth.tooManyPhones',
    defaultMessage: 'Too many phone numbers tried. Please try again later.',
  },
  ownSignupOnly: { id: 'server.auth.ownSignupOnly', defaultMessage: 'You can only complete your own sign-up.' },
  emailMismatch: { id: 'server.auth.emailMismatch', defaultMessage: 'The e-mail does not match the signed-in account.' },
  phoneNotVerified: { id: 'server.auth.phoneNotVerified', defaultMessage: 'Failed to verify phone' },
  emailTaken: { id: 'server.auth.emailTaken', defaultMessage: 'An account with this e-mail already exists.' },
  tooManyResetLinks: {
    id: 'server.auth.tooManyResetLinks',
    defaultMessage: 'Too many reset links asked for this e-mail. Please try again later.',
  },
  verifyNewPhone: { id: 'server.auth.verifyNewPhone', defaultMessage: 'Verify the new phone number first.' },
  profilePhoto: { id: 'server.auth.profilePhoto', defaultMessage: 'Photo must be an image you uploaded here.' },
});

const alreadySetUp = () => formatMessage(messages.alreadySetUp);

/** The sign-up form's role as the database keeps it, and back. */
const ROLE_OF = { agent: 'AGENT', renter: 'RENTER' } as const satisfies Record<SignUpRole, 'AGENT' | 'RENTER'>;
const signUpRoleOf = (role: 'AGENT' | 'RENTER' | 'ADMIN'): SignUpRole => (role === 'AGENT' ? 'agent' : 'renter');

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw fromZod(r.error);
  return r.data;
}

/** The answer of the phone lookup to anyone but an account in the middle of its own sign-up. */
export const signupInProgressOnly = (): string => formatMessage(messages.signupInProgressOnly);
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
  if (!inProgress) throw new AppError('FORBIDDEN', signupInProgressOnly());
  for (const limit of [limits.phoneCheckAccount, limits.phoneCheckGlobal]) {
    const perAccount = limit === limits.phoneCheckAccount;
    const taken = await limit.take(perAccount ? who.uid : 'all');
    if (!taken.allowed) {
      onLimited(taken.retryAfterSeconds);
      throw new AppError('RATE_LIMITED', perAccount ? formatMessage(messages.tooManyPhones) : say('tooManyAttempts'));
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
  if (user) throw new AppError('CONFLICT', alreadySetUp());
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
  if (data.uid !== who.uid) throw new AppError('FORBIDDEN', formatMessage(messages.ownSignupOnly));
  if (!who.email || who.email.toLowerCase() !== data.email.toLowerCase()) {
    throw new AppError('BAD_USER_INPUT', formatMessage(messages.emailMismatch));
  }
  if (who.phone !== data.phone) throw new AppError('BAD_USER_INPUT', formatMessage(messages.phoneNotVerified));
  const existing = await prisma.user.findUnique({ where: { id: who.uid }, include: { agent: true } });
  if (existing) throw new AppError('CONFLICT', alreadySetUp());
  const taken = await prisma.user.findUnique({ where: { phone: data.phone }, select: { id: true } });
  if (taken) throw new AppError('CONFLICT', phoneTakenMessage());
  const emailTaken = await prisma.user.findUnique({ where: { email: data.email.toLowerCase() }, select: { id: true } });
  if (emailTaken) throw new AppError('CONFLICT', formatMessage(messages.emailTaken));
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
    if (app?.code === 'CONFLICT') throw new AppError('CONFLICT', alreadySetUp());
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
// The reset e-mail, in the account's language (else the language the reset was asked in).
const mailMessages = defineMessages({
  resetSubject: { id: 'mail.passwordReset.subject', defaultMessage: 'Reset your NYC Rentals password' },
  resetAsked: {
    id: 'mail.passwordReset.asked',
    defaultMessage: 'Someone asked to reset the password of your NYC Rentals account ({email}).',
  },
  resetChooseHere: { id: 'mail.passwordReset.chooseHere', defaultMessage: 'Choose a new password here: {url}' },
  resetChoose: { id: 'mail.passwordReset.choose', defaultMessage: 'Choose a new password' },
  resetOnce: {
    id: 'mail.passwordReset.once',
    defaultMessage:
      'The link works once and expires in an hour. If you did not ask, ignore this e-mail: your password stays as it is.',
  },
});

export async function requestPasswordReset(
  deps: { identity: IdentityProvider; mailer: Mailer; limits: RateLimits; publicUrl: string; prisma?: PrismaClient },
  input: unknown,
): Promise<{ deliver: () => Promise<'sent' | 'no-account'> }> {
  const { email } = parse(passwordResetRequestSchema, input);
  const taken = await deps.limits.passwordResetEmail.take(email.toLowerCase());
  if (!taken.allowed) {
    throw new AppError('RATE_LIMITED', formatMessage(messages.tooManyResetLinks), {
      retryAfterSeconds: taken.retryAfterSeconds,
    });
  }
  // The language it is asked in, for an address without an account here (yet) or one without a setting.
  const asked = currentLocale();
  return {
    async deliver() {
      const code = await deps.identity.passwordResetCode(email);
      if (!code) return 'no-account';
      const url = passwordResetUrl(deps.publicUrl, code);
      const account = await deps.prisma?.user.findFirst({
        where: { email: { equals: email, mode: 'insensitive' } },
        select: { locale: true },
      });
      await deps.mailer.send(
        inLocale(account?.locale ?? asked, () => {
          const said = formatMessage(mailMessages.resetAsked, { email });
          const once = formatMessage(mailMessages.resetOnce);
          return {
            to: email,
            subject: formatMessage(mailMessages.resetSubject),
            text: `${said}\n\n${formatMessage(mailMessages.resetChooseHere, { url })}\n\n${once}`,
            html:
              `<p>${escapeHtml(said)}</p>` +
              `<p><a href="${escapeHtml(url)}">${escapeHtml(formatMessage(mailMessages.resetChoose))}</a></p>` +
              `<p>${escapeHtml(once)}</p>`,
          };
        }),
      );
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
    if (data.phone !== viewer?.phone) throw new AppError('BAD_USER_INPUT', formatMessage(messages.verifyNewPhone));
    const taken = await prisma.user.findUnique({ where: { phone: data.phone }, select: { id: true } });
    if (taken && taken.id !== user.id) throw new AppError('CONFLICT', phoneTakenMessage());
  }
  // A profile photo is one of the viewer's own uploads to this app (POST /api/uploads): no path
  // elsewhere on this site, no third-party URL (a tracking pixel on every profile view).
  if (data.photoUrl) {
    const upload = await prisma.upload.findFirst({
      where: { ownerId: user.id, OR: [{ url: data.photoUrl }, { thumbnailUrl: data.photoUrl }] },
      select: { id: true },
    });
    if (!upload) {
      const message = formatMessage(messages.profilePhoto);
      throw new AppError('BAD_USER_INPUT', message, { fields: [{ path: 'photoUrl', message }] });
    }
  }
  return prisma.user.update({
    where: { id: user.id },
    data: {
      ...(data.firstName !== undefined ? { firstName: data.firstName } : {}),
      ...(data.lastName !== undefined ? { lastName: data.lastName } : {}),
      ...(data.phone !== undefined ? { phone: data.phone } : {}),
      ...(data.photoUrl !== undefined ? { photoUrl: data.photoUrl } : {}),
      ...(data.locale !== undefined ? { locale: data.locale } : {}),
      ...(data.emailMessages !== undefined ? { emailMessages: data.emailMessages } : {}),
    },
  });
}

/**
 * The signed-in user's own row, read with the query a GraphQL selection built (`me`, which every page
 * asks for): one prepared statement of positional JSON (db/json-rows.ts) where the client has the
 * runner (PostgreSQL), else Prisma's `findUnique`. Prisma's read cost twice the statement's CPU.
 */
export async function findAccount(
  prisma: PrismaClient,
  uid: string,
  query: { select?: Prisma.UserSelect; include?: Prisma.UserInclude },
): Promise<User | null> {
  const run = rawRunner(prisma);
  const read = run && oneRowRead('User', 'u', query as Parameters<typeof oneRowRead>[2], 'id', uid);
  if (!read) return prisma.user.findUnique({ ...query, where: { id: uid } });
  const [found] = await run<{ row: unknown }>(read.statement);
  return found ? (read.decode(found.row) as User) : null;
}
