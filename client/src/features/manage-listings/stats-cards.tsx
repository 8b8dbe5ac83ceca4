import { useQuery } from '@/lib/apollo/use-query';
import { formatCount } from '@common/format';
import { AlertCircle, Building2, Eye, MessageSquare, Percent } from '@/components/icons';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { graphql } from '@/gql';
import { LOCALE_TAGS, type Locale } from '@common/i18n/locales';
import { currentLocale, defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  fetchFailed: { id: 'stats.fetchFailed', defaultMessage: 'Failed to fetch stats' },
  retry: { id: 'common.retry', defaultMessage: 'Retry' },
  totalListings: { id: 'stats.totalListings', defaultMessage: 'Total Listings' },
  totalViews: { id: 'stats.totalViews', defaultMessage: 'Total Views' },
  inquiries: { id: 'stats.inquiries', defaultMessage: 'Inquiries' },
  occupancyRate: { id: 'stats.occupancyRate', defaultMessage: 'Occupancy Rate' },
  occupancyHint: { id: 'stats.occupancyHint', defaultMessage: 'Published listings now off the market' },
});

/** '85.3%', '85,3 %', '85.3%': a rate (0–100) as the page's language writes a percentage. */
const percents: Partial<Record<Locale, Intl.NumberFormat>> = {};
function formatPercent(rate: number, locale: Locale = currentLocale()): string {
  percents[locale] ??= new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'percent', maximumFractionDigits: 1 });
  return percents[locale].format(rate / 100);
}

export const ListingStatsDocument = graphql(`
  query ListingStats {
    listingStats {
      totalListings
      totalViews
      totalInquiries
      occupancyRate
    }
  }
`);

function StatCard({ label, icon, value, hint }: { label: string; icon: ReactNode; value: ReactNode; hint?: string }) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <dt className="flex items-center justify-between gap-2 text-sm font-medium text-gray-600">
        {label}
        <span className="text-brand-700">{icon}</span>
      </dt>
      <dd className="mt-2 text-2xl font-semibold text-gray-900">{value}</dd>
      {hint ? <dd className="mt-1 text-xs text-gray-600">{hint}</dd> : null}
    </div>
  );
}

/** The four numbers of the manage screen (SPEC part 2): Total Listings, Total Views, Inquiries, Occupancy Rate. */
export function StatsCards() {
  const { data, loading, error, refetch } = useQuery(ListingStatsDocument, { fetchPolicy: 'cache-and-network' });
  const stats = data?.listingStats;

  if (!stats && error && !loading) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3">
        <AlertCircle aria-hidden="true" className="size-5 text-red-600" />
        <p className="text-sm font-medium text-gray-900">{formatMessage(messages.fetchFailed)}</p>
        <Button variant="outline" size="sm" className="ml-auto" onClick={() => refetch().catch(() => undefined)}>
          {formatMessage(messages.retry)}
        </Button>
      </div>
    );
  }

  const value = (text: string) => (stats ? text : <Skeleton className="h-8 w-16" />);
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={!stats}>
      <StatCard
        label={formatMessage(messages.totalListings)}
        icon={<Building2 aria-hidden="true" className="size-5" />}
        value={value(formatCount(stats?.totalListings ?? 0))}
      />
      <StatCard
        label={formatMessage(messages.totalViews)}
        icon={<Eye aria-hidden="true" className="size-5" />}
        value={value(formatCount(stats?.totalViews ?? 0))}
      />
      <StatCard
        label={formatMessage(messages.inquiries)}
        icon={<MessageSquare aria-hidden="true" className="size-5" />}
        value={value(formatCount(stats?.totalInquiries ?? 0))}
      />
      <StatCard
        label={formatMessage(messages.occupancyRate)}
        icon={<Percent aria-hidden="true" className="size-5" />}
        value={value(formatPercent(stats?.occupancyRate ?? 0))}
        // What it measures, since leases are not recorded (issue 59 item 2; decision 0015): a listing
        // taken off the market, let or not.
        hint={formatMessage(messages.occupancyHint)}
      />
    </dl>
  );
}
