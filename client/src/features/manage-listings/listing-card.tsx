import { brokerFeeMessages, brokerFeeWording } from '@common/broker-fee';
import { formatCount, formatPrice } from '@common/format';
import { listingStatusLabels } from '@common/listing-labels';
import {
  BedDouble,
  CalendarClock,
  CalendarDays,
  Copy,
  Eye,
  Heart,
  Home,
  Images,
  MessageSquare,
  MoreVertical,
  Pencil,
  Power,
  PowerOff,
  Ruler,
  Star,
  Trash2,
} from '@/components/icons';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { bathsLabel, bedsLabel, formatRating } from '@/lib/format';
import { graphql } from '@/gql';
import type { ManageListingCard_PropertyFragment } from '@/gql/graphql';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from './manage-state';
import { defineMessages, formatMessage } from '@common/i18n/messages';

export const ManageListingCardFragment = graphql(`
  fragment ManageListingCard_property on Property {
    id
    slug
    title
    price
    listingType
    address
    unit
    bedrooms
    bathrooms
    sqft
    views
    inquiriesCount
    savesCount
    tourRequestsCount
    daysOnMarket
    status
    hidden
    hiddenReason
    hiddenNote
    reviewRequestedAt
    createdAt
    brokerFee
    brokerFeePayer
    viewerCanManage
    photos {
      id
      url
      thumbnailUrl
    }
    agent {
      id
      rating
      reviewCount
    }
  }
`);

export type ManageListing = ManageListingCard_PropertyFragment;

const messages = defineMessages({
  photoUnavailable: { id: 'manageCard.photoUnavailable', defaultMessage: 'Photo unavailable' },
  noPhotos: { id: 'manageCard.noPhotos', defaultMessage: 'No photos' },
  status: { id: 'manageCard.status', defaultMessage: 'Status:' },
  photos: { id: 'manageCard.photos', defaultMessage: '{count, plural, one {photo} other {photos}}' },
  moreActions: { id: 'manageCard.moreActions', defaultMessage: 'More actions for {title}' },
  deactivate: { id: 'manageCard.deactivate', defaultMessage: 'Deactivate' },
  activate: { id: 'manageCard.activate', defaultMessage: 'Activate' },
  duplicate: { id: 'manageCard.duplicate', defaultMessage: 'Duplicate' },
  delete: { id: 'manageCard.delete', defaultMessage: 'Delete' },
  perMonth: { id: 'manageCard.perMonth', defaultMessage: 'per month' },
  askingPrice: { id: 'manageCard.askingPrice', defaultMessage: 'asking price' },
  sqft: { id: 'manageCard.sqft', defaultMessage: '{sqft} sq ft' },
  views: { id: 'manageCard.views', defaultMessage: '{count, plural, one {{n} view} other {{n} views}}' },
  inquiries: { id: 'manageCard.inquiries', defaultMessage: '{count, plural, one {{n} inquiry} other {{n} inquiries}}' },
  saves: { id: 'manageCard.saves', defaultMessage: '{count, plural, one {{n} save} other {{n} saves}}' },
  tourRequests: {
    id: 'manageCard.tourRequests',
    defaultMessage: '{count, plural, one {{n} tour request} other {{n} tour requests}}',
  },
  daysOnMarket: {
    id: 'manageCard.daysOnMarket',
    defaultMessage: '{count, plural, =0 {On the market since today} one {{n} day on the market} other {{n} days on the market}}',
  },
  agentRating: { id: 'manageCard.agentRating', defaultMessage: 'Agent rating' },
  reviews: { id: 'manageCard.reviews', defaultMessage: '{count, plural, one {review} other {reviews}}' },
  created: { id: 'manageCard.created', defaultMessage: 'Created {when}' },
  view: { id: 'manageCard.view', defaultMessage: 'View' },
  edit: { id: 'manageCard.edit', defaultMessage: 'Edit' },
  hidden: { id: 'manageCard.hidden', defaultMessage: 'Hidden by moderation' },
  hiddenReported: {
    id: 'manageCard.hiddenReported',
    defaultMessage: 'Reported by several people: hidden from search until a moderator reviews it.',
  },
  hiddenByModerator: { id: 'manageCard.hiddenByModerator', defaultMessage: 'A moderator hid it from search.' },
  moderatorNote: { id: 'manageCard.moderatorNote', defaultMessage: "Moderator's note: {note}" },
  askReview: { id: 'manageCard.askReview', defaultMessage: 'Ask for a review' },
  reviewAsked: { id: 'manageCard.reviewAsked', defaultMessage: 'Review requested: a moderator will look at it' },
});

