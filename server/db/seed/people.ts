// Users, agent profiles and renters of the seed.

import { NEIGHBORHOODS, type Borough, type Neighborhood } from '../../../common/nyc.js';
import type { Prisma } from '../generated/prisma/client.js';
import { DEMO_AGENT, DEMO_RENTER } from './demo-accounts.js';
import { Rng, uuidFrom } from './random.js';
import { AGENCIES, AGENT_NAMES, RENTER_NAMES, SPECIALTIES, agentBio, emailLocalPart, type PersonName } from './text.js';
import { DAY_MS, daysBefore } from './time.js';

export const SEED_AGENT_COUNT = AGENT_NAMES.length;
export const SEED_RENTER_COUNT = RENTER_NAMES.length;
/** Seed agents created within the last 20 days (no reviews, so the 'New' badge shows). */
export const NEW_AGENT_COUNT = 3;

export const seedAgentUid = (n: number) => `seed-agent-${String(n).padStart(3, '0')}`;
export const seedRenterUid = (n: number) => `seed-renter-${String(n).padStart(2, '0')}`;

export interface AgentProfile {
  userId: string;
  agentId: string;
  firstName: string;
  lastName: string;
  createdAt: Date;
  homeBorough: Borough;
  areas: readonly Neighborhood[];
  isDemo: boolean;
  /** Created within the last 20 days; gets no reviews. */
  isNew: boolean;
  /** Relative share of listings and reviews. */
  weight: number;
  /** Score profile of the reviews this agent receives. */
  quality: 'good' | 'average' | 'poor';
}

export interface RenterProfile {
  userId: string;
  firstName: string;
  lastName: string;
  createdAt: Date;
  isDemo: boolean;
}

export interface People {
  users: Prisma.UserCreateManyInput[];
  agents: Prisma.AgentCreateManyInput[];
  agentProfiles: AgentProfile[];
  renters: RenterProfile[];
}

/** Home boroughs of the seed agents, in proportion to the listings of each borough. */
const BOROUGH_SHARE: readonly (readonly [Borough, number])[] = [
  ['MANHATTAN', 11],
  ['BROOKLYN', 10],
  ['QUEENS', 6],
  ['BRONX', 4],
  ['STATEN_ISLAND', 3],
];

function homeBoroughs(rng: Rng, count: number): Borough[] {
  const list: Borough[] = [];
  for (const [borough, n] of BOROUGH_SHARE) for (let i = 0; i < n; i++) list.push(borough);
  while (list.length < count) list.push(list[list.length % BOROUGH_SHARE.length]!);
  return rng.shuffle(list).slice(0, count);
}

