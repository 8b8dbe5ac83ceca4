// `/messages?compose=` and `?agent=` for something that cannot be found (SPEC part 8): 'Failed to open
// chat' with what could not be loaded and a way to browse, and no composer. Moved here from the browser
// tests, which checked one alert (issue 55 item 4).
import type { MockLink } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ComposeAgentDocument, ComposeListingDocument } from '../operations';
import { renderWithProviders } from '@/test/render';
import { AgentCompose, ListingCompose } from './compose-pane';

const FAILED: Omit<MockLink.MockedResponse, 'request'> = { error: new Error('Network request failed') };

async function expectFailedToOpen(detail: string) {
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to open chat');
  expect(alert).toHaveTextContent(detail);
  expect(within(alert).getByRole('link', { name: 'Browse listings' })).toHaveAttribute('href', '/');
  expect(screen.queryByRole('textbox')).toBeNull();
}

describe('a chat that cannot be opened', () => {
  it.each([
    ['an unknown listing', { result: { data: { property: null } } }],
    ['a failed answer', FAILED],
  ])('about %s says so', async (_, answer) => {
    const onThread = vi.fn();
    renderWithProviders(<ListingCompose listingId="no-such-listing" onThread={onThread} />, {
      route: '/messages?compose=no-such-listing',
      mocks: [{ request: { query: ComposeListingDocument, variables: { id: 'no-such-listing' } }, ...answer }],
    });
    await expectFailedToOpen('This listing could not be loaded. It may have been removed.');
    expect(onThread).not.toHaveBeenCalled();
  });

  it.each([
    ['an unknown agent', { result: { data: { agent: null } } }],
    ['a failed answer', FAILED],
  ])('with %s says so', async (_, answer) => {
    renderWithProviders(<AgentCompose agentId="no-such-agent" onThread={vi.fn()} />, {
      route: '/messages?agent=no-such-agent',
      mocks: [{ request: { query: ComposeAgentDocument, variables: { id: 'no-such-agent' } }, ...answer }],
    });
    await expectFailedToOpen('This agent could not be found.');
  });
});
