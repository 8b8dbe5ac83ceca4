// What a partner's answer held (`extensions.cost.actual`): every object of the answer counted once,
// whatever fragments and aliases its selection was written with; each selection is collected once
// per answer, so the count must not depend on which object of a list was seen first.
import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { actualCost } from './limits.js';

const schema = buildSchema(`
  type Query { properties(first: Int): Connection }
  type Connection { edges: [Edge!]! pageInfo: PageInfo! }
  type PageInfo { hasNextPage: Boolean! }
  type Edge { node: Property! }
  type Property { id: ID! photos: [Photo!]! agent: Agent nearbyStations: [NearbyStation!]! }
  type Photo { url: String! }
  type Agent { name: String! }
  type NearbyStation { name: String! }
`);

const node = (photos: number, agent: boolean) => ({
  id: 'x',
  photos: Array.from({ length: photos }, () => ({ url: 'u' })),
  cover: photos ? [{ url: 'u' }] : [],
  agent: agent ? { name: 'A' } : null,
  nearbyStations: [{ name: 'S' }],
});

describe('actualCost', () => {
  it('counts each object of the answer: pages, lists, relations and aliases, not the free objects', () => {
    const document = parse(`
      query Page {
        properties(first: 3) {
          edges { node { ...Card cover: photos { url } } }
          pageInfo { hasNextPage }
        }
      }
      fragment Card on Property { id photos { url } agent { ...Who } nearbyStations { name } }
      fragment Who on Agent { name }
    `);
    const data = {
      properties: {
        edges: [{ node: node(2, true) }, { node: node(0, false) }, { node: node(3, true) }],
        pageInfo: { hasNextPage: false },
      },
    };
    // The connection 1, pageInfo 1, 3 edges, 3 nodes, 5 photos, 2 covers, 2 agents; the stations are free.
    expect(actualCost(schema, document, 'Page', data)).toBe(1 + 1 + 3 + 3 + 5 + 2 + 2);
    // An empty page: the connection and its pageInfo.
    expect(actualCost(schema, document, 'Page', { properties: { edges: [], pageInfo: { hasNextPage: false } } })).toBe(2);
  });
});
