import { builder } from '../../graphql/builder.js';
import { LocationRef } from '../../graphql/location.js';
import { stationLocation, subwayLine, type NearbyStation, type SubwayLineInfo } from './nearby.js';

export const SubwayLineKindEnum = builder.enumType('SubwayLineKind', {
  description: "What a line is, for naming it in the reader's language.",
  values: {
    TRAIN: { description: "A train, named by its bullet ('L train')." },
    SHUTTLE: { description: "A shuttle, named by its official name ('S 42 St Shuttle')." },
    RAILWAY: { description: 'The Staten Island Railway, named by its official name.' },
  } as const,
});

/** A subway line as a bullet shows it: letter or number, official colours, a name for screen readers. */
export const SubwayLineRef = builder.objectRef<SubwayLineInfo>('SubwayLine').implement({
  description: "A subway line (MTA GTFS data): its bullet, official colours and accessible name ('L train').",
  fields: (t) => ({
    id: t.exposeString('id', { description: "The line's id, as `NearbyStation.lines` lists it ('L', 'GS', 'SI')." }),
    bullet: t.exposeString('bullet', { description: "What the bullet shows: 'L', 'S', 'SIR'." }),
    accessibleName: t.exposeString('name', {
      description: "For screen readers and titles, in English: 'L train', 'S 42 St Shuttle', 'Staten Island Railway'.",
    }),
    kind: t.field({
      type: SubwayLineKindEnum,
      description: "A train's name in another language is made from its bullet ('tren L'); the others keep their official names.",
      resolve: (l) => l.kind,
    }),
    color: t.exposeString('color', { description: 'Background colour of the bullet, #RRGGBB.' }),
    textColor: t.exposeString('textColor', { description: 'Text colour on the bullet, #RRGGBB.' }),
  }),
});

export const NearbyStationRef = builder.objectRef<NearbyStation>('NearbyStation').implement({
  description: 'A subway station within about a 15-minute walk of a listing (docs/decisions/0029-nearby-stations.md).',
  fields: (t) => ({
    id: t.exposeString('id', { description: "The station's id in the shipped subway data ('L08')." }),
    name: t.exposeString('name'),
    lines: t.exposeStringList('lines', { description: "The lines that stop there by day, by id ('G', 'L')." }),
    subwayLines: t.field({
      type: [SubwayLineRef],
      description: 'The same lines with their bullets and colours.',
      resolve: (s) => s.lines.map(subwayLine),
    }),
    location: t.field({
      type: LocationRef,
      nullable: true,
      description: 'Where the station is, for the map.',
      resolve: (s) => stationLocation(s.id),
    }),
    walkMinutes: t.exposeInt('walkMinutes', {
      description: 'Walking minutes: straight-line distance × 1.3 at 80 m a minute, rounded up.',
    }),
  }),
});

export interface SubwayStationInfo {
  id: string;
  name: string;
  borough: string;
  lines: string[];
}

export const SubwayStationRef = builder.objectRef<SubwayStationInfo>('SubwayStation').implement({
  description: 'A subway station of the shipped MTA data (station complexes merged), for picking a commute destination.',
  fields: (t) => ({
    id: t.exposeString('id', { description: "The station's id ('L08'), as `CommuteDestination.stationId` takes it." }),
    name: t.exposeString('name'),
    borough: t.exposeString('borough', { description: "'MANHATTAN', 'BROOKLYN', 'QUEENS', 'BRONX' or 'STATEN_ISLAND'." }),
    lines: t.exposeStringList('lines'),
    subwayLines: t.field({
      type: [SubwayLineRef],
      description: 'The lines that stop there, with their bullets and colours.',
      resolve: (s) => s.lines.map(subwayLine),
    }),
  }),
});

export const CommuteDestinationInput = builder.inputType('CommuteDestination', {
  description: 'Where a commute goes: a subway station by id, or a point in New York City (lat and lng). Exactly one of the two.',
  fields: (t) => ({
    stationId: t.string({ description: "A station's id from `subwayStations` ('L08')." }),
    lat: t.float(),
    lng: t.float(),
  }),
});

/** GraphQL's destination (nulls for the absent half) → the shape the search's schema validates. */
export function toCommuteTo(input: { stationId?: string | null; lat?: number | null; lng?: number | null }): unknown {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));
}
