import { builder } from '../../graphql/builder.js';
import { keptQueryField } from '../../graphql/planned/index.js';
import { ListingStatusEnum } from './listing-enums.schema.js';
import { listingInputFields } from './listing-fields.schema.js';
import { FeeFrequencyEnum, PropertyRef } from './listings.schema.js';
import {
  createListing,
  deleteListing,
  duplicateListing,
  listingAffectedPeople,
  setListingStatus,
  updateListing,
} from './listing-write.service.js';
import { listingStats, myListingsPage, type ListingStats } from './manage.service.js';

// ---------------------------------------------------------------------------------------------------
// Inputs: the listing form's fields (common/listing.ts validates them; dates are strings there too)
// ---------------------------------------------------------------------------------------------------

const LocationInput = builder.inputType('LocationInput', {
  fields: (t) => ({ lat: t.float({ required: true }), lng: t.float({ required: true }) }),
});

const TenantFeeInput = builder.inputType('TenantFeeInput', {
  fields: (t) => ({
    label: t.string({ required: true }),
    amount: t.int({ required: true }),
    frequency: t.field({ type: FeeFrequencyEnum, required: true }),
  }),
});

const OpenHouseInput = builder.inputType('OpenHouseInput', {
  fields: (t) => ({
    startsAt: t.string({
      required: true,
      description: 'An instant (ISO 8601), or a local date-time as a datetime-local input gives it.',
    }),
    endsAt: t.string(),
    note: t.string(),
    id: t.id({ description: 'The open house being edited (its RSVPs stay with it); omit for a new one.' }),
    capacity: t.int({ description: 'How many people may come (1 to 500); omit or null for no limit.' }),
  }),
});

const ListingPhotoInput = builder.inputType('ListingPhotoInput', {
  fields: (t) => ({
    url: t.string({
      required: true,
      description: 'The url of a photo uploaded by the viewer (POST /api/uploads), or one the listing has.',
    }),
  }),
});

export const ListingInput = builder.inputType('ListingInput', {
  description: 'Every field of the listing form (SPEC parts 2 and 3). Validated by the same rules as the form.',
  fields: (t) => ({
    // The declared fields (common/listing-fields.ts), then the composite ones written here.
    ...listingInputFields(t),
    location: t.field({ type: LocationInput }),
    otherFees: t.field({ type: [TenantFeeInput] }),
    photos: t.field({ type: [ListingPhotoInput] }),
    openHouses: t.field({ type: [OpenHouseInput] }),
  }),
});

/** GraphQL input → the schema's input (nulls of absent optional lists dropped so defaults apply). */
const clean = (input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== null));

const MyListingsStatusEnum = builder.enumType('MyListingsStatus', {
  values: ['ALL', 'ACTIVE', 'INACTIVE', 'DRAFT', 'SAVED'] as const,
});
const MyListingsSortEnum = builder.enumType('MyListingsSort', {
  values: ['NEWEST', 'PRICE_ASC', 'PRICE_DESC', 'VIEWS'] as const,
});

const ListingStatsRef = builder.objectRef<ListingStats>('ListingStats').implement({
  description: 'The numbers of the manage screen, over the listings the viewer manages.',
  fields: (t) => ({
    totalListings: t.exposeInt('totalListings'),
    totalViews: t.exposeInt('totalViews'),
    totalInquiries: t.exposeInt('totalInquiries'),
    occupancyRate: t.exposeFloat('occupancyRate', {
      description: 'Percent of published listings taken off the market (inactive), one decimal.',
    }),
    activeListings: t.exposeInt('activeListings', {
      description: 'Active listings the public sees (one hidden by moderation is not).',
    }),
    hiddenListings: t.exposeInt('hiddenListings', { description: 'Listings hidden by moderation.' }),
  }),
});

