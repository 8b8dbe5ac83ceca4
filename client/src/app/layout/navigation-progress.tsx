import { useScreenLoading } from '@/lib/screen-loading';

/** A thin indeterminate bar along the top of the header while the next screen loads. */
export function NavigationProgress() {
  if (!useScreenLoading()) return null;
  return (
    <div aria-hidden="true" className="absolute inset-x-0 top-0 h-0.5 overflow-hidden bg-brand-100">
      <div className="progress-indeterminate h-full w-2/5 bg-brand-600" />
    </div>
  );
}
