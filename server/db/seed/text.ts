// Names, phrases and small text generators for the seed. Everything here is fictional; brokerage
// names are invented.

import type { Rng } from './random.js';

export interface PersonName {
  firstName: string;
  lastName: string;
}

export const AGENT_NAMES: readonly PersonName[] = [
  ['Maria', 'Gonzalez'],
  ['David', 'Cohen'],
  ['Aisha', 'Johnson'],
  ['Kevin', "O'Brien"],
  ['Priya', 'Patel'],
  ['Marcus', 'Williams'],
  ['Elena', 'Petrova'],
  ['Jason', 'Kim'],
  ['Sofia', 'Rossi'],
  ['Andre', 'Baptiste'],
  ['Rachel', 'Goldberg'],
  ['Luis', 'Ramirez'],
  ['Hannah', 'Schwartz'],
  ['Tyrone', 'Jackson'],
  ['Mei', 'Chen'],
  ['Daniel', 'Murphy'],
  ['Fatima', 'Rahman'],
  ['Michael', 'Russo'],
  ['Grace', 'Okafor'],
  ['Brian', 'Sullivan'],
  ['Yuki', 'Tanaka'],
  ['Carlos', 'Mendoza'],
  ['Nicole', 'Fischer'],
  ['Samuel', 'Adeyemi'],
  ['Olivia', 'Bennett'],
  ['Dmitri', 'Volkov'],
  ['Jasmine', 'Rivera'],
  ['Ethan', 'Levine'],
  ['Camille', 'Dubois'],
  ['Omar', 'Haddad'],
  ['Lauren', 'Walsh'],
  ['Victor', 'Nguyen'],
  ['Natalie', 'Brooks'],
  ['Anthony', 'Greco'],
].map(([firstName, lastName]) => ({ firstName: firstName!, lastName: lastName! }));

export const RENTER_NAMES: readonly PersonName[] = [
  ['Jordan', 'Lee'],
  ['Emma', 'Thompson'],
  ['Noah', 'Martinez'],
  ['Chloe', 'Park'],
  ['Liam', 'Walker'],
  ['Ava', 'Hernandez'],
  ['Lucas', 'Green'],
  ['Mia', 'Robinson'],
  ['Benjamin', 'Wright'],
  ['Zoe', 'Alvarez'],
  ['Isaac', 'Friedman'],
  ['Layla', 'Hassan'],
  ['Mateo', 'Rossi'],
  ['Hannah', 'Cohen'],
  ['Elijah', 'Brooks'],
  ['Sofia', 'Nguyen'],
  ['Caleb', 'Murphy'],
  ['Priya', 'Shah'],
  ['Owen', 'Kowalski'],
  ['Grace', 'Adeyemi'],
  ['Daniel', 'Reyes'],
  ['Aaliyah', 'Jenkins'],
  ['Samuel', 'Goldberg'],
  ['Nora', 'Lindqvist'],
].map(([firstName, lastName]) => ({ firstName: firstName!, lastName: lastName! }));

export const AGENCIES: readonly string[] = [
  'Hudson & Vine Realty',
  'Five Boroughs Residential',
  'Brownstone Key Partners',
  'Stoop & Skyline Real Estate',
  'Harborline Realty Group',
  'Bridge & Borough Homes',
  'Meridian Park Residential',
  'Lantern Street Brokerage',
  'Riverside Crest Realty',
  'Kingsway Urban Living',
  'Elm & Ellis Property Advisors',
  'Northlight Rentals NYC',
];

export const SPECIALTIES: readonly string[] = [
  'Luxury Rentals',
  'First-time Renters',
  'Pet-friendly Homes',
  'No-fee Apartments',
  'Relocation',
  'Student Housing',
  'Corporate Housing',
  'Brownstones',
  'New Developments',
  'Family Homes',
  'Lofts',
  'Short-term Sublets',
  'Rent-stabilized Apartments',
  'Investment Properties',
];

/** Lower-case for e-mail local parts: "Kevin O'Brien" → "kevin.obrien". */
export function emailLocalPart(name: PersonName): string {
  return `${name.firstName}.${name.lastName}`.toLowerCase().replace(/[^a-z0-9.]/g, '');
}