interface MyListingsShape {
  items: unknown[];
  totalCount: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

const MyListingsPageRef = builder.objectRef<MyListingsShape>('MyListingsPage').implement({
  fields: (t) => ({
    items: t.field({ type: [PropertyRef], resolve: (p) => p.items as never }),
    totalCount: t.exposeInt('totalCount'),
    page: t.exposeInt('page'),
    pageSize: t.exposeInt('pageSize'),
    pageCount: t.exposeInt('pageCount'),
  }),
});

const ListingAffectedPeopleRef = builder
  .objectRef<Awaited<ReturnType<typeof listingAffectedPeople>>>('ListingAffectedPeople')
  .implement({
    description: 'Who deleting or deactivating a listing would tell (issue 58 item 4).',
    fields: (t) => ({
      id: t.id({ resolve: (a) => `affected:${a.listingId}` }),
      upcomingTours: t.exposeInt('upcomingTours', { description: 'Requested and confirmed tours to come.' }),
      openHouseRsvps: t.exposeInt('openHouseRsvps', { description: 'RSVPs (going or waitlisted) to open houses to come.' }),
      conversations: t.exposeInt('conversations', { description: 'Conversations with renters about it.' }),
      people: t.exposeInt('people', { description: 'Renters told (each once).' }),
    }),
  });

const DeletedListingRef = builder.objectRef<{ id: string }>('DeletedListing').implement({
  fields: (t) => ({ id: t.exposeID('id') }),
});

interface MyListingsArgs {
  status?: string | null;
  search?: string | null;
  sort?: string | null;
  page?: number | null;
  pageSize?: number | null;
}

builder.queryFields((t) => ({
  myListings: t.field({
    type: MyListingsPageRef,
    description:
      "The manage screen's list: the listings the viewer owns or is the agent of (or their saved listings), searched by title or address, sorted, 9 a page.",
    args: {
      status: t.arg({ type: MyListingsStatusEnum, defaultValue: 'ALL' }),
      search: t.arg.string(),
      sort: t.arg({ type: MyListingsSortEnum, defaultValue: 'NEWEST' }),
      page: t.arg.int({ defaultValue: 1 }),
      pageSize: t.arg.int(),
    },
    // The planned path runs the same resolver with the query it kept (graphql/planned/).
    ...keptQueryField({ typeName: 'Property', path: ['items'] }, (query: object, _root, args: MyListingsArgs, ctx) =>
      myListingsPage(
        ctx.prisma,
        ctx.viewer,
        clean({
          status: args.status?.toLowerCase(),
          search: args.search,
          sort: args.sort?.toLowerCase().replace('_', '-'),
          page: args.page,
          pageSize: args.pageSize,
        }),
        query,
      ),
    ),
  }),
  listingAffectedPeople: t.field({
    type: ListingAffectedPeopleRef,
    description:
      'Who deleting or deactivating the listing would tell: its upcoming tours, open-house RSVPs and conversations. Only for who manages it (UNAUTHENTICATED, NOT_FOUND, FORBIDDEN).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => listingAffectedPeople(ctx.prisma, ctx.viewer, String(args.id)),
  }),
  listingStats: t.field({
    type: ListingStatsRef,
    description: 'Total listings, views, inquiries and the occupancy rate of the listings the viewer manages.',
    resolve: (_root, _args, ctx) => listingStats(ctx.prisma, ctx.viewer),
  }),
}));

builder.mutationFields((t) => ({
  createListing: t.prismaField({
    type: 'Property',
    description:
      'Creates a listing: a draft, or published (ACTIVE, the default). A published listing needs a photo and may not refuse rental assistance.',
    args: {
      input: t.arg({ type: ListingInput, required: true }),
      status: t.arg({ type: ListingStatusEnum, defaultValue: 'ACTIVE' }),
    },
    resolve: async (query, _root, args, ctx) => {
      const { id } = await createListing(ctx.prisma, ctx.viewer, clean(args.input), args.status ?? 'ACTIVE');
      return ctx.prisma.property.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
  updateListing: t.prismaField({
    type: 'Property',
    description:
      'Edits a listing the viewer manages; `status` saves it as a draft or publishes it at once; `expectedVersion` refuses (CONFLICT) an edit of a listing changed since it was read.',
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: ListingInput, required: true }),
      status: t.arg({ type: ListingStatusEnum }),
      expectedVersion: t.arg.int({
        description:
          "The listing's `version` when it was read. Given, the edit is made only if nobody changed the listing since: else nothing is written and it answers CONFLICT (extensions: currentVersion and the listing's current values). The site's form always gives it; without it the edit overwrites whatever is there.",
      }),
    },
    resolve: async (query, _root, args, ctx) => {
      const { id } = await updateListing(ctx.prisma, ctx.viewer, String(args.id), clean(args.input), args.status ?? null, {
        expectedVersion: args.expectedVersion,
      });
      return ctx.prisma.property.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
  setListingStatus: t.prismaField({
    type: 'Property',
    description: 'Activate (any status) or deactivate (an active listing).',
    args: { id: t.arg.id({ required: true }), status: t.arg({ type: ListingStatusEnum, required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const { id } = await setListingStatus(ctx.prisma, ctx.viewer, String(args.id), args.status);
      return ctx.prisma.property.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
  duplicateListing: t.prismaField({
    type: 'Property',
    description: 'A copy of a listing the viewer manages, as a new draft.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const { id } = await duplicateListing(ctx.prisma, ctx.viewer, String(args.id));
      return ctx.prisma.property.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
  deleteListing: t.field({
    type: DeletedListingRef,
    description: 'Deletes a listing the viewer manages, for good (its photos leave storage; threads and reviews stay).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      deleteListing(ctx.prisma, ctx.viewer, String(args.id), ctx.storage, (err) =>
        ctx.log.warn({ err }, 'deleting a photo failed'),
      ),
  }),
}));
