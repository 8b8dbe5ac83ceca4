import { CombinedGraphQLErrors } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useQuery } from '@/lib/apollo/use-query';
import { listingReportReasonLabels } from '@common/trust';
import { EyeOff } from '@/components/icons';
import { Tabs } from 'radix-ui';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/features/auth/use-auth';
import { FlaggedMessages, flaggedMessagesTexts } from '@/features/moderation/flagged-messages';
import {
  LicenseQueueQuery,
  ModerateListingMutation,
  ModerationQueueQuery,
  SetLicenseVerifiedMutation,
} from '@/features/moderation/operations';
import type { LicenseQueueQuery as LicenseQueueData, ModerationAction, ModerationQueueQuery as QueueData } from '@/gql/graphql';
import { useDocumentTitle } from '@/lib/use-document-title';
import { dateFormat } from '@common/i18n/dates';
import { defineMessages, formatMessage, type MessageDescriptor } from '@common/i18n/messages';

const messages = defineMessages({
  somethingWrong: { id: 'adminModeration.somethingWrong', defaultMessage: 'Something went wrong. Please try again.' },
  pageNotFound: { id: 'adminModeration.pageNotFound', defaultMessage: 'Page Not Found' },
  notFoundHeading: { id: 'adminModeration.notFoundHeading', defaultMessage: '404 Page Not Found' },
  notFoundHint: {
    id: 'adminModeration.notFoundHint',
    defaultMessage: 'The page you are looking for does not exist or you do not have access to it.',
  },
  back: { id: 'adminModeration.back', defaultMessage: 'Back to listings' },
  loadingReports: { id: 'adminModeration.loadingReports', defaultMessage: 'Loading reports…' },
  loadingLicenses: { id: 'adminModeration.loadingLicenses', defaultMessage: 'Loading licenses…' },
  loadingAccount: { id: 'adminModeration.loadingAccount', defaultMessage: 'Loading your account…' },
  reportsFailed: { id: 'adminModeration.reportsFailed', defaultMessage: 'Failed to load reports.' },
  licensesFailed: { id: 'adminModeration.licensesFailed', defaultMessage: 'Failed to load licenses.' },
  tryAgain: { id: 'adminModeration.tryAgain', defaultMessage: 'Try again' },
  hidden: { id: 'adminModeration.hidden', defaultMessage: 'Listing hidden' },
  reinstated: { id: 'adminModeration.reinstated', defaultMessage: 'Listing reinstated' },
  dismissed: { id: 'adminModeration.dismissed', defaultMessage: 'Reports dismissed' },
  ownerTold: { id: 'adminModeration.ownerTold', defaultMessage: 'The owner was told why.' },
  visible: { id: 'adminModeration.visibleInSearch', defaultMessage: 'The listing is visible in search.' },
  actionFailed: { id: 'adminModeration.actionFailed', defaultMessage: 'Action failed' },
  owner: { id: 'adminModeration.owner', defaultMessage: 'Owner: {name} · {email}' },
  openReports: {
    id: 'adminModeration.openReports',
    defaultMessage: '{count, plural, one {# open report} other {# open reports}}',
  },
  hiddenAutomatically: { id: 'adminModeration.hiddenAutomatically', defaultMessage: 'Hidden automatically' },
  hiddenByModerator: { id: 'adminModeration.hiddenByModerator', defaultMessage: 'Hidden by a moderator' },
  visibleBadge: { id: 'adminModeration.visible', defaultMessage: 'Visible' },
  reviewRequested: { id: 'adminModeration.reviewRequested', defaultMessage: 'The owner asked for a review' },
  hiddenNote: { id: 'adminModeration.hiddenNote', defaultMessage: 'Note told to the owner: {note}' },
  resolved: { id: 'adminModeration.resolved', defaultMessage: 'resolved' },
  note: { id: 'adminModeration.note', defaultMessage: 'Note to the owner (with Hide, optional)' },
  dismiss: { id: 'adminModeration.dismiss', defaultMessage: 'Dismiss reports' },
  hide: { id: 'adminModeration.hide', defaultMessage: 'Hide listing' },
  reinstate: { id: 'adminModeration.reinstate', defaultMessage: 'Reinstate' },
  allClear: { id: 'adminModeration.allClear', defaultMessage: 'No reported or hidden listings. All clear.' },
  reportedListings: { id: 'adminModeration.reportedListings', defaultMessage: 'Reported listings' },
  verificationRemoved: { id: 'adminModeration.verificationRemoved', defaultMessage: 'Verification removed' },
  licenseVerified: { id: 'adminModeration.licenseVerified', defaultMessage: 'License verified' },
  independent: { id: 'adminModeration.independent', defaultMessage: 'Independent' },
  verified: { id: 'adminModeration.verified', defaultMessage: 'Verified' },
  unverified: { id: 'adminModeration.unverified', defaultMessage: 'Unverified' },
  unverify: { id: 'adminModeration.unverify', defaultMessage: 'Unverify' },
  verify: { id: 'adminModeration.verify', defaultMessage: 'Verify' },
  noLicenses: { id: 'adminModeration.noLicenses', defaultMessage: 'No agent has entered a license number yet.' },
  licenseNumbers: { id: 'adminModeration.licenseNumbers', defaultMessage: "Agents' license numbers" },
  title: { id: 'adminModeration.title', defaultMessage: 'Moderation' },
  description: { id: 'adminModeration.description', defaultMessage: "Reported listings and agents' license numbers." },
  reports: { id: 'adminModeration.reports', defaultMessage: 'Reports' },
  licenses: { id: 'adminModeration.licenses', defaultMessage: 'Licenses' },
});