/** Where an element goes in a message: the text before and after its `{when}`. */
const MARK = '\u0000';

const hiddenBadgeClasses = 'bg-red-100 text-red-800 ring-red-200';

const statusBadgeClasses: Record<ManageListing['status'], string> = {
  ACTIVE: 'bg-green-100 text-green-800 ring-green-200',
  INACTIVE: 'bg-gray-100 text-gray-800 ring-gray-300',
  DRAFT: 'bg-amber-100 text-amber-900 ring-amber-200',
};

/**
 * The first photo, or a neutral placeholder when there is none or it fails to load. The first card's
 * is the screen's largest paint on a phone: fetched at once and first, not when laid out.
 */
function CardPhoto({ listing, priority }: { listing: ManageListing; priority: boolean }) {
  const photo = listing.photos[0];
  const [failed, setFailed] = useState<string | null>(null);
  const broken = !photo || failed === photo.thumbnailUrl;
  return (
    <div className="relative aspect-[4/3] overflow-hidden bg-gray-100">
      {broken ? (
        <div data-testid="photo-placeholder" className="flex size-full flex-col items-center justify-center gap-1 text-gray-600">
          <Home aria-hidden="true" className="size-10" />
          <span className="text-xs font-medium">{formatMessage(photo ? messages.photoUnavailable : messages.noPhotos)}</span>
        </div>
      ) : (
        <img
          src={photo.thumbnailUrl}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className="size-full object-cover"
          onError={() => setFailed(photo.thumbnailUrl)}
        />
      )}
      <span
        className={cn(
          'absolute top-2 left-2 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
          listing.hidden ? hiddenBadgeClasses : statusBadgeClasses[listing.status],
        )}
        data-testid="listing-status"
      >
        <span className="sr-only">{formatMessage(messages.status)} </span>
        {/* Hidden by moderation (issue 58 item 8): not 'Active', whatever its status. */}
        {listing.hidden ? formatMessage(messages.hidden) : listingStatusLabels[listing.status]}
      </span>
      {listing.photos.length > 1 ? (
        <span className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-full bg-black/70 px-2 py-0.5 text-xs font-medium text-white">
          <Images aria-hidden="true" className="size-3.5" />
          {listing.photos.length}
          <span className="sr-only"> {formatMessage(messages.photos, { count: listing.photos.length })}</span>
        </span>
      ) : null}
      {/* The tenant pays no broker fee (common/broker-fee.ts); a sale has none to waive (issue 58 item 3). */}
      {brokerFeeWording(listing)?.noFee ? (
        <span className="absolute bottom-2 left-2 rounded-full bg-white/95 px-2.5 py-0.5 text-xs font-semibold text-green-800 shadow">
          {formatMessage(brokerFeeMessages.noFee)}
        </span>
      ) : null}
    </div>
  );
}

export interface ListingCardActions {
  onSetStatus: (listing: ManageListing, status: 'ACTIVE' | 'INACTIVE') => void;
  /** Asks the moderators to review the hide of a hidden listing. */
  onRequestReview?: (listing: ManageListing) => void;
  onDuplicate: (listing: ManageListing) => void;
  /** Deletes after the confirmation; resolves once the answer is in. */
  onDelete: (listing: ManageListing) => void;
}

const itemLayout =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none select-none ' +
  'data-[disabled]:pointer-events-none data-[disabled]:opacity-50';
const itemClasses = `${itemLayout} text-gray-800 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800`;

// Each card's menu and its confirmation come with their code when first used (docs/decisions/0053):
// nine of them drawn with Radix made the screen's hydration the longest task on a slow phone.
const DeleteListingDialog = lazy(() => import('./delete-listing-dialog'));

