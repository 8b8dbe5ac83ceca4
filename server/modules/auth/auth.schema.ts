import * as E from '../../db/generated/prisma/enums.js';
import { builder } from '../../graphql/builder.js';
import { displayName } from '../agents/agents.service.js';
import { updateProfile } from './auth.service.js';

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
    agent: t.relation('agent', { nullable: true }),
  }),
});

const UpdateProfileInput = builder.inputType('UpdateProfileInput', {
  fields: (t) => ({
    firstName: t.string(),
    lastName: t.string(),
    phone: t.string({ description: 'Must be the number linked (verified) in the identity provider.' }),
    photoUrl: t.string(),
  }),
});

builder.queryFields((t) => ({
  me: t.prismaField({
    type: CurrentUserRef,
    nullable: true,
    description: 'The signed-in user, or null (also null while sign-up is not completed).',
    resolve: (query, _root, _args, ctx) => (ctx.viewer ? ctx.prisma.user.findUnique({ ...query, where: { id: ctx.viewer.uid } }) : null),
  }),
}));

builder.mutationFields((t) => ({
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
