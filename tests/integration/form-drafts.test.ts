import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../server/infra/rate-limits.js';
import { FORM_DRAFT_MAX_CHARS } from '../../server/modules/listings/form-drafts.service.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { postGraphql } from '../setup/graphql.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

// The listing form's draft kept on the server as it is typed (issue 59 item 7): one per person and form,
// each save replacing the last, read back in another browser, never by anyone else; bounded in size and
// in saves a minute (RATE_LIMITS.formDraftSave, at its real value).

const SAVE = `mutation S($key: String!, $draft: String!) { saveListingFormDraft(key: $key, draft: $draft) { key savedAt } }`;
const READ = `query R($key: String!) { listingFormDraft(key: $key) { key savedAt draft } }`;
const DISCARD = `mutation D($key: String!) { discardListingFormDraft(key: $key) }`;
const draftOf = (title: string) =>
  JSON.stringify({ version: 1, savedAt: Date.now(), values: { title }, photos: [], savedId: null });

describe.each(transportBackends)('listing form drafts on the server on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let agent: TestAccount;
  let other: TestAccount;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db);
    agent = await createAccount(db.prisma, 'agent', { firstName: 'Dora', lastName: 'Drafter' });
    other = await createAccount(db.prisma, 'agent', { firstName: 'Nosy', lastName: 'Neighbor' });
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  it('keeps the last draft of each form for its person only, and forgets it when discarded', async () => {
    expect((await postGraphql(app.url, agent, SAVE, { key: 'new', draft: draftOf('Sunny one-bedroom') })).errors).toBeUndefined();
    expect(
      (await postGraphql(app.url, agent, SAVE, { key: 'new', draft: draftOf('Sunny one-bedroom in Astoria') })).errors,
    ).toBeUndefined();
    const read = await postGraphql(app.url, agent, READ, { key: 'new' });
    expect(JSON.parse(read.data.listingFormDraft.draft).values).toEqual({ title: 'Sunny one-bedroom in Astoria' });
    expect(await db.prisma.formDraft.count({ where: { userId: agent.uid } })).toBe(1);
    // Someone else, or nobody, reads none.
    expect((await postGraphql(app.url, other, READ, { key: 'new' })).data.listingFormDraft).toBeNull();
    expect((await postGraphql(app.url, null, READ, { key: 'new' })).data.listingFormDraft).toBeNull();
    expect((await postGraphql(app.url, null, SAVE, { key: 'new', draft: draftOf('x') })).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    // Another listing's form is another draft.
    const editing = '6f1e7d2c-0c7b-4f4e-9a51-1b2c3d4e5f60';
    await postGraphql(app.url, agent, SAVE, { key: editing, draft: draftOf('Edited title') });
    expect(JSON.parse((await postGraphql(app.url, agent, READ, { key: editing })).data.listingFormDraft.draft).values.title).toBe(
      'Edited title',
    );
    expect((await postGraphql(app.url, agent, DISCARD, { key: 'new' })).data.discardListingFormDraft).toBe(true);
    expect((await postGraphql(app.url, agent, READ, { key: 'new' })).data.listingFormDraft).toBeNull();
    expect((await postGraphql(app.url, agent, DISCARD, { key: 'new' })).data.discardListingFormDraft).toBe(false);
  });

  it('refuses a key that is no form, a draft that is not an object or too large', async () => {
    for (const [key, draft] of [
      ['../other', draftOf('x')],
      ['new', 'not json'],
      ['new', '[1,2]'],
      ['new', JSON.stringify({ version: 1, values: { title: 'x'.repeat(FORM_DRAFT_MAX_CHARS) } })],
    ] as const) {
      const refused = await postGraphql(app.url, other, SAVE, { key, draft });
      expect(refused.errors?.[0]?.extensions?.code, `${key} ${draft.slice(0, 20)}`).toBe('BAD_USER_INPUT');
    }
    expect(await db.prisma.formDraft.count({ where: { userId: other.uid } })).toBe(0);
  });

  it(`takes at most ${RATE_LIMITS.formDraftSave.points} saves a minute from one person`, async () => {
    const saver = await createAccount(db.prisma, 'agent', { firstName: 'Quick', lastName: 'Typist' });
    for (let i = 0; i < RATE_LIMITS.formDraftSave.points; i++) {
      const saved = await postGraphql(app.url, saver, SAVE, { key: 'new', draft: draftOf(`Title ${i}`) });
      expect(saved.errors, `save ${i}`).toBeUndefined();
    }
    const over = await postGraphql(app.url, saver, SAVE, { key: 'new', draft: draftOf('One too many') });
    expect(over.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    const kept = await postGraphql(app.url, saver, READ, { key: 'new' });
    expect(JSON.parse(kept.data.listingFormDraft.draft).values.title).toBe(`Title ${RATE_LIMITS.formDraftSave.points - 1}`);
  });
});