function license(rng: Rng): string {
  return `NY-104${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
}

function userRow(
  id: string,
  name: PersonName,
  email: string,
  phone: string,
  role: 'RENTER' | 'AGENT',
  createdAt: Date,
  photoUrl: string | null,
  lastLoginAt: Date | null,
): Prisma.UserCreateManyInput {
  return {
    id,
    email,
    phone,
    role,
    firstName: name.firstName,
    lastName: name.lastName,
    photoUrl,
    emailVerified: true,
    createdAt,
    updatedAt: lastLoginAt ?? createdAt,
    lastLoginAt,
  };
}

export function buildPeople(seed: string, now: Date, avatars: readonly string[]): People {
  const rng = Rng.derive(seed, 'people');
  const ids = Rng.derive(seed, 'ids:agents');
  const users: Prisma.UserCreateManyInput[] = [];
  const agents: Prisma.AgentCreateManyInput[] = [];
  const agentProfiles: AgentProfile[] = [];
  const renters: RenterProfile[] = [];
  const avatar = (i: number) => (avatars.length > 0 ? avatars[i % avatars.length]! : null);
  const recentLogin = () => new Date(now.getTime() - rng.int(1, 20 * 24) * 3_600_000);

  function addAgent(p: {
    uid: string;
    name: PersonName;
    email: string;
    phone: string;
    createdAt: Date;
    homeBorough: Borough;
    areas: Neighborhood[];
    isDemo: boolean;
    isNew: boolean;
    avatarIndex: number;
  }) {
    const years = p.isNew ? rng.int(1, 4) : rng.int(1, 30);
    const specialties = rng.sample(SPECIALTIES, rng.int(2, 4));
    const agentId = uuidFrom(ids);
    users.push(userRow(p.uid, p.name, p.email, p.phone, 'AGENT', p.createdAt, avatar(p.avatarIndex), recentLogin()));
    agents.push({
      id: agentId,
      userId: p.uid,
      bio: agentBio(
        rng,
        p.name,
        years,
        p.areas.map((a) => a.name),
        specialties.slice(0, 2),
        p.areas[0]!.name,
      ),
      specialties,
      yearsExperience: years,
      propertiesSold: Math.round(years * rng.float(2, 12)),
      rating: 0,
      reviewCount: 0,
      license: license(rng),
      agency: rng.pick(AGENCIES),
      createdAt: p.createdAt,
      updatedAt: p.createdAt,
    });
    agentProfiles.push({
      userId: p.uid,
      agentId,
      firstName: p.name.firstName,
      lastName: p.name.lastName,
      createdAt: p.createdAt,
      homeBorough: p.homeBorough,
      areas: p.areas,
      isDemo: p.isDemo,
      isNew: p.isNew,
      weight: p.isNew ? 0.25 : rng.float(0.5, 1.6),
      quality: rng.weighted([
        ['good', 70],
        ['average', 25],
        ['poor', 5],
      ] as const),
    });
  }

  // The demo agent: Brooklyn-based, long-standing, with reviews.
  const brooklynNorth = ['Williamsburg', 'Greenpoint', 'Bushwick'];
  addAgent({
    uid: DEMO_AGENT.uid,
    name: DEMO_AGENT,
    email: DEMO_AGENT.email,
    phone: DEMO_AGENT.phone,
    createdAt: daysBefore(now, 410),
    homeBorough: 'BROOKLYN',
    areas: NEIGHBORHOODS.filter((n) => brooklynNorth.includes(n.name)),
    isDemo: true,
    isNew: false,
    avatarIndex: 0,
  });

  const boroughs = homeBoroughs(rng, SEED_AGENT_COUNT);
  const newAgents = new Set(
    rng.sample(
      Array.from({ length: SEED_AGENT_COUNT }, (_, i) => i),
      NEW_AGENT_COUNT,
    ),
  );
  AGENT_NAMES.forEach((name, i) => {
    const isNew = newAgents.has(i);
    const homeBorough = boroughs[i]!;
    const local = NEIGHBORHOODS.filter((n) => n.borough === homeBorough);
    const createdAt = isNew
      ? new Date(now.getTime() - rng.int(2 * 24, 19 * 24) * 3_600_000)
      : new Date(now.getTime() - rng.int(45, 3 * 365) * DAY_MS - rng.int(0, 86_399) * 1000);
    addAgent({
      uid: seedAgentUid(i + 1),
      name,
      email: `${emailLocalPart(name)}@example.com`,
      phone: `+1917555${String(1000 + i + 1).padStart(4, '0')}`,
      createdAt,
      homeBorough,
      areas: rng.sample(local, rng.int(2, 3)),
      isDemo: false,
      isNew,
      avatarIndex: i + 1,
    });
  });

  // Renters: the demo renter and 24 more (enough authors for one review per renter and agent).
  const renterRows: { uid: string; name: PersonName; email: string; phone: string; isDemo: boolean }[] = [
    { uid: DEMO_RENTER.uid, name: DEMO_RENTER, email: DEMO_RENTER.email, phone: DEMO_RENTER.phone, isDemo: true },
    ...RENTER_NAMES.map((name, i) => ({
      uid: seedRenterUid(i + 1),
      name,
      email: `${emailLocalPart(name)}@example.com`,
      phone: `+1646555${String(2000 + i + 1).padStart(4, '0')}`,
      isDemo: false,
    })),
  ];
  renterRows.forEach((r, i) => {
    const createdAt = r.isDemo ? daysBefore(now, 300) : new Date(now.getTime() - rng.int(30, 730) * DAY_MS);
    const photo = r.isDemo || rng.chance(0.75) ? avatar(SEED_AGENT_COUNT + 1 + i) : null;
    users.push(userRow(r.uid, r.name, r.email, r.phone, 'RENTER', createdAt, photo, rng.chance(0.8) ? recentLogin() : null));
    renters.push({ userId: r.uid, firstName: r.name.firstName, lastName: r.name.lastName, createdAt, isDemo: r.isDemo });
  });

  return { users, agents, agentProfiles, renters };
}
