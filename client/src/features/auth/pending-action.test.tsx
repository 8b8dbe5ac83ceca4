// The action a signed-out visitor asked for is done once they are back signed in (issue 58 item 7):
// remembered with the page to come back to when the sign-in prompt is shown, taken once, on that page
// only, fresh only; the save heart, an RSVP and Save search use it.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SaveButton } from '@/features/favorites/save-button';
import { SaveSearchButton } from '@/features/alerts/components/save-search-button';
import { OpenHouseRsvp } from '@/features/tours/open-house-rsvp';
import { RsvpOpenHouseDocument, SavePropertyDocument } from '@/gql/graphql';
import { renderWithProviders, TEST_USER } from '@/test/render';
import { PENDING_ACTION_MAX_AGE_MS, rememberPendingAction } from './pending-action';
import { takePendingAction } from './pending-action-replay';

beforeEach(() => sessionStorage.clear());

const SEARCH = '/listings?borough=BROOKLYN';

describe('the pending action', () => {
  it('is taken once, on the page it was asked for on, for its kind and subject only', () => {
    rememberPendingAction({ kind: 'saveListing', id: 'p1' }, SEARCH);
    expect(takePendingAction('saveListing', 'p1', '/listings')).toBeNull();
    expect(takePendingAction('saveListing', 'p2', SEARCH)).toBeNull();
    expect(takePendingAction('rsvp', 'p1', SEARCH)).toBeNull();
    expect(takePendingAction('saveListing', 'p1', SEARCH)).toEqual({ kind: 'saveListing', id: 'p1' });
    expect(takePendingAction('saveListing', 'p1', SEARCH)).toBeNull();
  });

  it('is forgotten after 30 minutes, and never kept for a page of another site', () => {
    const now = Date.now();
    rememberPendingAction({ kind: 'saveListing', id: 'p1' }, SEARCH, sessionStorage, now);
    expect(takePendingAction('saveListing', 'p1', SEARCH, sessionStorage, now + PENDING_ACTION_MAX_AGE_MS + 1)).toBeNull();
    expect(sessionStorage.length).toBe(0);
    rememberPendingAction({ kind: 'saveListing', id: 'p1' }, '//evil.example/listings', sessionStorage, now);
    expect(takePendingAction('saveListing', 'p1', '//evil.example/listings', sessionStorage, now)).toBeNull();
    expect(takePendingAction('saveListing', 'p1', '/', sessionStorage, now)).toEqual({ kind: 'saveListing', id: 'p1' });
  });

  it('survives a bad entry: ignored and removed', () => {
    sessionStorage.setItem('nyc-rentals:pending-action', '{"action":{"kind":"deleteEverything","id":"x"},"returnTo":"/","at":1}');
    expect(takePendingAction('saveListing', 'x', '/')).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });
});

describe('the save heart', () => {
  it('clicked signed out: asks to sign in and remembers the save with this page', async () => {
    const { user, location } = renderWithProviders(<SaveButton propertyId="p1" isSaved={false} title="Loft" />, {
      route: SEARCH,
      user: null,
    });
    await user.click(screen.getByRole('button', { name: 'Save Loft' }));
    expect(location.current).toEqual({ pathname: '/login', search: `?redirect=${encodeURIComponent(SEARCH)}` });
    expect(takePendingAction('saveListing', 'p1', SEARCH)).toEqual({ kind: 'saveListing', id: 'p1' });
  });

  it('back on the page signed in: saved once, the heart filled; another listing’s heart does nothing', async () => {
    rememberPendingAction({ kind: 'saveListing', id: 'p1' }, SEARCH);
    const sent: string[] = [];
    const mock = {
      request: { query: SavePropertyDocument, variables: () => true },
      maxUsageCount: 3,
      result: (v: Record<string, unknown>) => {
        sent.push(String(v.id));
        return { data: { saveProperty: { __typename: 'Property' as const, id: String(v.id), isSaved: true } } };
      },
    };
    renderWithProviders(
      <>
        <SaveButton propertyId="p2" isSaved={false} title="Other" />
        <SaveButton propertyId="p1" isSaved={false} title="Loft" />
      </>,
      { route: SEARCH, user: TEST_USER, mocks: [mock] },
    );
    await waitFor(() => expect(sent).toEqual(['p1']));
    expect(sessionStorage.length).toBe(0);
  });

  it('back on the page still signed out: nothing is done, the save stays remembered', async () => {
    rememberPendingAction({ kind: 'saveListing', id: 'p1' }, SEARCH);
    renderWithProviders(<SaveButton propertyId="p1" isSaved={false} title="Loft" />, { route: SEARCH, user: null });
    await new Promise((r) => setTimeout(r, 50));
    expect(takePendingAction('saveListing', 'p1', SEARCH)).not.toBeNull();
  });
});

describe('an RSVP and Save search asked for signed out', () => {
  const openHouse = {
    id: 'oh-1',
    startsAt: '2099-01-01T15:00:00.000Z',
    endsAt: '2099-01-01T16:00:00.000Z',
    capacity: 1,
    goingCount: 1,
    placesLeft: 0,
    waitlistCount: 0,
    viewerRsvp: null,
  };

  it('the RSVP link remembers the waitlist of a full open house; back signed in, the renter joins it', async () => {
    const { user } = renderWithProviders(<OpenHouseRsvp openHouse={openHouse} viewerCanManage={false} />, {
      route: '/properties/loft',
      user: null,
    });
    await user.click(screen.getByRole('link', { name: 'Sign in to RSVP' }));
    const sent: unknown[] = [];
    const mock = {
      request: { query: RsvpOpenHouseDocument, variables: () => true },
      result: (v: Record<string, unknown>) => {
        sent.push(v);
        return {
          data: {
            rsvpOpenHouse: {
              __typename: 'OpenHouse' as const,
              ...openHouse,
              waitlistCount: 1,
              viewerRsvp: 'WAITLISTED' as const,
            },
          },
        };
      },
    };
    renderWithProviders(<OpenHouseRsvp openHouse={openHouse} viewerCanManage={false} />, {
      route: '/properties/loft',
      user: TEST_USER,
      mocks: [mock],
    });
    await waitFor(() => expect(sent).toEqual([{ id: 'oh-1', waitlist: true }]));
  });

  it('Save search: the dialog opens once back on the same search signed in', async () => {
    const { user, location } = renderWithProviders(<SaveSearchButton filter={{}} signedIn={false} />, {
      route: SEARCH,
      user: null,
    });
    await user.click(screen.getByRole('button', { name: 'Save search' }));
    expect(location.current.pathname).toBe('/auth');
    renderWithProviders(<SaveSearchButton filter={{}} signedIn />, { route: SEARCH, user: TEST_USER });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});
