// Seed photos: SVG scenes (rooms and street fronts) rendered with sharp to WebP, as uploaded photos are
// stored (server/modules/uploads/photo.ts: the same format and qualities), so that pages show the demo's
// listings as they show real ones: a third of the bytes of the JPEG they were until 28 Nov. A pool of
// distinct images is rendered once and shared by all listings; avatars likewise.

import sharp from 'sharp';
import { OUTPUT, PHOTO_QUALITY } from '../../modules/uploads/photo.js';
import type { Storage } from '../../modules/uploads/storage.js';
import { Rng } from './random.js';

export const PHOTO_WIDTH = 1200;
export const PHOTO_HEIGHT = 800;
export const THUMB_WIDTH = 400;
export const THUMB_HEIGHT = 267;
export const AVATAR_SIZE = 256;

export type PhotoKind = 'brownstone' | 'tower' | 'house' | 'living' | 'bedroom' | 'kitchen' | 'bathroom';

export interface PoolPhoto {
  index: number;
  kind: PhotoKind;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

/** How many pool images of each kind (40 in all). */
export const PHOTO_POOL_PLAN: readonly (readonly [PhotoKind, number])[] = [
  ['brownstone', 4],
  ['tower', 3],
  ['house', 3],
  ['living', 10],
  ['bedroom', 9],
  ['kitchen', 7],
  ['bathroom', 4],
];

export const AVATAR_POOL_SIZE = 20;

export function photoPoolKinds(): PhotoKind[] {
  return PHOTO_POOL_PLAN.flatMap(([kind, count]) => Array.from({ length: count }, () => kind));
}

const pad2 = (i: number) => String(i).padStart(2, '0');
export const photoKey = (index: number) => `seed/photo-${pad2(index)}.${OUTPUT.ext}`;
export const photoThumbKey = (index: number) => `seed/photo-${pad2(index)}-thumb.${OUTPUT.ext}`;
export const avatarKey = (index: number) => `seed/avatar-${pad2(index)}.${OUTPUT.ext}`;

// --- Palettes ---------------------------------------------------------------------------------------

const WALLS = [
  '#f4efe6',
  '#e9e4da',
  '#f2ede4',
  '#dfe6e9',
  '#e8e0d5',
  '#f5f1ea',
  '#e3dccf',
  '#dde3d8',
  '#efe7dc',
  '#e6e9ee',
  '#f0e6d8',
];
const WOODS = ['#b07d4f', '#c49a6c', '#8b5e3c', '#a9825a', '#d2b48c', '#7a5230', '#b8926a'];
const TILES = ['#d9d6d0', '#c9c6c0', '#e4e1da', '#b9b6b1', '#cfd6da'];
const FABRICS = ['#55657a', '#8a9a8b', '#b5694a', '#3f4a5a', '#c9b79c', '#6d597a', '#2f5d62', '#9e7b5a', '#4e6e58'];
const ACCENTS = ['#e0a458', '#c44536', '#2a9d8f', '#e9c46a', '#457b9d', '#8d6a9f', '#d17a5b'];
const SKIES: readonly (readonly [string, string])[] = [
  ['#7fb8f0', '#d4ebff'],
  ['#8ec5ff', '#e6f3ff'],
  ['#f6a365', '#fde2b8'],
  ['#c5ccd6', '#eef1f4'],
  ['#5b7fb5', '#f2c38e'],
];
const FACADES = ['#7b4b3a', '#8a5a44', '#6e4231', '#9c6b50', '#a0522d', '#8b3a2f', '#d8cbb3', '#b9a58a', '#7d6b5d'];
const SIDINGS = ['#e8e2d6', '#c9d6df', '#d9cdb8', '#f1efe9', '#b7c4b1', '#e3d3c3'];
const SKIN = ['#f1c7a5', '#e0ac69', '#c68642', '#8d5524', '#5c3a21', '#f6d5b8'];
const HAIR = ['#2b1d14', '#4a2f1c', '#0f0f0f', '#7a4b24', '#b78a4a', '#9a9a9a', '#5a3825'];
const AVATAR_BG = ['#457b9d', '#2a9d8f', '#e76f51', '#8d6a9f', '#e9c46a', '#264653', '#f4a261', '#6a994e', '#bc4749', '#577590'];

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = (v: number) => Math.max(0, Math.min(255, Math.round(amount < 0 ? v * (1 + amount) : v + (255 - v) * amount)));
  const r = ch((n >> 16) & 0xff);
  const g = ch((n >> 8) & 0xff);
  const b = ch(n & 0xff);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

const f = (v: number) => Math.round(v * 10) / 10;

function svgDoc(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

// --- Rooms ------------------------------------------------------------------------------------------

interface Room {
  bx0: number;
  bx1: number;
  by0: number;
  by1: number;
  wall: string;
  defs: string[];
  body: string[];
}

function roomShell(rng: Rng, floor: string, wall: string, planks: boolean): Room {
  const W = PHOTO_WIDTH;
  const H = PHOTO_HEIGHT;
  const bx0 = rng.int(200, 300);
  const bx1 = W - rng.int(200, 300);
  const by0 = rng.int(110, 160);
  const by1 = rng.int(545, 600);
  const body: string[] = [];
  body.push(`<rect width="${W}" height="${H}" fill="${wall}"/>`);
  body.push(`<polygon points="0,0 ${W},0 ${bx1},${by0} ${bx0},${by0}" fill="${shade(wall, 0.35)}"/>`);
  body.push(`<polygon points="0,0 ${bx0},${by0} ${bx0},${by1} 0,${H}" fill="${shade(wall, -0.1)}"/>`);
  body.push(`<polygon points="${W},0 ${bx1},${by0} ${bx1},${by1} ${W},${H}" fill="${shade(wall, -0.16)}"/>`);
  body.push(`<polygon points="0,${H} ${bx0},${by1} ${bx1},${by1} ${W},${H}" fill="${floor}"/>`);
  if (planks) {
    const k = 14;
    for (let i = 1; i < k; i++) {
      const xb = (i * W) / k;
      const xt = bx0 + ((bx1 - bx0) * i) / k;
      body.push(
        `<line x1="${f(xt)}" y1="${by1}" x2="${f(xb)}" y2="${H}" stroke="${shade(floor, -0.18)}" stroke-width="2" opacity="0.6"/>`,
      );
    }
  } else {
    // tile joints: lines across the floor only (clipped to the floor polygon)
    const joints: string[] = [];
    for (let i = 1; i < 6; i++) {
      const t = i / 6;
      const y = by1 + (H - by1) * t * t;
      joints.push(
        `<line x1="0" y1="${f(y)}" x2="${W}" y2="${f(y)}" stroke="${shade(floor, -0.15)}" stroke-width="2" opacity="0.5"/>`,
      );
    }
    body.push(
      `<clipPath id="floorClip"><polygon points="0,${H} ${bx0},${by1} ${bx1},${by1} ${W},${H}"/></clipPath><g clip-path="url(#floorClip)">${joints.join('')}</g>`,
    );
  }
  // baseboard along the back wall
  body.push(`<rect x="${bx0}" y="${by1 - 12}" width="${bx1 - bx0}" height="12" fill="${shade(wall, 0.5)}"/>`);
  return { bx0, bx1, by0, by1, wall, defs: [], body };
}

function windowOn(room: Room, rng: Rng, x: number, y: number, w: number, h: number, id: string): void {
  const [top, bottom] = rng.pick(SKIES);
  room.defs.push(
    `<linearGradient id="sky${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
  );
  room.defs.push(`<clipPath id="clip${id}"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath>`);
  room.body.push(`<rect x="${x - 10}" y="${y - 10}" width="${w + 20}" height="${h + 24}" fill="${shade(room.wall, 0.6)}"/>`);
  room.body.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#sky${id})"/>`);
  // skyline behind the glass
  const skyline: string[] = [];
  let cx = x - 10;
  while (cx < x + w) {
    const bw = rng.int(30, 80);
    const bh = rng.int(Math.round(h * 0.15), Math.round(h * 0.65));
    const tone = shade('#6b7785', rng.float(-0.3, 0.25));
    skyline.push(`<rect x="${cx}" y="${y + h - bh}" width="${bw}" height="${bh}" fill="${tone}"/>`);
    for (let wy = y + h - bh + 8; wy < y + h - 6; wy += 14) {
      for (let wx = cx + 6; wx < cx + bw - 6; wx += 12) {
        if (rng.chance(0.35)) skyline.push(`<rect x="${wx}" y="${wy}" width="5" height="7" fill="#f7e7a6" opacity="0.7"/>`);
      }
    }
    cx += bw + rng.int(0, 10);
  }
  room.body.push(`<g clip-path="url(#clip${id})">${skyline.join('')}</g>`);
  // mullions and sill
  const frame = '#fbfaf7';
  room.body.push(`<rect x="${x + w / 2 - 4}" y="${y}" width="8" height="${h}" fill="${frame}"/>`);
  room.body.push(`<rect x="${x}" y="${y + h * 0.45}" width="${w}" height="8" fill="${frame}"/>`);
  room.body.push(`<rect x="${x - 16}" y="${y + h + 8}" width="${w + 32}" height="12" fill="${shade(room.wall, 0.7)}"/>`);
  // curtains on some windows
  if (rng.chance(0.5)) {
    const c = rng.pick(FABRICS);
    room.body.push(`<rect x="${x - 40}" y="${y - 24}" width="46" height="${h + 60}" fill="${shade(c, 0.3)}" opacity="0.9"/>`);
    room.body.push(`<rect x="${x + w - 6}" y="${y - 24}" width="46" height="${h + 60}" fill="${shade(c, 0.3)}" opacity="0.9"/>`);
  }
}

function plant(x: number, y: number, scale: number, rng: Rng): string {
  const pot = rng.pick(['#c9793f', '#e8e4dc', '#3d3d3d', '#a86f4c']);
  const green = rng.pick(['#4f7942', '#3a6b35', '#5c8d4a', '#2e5e3e']);
  const s = scale;
  const leaves = Array.from({ length: 7 }, (_, i) => {
    const a = (i / 7) * Math.PI - Math.PI;
    return `<ellipse cx="${f(x + Math.cos(a) * 34 * s)}" cy="${f(y - 70 * s + Math.sin(a) * 46 * s)}" rx="${f(22 * s)}" ry="${f(34 * s)}" fill="${shade(green, (i % 3) * 0.08)}"/>`;
  }).join('');
  return `${leaves}<polygon points="${f(x - 26 * s)},${f(y - 50 * s)} ${f(x + 26 * s)},${f(y - 50 * s)} ${f(x + 20 * s)},${y} ${f(x - 20 * s)},${y}" fill="${pot}"/>`;
}

function lamp(x: number, y: number, h: number, shadeColor: string): string {
  return `<rect x="${x - 3}" y="${y - h}" width="6" height="${h}" fill="#3b3b3b"/><ellipse cx="${x}" cy="${y}" rx="22" ry="6" fill="#3b3b3b"/><polygon points="${x - 34},${y - h + 10} ${x + 34},${y - h + 10} ${x + 22},${y - h - 40} ${x - 22},${y - h - 40}" fill="${shadeColor}"/>`;
}

function artwork(x: number, y: number, w: number, h: number, rng: Rng): string {
  const a = rng.pick(ACCENTS);
  const b = rng.pick(ACCENTS);
  return `<rect x="${x - 6}" y="${y - 6}" width="${w + 12}" height="${h + 12}" fill="#2f2f2f"/><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#f6f3ee"/><circle cx="${f(x + w * 0.35)}" cy="${f(y + h * 0.45)}" r="${f(Math.min(w, h) * 0.25)}" fill="${a}" opacity="0.85"/><rect x="${f(x + w * 0.5)}" y="${f(y + h * 0.3)}" width="${f(w * 0.35)}" height="${f(h * 0.5)}" fill="${b}" opacity="0.8"/>`;
}

function finishRoom(room: Room, rng: Rng): string {
  room.defs.push(
    `<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></radialGradient>`,
    `<linearGradient id="light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="${f(rng.float(0.05, 0.18))}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`,
  );
  room.body.push(`<rect width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fill="url(#light)"/>`);
  room.body.push(`<rect width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fill="url(#vignette)"/>`);
  return svgDoc(PHOTO_WIDTH, PHOTO_HEIGHT, room.defs.join(''), room.body.join(''));
}

function livingRoom(rng: Rng): string {
  const room = roomShell(rng, rng.pick(WOODS), rng.pick(WALLS), true);
  const { bx0, bx1, by0, by1 } = room;
  const winW = rng.int(170, 240);
  const winH = rng.int(200, 260);
  const twoWindows = rng.chance(0.5);
  const winX = twoWindows ? bx0 + 40 : bx1 - winW - rng.int(40, 90);
  windowOn(room, rng, winX, by0 + 60, winW, winH, 'a');
  if (twoWindows) windowOn(room, rng, bx1 - winW - 40, by0 + 60, winW, winH, 'b');
  else room.body.push(artwork(bx0 + 70, by0 + 110, rng.int(120, 170), rng.int(90, 130), rng));
  // rug
  const rug = rng.pick(ACCENTS);
  room.body.push(
    `<ellipse cx="600" cy="${by1 + 120}" rx="${rng.int(300, 380)}" ry="${rng.int(70, 95)}" fill="${shade(rug, 0.35)}" opacity="0.9"/>`,
  );
  // sofa
  const fabric = rng.pick(FABRICS);
  const sw = rng.int(380, 460);
  const sx = 600 - sw / 2 + rng.int(-60, 60);
  const sy = by1 - 10;
  room.body.push(`<rect x="${sx}" y="${sy - 140}" width="${sw}" height="110" rx="16" fill="${shade(fabric, -0.1)}"/>`);
  room.body.push(`<rect x="${sx - 30}" y="${sy - 60}" width="${sw + 60}" height="80" rx="14" fill="${fabric}"/>`);
  room.body.push(`<rect x="${sx - 50}" y="${sy - 100}" width="50" height="120" rx="14" fill="${shade(fabric, -0.05)}"/>`);
  room.body.push(`<rect x="${sx + sw}" y="${sy - 100}" width="50" height="120" rx="14" fill="${shade(fabric, -0.05)}"/>`);
  room.body.push(`<rect x="${sx + 30}" y="${sy - 120}" width="70" height="55" rx="10" fill="${rng.pick(ACCENTS)}"/>`);
  room.body.push(`<rect x="${sx + sw - 100}" y="${sy - 120}" width="70" height="55" rx="10" fill="${rng.pick(ACCENTS)}"/>`);
  // coffee table
  const wood = rng.pick(WOODS);
  room.body.push(`<rect x="470" y="${by1 + 85}" width="260" height="26" rx="6" fill="${shade(wood, -0.1)}"/>`);
  room.body.push(
    `<rect x="490" y="${by1 + 111}" width="10" height="40" fill="${shade(wood, -0.3)}"/><rect x="700" y="${by1 + 111}" width="10" height="40" fill="${shade(wood, -0.3)}"/>`,
  );
  room.body.push(`<circle cx="560" cy="${by1 + 82}" r="14" fill="#f5f5f5"/>`);
  room.body.push(lamp(bx0 + 30, by1 + 20, rng.int(220, 280), shade(rng.pick(WALLS), -0.05)));
  room.body.push(plant(bx1 + 60, by1 + 150, 1.3, rng));
  return finishRoom(room, rng);
}

function bedroom(rng: Rng): string {
  const room = roomShell(rng, rng.pick(WOODS), rng.pick(WALLS), rng.chance(0.8));
  const { bx0, bx1, by0, by1 } = room;
  const winW = rng.int(150, 200);
  const winX = rng.chance(0.5) ? bx0 + 30 : bx1 - winW - 30;
  windowOn(room, rng, winX, by0 + 50, winW, rng.int(210, 250), 'a');
  const cx = 600 + rng.int(-40, 40);
  const headboard = rng.pick(WOODS);
  const linen = rng.pick(['#ffffff', '#f3efe7', '#e9eef2']);
  const throwColor = rng.pick(FABRICS);
  room.body.push(`<rect x="${cx - 230}" y="${by1 - 200}" width="460" height="190" rx="10" fill="${shade(headboard, -0.1)}"/>`);
  room.body.push(
    `<polygon points="${cx - 250},${by1 - 40} ${cx + 250},${by1 - 40} ${cx + 330},${by1 + 150} ${cx - 330},${by1 + 150}" fill="${linen}"/>`,
  );
  room.body.push(
    `<polygon points="${cx - 290},${by1 + 40} ${cx + 290},${by1 + 40} ${cx + 335},${by1 + 150} ${cx - 335},${by1 + 150}" fill="${throwColor}"/>`,
  );
  room.body.push(`<rect x="${cx - 335}" y="${by1 + 150}" width="670" height="40" fill="${shade(headboard, -0.25)}"/>`);
  room.body.push(`<rect x="${cx - 200}" y="${by1 - 90}" width="170" height="60" rx="18" fill="${shade(linen, -0.04)}"/>`);
  room.body.push(`<rect x="${cx + 30}" y="${by1 - 90}" width="170" height="60" rx="18" fill="${shade(linen, -0.04)}"/>`);
  for (const side of [-1, 1]) {
    const nx = cx + side * 320 - 45;
    room.body.push(`<rect x="${nx}" y="${by1 - 70}" width="90" height="90" fill="${shade(headboard, 0.1)}"/>`);
    room.body.push(
      `<line x1="${nx}" y1="${by1 - 25}" x2="${nx + 90}" y2="${by1 - 25}" stroke="${shade(headboard, -0.2)}" stroke-width="2"/>`,
    );
    room.body.push(lamp(nx + 45, by1 - 70, 50, '#f4ead7'));
  }
  // artwork above the headboard, only where it does not cover the window
  const artLeft = cx - 80;
  const artRight = cx + 80;
  if (rng.chance(0.6) && (artRight + 30 < winX || artLeft - 30 > winX + winW))
    room.body.push(artwork(artLeft, by0 + 70, 160, 100, rng));
  return finishRoom(room, rng);
}

function kitchen(rng: Rng): string {
  const tileFloor = rng.chance(0.5);
  const room = roomShell(rng, tileFloor ? rng.pick(TILES) : rng.pick(WOODS), rng.pick(WALLS), !tileFloor);
  const { bx0, bx1, by0, by1 } = room;
  const cabinet = rng.pick(['#ffffff', '#2f3e4e', '#8fa9a0', '#d8cfc0', '#4a5a4f', '#f0ece4']);
  const counter = rng.pick(['#e9e6e1', '#3a3a3a', '#cfc6b8', '#f7f7f5']);
  const steel = '#c8ccd0';
  room.defs.push(
    `<pattern id="tiles" width="36" height="18" patternUnits="userSpaceOnUse"><rect width="36" height="18" fill="#f8f8f6"/><rect x="0" y="0" width="35" height="17" fill="#eef0f0" stroke="#d8dbdc" stroke-width="1"/></pattern>`,
  );
  const fridgeW = 130;
  const runEnd = bx1 - fridgeW - 10;
  // backsplash, lower cabinets, counter
  room.body.push(`<rect x="${bx0}" y="${by1 - 260}" width="${runEnd - bx0}" height="110" fill="url(#tiles)"/>`);
  room.body.push(`<rect x="${bx0}" y="${by1 - 150}" width="${runEnd - bx0}" height="150" fill="${cabinet}"/>`);
  for (let x = bx0 + 80; x < runEnd; x += 80)
    room.body.push(
      `<line x1="${x}" y1="${by1 - 140}" x2="${x}" y2="${by1 - 6}" stroke="${shade(cabinet, -0.2)}" stroke-width="2"/>`,
    );
  room.body.push(`<rect x="${bx0 - 6}" y="${by1 - 162}" width="${runEnd - bx0 + 12}" height="16" fill="${counter}"/>`);
  // upper cabinets with a window or open shelf in the middle
  const midX = (bx0 + runEnd) / 2;
  room.body.push(`<rect x="${bx0}" y="${by0 + 30}" width="${midX - 110 - bx0}" height="150" fill="${cabinet}"/>`);
  room.body.push(`<rect x="${midX + 110}" y="${by0 + 30}" width="${runEnd - midX - 110}" height="150" fill="${cabinet}"/>`);
  windowOn(room, rng, midX - 90, by0 + 50, 180, 150, 'a');
  // stove
  const sx = bx0 + 90;
  room.body.push(
    `<rect x="${sx}" y="${by1 - 150}" width="130" height="150" fill="${steel}"/><rect x="${sx + 12}" y="${by1 - 110}" width="106" height="70" fill="#222" opacity="0.85"/>`,
  );
  for (const dx of [30, 100]) room.body.push(`<ellipse cx="${sx + dx}" cy="${by1 - 165}" rx="20" ry="4" fill="#222"/>`);
  // sink
  room.body.push(
    `<rect x="${midX - 60}" y="${by1 - 166}" width="120" height="6" fill="#9aa1a6"/><path d="M ${midX} ${by1 - 166} v -40 h 26" stroke="#9aa1a6" stroke-width="6" fill="none"/>`,
  );
  // fridge
  room.body.push(
    `<rect x="${runEnd + 10}" y="${by1 - 330}" width="${fridgeW}" height="330" rx="6" fill="${steel}"/><line x1="${runEnd + 10}" y1="${by1 - 210}" x2="${runEnd + 10 + fridgeW}" y2="${by1 - 210}" stroke="#9aa1a6" stroke-width="3"/><rect x="${runEnd + 22}" y="${by1 - 300}" width="6" height="70" fill="#8a9096"/>`,
  );
  // pendant lights
  const metal = rng.pick(['#2f2f2f', '#b08d57', '#e8e8e8']);
  for (const px of [460, 740]) {
    room.body.push(
      `<line x1="${px}" y1="0" x2="${px}" y2="${by0 + 60}" stroke="#333" stroke-width="2"/><polygon points="${px - 30},${by0 + 100} ${px + 30},${by0 + 100} ${px + 14},${by0 + 60} ${px - 14},${by0 + 60}" fill="${metal}"/>`,
    );
  }
  // island or table in the foreground
  if (rng.chance(0.6)) {
    room.body.push(
      `<rect x="330" y="${by1 + 70}" width="540" height="24" fill="${counter}"/><rect x="350" y="${by1 + 94}" width="500" height="150" fill="${shade(cabinet, -0.08)}"/>`,
    );
    room.body.push(
      `<circle cx="520" cy="${by1 + 60}" r="18" fill="${rng.pick(ACCENTS)}"/><circle cx="560" cy="${by1 + 62}" r="14" fill="${rng.pick(ACCENTS)}"/>`,
    );
  }
  return finishRoom(room, rng);
}

function bathroom(rng: Rng): string {
  const room = roomShell(rng, rng.pick(TILES), rng.pick(['#f7f7f5', '#eef2f2', '#f3efe8']), false);
  const { bx0, bx1, by0, by1 } = room;
  const tileColor = rng.pick(['#ffffff', '#dfe9ec', '#e8efe6', '#f1ebe3']);
  room.defs.push(
    `<pattern id="subway" width="40" height="20" patternUnits="userSpaceOnUse"><rect width="40" height="20" fill="#d5d8d8"/><rect x="1" y="1" width="38" height="18" fill="${tileColor}"/></pattern>`,
  );
  room.body.push(`<rect x="${bx0}" y="${by0 + 120}" width="${bx1 - bx0}" height="${by1 - by0 - 120}" fill="url(#subway)"/>`);
  windowOn(room, rng, bx0 + 60, by0 + 30, 120, 110, 'a');
  // tub
  room.body.push(
    `<rect x="${bx0 - 40}" y="${by1 - 40}" width="360" height="150" rx="18" fill="#fdfdfd"/><rect x="${bx0 - 40}" y="${by1 - 40}" width="360" height="20" rx="8" fill="#eaeaea"/>`,
  );
  room.body.push(`<rect x="${bx0 + 30}" y="${by0 + 10}" width="8" height="${by1 - by0 - 40}" fill="#cfd3d6"/>`);
  // vanity with mirror
  const vx = bx1 - 300;
  const wood = rng.pick(WOODS);
  room.body.push(
    `<rect x="${vx}" y="${by1 - 150}" width="240" height="150" fill="${wood}"/><rect x="${vx - 8}" y="${by1 - 166}" width="256" height="18" fill="#f4f4f2"/><ellipse cx="${vx + 120}" cy="${by1 - 158}" rx="60" ry="8" fill="#dcdfe1"/>`,
  );
  room.defs.push(
    `<linearGradient id="mirror" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e9f1f5"/><stop offset="1" stop-color="#b9c8d0"/></linearGradient>`,
  );
  room.body.push(
    `<rect x="${vx + 30}" y="${by0 + 40}" width="180" height="200" rx="${rng.chance(0.5) ? 90 : 8}" fill="url(#mirror)" stroke="#9b9b9b" stroke-width="4"/>`,
  );
  room.body.push(`<rect x="${bx1 + 40}" y="${by0 + 200}" width="70" height="170" rx="6" fill="${rng.pick(FABRICS)}"/>`);
  room.body.push(plant(vx + 215, by1 - 166, 0.5, rng));
  return finishRoom(room, rng);
}

// --- Street fronts ----------------------------------------------------------------------------------

function sky(rng: Rng, defs: string[]): string {
  const [top, bottom] = rng.pick(SKIES);
  defs.push(
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
  );
  const clouds = Array.from({ length: rng.int(1, 4) }, () => {
    const x = rng.int(0, PHOTO_WIDTH);
    const y = rng.int(40, 200);
    return `<ellipse cx="${x}" cy="${y}" rx="${rng.int(60, 140)}" ry="${rng.int(18, 32)}" fill="#fff" opacity="0.55"/>`;
  }).join('');
  return `<rect width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fill="url(#sky)"/>${clouds}`;
}

function tree(x: number, groundY: number, scale: number, rng: Rng): string {
  const green = rng.pick(['#4f7942', '#3a6b35', '#5c8d4a', '#6b8e23', '#c6862f']);
  const blobs = Array.from({ length: 6 }, (_, i) => {
    const a = (i / 6) * Math.PI * 2;
    return `<circle cx="${f(x + Math.cos(a) * 50 * scale)}" cy="${f(groundY - 230 * scale + Math.sin(a) * 40 * scale)}" r="${f(60 * scale)}" fill="${shade(green, (i % 3) * 0.07 - 0.05)}"/>`;
  }).join('');
  return `<rect x="${f(x - 9 * scale)}" y="${f(groundY - 200 * scale)}" width="${f(18 * scale)}" height="${f(200 * scale)}" fill="#5a4230"/>${blobs}`;
}

function street(groundY: number): string {
  return `<rect x="0" y="${groundY}" width="${PHOTO_WIDTH}" height="60" fill="#bdb8b0"/><rect x="0" y="${groundY + 60}" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT - groundY - 60}" fill="#4a4d52"/><rect x="0" y="${groundY + 56}" width="${PHOTO_WIDTH}" height="6" fill="#8f8a83"/>`;
}

function brownstones(rng: Rng): string {
  const defs: string[] = [];
  const body: string[] = [sky(rng, defs)];
  const groundY = 640;
  let x = -rng.int(40, 160);
  while (x < PHOTO_WIDTH) {
    const w = rng.int(280, 360);
    const top = rng.int(70, 160);
    const facade = rng.pick(FACADES);
    const trim = shade(facade, rng.chance(0.5) ? 0.45 : -0.35);
    body.push(`<rect x="${x}" y="${top}" width="${w}" height="${groundY - top}" fill="${facade}"/>`);
    body.push(`<rect x="${x - 6}" y="${top - 24}" width="${w + 12}" height="28" fill="${trim}"/>`);
    const cols = 3;
    const rows = Math.floor((groundY - top - 140) / 110);
    const gw = (w - 60) / cols;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const wx = x + 30 + c * gw + gw * 0.18;
        const wy = top + 40 + r * 110;
        const ww = gw * 0.64;
        body.push(`<rect x="${f(wx - 6)}" y="${wy - 12}" width="${f(ww + 12)}" height="12" fill="${trim}"/>`);
        body.push(
          `<rect x="${f(wx)}" y="${wy}" width="${f(ww)}" height="78" fill="${rng.chance(0.25) ? '#f5e2a8' : '#2d3a46'}"/>`,
        );
        body.push(`<line x1="${f(wx)}" y1="${wy + 39}" x2="${f(wx + ww)}" y2="${wy + 39}" stroke="#eaeaea" stroke-width="3"/>`);
      }
    }
    // stoop and door
    const doorX = x + (rng.chance(0.5) ? 40 : w - 110);
    body.push(
      `<rect x="${doorX}" y="${groundY - 190}" width="70" height="110" fill="${shade(facade, -0.45)}"/><rect x="${doorX - 8}" y="${groundY - 200}" width="86" height="12" fill="${trim}"/>`,
    );
    for (let s = 0; s < 6; s++) {
      body.push(
        `<rect x="${doorX - 20 - s * 6}" y="${groundY - 80 + s * 13}" width="${110 + s * 12}" height="13" fill="${shade(facade, -0.15 + s * 0.03)}"/>`,
      );
    }
    body.push(
      `<line x1="${doorX - 20}" y1="${groundY - 110}" x2="${doorX - 56}" y2="${groundY}" stroke="#1f1f1f" stroke-width="5"/><line x1="${doorX + 90}" y1="${groundY - 110}" x2="${doorX + 126}" y2="${groundY}" stroke="#1f1f1f" stroke-width="5"/>`,
    );
    x += w;
  }
  body.push(street(groundY));
  for (let tx = rng.int(80, 240); tx < PHOTO_WIDTH; tx += rng.int(320, 460))
    body.push(tree(tx, groundY + 30, rng.float(1, 1.35), rng));
  return svgDoc(PHOTO_WIDTH, PHOTO_HEIGHT, defs.join(''), body.join(''));
}

