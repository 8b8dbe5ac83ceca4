import { builder } from '../../graphql/builder.js';
import { deleteMyAccount } from './account-deletion.service.js';

/** 'Delete my account' over GraphQL (account-deletion.service.ts). */
const DeletedAccountRef = builder.objectRef<{ deletedAt: Date }>('DeletedAccount').implement({
  description: 'The account was deleted: its personal data is gone; conversations and reviews others keep stay, anonymised.',
  fields: (t) => ({ deletedAt: t.expose('deletedAt', { type: 'DateTime' }) }),
});

builder.mutationFields((t) => ({
  deleteMyAccount: t.field({
    type: DeletedAccountRef,
    description:
      "Deletes the signed-in account for good (issue 59 item 6). `confirm` must be 'DELETE'. Errors: UNAUTHENTICATED, BAD_USER_INPUT.",
    args: { confirm: t.arg.string({ required: true }) },
    resolve: async (_root, { confirm }, ctx) => {
      if (!ctx.identity) throw new Error('Deleting an account needs the identity provider.');
      return deleteMyAccount(
        { prisma: ctx.prisma, identity: ctx.identity, storage: ctx.storage, log: ctx.log },
        ctx.viewer,
        confirm,
      );
    },
  }),
}));
