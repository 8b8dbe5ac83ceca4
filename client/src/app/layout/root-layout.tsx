import { Outlet, ScrollRestoration } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { AppShell } from './app-shell';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  loading: { id: 'common.loading', defaultMessage: 'Loading…' },
});

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
        <Spinner className="size-8" label={formatMessage(messages.loading)} />
      </div>
    </AppShell>
  );
}
