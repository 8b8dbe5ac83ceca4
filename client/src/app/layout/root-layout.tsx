import { Outlet } from 'react-router';
import { AppShell } from './app-shell';
import { ScrollRestoration } from './scroll-restoration';

/**
 * The frame of every screen. No Suspense boundary around the screen: the browser loads the first
 * screen's code before it renders or takes over the page (boot.tsx), and a navigation keeps the old
 * screen while the next one's code loads (it is a transition). A boundary here would also hydrate the
 * server's screen in a pass of its own, after the sign-in check had changed what it shows, and React
 * does not patch attributes while it hydrates (a disabled heart stayed disabled).
 */
export function RootLayout() {
  return (
    <AppShell>
      <Outlet />
      <ScrollRestoration />
    </AppShell>
  );
}
