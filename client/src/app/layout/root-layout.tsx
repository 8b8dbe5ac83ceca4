import { Outlet, ScrollRestoration } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { AppShell } from './app-shell';

export function RootLayout() {
  return (
    <AppShell>
      <Outlet />
      <ScrollRestoration />
    </AppShell>
  );
}

/** Shown inside the frame while the first screen's code loads. */
export function RootHydrateFallback() {
  return (
    <AppShell>
      <div className="flex justify-center py-24">
        <Spinner className="size-8" label="Loading…" />
      </div>
    </AppShell>
  );
}
