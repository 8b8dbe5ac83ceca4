import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPhotos, createProperty, createUser } from '../factories/index.js';
import { createPartnerKey } from '../../server/modules/partners/partner-keys.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

// The partner guide's quick start (issue 53 item 6): its curl, Python and TypeScript programs, run as
// docs/partner-api.md has them, against the real app with a real key.

const run = promisify(execFile);

/** The first fenced block of `lang` under the guide's 'Quick start'. */
async function quickStart(lang: string): Promise<string> {
  const guide = await fs.readFile('docs/partner-api.md', 'utf8');
  const section = guide.slice(guide.indexOf('## Quick start'), guide.indexOf('\n## ', guide.indexOf('## Quick start') + 5));
  const block = new RegExp('```' + lang + '\\n([\\s\\S]*?)\\n```').exec(section)?.[1];
  expect(block, `a ${lang} block in the quick start`).toBeDefined();
  return block!;
}

describe.each(transportBackends)("the partner guide's quick start on %s", (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let env: NodeJS.ProcessEnv;
  let dir: string;
  const listings = [] as Array<{ id: string; slug: string; title: string }> & { owner?: string };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db);
    const owner = await createUser(db.prisma);
    listings.owner = owner.id;
    for (const title of ['Guide loft', 'Guide studio']) {
      const l = await createProperty(db.prisma, { userId: owner.id }, { title, price: 3210 });
      await addPhotos(db.prisma, l.id, 1);
      listings.push(l);
    }
    const { key } = await createPartnerKey(db.prisma, 'Guide reader');
    env = { ...process.env, PARTNER_API_URL: app.url, PARTNER_KEY: key };
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'partner-guide-'));
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('curl: the newest listings', async () => {
    const { stdout } = await run('bash', ['-c', await quickStart('sh')], { env });
    const body = JSON.parse(stdout);
    expect(body.data.properties.edges.map((e: { node: { title: string } }) => e.node.title)).toEqual(
      expect.arrayContaining(['Guide loft', 'Guide studio']),
    );
  });

  it('Python: a copy of every public listing, then kept by following the feed (a removal, an edit, a new one)', async () => {
    const file = path.join(dir, 'copy.py');
    await fs.writeFile(file, await quickStart('python'));
    const state = { ...env, PARTNER_COPY: path.join(dir, 'copy.json') };
    const first = await run('python3', [file], { env: state });
    for (const l of listings) expect(first.stdout).toContain(`${l.id} 3210 ${l.title}`);
    expect(first.stdout).toContain('2 listings; 0 changes followed');
    expect(first.stderr).toMatch(/left this minute: limit=1200, remaining=\d+, reset=\d+/);
    // Changes after the first run: the second only follows the feed.
    await db.prisma.property.update({ where: { id: listings[1]!.id }, data: { status: 'INACTIVE' } });
    await db.prisma.property.update({ where: { id: listings[0]!.id }, data: { price: 3100, netEffectivePrice: 3100 } });
    const added = await createProperty(db.prisma, { userId: listings.owner! }, { title: 'Guide duplex', price: 4000 });
    const second = await run('python3', [file], { env: state });
    expect(second.stdout).toContain(`${listings[0]!.id} 3100 Guide loft`);
    expect(second.stdout).toContain(`${added.id} 4000 Guide duplex`);
    expect(second.stdout).not.toContain('Guide studio');
    expect(second.stdout).toContain('2 listings; 3 changes followed');
  });

  it('TypeScript: one listing by its slug and what the query cost', async () => {
    const file = path.join(dir, 'one.mts');
    await fs.writeFile(file, await quickStart('ts'));
    const own = await createProperty(db.prisma, { userId: listings.owner! }, { title: 'Guide garden flat', price: 2950 });
    const { stdout } = await run(path.resolve('node_modules/.bin/tsx'), [file, own.slug], { env });
    const [json, cost] = stdout.trim().split('\n');
    expect(JSON.parse(json!)).toMatchObject({ id: own.id, title: 'Guide garden flat', price: 2950 });
    expect(cost).toMatch(/^cost 1 of 1 asked; \d+ requests left$/);
  });
});