type Case = QueueData['moderationQueue'][number];
type License = LicenseQueueData['licenseQueue'][number];

/** A report's day in the page's language: 'May 10, 2026'. */
const reportDate = () => dateFormat('moderation-report-day', { month: 'short', day: 'numeric', year: 'numeric' });
const messageOf = (e: unknown) =>
  (CombinedGraphQLErrors.is(e) ? e.errors[0]?.message : null) ?? formatMessage(messages.somethingWrong);
const isForbidden = (e: unknown) =>
  CombinedGraphQLErrors.is(e) &&
  e.errors.some((x) => x.extensions?.code === 'FORBIDDEN' || x.extensions?.code === 'UNAUTHENTICATED');

function Refused() {
  useDocumentTitle(formatMessage(messages.pageNotFound));
  return (
    <PageContainer className="max-w-2xl py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">
        {formatMessage(messages.notFoundHeading)}
      </h1>
      <p className="mt-3 text-gray-600">{formatMessage(messages.notFoundHint)}</p>
      <Link to="/" className={buttonClasses({ className: 'mt-8' })}>
        {formatMessage(messages.back)}
      </Link>
    </PageContainer>
  );
}

function Loading({ what }: { what: MessageDescriptor }) {
  return (
    <div className="mt-4 space-y-3">
      <p role="status" className="inline-flex items-center gap-1.5 text-sm text-gray-700">
        <Spinner className="size-4" /> {formatMessage(what)}
      </p>
      <Skeleton className="h-28 w-full" />
      <Skeleton className="h-28 w-full" />
    </div>
  );
}

function Failed({ onRetry, what }: { onRetry: () => void; what: MessageDescriptor }) {
  return (
    <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p>{formatMessage(what)}</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
        {formatMessage(messages.tryAgain)}
      </Button>
    </div>
  );
}