function tower(rng: Rng): string {
  const defs: string[] = [];
  const body: string[] = [sky(rng, defs)];
  const groundY = 660;
  // neighbours
  for (let i = 0; i < 6; i++) {
    const x = rng.int(-80, PHOTO_WIDTH);
    const w = rng.int(140, 260);
    const top = rng.int(220, 480);
    body.push(
      `<rect x="${x}" y="${top}" width="${w}" height="${groundY - top}" fill="${shade(rng.pick(FACADES), rng.float(-0.2, 0.2))}"/>`,
    );
    for (let wy = top + 16; wy < groundY - 30; wy += 34) {
      body.push(`<rect x="${x + 12}" y="${wy}" width="${w - 24}" height="14" fill="#2d3a46" opacity="0.55"/>`);
    }
  }
  const glass = rng.pick(['#5e7f9a', '#4d6f86', '#6a8ca3', '#587487', '#7c94a5']);
  defs.push(
    `<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(glass, 0.35)}"/><stop offset="0.55" stop-color="${glass}"/><stop offset="1" stop-color="${shade(glass, -0.3)}"/></linearGradient>`,
  );
  const tx = rng.int(330, 520);
  const tw = rng.int(260, 360);
  const top = rng.int(20, 90);
  body.push(`<rect x="${tx}" y="${top}" width="${tw}" height="${groundY - top}" fill="url(#glass)"/>`);
  for (let y = top + 30; y < groundY; y += 30)
    body.push(`<line x1="${tx}" y1="${y}" x2="${tx + tw}" y2="${y}" stroke="#dfe8ee" stroke-width="2" opacity="0.6"/>`);
  for (let x = tx + 40; x < tx + tw; x += 40)
    body.push(`<line x1="${x}" y1="${top}" x2="${x}" y2="${groundY}" stroke="#2e3f4c" stroke-width="2" opacity="0.4"/>`);
  body.push(
    `<rect x="${tx - 10}" y="${groundY - 90}" width="${tw + 20}" height="90" fill="#2b2f33"/><rect x="${tx + tw / 2 - 50}" y="${groundY - 80}" width="100" height="80" fill="#f1dca7" opacity="0.85"/>`,
  );
  body.push(
    `<rect x="${tx + tw / 2 - 90}" y="${groundY - 104}" width="180" height="16" fill="${rng.pick(['#1f1f1f', '#7a5c3e', '#b08d57'])}"/>`,
  );
  body.push(street(groundY));
  body.push(tree(tx - 90, groundY + 30, 0.9, rng), tree(tx + tw + 90, groundY + 30, 0.95, rng));
  return svgDoc(PHOTO_WIDTH, PHOTO_HEIGHT, defs.join(''), body.join(''));
}

