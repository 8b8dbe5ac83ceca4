// Deterministic randomness for the seed: mulberry32 plus a few helpers. Never Math.random.

/** A 32-bit seed from a string (FNV-1a followed by a murmur3 finaliser). */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The mulberry32 generator: returns a function yielding uint32 values. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

export class Rng {
  private readonly nextUint: () => number;

  constructor(seed: number | string) {
    this.nextUint = mulberry32(typeof seed === 'string' ? hashSeed(seed) : seed);
  }

  /** An independent generator derived from this one's seed material and a label. */
  static derive(base: string, label: string): Rng {
    return new Rng(`${base}:${label}`);
  }

  uint32(): number {
    return this.nextUint();
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextUint() / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    if (max < min) throw new RangeError(`int(${min}, ${max})`);
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** True with the given probability. */
  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One of the entries, with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    if (entries.length === 0 || total <= 0) throw new RangeError('weighted pick without weight');
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  /** `count` distinct items in random order (all of them when count exceeds the length). */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, count));
  }

  /** Each item independently kept with its probability, in the original order. */
  subset<T>(entries: readonly (readonly [T, number])[]): T[] {
    return entries.filter(([, p]) => this.chance(p)).map(([value]) => value);
  }

  /** Approximately normal (mean 0, sd 1), from the sum of uniforms. */
  gaussian(): number {
    let s = 0;
    for (let i = 0; i < 6; i++) s += this.next();
    return (s - 3) / Math.sqrt(0.5);
  }
}

/** A valid RFC 4122 version-4-format UUID drawn from the generator. */
export function uuidFrom(rng: Rng): string {
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i += 4) {
    const v = rng.uint32();
    bytes[i] = v >>> 24;
    bytes[i + 1] = (v >>> 16) & 0xff;
    bytes[i + 2] = (v >>> 8) & 0xff;
    bytes[i + 3] = v & 0xff;
  }
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A short lower-case base-36 suffix (for slugs). */
export function shortId(rng: Rng, length = 6): string {
  let out = '';
  while (out.length < length) out += rng.uint32().toString(36).padStart(7, '0').slice(-5);
  return out.slice(0, length);
}