/** Landmarks and stations near each neighborhood, keyed by neighborhood slug. */
export const LANDMARKS: Readonly<Record<string, readonly string[]>> = {
  'upper-east-side': ['Carl Schurz Park', 'the Q at 86th Street', 'Museum Mile'],
  'upper-west-side': ['Riverside Park', 'Central Park', 'the 1 train at 79th Street'],
  harlem: ['Marcus Garvey Park', 'the Apollo Theater', 'the 2/3 at 125th Street'],
  midtown: ['Bryant Park', 'Grand Central', 'the shops on Fifth Avenue'],
  chelsea: ['the High Line', 'Chelsea Market', 'Hudson River Park'],
  'greenwich-village': ['Washington Square Park', 'the West 4th Street station', 'Hudson River Park'],
  soho: ['the Spring Street station', 'Washington Square Park', 'the shops on Broadway'],
  'lower-east-side': ['Seward Park', 'the Essex Market', 'the F at Delancey Street'],
  'financial-district': ['Battery Park', 'the Fulton Center', 'the Staten Island Ferry'],
  tribeca: ['Hudson River Park', 'Washington Market Park', 'the 1 at Franklin Street'],
  inwood: ['Inwood Hill Park', 'Fort Tryon Park', 'the A at Dyckman Street'],
  'washington-heights': ['Fort Tryon Park', 'the Cloisters', 'the A at 181st Street'],
  williamsburg: ['Domino Park', 'McCarren Park', 'the L at Bedford Avenue'],
  greenpoint: ['McGolrick Park', 'WNYC Transmitter Park', 'the G at Greenpoint Avenue'],
  bushwick: ['Maria Hernandez Park', 'the Bushwick Collective murals', 'the L at Jefferson Street'],
  'bedford-stuyvesant': ['Herbert Von King Park', 'Fulton Park', 'the A/C at Nostrand Avenue'],
  'crown-heights': ['the Brooklyn Museum', 'the Brooklyn Botanic Garden', 'the 2/3 at Franklin Avenue'],
  'park-slope': ['Prospect Park', 'the Park Slope Food Coop', 'the F/G at 7th Avenue'],
  'brooklyn-heights': ['the Brooklyn Heights Promenade', 'Brooklyn Bridge Park', 'Borough Hall'],
  dumbo: ['Brooklyn Bridge Park', "Jane's Carousel", 'the F at York Street'],
  'bay-ridge': ['Shore Road Park', "Owl's Head Park", 'the R at 86th Street'],
  bensonhurst: ['Dyker Beach Park', 'the D at 18th Avenue', 'the shops along 86th Street'],
  flatbush: ['Prospect Park', 'the Flatbush Avenue shops', 'the B/Q at Church Avenue'],
  astoria: ['Astoria Park', 'the N/W at Ditmars Boulevard', 'Kaufman Astoria Studios'],
  'long-island-city': ['Gantry Plaza State Park', 'MoMA PS1', 'the 7 at Vernon Boulevard'],
  sunnyside: ['Sunnyside Gardens', 'the 7 at 46th Street', 'the Skillman Avenue cafes'],
  'jackson-heights': ['Travers Park', 'the 74th Street subway hub', 'the historic garden co-ops'],
  flushing: ['Flushing Meadows Corona Park', 'Queens Botanical Garden', 'the 7 at Main Street'],
  'forest-hills': ['Forest Hills Gardens', 'Forest Park', 'the E/F at 71st Avenue'],
  jamaica: ['Rufus King Park', 'the Jamaica Center station', 'the AirTrain to JFK'],
  bayside: ['Crocheron Park', 'Fort Totten Park', 'the LIRR at Bayside'],
  riverdale: ['Wave Hill', 'Van Cortlandt Park', 'the Riverdale Metro-North station'],
  kingsbridge: ['Van Cortlandt Park', 'the 1 at 231st Street', 'the Broadway shops'],
  fordham: ['the New York Botanical Garden', 'the Bronx Zoo', 'Arthur Avenue'],
  'mott-haven': ["St. Mary's Park", 'the 6 at Brook Avenue', 'the Bruckner Boulevard cafes'],
  'throggs-neck': ['Ferry Point Park', 'Fort Schuyler', 'the East Tremont Avenue shops'],
  'pelham-bay': ['Pelham Bay Park', 'Orchard Beach', 'the 6 at Pelham Bay Park'],
  'st-george': ['the Staten Island Ferry', 'the St. George Theatre', 'the waterfront esplanade'],
  tompkinsville: ['the Staten Island Railway', 'Tompkinsville Park', 'the St. George ferry terminal'],
  'great-kills': ['Great Kills Park', 'the Great Kills marina', 'the Staten Island Railway'],
  tottenville: ['Conference House Park', 'the Tottenville SIR station', "Wolfe's Pond Park"],
  'new-dorp': ['Miller Field', 'New Dorp Beach', 'the shops on New Dorp Lane'],
  'south-beach': ['the FDR Boardwalk', 'South Beach', 'Ocean Breeze Park'],
};