function house(rng: Rng): string {
  const defs: string[] = [];
  const body: string[] = [sky(rng, defs)];
  const groundY = 600;
  body.push(
    `<rect x="0" y="${groundY}" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT - groundY}" fill="${rng.pick(['#6f9a4f', '#7ea35a', '#5e8a45'])}"/>`,
  );
  const siding = rng.pick(SIDINGS);
  const roof = rng.pick(['#4a4a4a', '#6b3f31', '#3c4a57', '#5a5048']);
  const hx = rng.int(260, 420);
  const hw = rng.int(460, 560);
  const hTop = rng.int(260, 320);
  body.push(`<rect x="${hx}" y="${hTop}" width="${hw}" height="${groundY - hTop}" fill="${siding}"/>`);
  for (let y = hTop + 14; y < groundY; y += 14)
    body.push(`<line x1="${hx}" y1="${y}" x2="${hx + hw}" y2="${y}" stroke="${shade(siding, -0.1)}" stroke-width="2"/>`);
  body.push(
    `<polygon points="${hx - 30},${hTop} ${hx + hw / 2},${hTop - rng.int(140, 190)} ${hx + hw + 30},${hTop}" fill="${roof}"/>`,
  );
  const trim = '#fafafa';
  const winY = [hTop + 40, hTop + 180];
  for (const wy of winY) {
    for (const wx of [hx + 50, hx + hw - 150]) {
      body.push(
        `<rect x="${wx - 8}" y="${wy - 8}" width="116" height="96" fill="${trim}"/><rect x="${wx}" y="${wy}" width="100" height="80" fill="#34495e"/><line x1="${wx + 50}" y1="${wy}" x2="${wx + 50}" y2="${wy + 80}" stroke="${trim}" stroke-width="4"/>`,
      );
    }
  }
  const door = rng.pick(['#8b2e2e', '#1f3a5f', '#2f4f3f', '#3b3b3b', '#c17c2f']);
  body.push(
    `<rect x="${hx + hw / 2 - 40}" y="${groundY - 150}" width="80" height="150" fill="${door}"/><circle cx="${hx + hw / 2 + 26}" cy="${groundY - 75}" r="5" fill="#d4af37"/>`,
  );
  body.push(`<rect x="${hx + hw / 2 - 70}" y="${groundY - 10}" width="140" height="14" fill="#b5b0a8"/>`);
  // path, fence, shrubs, trees
  body.push(
    `<polygon points="${hx + hw / 2 - 40},${groundY} ${hx + hw / 2 + 40},${groundY} ${hx + hw / 2 + 110},${PHOTO_HEIGHT} ${hx + hw / 2 - 110},${PHOTO_HEIGHT}" fill="#cfc8bd"/>`,
  );
  if (rng.chance(0.6)) {
    for (let x = 0; x < PHOTO_WIDTH; x += 28) {
      if (Math.abs(x - (hx + hw / 2)) < 110) continue;
      body.push(`<rect x="${x}" y="${groundY + 80}" width="14" height="70" fill="#f4f4f0"/>`);
    }
    body.push(
      `<rect x="0" y="${groundY + 96}" width="${hx + hw / 2 - 110}" height="8" fill="#f4f4f0"/><rect x="${hx + hw / 2 + 110}" y="${groundY + 96}" width="${PHOTO_WIDTH}" height="8" fill="#f4f4f0"/>`,
    );
  }
  for (const sx of [hx + 20, hx + hw - 20]) body.push(`<ellipse cx="${sx}" cy="${groundY}" rx="70" ry="34" fill="#3f6b34"/>`);
  body.push(tree(rng.int(80, 200), groundY + 40, rng.float(1.1, 1.4), rng));
  body.push(tree(rng.int(1000, 1130), groundY + 40, rng.float(1.0, 1.3), rng));
  return svgDoc(PHOTO_WIDTH, PHOTO_HEIGHT, defs.join(''), body.join(''));
}

