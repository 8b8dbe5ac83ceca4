import { formatCount, formatPrice } from '@common/format';
import { formatNewYorkDay } from '@common/i18n/dates';
import { defineMessages, formatMessage } from '@common/i18n/messages';
import { accessibilityFeatureLabels, labelOf } from '@common/options';
import { brokerFeeMessages, brokerFeeWording } from '@common/broker-fee';
import {
  applianceLabels,
  buildingAmenityLabels,
  flooringLabels,
  hvacLabels,
  furnishingLabels,
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
import { cn } from '@/lib/cn';
import type { PropertyDetails_PropertyFragment } from '@/gql/graphql';
import { formatDate } from '@/lib/format';
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
    availableNow
    securityDeposit
    applicationFee
    brokerFee
    brokerFeePayer
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
    furnishing
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

/** When the home is free: 'Now' once its day has come (issue 59 item 5), else the day. */
const availableOn = (p: { availableDate: string; availableNow: boolean }) =>
  p.availableNow ? formatMessage(messages.availableNow) : formatDate(p.availableDate, 'long');

const messages = defineMessages({
  none: { id: 'details.none', defaultMessage: 'None' },
  askingPrice: { id: 'details.askingPrice', defaultMessage: 'Asking Price' },
  monthlyRent: { id: 'details.monthlyRent', defaultMessage: 'Monthly Rent' },
  netEffectiveNote: { id: 'details.netEffectiveNote', defaultMessage: '{price} net effective' },
  beds: { id: 'details.beds', defaultMessage: 'Beds' },
  studio: { id: 'details.studio', defaultMessage: 'Studio' },
  baths: { id: 'details.baths', defaultMessage: 'Baths' },
  leaseTerm: { id: 'details.leaseTerm', defaultMessage: 'Lease Term' },
  otherFees: { id: 'details.otherFees', defaultMessage: 'Other fees' },
  perMonth: { id: 'details.perMonth', defaultMessage: '{price} per month' },
  oneTime: { id: 'details.oneTime', defaultMessage: '{price} one-time' },
  concession: { id: 'details.concession', defaultMessage: 'Concession' },
  netEffectiveRent: { id: 'details.netEffectiveRent', defaultMessage: 'Net Effective Rent' },
  freeMonthsSpread: {
    id: 'details.freeMonthsSpread',
    defaultMessage: 'The free months spread over the lease. Each month you pay is {price}, the free ones aside.',
  },
  securityDeposit: { id: 'details.securityDeposit', defaultMessage: 'Security Deposit' },
  applicationFee: { id: 'details.applicationFee', defaultMessage: 'Application Fee' },
  brokerFee: { id: 'details.brokerFee', defaultMessage: 'Broker Fee' },
  availableDate: { id: 'details.availableDate', defaultMessage: 'Available Date' },
  availableNow: { id: 'details.availableNow', defaultMessage: 'Now' },
  utilitiesIncluded: { id: 'details.utilitiesIncluded', defaultMessage: 'Utilities Included' },
  totalMoveInCost: { id: 'details.totalMoveInCost', defaultMessage: 'Total move-in cost' },
  pricingTerms: { id: 'details.pricingTerms', defaultMessage: 'Pricing & Terms' },
  amenities: { id: 'details.amenities', defaultMessage: 'Amenities' },
  noAmenities: { id: 'details.noAmenities', defaultMessage: 'No amenities listed.' },
  accessibility: { id: 'details.accessibility', defaultMessage: 'Accessibility' },
  noAccessibility: { id: 'details.noAccessibility', defaultMessage: 'No accessibility features listed.' },
  squareFeet: { id: 'details.squareFeet', defaultMessage: 'Square feet' },
  flooring: { id: 'details.flooring', defaultMessage: 'Flooring' },
  appliances: { id: 'details.appliances', defaultMessage: 'Appliances' },
  heatingCooling: { id: 'details.heatingCooling', defaultMessage: 'Heating & cooling' },
  furnishing: { id: 'details.furnishing', defaultMessage: 'Furnishing' },
  laundry: { id: 'details.laundry', defaultMessage: 'Laundry' },
  unitFeatures: { id: 'details.unitFeatures', defaultMessage: 'Unit Features' },
  noUnitFeatures: { id: 'details.noUnitFeatures', defaultMessage: 'No unit features listed.' },
  parkingWithFee: { id: 'details.parkingWithFee', defaultMessage: '{parking} ({price} per month)' },
  pets: { id: 'details.pets', defaultMessage: 'Pets' },
  smoking: { id: 'details.smoking', defaultMessage: 'Smoking' },
  parking: { id: 'details.parking', defaultMessage: 'Parking' },
  petFee: { id: 'details.petFee', defaultMessage: 'Pet Fee' },
  petDeposit: { id: 'details.petDeposit', defaultMessage: 'Pet Deposit' },
  petsAllowed: { id: 'details.petsAllowed', defaultMessage: 'Pets allowed' },
  policies: { id: 'details.policies', defaultMessage: 'Policies' },
  going: { id: 'details.going', defaultMessage: 'Going:' },
  waitlist: { id: 'details.waitlist', defaultMessage: 'Waitlist:' },
  openHouses: { id: 'details.openHouses', defaultMessage: 'Open Houses' },
  timeRangeEt: { id: 'details.timeRangeEt', defaultMessage: '{start} – {end} ET' },
  priceHistory: { id: 'details.priceHistory', defaultMessage: 'Price History' },
  date: { id: 'details.date', defaultMessage: 'Date' },
  event: { id: 'details.event', defaultMessage: 'Event' },
  price: { id: 'details.price', defaultMessage: 'Price' },
  listed: { id: 'details.listed', defaultMessage: 'Listed' },
  priceDrop: { id: 'details.priceDrop', defaultMessage: 'Price drop {amount}' },
  priceIncrease: { id: 'details.priceIncrease', defaultMessage: 'Price increase {amount}' },
  about: { id: 'details.about', defaultMessage: 'About this property' },
  noDescription: { id: 'details.noDescription', defaultMessage: 'No description provided.' },
});

const money = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? formatMessage(messages.none) : formatPrice(amount);

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

/** `authored`: the items the listing's author wrote (its own amenities), not our labels. */
function CheckList({ items, empty, authored }: { items: string[]; empty: string; authored?: ReadonlySet<string> }) {
  if (items.length === 0) return <p className="text-sm text-gray-600">{empty}</p>;
  return (
    <ul className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item} data-authored={authored?.has(item) || undefined} className="flex items-center gap-2 text-sm text-gray-800">
          <Check aria-hidden="true" className="size-4 shrink-0 text-green-600" />
          {item}
        </li>
      ))}
    </ul>
  );
}

