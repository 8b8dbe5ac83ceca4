// Messaging (SPEC parts 2-9, issue 9): a renter and an agent in two signed-in browsers talking live
// (compose from the listing, the header's unread badge, read receipts, typing, the rating prompt),
// the listings page's dialog, the agent's own listing, signing in on the way, axe, and phone width.
// Every account and listing is made here through the real APIs; nothing the server says is faked.
import fs from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { createRenter, emulatorSignIn, signInContext, type NewAccount } from './accounts.js';
import { AUTH_PORT, DEMO_RENTER, expectSignedIn } from './auth-helpers.js';
import { appPage, expect, expectAccessible, test } from './fixtures.js';
import { api, createAgentWithListing, deleteListing, startThread, type AgentWithListing } from './messaging-factories.js';
import { SCREENSHOTS } from './shots.js';

const GREETING = "Hi, I'm interested in this property. Is it still available?";
const SHOTS = 'test-results/messaging-screens';

async function shot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Console errors of a page the fixture does not watch (the second browser). */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    const url = msg.location().url ?? '';
    if (text.startsWith('Failed to load resource') && url.includes(`:${AUTH_PORT}/`) && text.includes('501')) return;
    errors.push(`${text} ${url}`.trim());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** A second signed-in browser (its own cookies and storage), watched for console errors. */
async function secondBrowser(browser: Browser, baseURL: string, account: NewAccount) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await signInContext(context, baseURL, account);
  const page = await appPage(context);
  return { context, page, errors: watchConsole(page) };
}

function messagesLink(page: Page) {
  return page.getByRole('banner').getByRole('link', { name: /^Messages/ });
}