/** The SVG markup of one scene. */
export function sceneSvg(kind: PhotoKind, rng: Rng): string {
  switch (kind) {
    case 'living':
      return livingRoom(rng);
    case 'bedroom':
      return bedroom(rng);
    case 'kitchen':
      return kitchen(rng);
    case 'bathroom':
      return bathroom(rng);
    case 'brownstone':
      return brownstones(rng);
    case 'tower':
      return tower(rng);
    case 'house':
      return house(rng);
  }
}

/** A simple avatar: coloured background, head-and-shoulders silhouette with a hair shape. */
export function avatarSvg(rng: Rng): string {
  const S = AVATAR_SIZE;
  const bg = rng.pick(AVATAR_BG);
  const skin = rng.pick(SKIN);
  const hair = rng.pick(HAIR);
  const shirt = rng.pick(FABRICS);
  const style = rng.int(0, 3);
  const hairShape =
    style === 0
      ? `<path d="M 84 112 Q 86 58 128 56 Q 170 58 172 112 Q 160 80 128 80 Q 96 80 84 112 Z" fill="${hair}"/>`
      : style === 1
        ? `<path d="M 78 150 Q 72 56 128 52 Q 184 56 178 150 L 164 150 Q 166 88 128 84 Q 90 88 92 150 Z" fill="${hair}"/>`
        : style === 2
          ? `<circle cx="128" cy="50" r="22" fill="${hair}"/><path d="M 84 110 Q 88 60 128 60 Q 168 60 172 110 Q 150 84 128 84 Q 106 84 84 110 Z" fill="${hair}"/>`
          : `<path d="M 82 104 Q 84 66 128 62 Q 172 66 174 104 Z" fill="${shade(hair, 0.1)}"/><rect x="78" y="96" width="100" height="12" rx="6" fill="${shade(hair, -0.2)}"/>`;
  const body = [
    `<rect width="${S}" height="${S}" fill="${bg}"/>`,
    `<circle cx="${S / 2}" cy="${S / 2}" r="${S / 2 - 6}" fill="${shade(bg, 0.18)}"/>`,
    `<path d="M 40 256 Q 44 176 128 170 Q 212 176 216 256 Z" fill="${shirt}"/>`,
    `<rect x="112" y="150" width="32" height="30" fill="${shade(skin, -0.1)}"/>`,
    `<ellipse cx="128" cy="112" rx="44" ry="52" fill="${skin}"/>`,
    hairShape,
  ];
  return svgDoc(S, S, '', body.join(''));
}

