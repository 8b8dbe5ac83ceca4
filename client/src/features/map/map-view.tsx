import type { LatLng } from '@common/nyc';
import { MapPinOff, Search } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { loadMapStyleUrl } from './map-config';
import type { MapEngine } from './maplibre-engine';
import type { MapBounds, MapMarker, MapView as MapViewSpec } from './types';

export type MapStatus = 'loading' | 'ready' | 'unavailable';

export interface MapViewProps {
  /** The accessible name of the map region, e.g. 'Map of listings'. */
  label: string;
  markers: readonly MapMarker[];
  /** What to show; applied again whenever `viewKey` changes. */
  view: MapViewSpec;
  viewKey: string;
  highlightedId?: string | null;
  /** False for a static preview: no panning, zooming or 'Search this area'. */
  interactive?: boolean;
  /** Content of the popup shown when a marker is clicked; markers are not clickable without it. */
  renderPopup?: (id: string) => ReactNode;
  /** Offers 'Search this area' after the user moves the map. */
  onSearchArea?: (bounds: MapBounds) => void;
  /** A single draggable pin (for choosing a place), with its accessible name. */
  pin?: { position: LatLng; label: string } | null;
  /** The user clicked the map or dragged the pin: the pin should go there. Fixed for the map's life. */
  onPinMove?: (point: LatLng) => void;
  /**
   * Loads MapLibre only once the map comes near the viewport (a map further down a page): its code
   * and its start-up, the heaviest work of a page, are spent only when it is looked at.
   */
  loadWhenVisible?: boolean;
  className?: string;
}

/**
 * A MapLibre map loaded on demand (SPEC part 4: 'Loading map...', ready, or 'Map unavailable').
 * Failures — no WebGL, a style that does not load, a chunk that cannot be fetched — end in
 * 'Map unavailable' with a console warning.
 */
export function MapView({
  label,
  markers,
  view,
  viewKey,
  highlightedId = null,
  interactive = true,
  renderPopup,
  onSearchArea,
  pin = null,
  onPinMove,
  loadWhenVisible = false,
  className,
}: MapViewProps) {
  const regionRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(!loadWhenVisible);
  const engineRef = useRef<MapEngine | null>(null);
  const appliedViewKey = useRef(viewKey);
  const latest = useRef({ view, viewKey, markers });
  const [status, setStatus] = useState<MapStatus>('loading');
  const [moved, setMoved] = useState(false);
  const [popup, setPopup] = useState<{ id: string; node: HTMLElement } | null>(null);
  const clickable = renderPopup !== undefined;
  const placesPin = onPinMove !== undefined;
  const onPinMoveRef = useRef(onPinMove);

  useEffect(() => {
    latest.current = { view, viewKey, markers };
    onPinMoveRef.current = onPinMove;
  });

  useEffect(() => {
    const region = regionRef.current;
    if (near || !region) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(region);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !near) return;
    // Each map instance gets its own host element, so a map being torn down never touches the next.
    const host = document.createElement('div');
    // Inline, so MapLibre's own `.maplibregl-map { position: relative }` cannot collapse it.
    host.style.cssText = 'position:absolute;inset:0';
    container.appendChild(host);
    let cancelled = false;
    let engine: MapEngine | null = null;

    function openPopup(id: string) {
      const node = document.createElement('div');
      engine?.openPopup(id, node, () => setPopup((current) => (current?.node === node ? null : current)));
      setPopup({ id, node });
    }

    Promise.all([import('./maplibre-engine'), loadMapStyleUrl()])
      .then(([{ createMapEngine }, styleUrl]) => {
        if (cancelled) return null;
        appliedViewKey.current = latest.current.viewKey;
        return createMapEngine(host, {
          styleUrl,
          view: latest.current.view,
          interactive,
          onUserMove: () => setMoved(true),
          onMarkerClick: clickable ? openPopup : undefined,
          onMapClick: placesPin ? (point) => onPinMoveRef.current?.(point) : undefined,
        });
      })
      .then((created) => {
        if (!created) return;
        if (cancelled) {
          created.destroy();
          return;
        }
        engine = created;
        engineRef.current = created;
        setStatus('ready');
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        console.warn('Map unavailable', err);
        setStatus('unavailable');
      });

    return () => {
      cancelled = true;
      engine?.destroy();
      engineRef.current = null;
      host.remove();
    };
  }, [interactive, clickable, placesPin, near]);

  const pinLat = pin?.position.lat;
  const pinLng = pin?.position.lng;
  const pinLabel = pin?.label;
  useEffect(() => {
    if (status !== 'ready') return;
    engineRef.current?.setPin(
      pinLat === undefined || pinLng === undefined
        ? null
        : { position: { lat: pinLat, lng: pinLng }, label: pinLabel ?? '', onMove: (point) => onPinMoveRef.current?.(point) },
    );
  }, [pinLat, pinLng, pinLabel, status]);

  useEffect(() => {
    if (status === 'ready') engineRef.current?.setMarkers(markers);
  }, [markers, status]);

  useEffect(() => {
    if (status === 'ready') engineRef.current?.setHighlighted(highlightedId);
  }, [highlightedId, status, markers]);

  useEffect(() => {
    if (status !== 'ready' || appliedViewKey.current === viewKey) return;
    appliedViewKey.current = viewKey;
    engineRef.current?.show(latest.current.view);
    setMoved(false);
  }, [viewKey, status]);

  // A popup whose listing left the page closes.
  useEffect(() => {
    if (popup && !markers.some((marker) => marker.id === popup.id)) engineRef.current?.closePopup();
  }, [markers, popup]);

  function searchArea() {
    const engine = engineRef.current;
    if (!engine || !onSearchArea) return;
    setMoved(false);
    onSearchArea(engine.getBounds());
  }

  return (
    <div ref={regionRef} role="region" aria-label={label} className={cn('relative overflow-hidden bg-[#aad3df]', className)}>
      <div ref={containerRef} className="absolute inset-0" />
      {status === 'loading' ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-gray-100 text-sm text-gray-600">
          <Spinner className="size-6" />
          <p role="status">Loading map...</p>
        </div>
      ) : null}
      {status === 'unavailable' ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-gray-100 text-sm text-gray-600">
          <MapPinOff aria-hidden="true" className="size-6 text-gray-400" />
          <p role="status">Map unavailable</p>
        </div>
      ) : null}
      {status === 'ready' && moved && onSearchArea ? (
        <div className="absolute top-3 left-1/2 -translate-x-1/2">
          <Button size="sm" onClick={searchArea} className="rounded-full shadow-md">
            <Search aria-hidden="true" className="size-4" />
            Search this area
          </Button>
        </div>
      ) : null}
      {popup && renderPopup ? createPortal(renderPopup(popup.id), popup.node) : null}
    </div>
  );
}
