import { CombinedGraphQLErrors } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
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
import {
  LicenseQueueQuery,
  ModerateListingMutation,
  ModerationQueueQuery,
  SetLicenseVerifiedMutation,
} from '@/features/moderation/operations';
import type { LicenseQueueQuery as LicenseQueueData, ModerationAction, ModerationQueueQuery as QueueData } from '@/gql/graphql';
import { useDocumentTitle } from '@/lib/use-document-title';

type Case = QueueData['moderationQueue'][number];
type License = LicenseQueueData['licenseQueue'][number];

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const messageOf = (e: unknown) =>
  (CombinedGraphQLErrors.is(e) ? e.errors[0]?.message : null) ?? 'Something went wrong. Please try again.';
const isForbidden = (e: unknown) =>
  CombinedGraphQLErrors.is(e) &&
  e.errors.some((x) => x.extensions?.code === 'FORBIDDEN' || x.extensions?.code === 'UNAUTHENTICATED');

function Refused() {
  useDocumentTitle('Page Not Found');
  return (
    <PageContainer className="max-w-2xl py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">404 Page Not Found</h1>
      <p className="mt-3 text-gray-600">The page you are looking for does not exist or you do not have access to it.</p>
      <Link to="/" className={buttonClasses({ className: 'mt-8' })}>
        Back to listings
      </Link>
    </PageContainer>
  );
}

function Loading({ what }: { what: string }) {
  return (
    <div className="mt-4 space-y-3">
      <p role="status" className="inline-flex items-center gap-1.5 text-sm text-gray-700">
        <Spinner className="size-4" /> Loading {what}…
      </p>
      <Skeleton className="h-28 w-full" />
      <Skeleton className="h-28 w-full" />
    </div>
  );
}