/** Free-text amenity tags of the `amenities` list (the enum lists cover the form's checkboxes). */
export const AMENITY_TAGS: readonly string[] = [
  'Near subway',
  'Renovated kitchen',
  'Exposed brick',
  'Natural light',
  'Outdoor space',
  'Laundry nearby',
  'Quiet block',
  'Live-in super',
  'Video intercom',
  'Keyless entry',
  'Stainless steel appliances',
  'Pass-through kitchen',
  'Home office nook',
  'Tree-lined street',
  'Close to park',
  'Virtual doorman',
  'Bike room',
  'Shared backyard',
];

// --- Agent bios -------------------------------------------------------------------------------------

const BIO_TRAITS = [
  'quick replies and straight answers',
  'a sharp eye for value',
  'patient, no-pressure showings',
  'untangling guarantor and co-signer requirements',
  'finding deals before they hit the big sites',
  'honest advice about every block',
  'keeping applications moving when landlords go quiet',
];

const BIO_PERSONAL = [
  'A lifelong New Yorker, {first} grew up a few blocks from {hood}.',
  'Before real estate, {first} spent six years in hospitality and still treats every client like a guest.',
  'Outside work, {first} can usually be found running the loop in Prospect Park.',
  '{first} moved to the city for college and never left.',
  'Weekends are for exploring new restaurants across the five boroughs.',
  '{first} rents in {hood} and knows the neighborhood block by block.',
  'Clients often come back years later to rent their next home with {first}.',
];

export function agentBio(
  rng: Rng,
  name: PersonName,
  years: number,
  areas: readonly string[],
  specialties: readonly string[],
  hood: string,
): string {
  const first = name.firstName;
  const areaText = listText(areas);
  const yearsText = years <= 1 ? 'for the past year' : `for ${years} years`;
  const spec = specialties.map((s) => s.toLowerCase());
  const s1 = `${first} has helped renters find homes in ${areaText} ${yearsText}.`;
  const s2 = `Focused on ${listText(spec)}, ${first} is known for ${rng.pick(BIO_TRAITS)}.`;
  const parts = [s1, s2];
  if (rng.chance(0.75)) parts.push(fill(rng.pick(BIO_PERSONAL), { first, hood }));
  return parts.join(' ');
}

// --- Listing titles and descriptions ----------------------------------------------------------------

const WITH_ARTICLE = new Set(['Upper East Side', 'Upper West Side', 'Lower East Side', 'Financial District']);

/** A neighborhood name as it reads after "in": "the Upper West Side", "Williamsburg". */
export function inNeighborhood(name: string): string {
  return WITH_ARTICLE.has(name) ? `the ${name}` : name;
}

/** Unit features as they read in a sentence. */
export const UNIT_FEATURE_PHRASES: Readonly<Record<string, string>> = {
  BALCONY: 'a private balcony',
  TERRACE: 'an outdoor terrace',
  FIREPLACE: 'a decorative fireplace',
  WALK_IN_CLOSET: 'a walk-in closet',
  HARDWOOD_FLOORS: 'hardwood floors',
  HIGH_CEILINGS: 'high ceilings',
  DISHWASHER: 'a dishwasher',
  AIR_CONDITIONING: 'air conditioning',
};

/** Building amenities as they read in a sentence. */
export const BUILDING_AMENITY_PHRASES: Readonly<Record<string, string>> = {
  ELEVATOR: 'an elevator',
  DOORMAN: 'a full-time doorman',
  FITNESS_CENTER: 'a fitness center',
  SWIMMING_POOL: 'a swimming pool',
  ROOFTOP_DECK: 'a rooftop deck',
  CONCIERGE: 'concierge service',
  BIKE_STORAGE: 'bike storage',
  PACKAGE_ROOM: 'a package room',
  STORAGE_AVAILABLE: 'extra storage',
  GARDEN_COURTYARD: 'a garden courtyard',
};

