import { TrainFront } from '@/components/icons';
import { SubwayBullets, type BulletLine } from './subway-bullets';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  none: { id: 'transit.none', defaultMessage: 'No subway station within a 15-minute walk.' },
  nearby: { id: 'transit.nearby', defaultMessage: 'Subway stations nearby' },
  walk: { id: 'transit.walk', defaultMessage: '{minutes} min walk' },
  source: {
    id: 'transit.source',
    defaultMessage: 'Walking times are estimates from distance. Subway data © Metropolitan Transportation Authority.',
  },
});

export interface NearbyStationView {
  id: string;
  name: string;
  walkMinutes: number;
  subwayLines: readonly BulletLine[];
}

/**
 * The detail page's 'Transit' list: the subway stations within about a 15-minute walk, nearest
 * first, with their lines' bullets and the walk (docs/decisions/0029-nearby-stations.md).
 */
export function TransitList({ stations }: { stations: readonly NearbyStationView[] }) {
  if (stations.length === 0) {
    return <p className="text-sm text-gray-600">{formatMessage(messages.none)}</p>;
  }
  return (
    <>
      <ul className="divide-y divide-gray-100" aria-label={formatMessage(messages.nearby)}>
        {stations.map((s) => (
          <li key={s.id} data-station-id={s.id} className="flex items-start justify-between gap-3 py-3 text-sm">
            <span className="flex min-w-0 items-start gap-2">
              <TrainFront aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-500" />
              <span className="flex min-w-0 flex-col gap-1.5">
                <span translate="no" className="font-medium text-gray-900">
                  {s.name}
                </span>
                <SubwayBullets lines={s.subwayLines} size="md" className="gap-1" />
              </span>
            </span>
            <span className="shrink-0 whitespace-nowrap text-gray-700">
              {formatMessage(messages.walk, { minutes: s.walkMinutes })}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-gray-600">{formatMessage(messages.source)}</p>
    </>
  );
}
