import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { QUIET_AGENT } from './data-factories.js';
import { firstPage, gql } from './listings-helpers.js';

interface AgentSummary {
  id: string;
  displayName: string;
  email: string;
  phone: string | null;
  rating: number;
  reviewCount: number;
  propertiesSold: number;
  yearsExperience: number;
  agency: string | null;
  license: string | null;
  specialties: string[];
  activeListingsCount: number;
}

async function seededAgents(page: Page): Promise<AgentSummary[]> {
  const data = await gql<{ agents: { edges: { node: AgentSummary }[] } }>(
    page.request,
    `query { agents(first: 50) { edges { node {
      id displayName email phone rating reviewCount propertiesSold yearsExperience agency license specialties activeListingsCount
    } } } }`,
  );
  return data.agents.edges.map((edge) => edge.node);
}

test.describe('agent profile', () => {
  test('shows the agent, their listings as cards, at most 5 reviews, stats, professional info and contact links', async ({
    page,
  }) => {
    const agents = await seededAgents(page);
    const agent = agents.find((a) => a.reviewCount > 5 && a.activeListingsCount > 0 && a.phone);
    if (!agent) throw new Error('No seeded agent with reviews, listings and a phone');

    await page.goto(`/agents/${agent.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(agent.displayName);
    await expect(page.getByRole('img', { name: `Rated ${agent.rating.toFixed(1)} out of 5` }).first()).toBeVisible();
    const header = page.getByRole('region', { name: 'Agent' });
    await expect(header).toContainText(`${agent.reviewCount} reviews`);
    await expect(header).toContainText(`${agent.propertiesSold} properties sold`);
    await expect(header).toContainText(`${agent.yearsExperience} ${agent.yearsExperience === 1 ? 'year' : 'years'} experience`);
    if (agent.agency) await expect(header).toContainText(agent.agency);
    for (const specialty of agent.specialties) {
      await expect(header.getByRole('list', { name: 'Specialties' })).toContainText(specialty);
    }
    await expect(header.getByRole('link', { name: 'Send Message' })).toHaveAttribute('href', `/messages?agent=${agent.id}`);
    await expect(header.getByRole('link', { name: /^Email/ })).toHaveAttribute('href', `mailto:${agent.email}`);
    await expect(header.getByRole('link', { name: new RegExp(`^Call ${agent.displayName}`) })).toHaveAttribute(
      'href',
      /^tel:\+?\d+$/,
    );

    await expect(page.getByRole('heading', { level: 2, name: `Current Listings (${agent.activeListingsCount})` })).toBeVisible();
    const cards = page.getByRole('region', { name: /Current Listings/ }).locator('article');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBe(Math.min(6, agent.activeListingsCount));
    await expect(cards.first().getByRole('link', { name: `Agent: ${agent.displayName}` })).toBeVisible();

    const reviews = page.getByRole('region', { name: `Client Reviews (${agent.reviewCount})` });
    await expect(reviews.getByRole('listitem')).toHaveCount(5);
    await expect(reviews.getByRole('img', { name: /^Rated [1-5]\.0 out of 5$/ })).toHaveCount(5);

    const stats = page.getByRole('region', { name: 'Quick Stats' });
    await expect(stats).toContainText(`Rating${agent.rating.toFixed(1)} / 5.0`);
    await expect(stats).toContainText(`Properties Sold${agent.propertiesSold}`);
    await expect(stats).toContainText(`Years Experience${agent.yearsExperience}`);
    await expect(stats).toContainText(`Active Listings${agent.activeListingsCount}`);
    const info = page.getByRole('region', { name: 'Professional Info' });
    await expect(info).toContainText(`License${agent.license ?? 'Not provided'}`);
    await expect(page.getByRole('region', { name: 'Get in Touch' }).getByRole('link', { name: 'Send Message' })).toBeVisible();
  });

  test('more listings load page by page; an agent without reviews or listings says so', async ({ page }) => {
    const agents = await seededAgents(page);
    const busy = agents.find((a) => a.activeListingsCount > 6);
    if (!busy) throw new Error('No seeded agent with more than 6 active listings');
    await page.goto(`/agents/${busy.id}`);
    const cards = page.getByRole('region', { name: /Current Listings/ }).locator('article');
    await expect(cards).toHaveCount(6);
    await page.getByRole('button', { name: 'Show more listings' }).click();
    await expect(cards).toHaveCount(Math.min(12, busy.activeListingsCount));

    // The e2e factories' agent (tests/e2e/data-factories.ts): no reviews, no listings.
    const quiet = agents.find((a) => a.displayName === `${QUIET_AGENT.firstName} ${QUIET_AGENT.lastName}`);
    if (!quiet) throw new Error('The e2e agent without reviews is missing');
    expect(quiet).toMatchObject({ reviewCount: 0, activeListingsCount: 0 });
    await page.goto(`/agents/${quiet.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(quiet.displayName);
    await expect(page.getByRole('heading', { level: 2, name: 'Client Reviews (0)' })).toBeVisible();
    await expect(page.getByText('No reviews yet')).toBeVisible();
    await expect(page.getByText('No current listings available')).toBeVisible();
  });

  test('a card links to its agent profile', async ({ page }) => {
    const name = (await firstPage(page.request)).edges[0]?.node.agent?.displayName ?? '';
    await page.goto('/listings');
    const link = page
      .locator('article')
      .first()
      .getByRole('link', { name: `Agent: ${name}` });
    await link.click();
    await expect(page).toHaveURL(/\/agents\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });
});