export interface ListingTextInput {
  bedrooms: number;
  propertyTypeLabel: string;
  propertyType: string;
  listingType: 'FOR_RENT' | 'FOR_SALE' | 'SUBLET';
  neighborhood: string;
  neighborhoodSlug: string;
  street: string;
  highlights: readonly string[];
  /** Unit feature enum values. */
  unitFeatures: readonly string[];
  /** Building amenity enum values. */
  buildingAmenities: readonly string[];
  flooringLabel: string | null;
  laundryLabel: string | null;
  petsAllowed: boolean;
  buildingKind: 'luxury' | 'elevator' | 'walkup' | 'house';
  availableNow: boolean;
}

const ADJECTIVES = [
  'Sunny',
  'Bright',
  'Spacious',
  'Renovated',
  'Charming',
  'Modern',
  'Prewar',
  'Quiet',
  'Light-filled',
  'Classic',
  'Updated',
  'Airy',
];

export function bedroomsShort(bedrooms: number): string {
  return bedrooms === 0 ? 'Studio' : `${bedrooms}BR`;
}

function bedroomsLong(bedrooms: number): string {
  if (bedrooms === 0) return 'studio';
  return `${bedrooms}-bedroom`;
}

export function listingTitle(rng: Rng, t: ListingTextInput): string {
  let adjective = rng.pick(ADJECTIVES);
  if (t.buildingKind === 'luxury' && rng.chance(0.5)) adjective = 'Luxury';
  if (t.bedrooms === 0 && rng.chance(0.4)) adjective = 'Cozy';
  const br = bedroomsShort(t.bedrooms);
  const noun =
    t.propertyType === 'APARTMENT' || t.propertyType === 'STUDIO'
      ? ''
      : t.propertyType === 'HOUSE' || t.propertyType === 'TOWNHOUSE'
        ? ` ${t.bedrooms === 0 ? '' : `${t.bedrooms}-Bedroom `}${t.propertyTypeLabel}`.replace('  ', ' ')
        : ` ${t.propertyTypeLabel}`;
  const head = t.propertyType === 'HOUSE' || t.propertyType === 'TOWNHOUSE' ? `${adjective}${noun}` : `${adjective} ${br}${noun}`;
  const highlight = t.highlights[0];
  const form = rng.int(0, 3);
  let title: string;
  if (form === 0 && highlight) title = `${head} with ${highlight} in ${inNeighborhood(t.neighborhood)}`;
  else if (form === 1) title = `${head} on ${t.street}`;
  else if (form === 2 && highlight) title = `${head} with ${highlight} — ${t.neighborhood}`;
  else title = `${head} in ${inNeighborhood(t.neighborhood)}`;
  if (t.listingType === 'SUBLET') title = `${rng.pick(['Summer Sublet', 'Furnished Sublet', 'Short-term Sublet'])}: ${title}`;
  if (t.listingType === 'FOR_SALE') title = `For Sale: ${title}`;
  return title;
}

const BLOCKS = ['a quiet, tree-lined block of', 'a lively stretch of', 'a classic residential block of', 'a sunny corner of'];

export function listingDescription(rng: Rng, t: ListingTextInput): string {
  const landmarks = LANDMARKS[t.neighborhoodSlug] ?? [];
  const kind = t.propertyType === 'APARTMENT' || t.propertyType === 'STUDIO' ? 'apartment' : t.propertyTypeLabel.toLowerCase();
  const sentences: string[] = [];
  sentences.push(
    `This ${rng.pick(['bright', 'well-kept', 'thoughtfully updated', 'generously sized', 'inviting'])} ${bedroomsLong(t.bedrooms)} ${kind} sits on ${rng.pick(BLOCKS)} ${t.street} in ${inNeighborhood(t.neighborhood)}.`,
  );
  const features = t.unitFeatures.slice(0, 3).map((f) => UNIT_FEATURE_PHRASES[f] ?? f.toLowerCase());
  const flooring: Readonly<Record<string, string>> = {
    Tile: 'tile floors',
    Carpet: 'wall-to-wall carpeting',
    Vinyl: 'easy-care vinyl plank floors',
  };
  if (t.flooringLabel && flooring[t.flooringLabel]) features.push(flooring[t.flooringLabel]!);
  if (t.laundryLabel === 'In-Unit') features.push('an in-unit washer/dryer');
  if (features.length > 0) sentences.push(`Highlights include ${listText(features)}.`);
  const amenities = t.buildingAmenities.map((a) => BUILDING_AMENITY_PHRASES[a] ?? a.toLowerCase());
  if (t.buildingKind === 'luxury' && amenities.length > 0) {
    sentences.push(`Residents enjoy ${listText(amenities.slice(0, 4))}.`);
  } else if (t.buildingKind === 'walkup') {
    sentences.push(
      rng.pick([
        'It is a well-maintained walk-up with a responsive management company.',
        'The walk-up building is small and friendly, with a super on site.',
        'A classic walk-up with character, kept in great shape by the owner.',
      ]),
    );
  } else if (t.buildingKind === 'house') {
    sentences.push(
      rng.pick([
        'You get the feel of a private home with room to spread out.',
        'There is a private entrance and plenty of storage.',
      ]),
    );
  } else if (amenities.length > 0) {
    sentences.push(`The building offers ${listText(amenities.slice(0, 3))}.`);
  }
  if (landmarks.length > 0 && rng.chance(0.85)) {
    const [a, b] = rng.sample(landmarks, 2);
    sentences.push(b ? `${capitalize(a!)} and ${b} are a short walk away.` : `${capitalize(a!)} is a short walk away.`);
  }
  if (t.petsAllowed && rng.chance(0.5)) sentences.push('Pets are welcome.');
  if (t.availableNow && rng.chance(0.5)) sentences.push('Available now; showings by appointment.');
  if (t.listingType === 'SUBLET') sentences.push('Furnished, with flexible move-in dates.');
  return sentences.slice(0, 4).join(' ');
}

