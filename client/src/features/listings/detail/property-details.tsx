import { formatPrice } from '@common/format';
import { accessibilityFeatureLabels, labelOf } from '@common/options';
import {
  applianceLabels,
  brokerFeePayerLabels,
  buildingAmenityLabels,
  flooringLabels,
  hvacLabels,
  laundryLabels,
  leaseTermLabels,
  parkingLabels,
  petPolicyLabels,
  petTypeLabels,
  smokingPolicyLabels,
  unitFeatureLabels,
  utilityLabels,
} from '@common/listing-labels';
import { Bath, BedDouble, CalendarClock, Check, DollarSign } from '@/components/icons';
import type { ReactNode } from 'react';
import { graphql } from '@/gql';
import type { PropertyDetails_PropertyFragment } from '@/gql/graphql';
import { formatDate } from '../format';
import { OpenHouseRsvp, useLiveOpenHouses } from '@/features/tours/open-house-rsvp';
import { formatNewYorkClock } from '@common/tours';
import { PriceHistoryChart } from './price-history-chart';

export const PropertyDetailsFragment = graphql(`
  fragment PropertyDetails_property on Property {
    id
    description
    price
    netEffectivePrice
    concession {
      monthsFree
      leaseMonths
      terms
      label
    }
    bedrooms
    bathrooms
    sqft
    listingType
    leaseTerm
    availableDate
    securityDeposit
    applicationFee
    brokerFee
    brokerFeePayer
    noFee
    otherFees {
      label
      amount
      frequency
    }
    totalMoveInCost
    utilitiesIncluded
    amenities
    buildingAmenities
    accessibilityFeatures
    unitFeatures
    flooringType
    appliancesIncluded
    hvac
    laundry
    petPolicy
    petFee
    petDeposit
    petTypesAllowed
    smokingPolicy
    parking
    parkingFee
    viewerCanManage
    openHouses {
      id
      startsAt
      endsAt
      note
      capacity
      goingCount
      placesLeft
      waitlistCount
      viewerRsvp
      attendees {
        id
        name
        status
      }
    }
    priceHistory {
      id
      oldPrice
      newPrice
      changedAt
    }
  }
`);

type Details = PropertyDetails_PropertyFragment;

const NY = 'America/New_York';
const nyDay = new Intl.DateTimeFormat('en-US', {
  timeZone: NY,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const nyDate = new Intl.DateTimeFormat('en-US', { timeZone: NY, month: 'short', day: 'numeric', year: 'numeric' });

const money = (amount: number | null | undefined) => (amount === null || amount === undefined ? 'None' : formatPrice(amount));

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-lg font-semibold text-gray-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="divide-y divide-gray-100">
      {rows.map(([label, value], index) => (
        <div key={`${index}-${label}`} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2.5 text-sm">
          <dt className="text-gray-600">{label}</dt>
          <dd className="text-right font-medium text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function CheckList({ items, empty }: { items: string[]; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-gray-600">{empty}</p>;
  return (
    <ul className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item} className="flex items-center gap-2 text-sm text-gray-800">
          <Check aria-hidden="true" className="size-4 shrink-0 text-green-600" />
          {item}
        </li>
      ))}
    </ul>
  );
}

/** 'No fee': the tenant pays no broker fee (NYC FARE Act). */
export function NoFeeBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-200">
      No fee
    </span>
  );
}

