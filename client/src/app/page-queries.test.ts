import { getOperationAST } from 'graphql';
import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { pageQueries, pathTest } from './page-queries';
import { SERVER_PAGES } from './server-pages';

const PATHS = Object.values(SERVER_PAGES).flatMap((page) => [...page.paths]);

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

  it("find no URL two pages' paths both match (the first that matches is taken)", () => {
    for (const path of PATHS) {
      for (const sample of [path.replace(/:[^/]+/g, 'x'), path.replace(/:[^/]+/g, 'listings')]) {
        const matching = PATHS.filter((other) => matchPath(other, sample));
        expect({ sample, matching }).toEqual({ sample, matching: [path] });
      }
    }
  });

  it("test a path as React Router's matchPath does, whatever the case or a trailing slash", () => {
    for (const path of PATHS) {
      for (const sample of [
        '/',
        '/listings',
        '/listings/',
        '/PROPERTIES/a-1',
        '/properties/a-1/',
        '/properties/a/b',
        '/listing/a%20b',
        '/agents/x',
        '/me/listings',
        '/messages',
        '/create-listing',
        '/nowhere',
      ]) {
        expect({ path, sample, may: pathTest(path).test(sample) }).toEqual({
          path,
          sample,
          may: matchPath(path, sample) !== null,
        });
      }
    }
  });
});