function CaseCard({ item }: { item: Case }) {
  const noteId = useId();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<ModerationAction | null>(null);
  const [moderate] = useMutation(ModerateListingMutation, { refetchQueries: [ModerationQueueQuery] });
  const act = async (action: ModerationAction) => {
    setBusy(action);
    try {
      await moderate({ variables: { propertyId: item.propertyId, action, note: note.trim() || null } });
      toast({
        title: formatMessage(
          action === 'HIDE' ? messages.hidden : action === 'REINSTATE' ? messages.reinstated : messages.dismissed,
        ),
        description: formatMessage(action === 'HIDE' ? messages.ownerTold : messages.visible),
      });
    } catch (e) {
      toast({ variant: 'destructive', title: formatMessage(messages.actionFailed), description: messageOf(e) });
    } finally {
      setBusy(null);
    }
  };
  const headingId = `case-${item.propertyId}`;
  return (
    <li
      aria-labelledby={headingId}
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="moderation-case"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-gray-900">
            <Link to={`/properties/${item.slug}`} className="hover:text-brand-700 hover:underline">
              {item.title}
            </Link>
          </h3>
          <p className="text-sm text-gray-600">
            {formatMessage(messages.owner, { name: item.ownerName, email: item.ownerEmail })}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs font-medium">
          <span className="rounded-full bg-gray-100 px-2 py-0.5 text-gray-800">
            {formatMessage(messages.openReports, { count: item.openReportCount })}
          </span>
          {item.hidden ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-amber-900 ring-1 ring-amber-300">
              <EyeOff aria-hidden="true" className="size-3.5" />
              {item.hiddenReason === 'REPORTED'
                ? formatMessage(messages.hiddenAutomatically)
                : formatMessage(messages.hiddenByModerator)}
            </span>
          ) : (
            <span className="rounded-full bg-green-50 px-2 py-0.5 text-green-800 ring-1 ring-green-200">
              {formatMessage(messages.visibleBadge)}
            </span>
          )}
          {item.reviewRequestedAt ? (
            <span
              className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-800 ring-1 ring-brand-200"
              data-testid="review-requested"
            >
              {formatMessage(messages.reviewRequested)}
            </span>
          ) : null}
        </div>
      </div>
      {item.hiddenNote ? (
        <p className="mt-2 text-sm break-words text-gray-700">{formatMessage(messages.hiddenNote, { note: item.hiddenNote })}</p>
      ) : null}
      <ul className="mt-3 space-y-2 text-sm">
        {item.reports.map((r) => (
          <li key={r.id} className="rounded-md bg-gray-50 px-3 py-2">
            <p className="flex flex-wrap justify-between gap-x-3">
              <span className="font-medium text-gray-900">{listingReportReasonLabels[r.reason]}</span>
              <span className="text-gray-600">
                {r.reporterName} · <time dateTime={r.createdAt}>{reportDate().format(new Date(r.createdAt))}</time>
                {r.resolved ? ` · ${formatMessage(messages.resolved)}` : ''}
              </span>
            </p>
            {r.details ? <p className="mt-1 whitespace-pre-line text-gray-800">{r.details}</p> : null}
          </li>
        ))}
      </ul>
      <div className="mt-3">
        <label htmlFor={noteId} className="block text-sm font-medium text-gray-900">
          {formatMessage(messages.note)}
        </label>
        <input
          id={noteId}
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.target.value)}
          className="mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600"
        />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {item.openReportCount > 0 ? (
          <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => void act('DISMISS')}>
            {busy === 'DISMISS' ? <Spinner className="size-4" /> : null} {formatMessage(messages.dismiss)}
          </Button>
        ) : null}
        {item.hidden && item.hiddenReason === 'MODERATOR' ? null : (
          <Button size="sm" variant="destructive" disabled={busy !== null} onClick={() => void act('HIDE')}>
            {busy === 'HIDE' ? <Spinner className="size-4" /> : null} {formatMessage(messages.hide)}
          </Button>
        )}
        {item.hidden ? (
          <Button size="sm" disabled={busy !== null} onClick={() => void act('REINSTATE')}>
            {busy === 'REINSTATE' ? <Spinner className="size-4" /> : null} {formatMessage(messages.reinstate)}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function ReportsTab() {
  const { data, loading, error, refetch } = useQuery(ModerationQueueQuery, { fetchPolicy: 'cache-and-network' });
  if (error && isForbidden(error)) return <Refused />;
  if (loading && !data) return <Loading what={messages.loadingReports} />;
  if (error && !data) return <Failed what={messages.reportsFailed} onRetry={() => void refetch()} />;
  const cases = data?.moderationQueue ?? [];
  if (cases.length === 0)
    return (
      <p className="mt-6 rounded-lg border border-dashed border-gray-300 p-6 text-center text-gray-600">
        {formatMessage(messages.allClear)}
      </p>
    );
  return (
    <ul className="mt-4 space-y-4" aria-label={formatMessage(messages.reportedListings)}>
      {cases.map((c) => (
        <CaseCard key={c.propertyId} item={c} />
      ))}
    </ul>
  );
}

function LicenseRow({ item }: { item: License }) {
  const [setVerified, { loading }] = useMutation(SetLicenseVerifiedMutation, { refetchQueries: [LicenseQueueQuery] });
  const toggle = async () => {
    try {
      await setVerified({ variables: { agentId: item.agentId, verified: !item.verified } });
      toast({
        title: formatMessage(item.verified ? messages.verificationRemoved : messages.licenseVerified),
        description: item.name,
      });
    } catch (e) {
      toast({ variant: 'destructive', title: formatMessage(messages.actionFailed), description: messageOf(e) });
    }
  };
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
      data-testid="license-row"
    >
      <div className="min-w-0">
        <p className="font-semibold text-gray-900">
          <Link to={`/agents/${item.agentId}`} className="hover:text-brand-700 hover:underline">
            {item.name}
          </Link>
        </p>
        <p className="text-sm text-gray-600">
          {item.agency ?? formatMessage(messages.independent)} · {item.email}
        </p>
        <p className="mt-1 font-mono text-sm text-gray-900">{item.license}</p>
      </div>
      <div className="flex items-center gap-2">
        <span className={item.verified ? 'text-sm font-medium text-emerald-800' : 'text-sm text-gray-600'}>
          {item.verified ? formatMessage(messages.verified) : formatMessage(messages.unverified)}
        </span>
        <Button size="sm" variant={item.verified ? 'outline' : 'primary'} disabled={loading} onClick={() => void toggle()}>
          {loading ? <Spinner className="size-4" /> : null}
          {item.verified ? formatMessage(messages.unverify) : formatMessage(messages.verify)}
          <span className="sr-only"> {item.name}</span>
        </Button>
      </div>
    </li>
  );
}

function LicensesTab() {
  const { data, loading, error, refetch } = useQuery(LicenseQueueQuery, { fetchPolicy: 'cache-and-network' });
  if (loading && !data) return <Loading what={messages.loadingLicenses} />;
  if (error && !data) return <Failed what={messages.licensesFailed} onRetry={() => void refetch()} />;
  const rows = data?.licenseQueue ?? [];
  if (rows.length === 0)
    return (
      <p className="mt-6 rounded-lg border border-dashed border-gray-300 p-6 text-center text-gray-600">
        {formatMessage(messages.noLicenses)}
      </p>
    );
  return (
    <ul className="mt-4 space-y-3" aria-label={formatMessage(messages.licenseNumbers)}>
      {rows.map((r) => (
        <LicenseRow key={r.agentId} item={r} />
      ))}
    </ul>
  );
}

const tabClasses =
  'rounded-md px-3 py-1.5 text-sm font-medium text-gray-700 hover:text-gray-900 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600';

/** /admin/moderation: admins only (others get the not-found screen; the server refuses them anyway). */
export default function AdminModerationScreen() {
  const { user, loading } = useAuth();
  useDocumentTitle(formatMessage(messages.title));
  if (loading)
    return (
      <PageContainer>
        <Loading what={messages.loadingAccount} />
      </PageContainer>
    );
  if (user?.role !== 'ADMIN') return <Refused />;
  return (
    <PageContainer className="max-w-4xl">
      <PageHeader title={formatMessage(messages.title)} description={formatMessage(messages.description)} />
      <Tabs.Root defaultValue="reports" className="mt-6">
        <Tabs.List aria-label={formatMessage(messages.title)} className="inline-flex gap-1 rounded-lg bg-gray-100 p-1">
          <Tabs.Trigger value="reports" className={tabClasses}>
            {formatMessage(messages.reports)}
          </Tabs.Trigger>
          <Tabs.Trigger value="licenses" className={tabClasses}>
            {formatMessage(messages.licenses)}
          </Tabs.Trigger>
          <Tabs.Trigger value="messages" className={tabClasses}>
            {formatMessage(flaggedMessagesTexts.tab)}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="reports">
          <ReportsTab />
        </Tabs.Content>
        <Tabs.Content value="licenses">
          <LicensesTab />
        </Tabs.Content>
        <Tabs.Content value="messages">
          <FlaggedMessages />
        </Tabs.Content>
      </Tabs.Root>
    </PageContainer>
  );
}
