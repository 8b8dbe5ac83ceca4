import { chromium } from 'playwright-core';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
const url = process.argv[2] ?? 'http://localhost:4000/';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
const scripts = [];
page.on('response', r => { if (r.request().resourceType() === 'script' || /\.js$/.test(new URL(r.url()).pathname)) scripts.push(new URL(r.url()).pathname); });
await page.goto(url); await page.waitForLoadState('networkidle'); await page.waitForTimeout(1500);
await browser.close();
const byPkg = new Map(); let total = 0;
for (const p of scripts) {
  const file = 'dist/client' + p; const code = fs.readFileSync(file, 'utf8');
  const gz = zlib.gzipSync(code, { level: 9 }).length; total += gz;
  let map; try { map = new TraceMap(fs.readFileSync(file + '.map', 'utf8')); } catch { console.log('nomap', p); continue; }
  // attribute each char by line/col segments
  const lines = code.split('\n'); const pieces = new Map();
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li]; let col = 0; const step = 1;
    // walk per segment using decoded mappings
  }
  const { decodedMappings } = await import('@jridgewell/trace-mapping');
  const dm = decodedMappings(map);
  for (let li = 0; li < dm.length; li++) {
    const segs = dm[li]; const line = lines[li] ?? '';
    for (let si = 0; si < segs.length; si++) {
      const s = segs[si]; const end = si + 1 < segs.length ? segs[si+1][0] : line.length;
      const src = s.length > 1 ? map.sources[s[1]] : '(none)';
      let key = src ?? '(none)';
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(key); key = m ? m[1] : (key.includes('virtual:gql') || key.includes('gql-document') ? 'gql-docs' : 'app:' + key.replace(/^.*client\/src\//, '').split('/').slice(0,2).join('/'));
      pieces.set(key, (pieces.get(key) ?? '') + line.slice(s[0], end));
    }
  }
  const sum = [...pieces.values()].reduce((n, v) => n + zlib.gzipSync(v, { level: 9 }).length, 0);
  for (const [k, v] of pieces) byPkg.set(k, (byPkg.get(k) ?? 0) + zlib.gzipSync(v, { level: 9 }).length * gz / sum);
  console.log((gz/1024).toFixed(1).padStart(7), p);
}
console.log('total', (total/1024).toFixed(1));
for (const [k, v] of [...byPkg].sort((a,b)=>b[1]-a[1]).slice(0, 60)) console.log((v/1024).toFixed(1).padStart(7), k);