// --- Rendering --------------------------------------------------------------------------------------

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export async function renderPhoto(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: PHOTO_QUALITY.large }).toBuffer();
}

export async function renderThumbnail(svg: string, width = THUMB_WIDTH, height = THUMB_HEIGHT): Promise<Buffer> {
  return sharp(Buffer.from(svg)).resize(width, height, { fit: 'cover' }).webp({ quality: PHOTO_QUALITY.thumbnail }).toBuffer();
}

export interface SeedMedia {
  photos: PoolPhoto[];
  avatars: string[];
}

/** Renders the photo and avatar pools and stores them under `seed/`. Deterministic given `seed`. */
export async function generateSeedMedia(storage: Storage, seed: string, concurrency = 2): Promise<SeedMedia> {
  const kinds = photoPoolKinds();
  const photos = await mapLimit(kinds, concurrency, async (kind, i) => {
    const index = i + 1;
    const svg = sceneSvg(kind, Rng.derive(seed, `photo:${index}`));
    const [full, thumb] = await Promise.all([renderPhoto(svg), renderThumbnail(svg)]);
    const stored = await storage.put(photoKey(index), full, OUTPUT.contentType);
    const storedThumb = await storage.put(photoThumbKey(index), thumb, OUTPUT.contentType);
    return { index, kind, url: stored.url, thumbnailUrl: storedThumb.url, width: PHOTO_WIDTH, height: PHOTO_HEIGHT };
  });
  const avatars = await mapLimit(
    Array.from({ length: AVATAR_POOL_SIZE }, (_, i) => i + 1),
    concurrency,
    async (index) => {
      const svg = avatarSvg(Rng.derive(seed, `avatar:${index}`));
      const stored = await storage.put(avatarKey(index), await renderPhoto(svg), OUTPUT.contentType);
      return stored.url;
    },
  );
  return { photos, avatars };
}