/** 'No fee': the tenant pays no broker fee (NYC FARE Act; common/broker-fee.ts says when). */
export function NoFeeBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-200">
      {formatMessage(brokerFeeMessages.noFee)}
    </span>
  );
}

/** A sale: its asking price, no lease, concession, broker fee payer or move-in maths (issue 58 item 3). */
const isSale = (property: Pick<Details, 'listingType'>) => property.listingType === 'FOR_SALE';

/** The tiles under the photos: Monthly Rent, Beds, Baths, Lease Term (a sale: Asking Price, Beds, Baths). */
export function KeyFacts({ property }: { property: Details }) {
  const sale = isSale(property);
  const tiles: { label: string; value: string; icon: ReactNode; noFee?: boolean; note?: string }[] = [
    {
      label: sale ? formatMessage(messages.askingPrice) : formatMessage(messages.monthlyRent),
      value: formatPrice(property.price),
      noFee: brokerFeeWording(property)?.noFee,
      note:
        !sale && property.concession
          ? formatMessage(messages.netEffectiveNote, { price: formatPrice(property.netEffectivePrice) })
          : undefined,
      icon: <DollarSign aria-hidden="true" className="size-5" />,
    },
    {
      label: formatMessage(messages.beds),
      value: property.bedrooms === 0 ? formatMessage(messages.studio) : formatCount(property.bedrooms),
      icon: <BedDouble aria-hidden="true" className="size-5" />,
    },
    {
      label: formatMessage(messages.baths),
      value: formatCount(property.bathrooms),
      icon: <Bath aria-hidden="true" className="size-5" />,
    },
  ];
  if (!sale) {
    tiles.push({
      label: formatMessage(messages.leaseTerm),
      value: labelOf(leaseTermLabels, property.leaseTerm),
      icon: <CalendarClock aria-hidden="true" className="size-5" />,
    });
  }
  return (
    <dl className={cn('grid grid-cols-2 gap-3', sale ? 'sm:grid-cols-3' : 'sm:grid-cols-4')}>
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

/** The Broker Fee row: who pays it, and how much when the tenant does (none on a sale). */
function brokerFeeRow(property: Details): [string, ReactNode][] {
  const wording = brokerFeeWording(property);
  return wording ? [[formatMessage(messages.brokerFee), formatMessage(wording.message, wording.values)]] : [];
}

/** Every other fee the tenant pays (FARE Act disclosure): its label, amount and 'one-time' or 'per month'. */
function otherFeeRows(property: Details): [string, ReactNode][] {
  if (property.otherFees.length === 0) return [[formatMessage(messages.otherFees), formatMessage(messages.none)]];
  return property.otherFees.map((fee) => [
    fee.label,
    formatMessage(fee.frequency === 'MONTHLY' ? messages.perMonth : messages.oneTime, { price: formatPrice(fee.amount) }),
  ]);
}

export function PricingTerms({ property }: { property: Details }) {
  if (isSale(property)) return <SaleTerms property={property} />;
  const concession = property.concession;
  const rows: [string, ReactNode][] = [
    // Net-effective rent (issue 26 item 2): the rent stays the gross rent; the concession and what it makes of it.
    ...(concession
      ? ([
          [formatMessage(messages.concession), concession.terms ? `${concession.label}: ${concession.terms}` : concession.label],
          [
            formatMessage(messages.netEffectiveRent),
            <span key="net">
              {formatMessage(messages.perMonth, { price: formatPrice(property.netEffectivePrice) })}
              <span className="block text-xs font-normal text-gray-600">
                {formatMessage(messages.freeMonthsSpread, { price: formatPrice(property.price) })}
              </span>
            </span>,
          ],
        ] satisfies [string, ReactNode][])
      : []),
    [formatMessage(messages.securityDeposit), money(property.securityDeposit)],
    [formatMessage(messages.applicationFee), money(property.applicationFee)],
    // Who pays it, in the words Compare uses too (common/broker-fee.ts); a rental always has them.
    ...brokerFeeRow(property),
    ...otherFeeRows(property),
    [formatMessage(messages.availableDate), availableOn(property)],
    [
      formatMessage(messages.utilitiesIncluded),
      property.utilitiesIncluded.length > 0
        ? property.utilitiesIncluded.map((u) => labelOf(utilityLabels, u)).join(', ')
        : formatMessage(messages.none),
    ],
  ];
  if (property.totalMoveInCost > 0) rows.push([formatMessage(messages.totalMoveInCost), formatPrice(property.totalMoveInCost)]);
  return (
    <Section title={formatMessage(messages.pricingTerms)}>
      <Facts rows={rows} />
    </Section>
  );
}

/** A sale's price and terms: its asking price, its other fees and when it is available; nothing of a rental. */
function SaleTerms({ property }: { property: Details }) {
  const rows: [string, ReactNode][] = [
    [formatMessage(messages.askingPrice), formatPrice(property.price)],
    ...(property.otherFees.length > 0 ? otherFeeRows(property) : []),
    [formatMessage(messages.availableDate), availableOn(property)],
  ];
  return (
    <Section title={formatMessage(messages.pricingTerms)}>
      <Facts rows={rows} />
    </Section>
  );
}

export function Amenities({ property }: { property: Details }) {
  const items = [...property.amenities, ...property.buildingAmenities.map((a) => labelOf(buildingAmenityLabels, a))];
  return (
    <Section title={formatMessage(messages.amenities)}>
      <CheckList items={[...new Set(items)]} authored={new Set(property.amenities)} empty={formatMessage(messages.noAmenities)} />
    </Section>
  );
}

/** Accessibility (issue 26 item 4): what the home offers, or that nothing is listed. */
export function Accessibility({ property }: { property: Details }) {
  return (
    <Section title={formatMessage(messages.accessibility)}>
      <CheckList
        items={property.accessibilityFeatures.map((f) => labelOf(accessibilityFeatureLabels, f))}
        empty={formatMessage(messages.noAccessibility)}
      />
    </Section>
  );
}

export function UnitFeatures({ property }: { property: Details }) {
  const rows: [string, ReactNode][] = [];
  if (property.sqft) rows.push([formatMessage(messages.squareFeet), formatCount(property.sqft)]);
  if (property.flooringType) rows.push([formatMessage(messages.flooring), labelOf(flooringLabels, property.flooringType)]);
  if (property.appliancesIncluded.length > 0) {
    rows.push([
      formatMessage(messages.appliances),
      property.appliancesIncluded.map((a) => labelOf(applianceLabels, a)).join(', '),
    ]);
  }
  if (property.hvac) rows.push([formatMessage(messages.heatingCooling), labelOf(hvacLabels, property.hvac)]);
  if (property.laundry) rows.push([formatMessage(messages.laundry), labelOf(laundryLabels, property.laundry)]);
  if (property.furnishing) rows.push([formatMessage(messages.furnishing), labelOf(furnishingLabels, property.furnishing)]);
  return (
    <Section title={formatMessage(messages.unitFeatures)}>
      <CheckList
        items={property.unitFeatures.map((f) => labelOf(unitFeatureLabels, f))}
        empty={formatMessage(messages.noUnitFeatures)}
      />
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
      ? formatMessage(messages.parkingWithFee, {
          parking: labelOf(parkingLabels, property.parking),
          price: formatPrice(property.parkingFee),
        })
      : labelOf(parkingLabels, property.parking);
  const rows: [string, ReactNode][] = [
    [formatMessage(messages.pets), labelOf(petPolicyLabels, property.petPolicy)],
    [formatMessage(messages.smoking), labelOf(smokingPolicyLabels, property.smokingPolicy)],
    [formatMessage(messages.parking), parking],
  ];
  if (property.petPolicy === 'PETS_ALLOWED') {
    rows.push([
      formatMessage(messages.petFee),
      property.petFee ? formatMessage(messages.perMonth, { price: formatPrice(property.petFee) }) : formatMessage(messages.none),
    ]);
    rows.push([formatMessage(messages.petDeposit), money(property.petDeposit)]);
    if (property.petTypesAllowed.length > 0) {
      rows.push([formatMessage(messages.petsAllowed), property.petTypesAllowed.map((p) => labelOf(petTypeLabels, p)).join(', ')]);
    }
  }
  return (
    <Section title={formatMessage(messages.policies)}>
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
          <dt className="font-medium text-gray-700">{formatMessage(messages.going)}</dt>
          <dd className="text-gray-900">{going.join(', ')}</dd>
        </div>
      ) : null}
      {waiting.length ? (
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium text-gray-700">{formatMessage(messages.waitlist)}</dt>
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
    <Section title={formatMessage(messages.openHouses)}>
      <ul className="space-y-2">
        {property.openHouses.map((openHouse) => {
          const starts = new Date(openHouse.startsAt);
          const ends = new Date(openHouse.endsAt);
          return (
            <li key={openHouse.id} className="rounded-lg border border-gray-100 bg-gray-50 px-4 py-3 text-sm">
              <p className="font-medium text-gray-900">
                <time dateTime={openHouse.startsAt}>{formatNewYorkDay(starts, { weekday: true })}</time>
              </p>
              <p className="text-gray-700">
                {formatMessage(messages.timeRangeEt, { start: formatNewYorkClock(starts), end: formatNewYorkClock(ends) })}
              </p>
              {openHouse.note ? (
                <p data-authored className="mt-1 text-gray-600">
                  {openHouse.note}
                </p>
              ) : null}
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
    <Section title={formatMessage(messages.priceHistory)}>
      <PriceHistoryChart history={property.priceHistory} />
      <table className="w-full text-left text-sm">
        <thead className="text-gray-600">
          <tr>
            <th scope="col" className="py-2 font-medium">
              {formatMessage(messages.date)}
            </th>
            <th scope="col" className="py-2 font-medium">
              {formatMessage(messages.event)}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {formatMessage(messages.price)}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((change) => {
            const delta = change.oldPrice === null || change.oldPrice === undefined ? null : change.newPrice - change.oldPrice;
            return (
              <tr key={change.id}>
                <td className="py-2.5 text-gray-700">
                  <time dateTime={change.changedAt}>{formatNewYorkDay(new Date(change.changedAt))}</time>
                </td>
                <td className="py-2.5 text-gray-700">
                  {delta === null ? (
                    formatMessage(messages.listed)
                  ) : delta < 0 ? (
                    <span className="text-green-700">{formatMessage(messages.priceDrop, { amount: formatPrice(-delta) })}</span>
                  ) : (
                    <span className="text-gray-900">{formatMessage(messages.priceIncrease, { amount: formatPrice(delta) })}</span>
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
    <Section title={formatMessage(messages.about)}>
      {property.description ? (
        <p data-authored className="text-sm leading-6 wrap-anywhere whitespace-pre-line text-gray-800">
          {property.description}
        </p>
      ) : (
        <p className="text-sm text-gray-600">{formatMessage(messages.noDescription)}</p>
      )}
    </Section>
  );
}