function Failed({ onRetry, what }: { onRetry: () => void; what: string }) {
  return (
    <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p>Failed to load {what}.</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
        Try again
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
        title: action === 'HIDE' ? 'Listing hidden' : action === 'REINSTATE' ? 'Listing reinstated' : 'Reports dismissed',
        description: action === 'HIDE' ? 'The owner was told why.' : 'The listing is visible in search.',
      });
    } catch (e) {
      toast({ variant: 'destructive', title: 'Action failed', description: messageOf(e) });
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
            Owner: {item.ownerName} · {item.ownerEmail}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs font-medium">
          <span className="rounded-full bg-gray-100 px-2 py-0.5 text-gray-800">
            {item.openReportCount} open {item.openReportCount === 1 ? 'report' : 'reports'}
          </span>
          {item.hidden ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-amber-900 ring-1 ring-amber-300">
              <EyeOff aria-hidden="true" className="size-3.5" />
              {item.hiddenReason === 'REPORTED' ? 'Hidden automatically' : 'Hidden by a moderator'}
            </span>
          ) : (
            <span className="rounded-full bg-green-50 px-2 py-0.5 text-green-800 ring-1 ring-green-200">Visible</span>
          )}
        </div>
      </div>
      <ul className="mt-3 space-y-2 text-sm">
        {item.reports.map((r) => (
          <li key={r.id} className="rounded-md bg-gray-50 px-3 py-2">
            <p className="flex flex-wrap justify-between gap-x-3">
              <span className="font-medium text-gray-900">{listingReportReasonLabels[r.reason]}</span>
              <span className="text-gray-600">
                {r.reporterName} · <time dateTime={r.createdAt}>{dateFormat.format(new Date(r.createdAt))}</time>
                {r.resolved ? ' · resolved' : ''}
              </span>
            </p>
            {r.details ? <p className="mt-1 whitespace-pre-line text-gray-800">{r.details}</p> : null}
          </li>
        ))}
      </ul>
      <div className="mt-3">
        <label htmlFor={noteId} className="block text-sm font-medium text-gray-900">
          Note to the owner (with Hide, optional)
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
            {busy === 'DISMISS' ? <Spinner className="size-4" /> : null} Dismiss reports
          </Button>
        ) : null}
        {item.hidden && item.hiddenReason === 'MODERATOR' ? null : (
          <Button size="sm" variant="destructive" disabled={busy !== null} onClick={() => void act('HIDE')}>
            {busy === 'HIDE' ? <Spinner className="size-4" /> : null} Hide listing
          </Button>
        )}
        {item.hidden ? (
          <Button size="sm" disabled={busy !== null} onClick={() => void act('REINSTATE')}>
            {busy === 'REINSTATE' ? <Spinner className="size-4" /> : null} Reinstate
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function ReportsTab() {
  const { data, loading, error, refetch } = useQuery(ModerationQueueQuery, { fetchPolicy: 'cache-and-network' });
  if (error && isForbidden(error)) return <Refused />;
  if (loading && !data) return <Loading what="reports" />;
  if (error && !data) return <Failed what="reports" onRetry={() => void refetch()} />;
  const cases = data?.moderationQueue ?? [];
  if (cases.length === 0)
    return (
      <p className="mt-6 rounded-lg border border-dashed border-gray-300 p-6 text-center text-gray-600">
        No reported or hidden listings. All clear.
      </p>
    );
  return (
    <ul className="mt-4 space-y-4" aria-label="Reported listings">
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
      toast({ title: item.verified ? 'Verification removed' : 'License verified', description: item.name });
    } catch (e) {
      toast({ variant: 'destructive', title: 'Action failed', description: messageOf(e) });
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
          {item.agency ?? 'Independent'} · {item.email}
        </p>
        <p className="mt-1 font-mono text-sm text-gray-900">{item.license}</p>
      </div>
      <div className="flex items-center gap-2">
        <span className={item.verified ? 'text-sm font-medium text-emerald-800' : 'text-sm text-gray-600'}>
          {item.verified ? 'Verified' : 'Unverified'}
        </span>
        <Button size="sm" variant={item.verified ? 'outline' : 'primary'} disabled={loading} onClick={() => void toggle()}>
          {loading ? <Spinner className="size-4" /> : null}
          {item.verified ? 'Unverify' : 'Verify'}
          <span className="sr-only"> {item.name}</span>
        </Button>
      </div>
    </li>
  );
}

function LicensesTab() {
  const { data, loading, error, refetch } = useQuery(LicenseQueueQuery, { fetchPolicy: 'cache-and-network' });
  if (loading && !data) return <Loading what="licenses" />;
  if (error && !data) return <Failed what="licenses" onRetry={() => void refetch()} />;
  const rows = data?.licenseQueue ?? [];
  if (rows.length === 0)
    return (
      <p className="mt-6 rounded-lg border border-dashed border-gray-300 p-6 text-center text-gray-600">
        No agent has entered a license number yet.
      </p>
    );
  return (
    <ul className="mt-4 space-y-3" aria-label="Agents' license numbers">
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
  useDocumentTitle('Moderation');
  if (loading)
    return (
      <PageContainer>
        <Loading what="your account" />
      </PageContainer>
    );
  if (user?.role !== 'ADMIN') return <Refused />;
  return (
    <PageContainer className="max-w-4xl">
      <PageHeader title="Moderation" description="Reported listings and agents' license numbers." />
      <Tabs.Root defaultValue="reports" className="mt-6">
        <Tabs.List aria-label="Moderation" className="inline-flex gap-1 rounded-lg bg-gray-100 p-1">
          <Tabs.Trigger value="reports" className={tabClasses}>
            Reports
          </Tabs.Trigger>
          <Tabs.Trigger value="licenses" className={tabClasses}>
            Licenses
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="reports">
          <ReportsTab />
        </Tabs.Content>
        <Tabs.Content value="licenses">
          <LicensesTab />
        </Tabs.Content>
      </Tabs.Root>
    </PageContainer>
  );
}
