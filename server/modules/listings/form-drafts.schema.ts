import { builder } from '../../graphql/builder.js';
import { inProcessRateLimits } from '../../infra/rate-limits.js';
import { discardFormDraft, formDraft, saveFormDraft } from './form-drafts.service.js';

/** The listing form's drafts kept on the server as they are typed (form-drafts.service.ts; issue 59 item 7). */
const FormDraftRef = builder.objectRef<{ key: string; savedAt: Date; draft?: string }>('ListingFormDraft').implement({
  description: "The signed-in person's draft of the listing form: 'new', or a listing's id while editing it.",
  fields: (t) => ({
    key: t.exposeString('key'),
    savedAt: t.expose('savedAt', { type: 'DateTime' }),
    draft: t.string({ nullable: true, description: "The form's state as saved (JSON).", resolve: (d) => d.draft ?? null }),
  }),
});

builder.queryFields((t) => ({
  listingFormDraft: t.field({
    type: FormDraftRef,
    nullable: true,
    description: "The viewer's draft of the listing form ('new' or a listing's id); null when none or signed out.",
    args: { key: t.arg.string({ required: true }) },
    resolve: (_root, { key }, ctx) => formDraft(ctx.prisma, ctx.viewer, key),
  }),
}));

builder.mutationFields((t) => ({
  saveListingFormDraft: t.field({
    type: FormDraftRef,
    description:
      'Keeps the listing form as typed, in place of the last draft (at most 200,000 characters). Errors: UNAUTHENTICATED, BAD_USER_INPUT, RATE_LIMITED.',
    args: { key: t.arg.string({ required: true }), draft: t.arg.string({ required: true }) },
    resolve: (_root, { key, draft }, ctx) =>
      saveFormDraft({ prisma: ctx.prisma, rate: (ctx.limits ?? inProcessRateLimits(ctx.log)).formDraftSave }, ctx.viewer, {
        key,
        draft,
      }),
  }),
  discardListingFormDraft: t.boolean({
    description: "Removes the viewer's draft of the listing form; false when there was none.",
    args: { key: t.arg.string({ required: true }) },
    resolve: (_root, { key }, ctx) => discardFormDraft(ctx.prisma, ctx.viewer, key),
  }),
}));
