import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../../graphql/builder.js';
import { listingChangesPage, LISTING_CHANGES_KEPT_DAYS, type ListingChangeNode } from './listing-changes.service.js';
import { PropertyRef } from './listings.schema.js';

/** The partner change feed (listing-changes.service.ts; issue 53 item 1). */
const ListingChangeKindEnum = builder.enumType('ListingChangeKind', {
  description: 'What changed: the weightiest change of one write (a hide outweighs a price change in the same write).',
  values: {
    CREATED: { description: 'The listing was made (published at once, or as a draft that later changes announce).' },
    UPDATED: { description: 'Its fields, photos or open houses changed.' },
    PRICE_CHANGED: { description: 'Its rent or asking price changed.' },
    STATUS_CHANGED: { description: 'Published, deactivated or saved as a draft.' },
    HIDDEN: { description: 'Hidden by moderation.' },
    SHOWN: { description: 'Shown again by moderation.' },
    DELETED: { description: 'Deleted for good (a tombstone: its id is all there is).' },
  } as const,
});

const ListingChangeRef = builder.objectRef<ListingChangeNode<object>>('ListingChange').implement({
  description:
    'One change of a listing in the feed. Replay in order: when `listing` is there, put it in your copy (it is the listing as it is now); when it is null, remove `listingId` from your copy (the listing is no longer public: deactivated, hidden, deleted or back to a draft).',
  fields: (t) => ({
    listingId: t.exposeID('listingId'),
    kind: t.field({ type: ListingChangeKindEnum, resolve: (c) => c.kind }),
    visible: t.exposeBoolean('visible', {
      description: 'Whether the listing was public after this change (false: a tombstone).',
    }),
    at: t.expose('at', { type: 'DateTime', description: 'When the change was made.' }),
    listing: t.field({
      type: PropertyRef,
      nullable: true,
      description: 'The listing as it is now, when it is public now; null otherwise (remove it from your copy).',
      resolve: (c) => c.listing as never,
    }),
  }),
});

builder.queryFields((t) => ({
  listingChanges: t.connection(
    {
      type: ListingChangeRef,
      description: `The change feed: every change of a listing that was public before or after it (creates, edits, price and status changes, hides, deletes), oldest first, in the order they were committed, kept ${LISTING_CHANGES_KEPT_DAYS} days. Follow it from your last \`endCursor\` with \`after\`; \`first: 0\` answers the newest position (take it before a full read of \`properties\`, then follow from it). Forward only (\`before\`/\`last\` are refused). A cursor older than ${LISTING_CHANGES_KEPT_DAYS} days is BAD_USER_INPUT (reason CURSOR_EXPIRED).`,
      resolve: (_root, args, ctx, info) =>
        listingChangesPage(
          ctx.prisma,
          { after: args.after, first: args.first, before: args.before, last: args.last },
          // The listings the page shows, read in one statement with what the document selects of them.
          queryFromInfo({ context: ctx, info, typeName: 'Property', path: ['edges', 'node', 'listing'] }) as never,
        ) as never,
    },
    { name: 'ListingChangeConnection' },
    { name: 'ListingChangeEdge' },
  ),
}));