function ListingMenu({ listing, actions }: { listing: ManageListing; actions: ListingCardActions }) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [confirmAsked, setConfirmAsked] = useState(false);
  // The confirmation asked for: a delete, or a deactivation (both name who will be told).
  const [mode, setMode] = useState<'delete' | 'deactivate'>('delete');
  const isActive = listing.status === 'ACTIVE';
  const confirm = (next: 'delete' | 'deactivate') => {
    setMode(next);
    setConfirmAsked(true);
    setConfirmOpen(true);
  };

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger
          data-menu-for={listing.id}
          className={buttonClasses({ variant: 'outline', size: 'sm', className: 'w-9 px-0' })}
          aria-label={formatMessage(messages.moreActions, { title: listing.title })}
        >
          <MoreVertical aria-hidden="true" className="size-4" />
        </DropdownMenuTrigger>
        <DropdownMenuContent sideOffset={4} className="min-w-44">
          <DropdownMenuItem
            className={itemClasses}
            onSelect={() => (isActive ? confirm('deactivate') : actions.onSetStatus(listing, 'ACTIVE'))}
          >
            {isActive ? (
              <PowerOff aria-hidden="true" className="size-4 text-gray-500" />
            ) : (
              <Power aria-hidden="true" className="size-4 text-gray-500" />
            )}
            {formatMessage(isActive ? messages.deactivate : messages.activate)}
          </DropdownMenuItem>
          <DropdownMenuItem className={itemClasses} onSelect={() => actions.onDuplicate(listing)}>
            <Copy aria-hidden="true" className="size-4 text-gray-500" />
            {formatMessage(messages.duplicate)}
          </DropdownMenuItem>
          <DropdownMenuSeparator className="my-1 h-px bg-gray-200" />
          <DropdownMenuItem
            className={cn(itemLayout, 'text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800')}
            onSelect={() => confirm('delete')}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {formatMessage(messages.delete)}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      {confirmAsked ? (
        <Suspense fallback={null}>
          <DeleteListingDialog
            listingId={listing.id}
            title={listing.title}
            mode={mode}
            open={confirmOpen}
            onOpenChange={setConfirmOpen}
            onDelete={() => actions.onDelete(listing)}
            onDeactivate={isActive ? () => actions.onSetStatus(listing, 'INACTIVE') : undefined}
            returnFocusTo={() => document.querySelector<HTMLElement>(`[data-menu-for="${CSS.escape(listing.id)}"]`)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** Why the listing is hidden, the moderator's note, and the request for a review (issue 58 item 8). */
function HiddenNotice({ listing, actions }: { listing: ManageListing; actions: ListingCardActions }) {
  return (
    <div className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="hidden-notice">
      <p>{formatMessage(listing.hiddenReason === 'REPORTED' ? messages.hiddenReported : messages.hiddenByModerator)}</p>
      {listing.hiddenNote ? (
        <p data-authored className="mt-1 break-words">
          {formatMessage(messages.moderatorNote, { note: listing.hiddenNote })}
        </p>
      ) : null}
      {listing.reviewRequestedAt ? (
        <p className="mt-2 font-medium" role="status">
          {formatMessage(messages.reviewAsked)}
        </p>
      ) : actions.onRequestReview ? (
        <button
          type="button"
          className={buttonClasses({ variant: 'outline', size: 'sm', className: 'mt-2 bg-white' })}
          onClick={() => actions.onRequestReview?.(listing)}
        >
          {formatMessage(messages.askReview)}
          <span data-authored className="sr-only">
            {' '}
            {listing.title}
          </span>
        </button>
      ) : null}
    </div>
  );
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-1.5">
      <span className="text-gray-500">{icon}</span>
      {children}
    </li>
  );
}

/** A listing on the manage screen (SPEC part 2): its facts, numbers, View, Edit and the actions menu. */
export function ManageListingCard({
  listing,
  actions,
  priority = false,
}: {
  listing: ManageListing;
  actions: ListingCardActions;
  /** The first card of the page: its photo is fetched at once. */
  priority?: boolean;
}) {
  const agent = listing.agent;
  // 'Created <time>5 minutes ago</time>': the message's text around its time.
  const created = formatMessage(messages.created, { when: MARK }).split(MARK);
  return (
    <article
      data-listing-id={listing.id}
      aria-labelledby={`listing-${listing.id}-title`}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm"
    >
      <CardPhoto listing={listing} priority={priority} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3
          data-authored
          id={`listing-${listing.id}-title`}
          className="line-clamp-2 text-base font-semibold wrap-anywhere text-gray-900"
        >
          {listing.title}
        </h3>
        <p className="text-lg font-semibold text-gray-900">
          {formatPrice(listing.price)}
          {/* A sale's price is its asking price, not a monthly rent (issue 58 item 3). */}
          <span className="text-sm font-normal text-gray-600">
            {' '}
            {formatMessage(listing.listingType === 'FOR_SALE' ? messages.askingPrice : messages.perMonth)}
          </span>
        </p>
        <p translate="no" className="truncate text-sm text-gray-700">
          {listing.address}
          {listing.unit ? `, ${listing.unit}` : ''}
        </p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-700">
          <Fact icon={<BedDouble aria-hidden="true" className="size-4" />}>
            {bedsLabel(listing.bedrooms)} · {bathsLabel(listing.bathrooms)}
          </Fact>
          {listing.sqft ? (
            <Fact icon={<Ruler aria-hidden="true" className="size-4" />}>
              {formatMessage(messages.sqft, { sqft: formatCount(listing.sqft) })}
            </Fact>
          ) : null}
        </ul>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-700">
          {/* A listing's numbers are its managers' (null on a saved listing of someone else's). */}
          {listing.views !== null ? (
            <Fact icon={<Eye aria-hidden="true" className="size-4" />}>
              {formatMessage(messages.views, { count: listing.views, n: formatCount(listing.views) })}
            </Fact>
          ) : null}
          {listing.inquiriesCount !== null ? (
            <Fact icon={<MessageSquare aria-hidden="true" className="size-4" />}>
              {formatMessage(messages.inquiries, { count: listing.inquiriesCount, n: formatCount(listing.inquiriesCount) })}
            </Fact>
          ) : null}
          {listing.savesCount !== null ? (
            <Fact icon={<Heart aria-hidden="true" className="size-4" />}>
              {formatMessage(messages.saves, { count: listing.savesCount, n: formatCount(listing.savesCount) })}
            </Fact>
          ) : null}
          {/* Tours requested, a lead beyond conversations and saves (issue 59 item 2). */}
          {listing.tourRequestsCount != null ? (
            <Fact icon={<CalendarDays aria-hidden="true" className="size-4" />}>
              {formatMessage(messages.tourRequests, {
                count: listing.tourRequestsCount,
                n: formatCount(listing.tourRequestsCount),
              })}
            </Fact>
          ) : null}
          {/* Days on market (issue 59 item 2), of a live listing its managers see the numbers of. */}
          {listing.views !== null && listing.status === 'ACTIVE' && listing.daysOnMarket != null ? (
            <Fact icon={<CalendarClock aria-hidden="true" className="size-4" />}>
              {formatMessage(messages.daysOnMarket, { count: listing.daysOnMarket, n: formatCount(listing.daysOnMarket) })}
            </Fact>
          ) : null}
          {agent && agent.reviewCount > 0 ? (
            <Fact icon={<Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />}>
              <span>
                <span className="sr-only">{formatMessage(messages.agentRating)} </span>
                {formatRating(agent.rating)}{' '}
                <span className="text-gray-600">
                  ({agent.reviewCount}
                  <span className="sr-only"> {formatMessage(messages.reviews, { count: agent.reviewCount })}</span>)
                </span>
              </span>
            </Fact>
          ) : null}
        </ul>
        {listing.hidden && listing.viewerCanManage ? <HiddenNotice listing={listing} actions={actions} /> : null}
        <p className="text-xs text-gray-600">
          {created[0]}
          <time dateTime={listing.createdAt}>{formatRelativeTime(listing.createdAt)}</time>
          {created[1]}
        </p>
        <div className="mt-auto flex items-center gap-2 pt-3">
          <Link
            to={`/properties/${encodeURIComponent(listing.id)}`}
            className={buttonClasses({ variant: 'outline', size: 'sm', className: 'flex-1' })}
          >
            <Eye aria-hidden="true" className="size-4" />
            {formatMessage(messages.view)}
            <span data-authored className="sr-only">
              {' '}
              {listing.title}
            </span>
          </Link>
          {listing.viewerCanManage ? (
            <>
              <Link
                to={`/create-listing?propertyId=${encodeURIComponent(listing.id)}`}
                className={buttonClasses({ variant: 'outline', size: 'sm', className: 'flex-1' })}
              >
                <Pencil aria-hidden="true" className="size-4" />
                {formatMessage(messages.edit)}
                <span data-authored className="sr-only">
                  {' '}
                  {listing.title}
                </span>
              </Link>
              <ListingMenu listing={listing} actions={actions} />
            </>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** A placeholder card while the list loads. */
export function ManageListingCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="flex flex-col gap-2 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-1/2" />
        <div className="mt-3 flex gap-2">
          <Skeleton className="h-8 flex-1" />
          <Skeleton className="h-8 flex-1" />
          <Skeleton className="h-8 w-9" />
        </div>
      </div>
    </div>
  );
}