// --- Reviews ----------------------------------------------------------------------------------------

const POSITIVE_OPENERS = [
  '{first} made our apartment search so much easier.',
  'Working with {first} was a genuinely good experience.',
  "I can't recommend {first} enough.",
  '{first} found us a great place in {hood} in under two weeks.',
  'We relocated from out of state and {first} handled almost everything remotely.',
  'Second time renting through {first} and it was just as smooth.',
  'As a first-time renter in the city I was nervous, but {first} walked me through every step.',
];

const POSITIVE_DETAILS = [
  '{first} always replied within the hour, even on weekends.',
  'The listing photos and description were accurate, with no surprises on move-in day.',
  'The application and lease paperwork were explained clearly, and we knew every fee up front.',
  '{first} knew the building history and was honest about the downsides of each unit.',
  'When the landlord was slow to approve our guarantor, {first} followed up daily until it was done.',
  'We saw six apartments in one afternoon and every one of them matched our list.',
  'We ended up with a month free on a 13-month lease, which we did not expect.',
  'Finding a building that takes two cats felt impossible until {first} got involved.',
  'Great tips about the neighborhood too: the best coffee, the quietest blocks, which subway entrance to use.',
  'The apartment was spotless when we got the keys.',
  'Every showing started on time.',
];

const POSITIVE_CLOSERS = [
  'Would absolutely work with {first} again.',
  'Highly recommended.',
  'If you are looking in {hood}, call {first}.',
  'We love the new place.',
  'Thank you, {first}!',
];

const MIXED = [
  '{first} was friendly and knew the area, but responses could take a day or two.',
  'The apartment was as described, though the showing schedule changed twice.',
  'Paperwork took longer than promised and we had to ask twice for a copy of the lease.',
  'A couple of the listings we went to see had already been rented.',
  'Helpful during the search, harder to reach once the lease was signed.',
  'The unit was fine, but the photos were taken with a very wide lens.',
];

const MIXED_CLOSERS = ['Okay overall.', 'Not bad, but there is room for improvement.', 'We did end up with a decent apartment.'];

const NEGATIVE = [
  'It was hard to get any answer after our application went in.',
  'The photos made the unit look much bigger and brighter than it is.',
  'We were told there was no broker fee, then it showed up on the lease.',
  'Two scheduled showings were missed without notice.',
  'The unit had problems that were never disclosed, and follow-up was slow.',
  'The application fee was more than the legal limit and it took weeks to get it back.',
];

const NEGATIVE_CLOSERS = ['Would not use again.', 'Disappointing.', 'Get everything in writing.'];

export function reviewComment(rng: Rng, score: number, agentFirst: string, hood: string): string {
  const vars = { first: agentFirst, hood };
  const parts: string[] = [];
  if (score >= 4) {
    parts.push(rng.pick(POSITIVE_OPENERS));
    parts.push(...rng.sample(POSITIVE_DETAILS, rng.int(score === 5 ? 1 : 0, 3)));
    if (score === 4 && rng.chance(0.5)) parts.push(rng.pick(MIXED));
    if (rng.chance(0.7)) parts.push(rng.pick(POSITIVE_CLOSERS));
  } else if (score === 3) {
    parts.push(...rng.sample(MIXED, rng.int(1, 2)));
    if (rng.chance(0.5)) parts.push(rng.pick(POSITIVE_DETAILS));
    parts.push(rng.pick(MIXED_CLOSERS));
  } else {
    parts.push(...rng.sample(NEGATIVE, rng.int(1, 2)));
    if (rng.chance(0.4)) parts.push(rng.pick(MIXED));
    parts.push(rng.pick(NEGATIVE_CLOSERS));
  }
  return clampText(parts.map((p) => fill(p, vars)).join(' '), 1000);
}