test.describe('messaging', () => {
  test.describe.configure({ mode: 'serial' });

  // One agent with a listing for the tests that only read it or write to it with accounts of their own.
  let shared: AgentWithListing;
  test.beforeAll(async ({ baseURL }) => {
    if (!baseURL) throw new Error('needs baseURL');
    shared = await createAgentWithListing(baseURL, 'Sam');
  });
  test.afterAll(async ({ baseURL }) => {
    if (shared && baseURL) await deleteListing(baseURL, shared.token, shared.listing.id);
  });

  test('renter and agent talk live: compose, unread badge, Seen, typing, links, no rating prompt for a reply', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    if (!baseURL) throw new Error('needs baseURL');
    const made = await createAgentWithListing(baseURL, 'Alex');
    const { agent, listing } = made;
    const renter = await createRenter(baseURL, { firstName: 'Rory', lastName: 'Renter' });
    await signInContext(page.context(), baseURL, renter);
    const other = await secondBrowser(browser, baseURL, agent);
    const agentPage = other.page;
    try {
      // The agent browses; nothing unread yet.
      await agentPage.goto('/');
      await expectSignedIn(agentPage, agent.name);
      await expect(messagesLink(agentPage)).toHaveAccessibleName('Messages');

      // The renter contacts the agent from the listing's page.
      await page.goto(`/properties/${listing.slug}`);
      await expectSignedIn(page, renter.name);
      await page.getByRole('complementary', { name: 'Agent and contact' }).getByRole('button', { name: 'Contact Agent' }).click();
      await expect(page).toHaveURL(`/messages?compose=${listing.id}`);
      const compose = page.getByRole('form', { name: 'New Message' });
      const field = compose.getByRole('textbox', { name: 'Message' });
      await expect(field).toHaveValue(GREETING);
      await expect(page.getByRole('link', { name: new RegExp(listing.title) })).toHaveAttribute(
        'href',
        `/properties/${listing.slug}`,
      );
      await expect(page.getByText('No conversations yet')).toBeVisible();
      await expectAccessible(page);
      await shot(page, 'desktop-compose');
      await compose.getByRole('textbox', { name: 'Subject (optional)' }).fill('Viewing this week');
      await compose.getByRole('button', { name: 'Send' }).click();

      // It lands on the new conversation.
      await expect(page).toHaveURL(/\/messages\?open=[0-9a-f-]{36}$/);
      const threadId = new URL(page.url()).searchParams.get('open');
      const renterLog = page.getByRole('log', { name: `Messages with ${agent.name}` });
      await expect(renterLog).toContainText(GREETING);
      await expect(renterLog).toContainText('Viewing this week');
      await expect(page.getByRole('region', { name: 'Recent Conversations' }).getByRole('button')).toContainText([listing.title]);

      // The agent's badge rises without a reload; the conversation opens from the list.
      await expect(messagesLink(agentPage)).toHaveAccessibleName('Messages, 1 unread');
      await shot(agentPage, 'desktop-unread-badge');
      await messagesLink(agentPage).click();
      const agentList = agentPage.getByRole('region', { name: 'Recent Conversations' });
      const entry = agentList.getByRole('button', { name: new RegExp(listing.title) });
      await expect(entry).toContainText(`With ${renter.name}`);
      await expect(entry).toContainText('Active');
      await expect(entry).toContainText('1 unread message');
      await entry.click();
      await expect(agentPage).toHaveURL(`/messages?open=${threadId}`);
      const agentLog = agentPage.getByRole('log', { name: `Messages with ${renter.name}` });
      await expect(agentLog).toContainText(GREETING);
      await expect(agentLog).toContainText('Today');
      // Opening it reads it: the badge clears, and the renter sees 'Seen' under their message.
      await expect(messagesLink(agentPage)).toHaveAccessibleName('Messages');
      await expect(renterLog.getByText('Seen', { exact: true })).toBeVisible();
      await expectAccessible(agentPage);
      await shot(agentPage, 'desktop-thread-agent');

      // The agent types: the renter sees it.
      const reply = agentPage.getByRole('textbox', { name: 'Message' });
      await reply.pressSequentially('Yes', { delay: 50 });
      await expect(page.getByText(`${agent.name} is typing…`)).toBeVisible();
      await shot(page, 'desktop-typing');

      // Enter sends; Shift+Enter is a new line. The renter gets it live, with a safe link.
      await reply.press('Shift+Enter');
      await reply.pressSequentially('it is! Photos: https://example.com/tour.', { delay: 5 });
      await reply.press('Enter');
      await expect(reply).toHaveValue('');
      await expect(agentLog).toContainText('Yes');
      await expect(renterLog).toContainText('it is! Photos:');
      await expect(page.getByText(`${agent.name} is typing…`)).toBeHidden();
      const link = renterLog.getByRole('link', { name: /https:\/\/example\.com\/tour/ });
      await expect(link).toHaveAttribute('href', 'https://example.com/tour');
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');

      // The renter has the conversation open and in view: it is read at once, and the agent sees 'Seen'.
      await expect(agentLog.getByText('Seen', { exact: true })).toBeVisible();

      // An answer is no experience to rate: no prompt to rate the agent yet (that comes after a tour,
      // ratings.spec.ts; issue 59 item 8).
      await expect(page.getByRole('complementary', { name: 'Rate your agent' })).toHaveCount(0);
      await expectAccessible(page);
      await shot(page, 'desktop-thread-renter');

      // The renter answers from the thread; the agent's list shows it live as the last message.
      const renterField = page.getByRole('textbox', { name: 'Message' });
      await renterField.fill('Great, can I see it Saturday?');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(agentLog).toContainText('Great, can I see it Saturday?');
      await expect(agentList.getByRole('button', { name: new RegExp(listing.title) })).toContainText(
        'Great, can I see it Saturday?',
      );

      // The agent refuses rental assistance: delivered, and only the agent is warned, naming the phrase (issue 58 item 1).
      await reply.fill('Sorry, the owner does not accept Section 8.');
      await reply.press('Enter');
      await expect(renterLog).toContainText('the owner does not accept Section 8.');
      const warning = agentPage.getByRole('alert').filter({ hasText: 'Your message refuses rental assistance' });
      await expect(warning).toContainText('"does not accept Section 8"');
      await expect(page.getByRole('alert').filter({ hasText: 'refuses rental assistance' })).toHaveCount(0);
      await shot(agentPage, 'desktop-assistance-warning');
      await agentPage.setViewportSize({ width: 390, height: 844 });
      await shot(agentPage, 'phone-assistance-warning');
      await agentPage.setViewportSize({ width: 1280, height: 800 });
      await warning.getByRole('button', { name: 'Dismiss the warning' }).click();
      await expect(warning).toHaveCount(0);

      // Contacting again from the listing reopens the same conversation.
      await page.goto(`/messages?compose=${listing.id}`);
      await expect(page).toHaveURL(`/messages?open=${threadId}`);
      await expect(page.getByRole('log')).toContainText('Great, can I see it Saturday?');

      expect(other.errors, 'console errors in the agent browser').toEqual([]);
    } finally {
      await other.context.close();
      await deleteListing(baseURL, made.token, listing.id);
    }
  });

  test('the listings page dialog lists conversations, opens one and sends', async ({ page, baseURL }) => {
    if (!baseURL) throw new Error('needs baseURL');
    const renter = await createRenter(baseURL, { firstName: 'Dana', lastName: 'Dialog' });
    await startThread(baseURL, renter, shared.listing.id, 'Is the apartment furnished?');
    await signInContext(page.context(), baseURL, renter);

    await page.goto('/');
    await expectSignedIn(page, renter.name);
    await page.getByRole('button', { name: 'Messages', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Messages' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.height).toBe(600);
    expect(box?.width).toBeLessThanOrEqual(896);
    await expect(dialog.getByText('Select a conversation')).toBeVisible();
    const entry = dialog.getByRole('button', { name: new RegExp(shared.listing.title) });
    await expect(entry).toContainText(`With ${shared.agent.name}`);
    await expect(entry).toContainText('You: Is the apartment furnished?');
    await expectAccessible(page);
    await shot(page, 'desktop-dialog-list');

    await entry.click();
    await expect(entry).toHaveAttribute('aria-current', 'true');
    const log = dialog.getByRole('log', { name: `Messages with ${shared.agent.name}` });
    await expect(log).toContainText('Is the apartment furnished?');
    const composer = dialog.getByRole('form', { name: 'New Message' });
    const send = composer.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await composer.getByRole('textbox', { name: 'Message' }).fill('   ');
    await expect(send).toBeDisabled();
    await composer.getByRole('textbox', { name: 'Message' }).fill('And is there a dishwasher?');
    await send.click();
    await expect(log).toContainText('And is there a dishwasher?');
    await expect(entry).toContainText('You: And is there a dishwasher?');
    await expectAccessible(page);
    await shot(page, 'desktop-dialog-thread');

    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Messages', exact: true })).toBeFocused();
  });

  test.describe('when the connection drops', () => {
    // While the "network" is down the page's new sockets go to a closed port: the browser reports
    // those refused connections, which are this test's doing.
    test.use({ expectedFailures: [/WebSocket connection to 'ws:\/\/127\.0\.0\.1:9\//] });

    test('a dropped live connection comes back and shows what was sent meanwhile', async ({ page, baseURL }) => {
      if (!baseURL) throw new Error('needs baseURL');
      const renter = await createRenter(baseURL, { firstName: 'Remy', lastName: 'Reconnect' });
      const threadId = await startThread(baseURL, renter, shared.listing.id, 'Are utilities included?');
      const agentSays = (content: string) =>
        api(baseURL, shared.token, 'mutation M($t: ID!, $c: String!) { sendMessage(threadId: $t, content: $c) { id } }', {
          t: threadId,
          c: content,
        });

      // The page's own WebSocket (same origin, so it carries the session cookie as in real use) is
      // cut from inside the page, like a network outage: open sockets are closed with a code the
      // client retries, and while the network is down new ones are sent to a closed port and fail.
      await page.addInitScript(() => {
        const Native = window.WebSocket;
        const w = window as unknown as { __sockets: WebSocket[]; __networkDown: boolean };
        w.__sockets = [];
        w.__networkDown = false;
        window.WebSocket = class extends Native {
          constructor(url: string | URL, protocols?: string | string[]) {
            super(w.__networkDown ? 'ws://127.0.0.1:9/graphql' : url, protocols);
            w.__sockets.push(this);
          }
        };
      });
      const network = (up: boolean) =>
        page.evaluate((down) => {
          const w = window as unknown as { __sockets: WebSocket[]; __networkDown: boolean };
          w.__networkDown = down;
          if (down) for (const socket of w.__sockets.splice(0)) socket.close(4499, 'Network down');
        }, !up);
      const openSockets = () =>
        page.evaluate(
          () =>
            (window as unknown as { __sockets: WebSocket[] }).__sockets.filter(
              (s) => s.readyState === WebSocket.OPEN && s.url.endsWith('/graphql'),
            ).length,
        );

      await signInContext(page.context(), baseURL, renter);
      await page.goto(`/messages?open=${threadId}`);
      const log = page.getByRole('log', { name: `Messages with ${shared.agent.name}` });
      await expect(log).toContainText('Are utilities included?');
      await expect.poll(openSockets).toBeGreaterThan(0);
      // An open socket is not yet a live conversation: its subscriptions start after the server has
      // accepted the connection. The agent types until the renter sees it, so they are live.
      const agentTypes = () =>
        api(baseURL, shared.token, 'mutation T($t: ID!) { setTyping(threadId: $t, typing: true) }', { t: threadId });
      await expect
        .poll(async () => {
          await agentTypes();
          return page.getByText(`${shared.agent.name} is typing…`).isVisible();
        })
        .toBe(true);

      await agentSays('Heat and hot water are.');
      await expect(log).toContainText('Heat and hot water are.');

      await network(false);
      await agentSays('Electricity is separate.');
      // Nothing arrives while the network is down (give a live delivery the time it would take).
      await page.waitForTimeout(1_500);
      await expect(log).not.toContainText('Electricity is separate.');
      await network(true);
      // graphql-ws reconnects by itself; the screen then reads again what it shows.
      await expect(log).toContainText('Electricity is separate.', { timeout: 20_000 });
      await agentSays('And the building has laundry.');
      await expect(log).toContainText('And the building has laundry.');
    });
  });

  test.describe('as the listing agent', () => {
    test("compose says 'You are the agent' and offers no composer", async ({ page, baseURL }) => {
      if (!baseURL) throw new Error('needs baseURL');
      await signInContext(page.context(), baseURL, shared.agent);
      await page.goto(`/messages?compose=${shared.listing.id}`);
      await expect(page.getByRole('heading', { name: 'You are the agent' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
      await expectAccessible(page);
      await shot(page, 'desktop-you-are-the-agent');
    });
  });

  test('a signed-out visitor composing is sent to sign in and comes back to the composer', async ({ page }) => {
    // The demo renter only looks at the composer here (nothing is sent).
    const renter = DEMO_RENTER;
    // The listings page's message button leads a signed-out visitor to sign in, and back.
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Messages', exact: true }).last()).toHaveAttribute('href', '/auth?redirect=%2F');
    await page.goto(`/messages?compose=${shared.listing.id}`);
    await expect(page).toHaveURL(`/auth?redirect=${encodeURIComponent(`/messages?compose=${shared.listing.id}`)}`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(renter.email);
    await form.getByLabel('Password').fill(renter.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(`/messages?compose=${shared.listing.id}`);
    await expect(page.getByRole('form', { name: 'New Message' }).getByRole('textbox', { name: 'Message' })).toHaveValue(GREETING);
  });

  test('a long conversation loads older messages at the top in place; a refused send keeps the text', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    if (!baseURL) throw new Error('needs baseURL');
    const renter = await createRenter(baseURL, { firstName: 'Lee', lastName: 'Longtalk' });
    const threadId = await startThread(baseURL, renter, shared.listing.id, 'Line 01 from the renter');
    const { idToken: renterToken } = await emulatorSignIn(renter);
    const send = (token: string, content: string) =>
      api(baseURL, token, 'mutation M($t: ID!, $c: String!) { sendMessage(threadId: $t, content: $c) { id } }', {
        t: threadId,
        c: content,
      });
    // 40 messages, one at a time (the server allows 30 a minute per sender): more than a page of 30.
    for (let n = 2; n <= 40; n++) {
      const line = `Line ${String(n).padStart(2, '0')}`;
      await (n % 2 === 0 ? send(shared.token, `${line} from the agent`) : send(renterToken, `${line} from the renter`));
    }
    await signInContext(page.context(), baseURL, renter);
    await page.goto(`/messages?open=${threadId}`);
    const log = page.getByRole('log', { name: `Messages with ${shared.agent.name}` });
    await expect(log).toContainText('Line 40 from the agent');
    await expect(log).not.toContainText('Line 10 from the agent');
    const firstLoaded = log.getByText('Line 11 from the renter', { exact: true });
    await expect(firstLoaded).toBeAttached();

    // Scrolling to the top loads the page before; the messages on screen stay where they were.
    await log.evaluate((el) => (el.scrollTop = 0));
    await expect(log.getByText('Line 01 from the renter', { exact: true })).toBeAttached();
    await expect(log).toContainText('This is the beginning of your conversation');
    const logBox = await log.boundingBox();
    const keptBox = await firstLoaded.boundingBox();
    expect(logBox && keptBox && keptBox.y >= logBox.y - 40 && keptBox.y <= logBox.y + logBox.height).toBe(true);
    expect(await log.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await expect(log.getByRole('listitem')).toHaveCount(40);

    // The renter has sent 20 in this minute; ten more use up the limit, and the next is refused with
    // the server's words, the text kept.
    for (let n = 0; n < 10; n++) await send(renterToken, `Filler ${n}`);
    const field = page.getByRole('textbox', { name: 'Message' });
    await field.fill('One more question about the lease');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('alert')).toContainText(/sending messages too quickly/i);
    await expect(field).toHaveValue('One more question about the lease');
    await shot(page, 'desktop-send-refused');
  });

  test.describe('at phone width', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the list, then the conversation on its own with a way back; the dialog', async ({ page, baseURL }) => {
      if (!baseURL) throw new Error('needs baseURL');
      const renter = await createRenter(baseURL, { firstName: 'Pat', lastName: 'Phone' });
      await startThread(baseURL, renter, shared.listing.id, 'Hello from my phone! Is the unit on a high floor?');
      await signInContext(page.context(), baseURL, renter);

      await page.goto('/messages');
      await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
      const entry = page.getByRole('button', { name: new RegExp(shared.listing.title) });
      await expect(entry).toBeVisible();
      await expectAccessible(page);
      await shot(page, 'phone-list');

      await entry.click();
      const log = page.getByRole('log');
      await expect(log).toContainText('Hello from my phone!');
      await expect(entry).toBeHidden();
      await expect(page.getByRole('heading', { level: 2, name: shared.agent.name })).toBeFocused();
      await expectAccessible(page);
      await shot(page, 'phone-thread');

      await page.getByRole('button', { name: 'Back to conversations' }).click();
      await expect(page).toHaveURL('/messages');
      await expect(entry).toBeFocused();

      // The agent profile's 'Send Message': a conversation with the agent about no listing.
      await page.goto(`/agents/${shared.agentId}`);
      await page.getByRole('link', { name: 'Send Message' }).first().click();
      await expect(page).toHaveURL(`/messages?agent=${shared.agentId}`);
      const compose = page.getByRole('form', { name: 'New Message' });
      await expect(compose.getByRole('textbox', { name: 'Message' })).toHaveValue('');
      await shot(page, 'phone-compose-agent');
      await compose.getByRole('textbox', { name: 'Message' }).fill('Do you have other lofts nearby?');
      await compose.getByRole('button', { name: 'Send' }).click();
      await expect(page).toHaveURL(/\/messages\?open=[0-9a-f-]{36}$/);
      await expect(page.getByRole('log')).toContainText('Do you have other lofts nearby?');
      await expect(page.getByText('Property Inquiry')).toBeVisible();

      await page.goto('/');
      await page.getByRole('button', { name: 'Messages', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Messages' });
      await dialog.getByRole('button', { name: new RegExp(shared.listing.title) }).click();
      await expect(dialog.getByRole('log')).toContainText('Hello from my phone!');
      await expect(dialog.getByRole('button', { name: 'Back to conversations' })).toBeVisible();
      await shot(page, 'phone-dialog-thread');
    });
  });
});
