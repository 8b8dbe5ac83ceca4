import * as E from '../../db/generated/prisma/enums.js';
import type { Prisma } from '../../db/generated/prisma/client.js';
import { builder } from '../../graphql/builder.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { keptQuery } from '../../graphql/planned/index.js';
import { displayName } from '../../core/names.js';
import { AppError } from '../../core/errors.js';
import { say } from '../../core/texts.js';
import { completeSignup, findAccount, updateProfile } from './auth.service.js';
import { providerUnavailable } from './identity.js';

export const RoleEnum = builder.enumType(E.Role, { name: 'Role' });

/** The signed-in user's own account (private fields: only ever returned to that user). */
export const CurrentUserRef = builder.prismaObject('User', {
  name: 'CurrentUser',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    phone: t.exposeString('phone', { nullable: true }),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    displayName: t.string({ select: { firstName: true, lastName: true, email: true }, resolve: (u) => displayName(u) }),
    photoUrl: t.exposeString('photoUrl', { nullable: true }),
    role: t.expose('role', { type: RoleEnum }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    locale: t.exposeString('locale', {
      nullable: true,
      description: "The interface's language the user chose ('en', 'es' or 'zh'); null: none chosen.",
    }),
    emailMessages: t.exposeBoolean('emailMessages', {
      description: 'Whether messages that arrive while the user is away are e-mailed to them.',
    }),
    agent: t.relation('agent', { nullable: true }),
  }),
});

const UpdateProfileInput = builder.inputType('UpdateProfileInput', {
  fields: (t) => ({
    firstName: t.string(),
    lastName: t.string(),
    phone: t.string({ description: 'Must be the number linked (verified) in the identity provider.' }),
    photoUrl: t.string(),
    locale: t.string({ description: "The interface's language: 'en', 'es' or 'zh'; null forgets the choice." }),
    emailMessages: t.boolean({ description: 'E-mail me about messages that arrive while I am away.' }),
  }),
});

/** `Query.me`: the signed-in user's row, loaded with the document's query. */
function findMe(
  query: { select?: Prisma.UserSelect; include?: Prisma.UserInclude },
  _root: unknown,
  _args: unknown,
  ctx: GraphQLContext,
) {
  // A credential that could not be checked (identity provider down) is not "signed out".
  if (!ctx.viewer && ctx.auth?.unavailable) throw providerUnavailable();
  return ctx.viewer ? findAccount(ctx.prisma, ctx.viewer.uid, query) : null;
}

builder.queryFields((t) => ({
  me: t.prismaField({
    type: CurrentUserRef,
    nullable: true,
    description: 'The signed-in user, or null (also null while sign-up is not completed).',
    // The planned path runs the same resolver with the query it kept (graphql/planned/).
    ...keptQuery(findMe),
  }),
}));

const CompleteSignupInput = builder.inputType('CompleteSignupInput', {
  description:
    'The last step of sign-up, after the phone is linked in the identity provider (same rules as POST /api/auth/complete-signup).',
  fields: (t) => ({
    uid: t.string({ required: true }),
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    email: t.string({ required: true }),
    phone: t.string({ required: true }),
    role: t.string({ required: true, description: "'renter' or 'agent'." }),
  }),
});

builder.mutationFields((t) => ({
  completeSignup: t.prismaField({
    type: CurrentUserRef,
    description:
      'Creates the user row of the signed-in identity (an agent profile for agents). Idempotent; a concurrent duplicate is CONFLICT.',
    args: { input: t.arg({ type: CompleteSignupInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const who = ctx.auth?.credential;
      if (!ctx.viewer || !who) throw new AppError('UNAUTHENTICATED', say('signIn'));
      const user = await completeSignup(ctx.prisma, who, input);
      return ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: user.id } });
    },
  }),
  updateProfile: t.prismaField({
    type: CurrentUserRef,
    args: { input: t.arg({ type: UpdateProfileInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const clean = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      const user = await updateProfile(ctx.prisma, ctx.viewer, clean);
      return ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: user.id } });
    },
  }),
}));
