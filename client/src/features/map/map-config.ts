import { apiFetch } from '@/lib/api';

let styleUrlPromise: Promise<string | null> | undefined;

/**
 * The MapLibre style to draw with: `mapStyleUrl` of GET /api/client-config (MAP_STYLE_URL on the
 * server), or null for the offline style. A failing config request also means the offline style.
 */
export function loadMapStyleUrl(): Promise<string | null> {
  styleUrlPromise ??= apiFetch<{ mapStyleUrl?: string | null }>('/api/client-config')
    .then((config) => config.mapStyleUrl ?? null)
    .catch((err: unknown) => {
      console.warn('Map configuration unavailable; using the offline map style.', err);
      styleUrlPromise = undefined;
      return null;
    });
  return styleUrlPromise;
}
