import { Spinner } from '@/components/ui/spinner';

/** 'Loading map...' (SPEC part 4): over a map starting up, or in its place while its code loads. */
export function MapLoading() {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-gray-100 text-sm text-gray-600">
      <Spinner className="size-6" />
      <p role="status">Loading map...</p>
    </div>
  );
}
