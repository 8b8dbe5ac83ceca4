import { builder } from '../../graphql/builder.js';
import { subwayLines, subwayStations } from './nearby.js';
import { SubwayLineRef, SubwayStationRef } from './transit.schema.js';

builder.queryFields((t) => ({
  subwayLines: t.field({
    type: [SubwayLineRef],
    description:
      "Every subway line of the shipped MTA data, in the MTA's order, with its bullet and colours (the 'Subway lines' filter).",
    resolve: () => subwayLines(),
  }),
}));

builder.queryFields((t) => ({
  subwayStations: t.field({
    type: [SubwayStationRef],
    description: 'Every subway station of the shipped MTA data (complexes merged), by name: for picking a commute destination.',
    resolve: () => subwayStations(),
  }),
}));
