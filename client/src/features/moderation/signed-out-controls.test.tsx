// A visitor who is not signed in and reaches for a control of a signed-in person (report a listing,
// report a review, request a tour, save a search) is sent to sign in and brought back to the page they
// were on; none of these controls opens its form for them. Moved here from the browser tests, which
// checked one link each (issue 55 item 4).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SaveSearchButton } from '@/features/alerts/components/save-search-button';
import { ReportButton } from '@/features/reviews/components/review-moderation';
import { RequestTourButton } from '@/features/tours/request-tour-button';
import { renderWithProviders } from '@/test/render';
import { ReportListingButton } from './report-listing';

const DETAIL = '/properties/sunny-loft';
const back = (path: string) => `?redirect=${encodeURIComponent(path)}`;

describe('signed out', () => {
  it("'Report listing' leads to sign in and back to the listing, and opens no dialog", async () => {
    const { user, location } = renderWithProviders(
      <ReportListingButton propertyId="p1" viewerCanManage={false} viewerHasReported={false} />,
      { user: null, route: DETAIL },
    );
    await user.click(screen.getByRole('link', { name: 'Report listing' }));
    expect(location.current).toEqual({ pathname: '/auth', search: back(DETAIL) });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("'Report review' leads to sign in and back to the agent's profile", async () => {
    const profile = '/agents/agent-7';
    const review = { id: 'r1', isMine: false, viewerHasReported: false } as Parameters<typeof ReportButton>[0]['review'];
    const { user, location } = renderWithProviders(<ReportButton review={review} />, { user: null, route: profile });
    await user.click(screen.getByRole('link', { name: 'Report review' }));
    expect(location.current).toEqual({ pathname: '/auth', search: back(profile) });
  });

  it("'Sign in to request a tour' leads to sign in and back; the listing's managers get no control", async () => {
    const { user, location } = renderWithProviders(
      <RequestTourButton listing={{ id: 'p1', title: 'Sunny loft' }} viewerCanManage={false} />,
      { user: null, route: DETAIL },
    );
    expect(screen.queryByRole('button', { name: 'Request a tour' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Sign in to request a tour' }));
    expect(location.current).toEqual({ pathname: '/login', search: back(DETAIL) });
  });

  it("'Save search' leads to sign in and back to the same search, its filters kept", async () => {
    const search = '/listings?borough=bronx';
    const { user, location } = renderWithProviders(<SaveSearchButton filter={{}} signedIn={false} />, {
      user: null,
      route: search,
    });
    await user.click(screen.getByRole('button', { name: 'Save search' }));
    expect(location.current).toEqual({ pathname: '/auth', search: back(search) });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
