// The app's route table (router.tsx) as a visitor meets it: the signed-in-only screens (/messages,
// /rate-agent/:agentId, /admin/moderation) send them to sign in, with the address to come back to,
// before any of their code or data is asked for. Moved here from the browser tests, which checked one
// address each (issue 55 item 4).
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { loadMatchedScreens, routes, Screens } from './router';
import { useRoutes, type RouteObject } from 'react-router';

// The screens as router.tsx declares them, under its `Screens` (the root layout's header and footer
// are the layout's own tests).
const screensOnly: RouteObject[] = [{ path: '/', Component: Screens, children: routes[0]!.children![0]!.children }];

function ScreensOnly() {
  return useRoutes(screensOnly);
}

describe('the signed-in-only screens', () => {
  // The sign-in screen's code, as a visit that lands there has it (its first transform here is slow).
  beforeAll(() => loadMatchedScreens('/auth'), 60_000);

  it.each(['/rate-agent/agent-7', '/messages?compose=sunny-loft', '/admin/moderation'])(
    '%s sends a visitor to sign in and back',
    async (path) => {
      const { location } = renderWithProviders(<ScreensOnly />, { user: null, route: path });
      expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
      expect(location.current).toEqual({ pathname: '/auth', search: `?redirect=${encodeURIComponent(path)}` });
    },
  );
});