// --- Messages ---------------------------------------------------------------------------------------

export interface ConversationInput {
  renterFirst: string;
  agentFirst: string;
  street: string;
  shortTitle: string;
  availableText: string;
  petsAllowed: boolean;
}

type Topic = 'showing' | 'costs' | 'pets';

/** Two or three messages on one topic: renter asks, agent answers, sometimes the renter follows up. */
export function conversation(
  rng: Rng,
  c: ConversationInput,
  count: 2 | 3,
): { from: 'renter' | 'agent'; subject: string | null; content: string }[] {
  const topic: Topic = rng.weighted([
    ['showing', 50],
    ['costs', 30],
    ['pets', 20],
  ] as const);
  const ask: Record<Topic, readonly string[]> = {
    showing: [
      `Hi ${c.agentFirst}, is the ${c.shortTitle} on ${c.street} still available? I'd love to see it this week.`,
      `Hello! I'm interested in the apartment on ${c.street}. Is there a showing this weekend?`,
    ],
    costs: [
      `Hi ${c.agentFirst}, could you tell me more about the ${c.shortTitle}? What are the move-in costs?`,
      `Hi! What would I need to pay up front for the apartment on ${c.street}?`,
    ],
    pets: [`Hi ${c.agentFirst}, I have a cat. Is the ${c.shortTitle} on ${c.street} pet-friendly?`],
  };
  const reply: Record<Topic, string> = {
    showing: `Hi ${c.renterFirst}! Yes, it's available ${c.availableText}. I have openings Thursday at 6pm or Saturday at 11am. Which works better?`,
    costs: `Thanks for reaching out, ${c.renterFirst}. Move-in is the first month's rent plus a one-month security deposit and a $20 application fee. It's available ${c.availableText}.`,
    pets: c.petsAllowed
      ? `Hi ${c.renterFirst}, cats are welcome here. It's available ${c.availableText}. Would you like to come see it?`
      : `Hi ${c.renterFirst}, unfortunately this building is no pets, but I have two similar pet-friendly units nearby if you'd like to see them.`,
  };
  const followUp: Record<Topic, readonly string[]> = {
    showing: [
      'Saturday at 11 works great. Should I bring anything for the application?',
      'Thursday at 6 is perfect, see you then!',
    ],
    costs: ['Thanks! Could I see it this weekend?', 'That works for me. How do I apply?'],
    pets: c.petsAllowed ? ['Great, could I come by Saturday morning?'] : ['Yes please, send them over!'],
  };
  const messages: { from: 'renter' | 'agent'; subject: string | null; content: string }[] = [
    { from: 'renter', subject: rng.chance(0.5) ? `Question about the ${c.shortTitle}` : null, content: rng.pick(ask[topic]) },
    { from: 'agent', subject: null, content: reply[topic] },
  ];
  if (count === 3) messages.push({ from: 'renter', subject: null, content: rng.pick(followUp[topic]) });
  return messages;
}

export const OPEN_HOUSE_NOTES: readonly string[] = [
  'Ring the buzzer for the super.',
  'Please bring a photo ID.',
  'Meet in the lobby.',
  'Shoes off inside, please.',
  'Appointment preferred but walk-ins welcome.',
];

// --- Small helpers ----------------------------------------------------------------------------------

export function listText(items: readonly string[]): string {
  if (items.length === 0) return '';
  if (items.length === 1) return items[0]!;
  if (items.length === 2) return `${items[0]} and ${items[1]}`;
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function fill(template: string, vars: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => vars[key] ?? match);
}

/** Trims a text to at most `max` characters, cutting at the last sentence end that fits. */
export function clampText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = cut.lastIndexOf('. ');
  return end > 0 ? cut.slice(0, end + 1) : cut.trimEnd();
}

/** kebab-case of a title, ASCII only, at most `max` characters. */
export function kebab(text: string, max = 60): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, max).replace(/-+$/g, '');
}
