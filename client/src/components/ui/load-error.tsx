import { AlertCircle } from '@/components/icons';
import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * A page's list that could not be loaded: what failed and 'Try again' (the query's refetch; a failed
 * retry leaves this in place). One look for every page of the account menu.
 */
export function LoadError({ children, onRetry }: { children: ReactNode; onRetry: () => Promise<unknown> }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
    >
      <AlertCircle aria-hidden="true" className="size-5" />
      {children}
      <Button variant="outline" size="sm" onClick={() => void onRetry().catch(() => undefined)}>
        Try again
      </Button>
    </div>
  );
}