/** The four tiles under the photos: Monthly Rent, Beds, Baths, Lease Term. */
export function KeyFacts({ property }: { property: Details }) {
  const tiles: { label: string; value: string; icon: ReactNode; noFee?: boolean; note?: string }[] = [
    {
      label: property.listingType === 'FOR_SALE' ? 'Asking Price' : 'Monthly Rent',
      value: formatPrice(property.price),
      noFee: property.noFee,
      note: property.concession ? `${formatPrice(property.netEffectivePrice)} net effective` : undefined,
      icon: <DollarSign aria-hidden="true" className="size-5" />,
    },
    {
      label: 'Beds',
      value: property.bedrooms === 0 ? 'Studio' : String(property.bedrooms),
      icon: <BedDouble aria-hidden="true" className="size-5" />,
    },
    { label: 'Baths', value: String(property.bathrooms), icon: <Bath aria-hidden="true" className="size-5" /> },
    {
      label: 'Lease Term',
      value: labelOf(leaseTermLabels, property.leaseTerm),
      icon: <CalendarClock aria-hidden="true" className="size-5" />,
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {tiles.map((tile) => (
        <div key={tile.label} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
          <dt className="flex items-center gap-2 text-sm text-gray-600">
            <span className="text-brand-700">{tile.icon}</span>
            {tile.label}
          </dt>
          <dd className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-lg font-semibold text-gray-900">
            {tile.value}
            {tile.noFee ? <NoFeeBadge /> : null}
            {tile.note ? <span className="w-full text-sm font-medium text-green-800">{tile.note}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function brokerFeeText(property: Details): string {
  if (property.brokerFeePayer === 'TENANT') {
    return `${money(property.brokerFee)} (${brokerFeePayerLabels.TENANT})`;
  }
  return labelOf(brokerFeePayerLabels, property.brokerFeePayer);
}

/** Every other fee the tenant pays (FARE Act disclosure): its label, amount and 'one-time' or 'per month'. */
function otherFeeRows(property: Details): [string, ReactNode][] {
  if (property.otherFees.length === 0) return [['Other fees', 'None']];
  return property.otherFees.map((fee) => [
    fee.label,
    `${formatPrice(fee.amount)} ${fee.frequency === 'MONTHLY' ? 'per month' : 'one-time'}`,
  ]);
}

export function PricingTerms({ property }: { property: Details }) {
  const concession = property.concession;
  const rows: [string, ReactNode][] = [
    // Net-effective rent (issue 26 item 2): the rent stays the gross rent; the concession and what it makes of it.
    ...(concession
      ? ([
          ['Concession', concession.terms ? `${concession.label}: ${concession.terms}` : concession.label],
          [
            'Net Effective Rent',
            <span key="net">
              {formatPrice(property.netEffectivePrice)} per month
              <span className="block text-xs font-normal text-gray-600">
                The free months spread over the lease. Each month you pay is {formatPrice(property.price)}, the free ones aside.
              </span>
            </span>,
          ],
        ] satisfies [string, ReactNode][])
      : []),
    ['Security Deposit', money(property.securityDeposit)],
    ['Application Fee', money(property.applicationFee)],
    ['Broker Fee', brokerFeeText(property)],
    ...otherFeeRows(property),
    ['Available Date', formatDate(property.availableDate, 'long')],
    [
      'Utilities Included',
      property.utilitiesIncluded.length > 0
        ? property.utilitiesIncluded.map((u) => labelOf(utilityLabels, u)).join(', ')
        : 'None',
    ],
  ];
  if (property.totalMoveInCost > 0) rows.push(['Total move-in cost', formatPrice(property.totalMoveInCost)]);
  return (
    <Section title="Pricing & Terms">
      <Facts rows={rows} />
    </Section>
  );
}

export function Amenities({ property }: { property: Details }) {
  const items = [...property.amenities, ...property.buildingAmenities.map((a) => labelOf(buildingAmenityLabels, a))];
  return (
    <Section title="Amenities">
      <CheckList items={[...new Set(items)]} empty="No amenities listed." />
    </Section>
  );
}

/** Accessibility (issue 26 item 4): what the home offers, or that nothing is listed. */
export function Accessibility({ property }: { property: Details }) {
  return (
    <Section title="Accessibility">
      <CheckList
        items={property.accessibilityFeatures.map((f) => labelOf(accessibilityFeatureLabels, f))}
        empty="No accessibility features listed."
      />
    </Section>
  );
}

export function UnitFeatures({ property }: { property: Details }) {
  const rows: [string, ReactNode][] = [];
  if (property.sqft) rows.push(['Square feet', property.sqft.toLocaleString('en-US')]);
  if (property.flooringType) rows.push(['Flooring', labelOf(flooringLabels, property.flooringType)]);
  if (property.appliancesIncluded.length > 0) {
    rows.push(['Appliances', property.appliancesIncluded.map((a) => labelOf(applianceLabels, a)).join(', ')]);
  }
  if (property.hvac) rows.push(['Heating & cooling', labelOf(hvacLabels, property.hvac)]);
  if (property.laundry) rows.push(['Laundry', labelOf(laundryLabels, property.laundry)]);
  return (
    <Section title="Unit Features">
      <CheckList items={property.unitFeatures.map((f) => labelOf(unitFeatureLabels, f))} empty="No unit features listed." />
      {rows.length > 0 ? (
        <div className="mt-4 border-t border-gray-100 pt-2">
          <Facts rows={rows} />
        </div>
      ) : null}
    </Section>
  );
}

export function Policies({ property }: { property: Details }) {
  const parking =
    property.parking === 'PARKING_AVAILABLE' && property.parkingFee
      ? `${labelOf(parkingLabels, property.parking)} (${formatPrice(property.parkingFee)} per month)`
      : labelOf(parkingLabels, property.parking);
  const rows: [string, ReactNode][] = [
    ['Pets', labelOf(petPolicyLabels, property.petPolicy)],
    ['Smoking', labelOf(smokingPolicyLabels, property.smokingPolicy)],
    ['Parking', parking],
  ];
  if (property.petPolicy === 'PETS_ALLOWED') {
    rows.push(['Pet Fee', property.petFee ? `${formatPrice(property.petFee)} per month` : 'None']);
    rows.push(['Pet Deposit', money(property.petDeposit)]);
    if (property.petTypesAllowed.length > 0) {
      rows.push(['Pets allowed', property.petTypesAllowed.map((p) => labelOf(petTypeLabels, p)).join(', ')]);
    }
  }
  return (
    <Section title="Policies">
      <Facts rows={rows} />
    </Section>
  );
}

/** Open houses, in New York local time. */
/** Who answered an open house, to the listing's managers only (the server says null to anyone else). */
function Attendees({ attendees }: { attendees: ReadonlyArray<{ name: string; status: string }> }) {
  const going = attendees.filter((a) => a.status === 'GOING').map((a) => a.name);
  const waiting = attendees.filter((a) => a.status === 'WAITLISTED').map((a) => a.name);
  return (
    <dl className="mt-2 space-y-1 text-sm" data-testid="open-house-attendees">
      {going.length ? (
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium text-gray-700">Going:</dt>
          <dd className="text-gray-900">{going.join(', ')}</dd>
        </div>
      ) : null}
      {waiting.length ? (
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium text-gray-700">Waitlist:</dt>
          <dd className="text-gray-900">{waiting.join(', ')}</dd>
        </div>
      ) : null}
    </dl>
  );
}

export function OpenHouses({ property }: { property: Details }) {
  useLiveOpenHouses(property.id, property.openHouses.length > 0);
  if (property.openHouses.length === 0) return null;
  return (
    <Section title="Open Houses">
      <ul className="space-y-2">
        {property.openHouses.map((openHouse) => {
          const starts = new Date(openHouse.startsAt);
          const ends = new Date(openHouse.endsAt);
          return (
            <li key={openHouse.id} className="rounded-lg border border-gray-100 bg-gray-50 px-4 py-3 text-sm">
              <p className="font-medium text-gray-900">
                <time dateTime={openHouse.startsAt}>{nyDay.format(starts)}</time>
              </p>
              <p className="text-gray-700">
                {formatNewYorkClock(starts)} – {formatNewYorkClock(ends)} ET
              </p>
              {openHouse.note ? <p className="mt-1 text-gray-600">{openHouse.note}</p> : null}
              <OpenHouseRsvp openHouse={openHouse} viewerCanManage={property.viewerCanManage} />
              {openHouse.attendees?.length ? <Attendees attendees={openHouse.attendees} /> : null}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

export function PriceHistory({ property }: { property: Details }) {
  if (property.priceHistory.length === 0) return null;
  const rows = [...property.priceHistory].reverse();
  return (
    <Section title="Price History">
      <PriceHistoryChart history={property.priceHistory} />
      <table className="w-full text-left text-sm">
        <thead className="text-gray-600">
          <tr>
            <th scope="col" className="py-2 font-medium">
              Date
            </th>
            <th scope="col" className="py-2 font-medium">
              Event
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Price
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((change) => {
            const delta = change.oldPrice === null || change.oldPrice === undefined ? null : change.newPrice - change.oldPrice;
            return (
              <tr key={change.id}>
                <td className="py-2.5 text-gray-700">
                  <time dateTime={change.changedAt}>{nyDate.format(new Date(change.changedAt))}</time>
                </td>
                <td className="py-2.5 text-gray-700">
                  {delta === null ? (
                    'Listed'
                  ) : delta < 0 ? (
                    <span className="text-green-700">Price drop {formatPrice(-delta)}</span>
                  ) : (
                    <span className="text-gray-900">Price increase {formatPrice(delta)}</span>
                  )}
                </td>
                <td className="py-2.5 text-right font-medium text-gray-900">{formatPrice(change.newPrice)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Section>
  );
}

export function AboutProperty({ property }: { property: Details }) {
  return (
    <Section title="About this property">
      {property.description ? (
        <p className="text-sm leading-6 wrap-anywhere whitespace-pre-line text-gray-800">{property.description}</p>
      ) : (
        <p className="text-sm text-gray-600">No description provided.</p>
      )}
    </Section>
  );
}
