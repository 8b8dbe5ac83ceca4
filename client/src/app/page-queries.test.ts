import { getOperationAST } from 'graphql';
import { describe, expect, it } from 'vitest';
import { pageQueries } from './page-queries';

const names = (url: string, signedIn = false) =>
  pageQueries(new URL(url, 'http://localhost'), signedIn)?.map(({ query }) => getOperationAST(query)?.name?.value) ?? null;

describe('the queries a page rendered on the server asks for first', () => {
  it("are the layout's and the screen's, for each page, whatever the case or a trailing slash", () => {
    expect(names('/')).toEqual(['Me', 'SearchProperties']);
    expect(names('/listings?beds=2')).toEqual(['Me', 'SearchProperties']);
    expect(names('/properties/a-loft-x1')).toEqual(['Me', 'PropertyDetail']);
    expect(names('/PROPERTIES/a-loft-x1/')).toEqual(['Me', 'PropertyDetail']);
    expect(names('/listing/abc')).toEqual(['Me', 'PropertyDetail']);
    expect(names('/agents/agent-1')).toEqual(['Me', 'AgentProfile']);
    expect(names('/me/listings', true)).toEqual(['Me', 'UnreadMessagesCount', 'NotificationCount', 'MyListings', 'ListingStats']);
    expect(names('/messages', true)).toEqual(['Me', 'UnreadMessagesCount', 'NotificationCount', 'Conversations']);
    expect(names('/create-listing', true)).toEqual(['Me', 'UnreadMessagesCount', 'NotificationCount']);
  });

  it('leave to the browser what the server does not render, and ask only for the layout elsewhere', () => {
    expect(names('/messages?open=t1', true)).toBeNull();
    expect(names('/messages')).toBeNull();
    expect(names('/create-listing')).toBeNull();
    expect(names('/properties/a/b')).toEqual(['Me']);
    expect(names('/nowhere')).toEqual(['Me']);
  });
});
