import { DEFAULT_ZOOM, NYC_CENTER, type LatLng } from '@common/nyc';
import { MapPinOff, PenLine, Search } from '@/components/icons';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { defineMessages, useIntl } from '@common/i18n/messages';
import { loadMapStyleUrl } from './map-config';
import { MapLoading } from './map-loading';
import type { MapEngine } from './maplibre-engine';
import type { MapBounds, MapMarker, MapResults, MapView as MapViewSpec } from './types';
import { hasWebGl2 } from './webgl';

export type MapStatus = 'loading' | 'ready' | 'unavailable';

// The map's texts are in the part 'map' of the catalogues, loaded with its code (the listings page's
// lazy import, the detail page's and the listing form's routes).
const messages = defineMessages({
  unavailable: { id: 'map.unavailable', defaultMessage: 'Map unavailable' },
  drawArea: { id: 'map.drawArea', defaultMessage: 'Draw area' },
  searchThisArea: { id: 'map.searchThisArea', defaultMessage: 'Search this area' },
});

// The toolbar of 'Draw area', fetched when a drawing starts.
const DrawAreaToolbar = lazy(() => import('./draw-area-toolbar'));

const DEFAULT_VIEW: MapViewSpec = { kind: 'center', center: NYC_CENTER, zoom: DEFAULT_ZOOM };

export interface MapViewProps {
  /** The accessible name of the map region, e.g. 'Map of listings'. */
  label: string;
  markers: readonly MapMarker[];
  /**
   * Every result of a search, clustered (the listings page). A click on a listing's marker opens its
   * popup; on a building's or a cell's, `onSearchArea` is asked for its area.
   */
  results?: MapResults | null;
  /** The pointer or focus is on a listing's marker of `results` (null when it leaves). */
  onMarkerHover?: (id: string | null) => void;
  /** A line over the map's foot (e.g. how many results have no location). */
  note?: string | null;
  /** The drawn search area, outlined on the map. */
  area?: readonly LatLng[] | null;
  /** Offers 'Draw area': the user draws a polygon, given here once done (3 corners at least). */
  onDrawArea?: (corners: LatLng[]) => void;
  /**
   * What to show; applied again whenever `viewKey` changes. A view of kind 'points' fits the map to
   * results: it is not applied once the user has moved the map themselves. Null: the map stays where
   * it is (central Manhattan at first).
   */
  view: MapViewSpec | null;
  viewKey: string | null;
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
  results = null,
  onMarkerHover,
  note = null,
  area = null,
  onDrawArea,
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
  const intl = useIntl();
  const regionRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(!loadWhenVisible);
  const engineRef = useRef<MapEngine | null>(null);
  const appliedViewKey = useRef(viewKey);
  const latest = useRef({ view, viewKey, markers });
  const [status, setStatus] = useState<MapStatus>('loading');
  const [moved, setMoved] = useState(false);
  // The user moved the map since the app last placed it for them: results are no longer fitted.
  const userMovedRef = useRef(false);
  const [popup, setPopup] = useState<{ id: string; node: HTMLElement } | null>(null);
  // The corners of an area being drawn (null when not drawing).
  const [drawn, setDrawn] = useState<LatLng[] | null>(null);
  const drawing = drawn !== null;
  const clickable = renderPopup !== undefined;
  const placesPin = onPinMove !== undefined;
  const onPinMoveRef = useRef(onPinMove);
  const onSearchAreaRef = useRef(onSearchArea);
  const onMarkerHoverRef = useRef(onMarkerHover);
  const searchesArea = onSearchArea !== undefined;

  useEffect(() => {
    latest.current = { view, viewKey, markers };
    onPinMoveRef.current = onPinMove;
    onSearchAreaRef.current = onSearchArea;
    onMarkerHoverRef.current = onMarkerHover;
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

    // Without WebGL the map cannot be drawn: its code is not fetched.
    const engineCode = hasWebGl2()
      ? import('./maplibre-engine')
      : Promise.reject(new Error('WebGL 2 is not available in this browser.'));
    Promise.all([engineCode, loadMapStyleUrl()])
      .then(([{ createMapEngine }, styleUrl]) => {
        if (cancelled) return null;
        appliedViewKey.current = latest.current.viewKey;
        return createMapEngine(host, {
          styleUrl,
          view: latest.current.view ?? DEFAULT_VIEW,
          interactive,
          onUserMove: () => {
            userMovedRef.current = true;
            setMoved(true);
          },
          onMarkerClick: clickable ? openPopup : undefined,
          onMapClick: placesPin ? (point) => onPinMoveRef.current?.(point) : undefined,
          onAreaClick: searchesArea
            ? (bounds) => {
                setMoved(false);
                onSearchAreaRef.current?.(bounds);
              }
            : undefined,
          onMarkerHover: (id) => onMarkerHoverRef.current?.(id),
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
  }, [interactive, clickable, placesPin, searchesArea, near]);

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
    if (status === 'ready') engineRef.current?.setResults(results);
  }, [results, status]);

  // The area being drawn, else the one searched.
  useEffect(() => {
    if (status === 'ready') engineRef.current?.setArea(drawn ?? area);
  }, [drawn, area, status]);

  useEffect(() => {
    if (status !== 'ready') return;
    engineRef.current?.setDrawing(drawing ? (point) => setDrawn((corners) => (corners ? [...corners, point] : corners)) : null);
  }, [drawing, status]);

  useEffect(() => {
    if (status === 'ready') engineRef.current?.setHighlighted(highlightedId);
  }, [highlightedId, status, markers, results]);

  useEffect(() => {
    const next = latest.current.view;
    if (status !== 'ready' || viewKey === null || !next || appliedViewKey.current === viewKey) return;
    appliedViewKey.current = viewKey;
    // Fitting to results never undoes where the user took the map.
    if (next.kind === 'points' && userMovedRef.current) return;
    if (next.kind !== 'points') userMovedRef.current = false;
    engineRef.current?.show(next);
    setMoved(false);
  }, [viewKey, status]);

  // A popup whose listing left the map closes.
  useEffect(() => {
    if (!popup) return;
    const shown = markers.some((marker) => marker.id === popup.id) || (results?.points.some((p) => p.id === popup.id) ?? false);
    if (!shown) engineRef.current?.closePopup();
  }, [markers, results, popup]);

  function finishDrawing() {
    if (!drawn || drawn.length < 3) return;
    setDrawn(null);
    setMoved(false);
    onDrawArea?.(drawn);
  }

  function searchArea() {
    const engine = engineRef.current;
    if (!engine || !onSearchArea) return;
    setMoved(false);
    onSearchArea(engine.getBounds());
  }

  return (
    <div
      ref={regionRef}
      role="region"
      aria-label={label}
      className={cn('relative overflow-hidden bg-[#aad3df]', drawing && 'map-drawing', className)}
    >
      <div ref={containerRef} className="absolute inset-0" />
      {status === 'loading' ? <MapLoading /> : null}
      {status === 'unavailable' ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-gray-100 text-sm text-gray-600">
          <MapPinOff aria-hidden="true" className="size-6 text-gray-400" />
          <p role="status">{intl.formatMessage(messages.unavailable)}</p>
        </div>
      ) : null}
      {status === 'ready' && onDrawArea && !drawing ? (
        <div className="absolute top-3 left-3">
          <Button size="sm" variant="outline" onClick={() => setDrawn([])} className="rounded-full bg-white shadow-md">
            <PenLine aria-hidden="true" className="size-4" />
            {intl.formatMessage(messages.drawArea)}
          </Button>
        </div>
      ) : null}
      {status === 'ready' && drawn ? (
        <Suspense fallback={null}>
          <DrawAreaToolbar
            corners={drawn.length}
            onAddCentre={() => {
              const center = engineRef.current?.getCenter();
              if (center) setDrawn((corners) => (corners ? [...corners, center] : corners));
            }}
            onUndo={() => setDrawn(drawn.slice(0, -1))}
            onCancel={() => setDrawn(null)}
            onDone={finishDrawing}
          />
        </Suspense>
      ) : null}
      {status === 'ready' && moved && onSearchArea && !drawing ? (
        <div className="absolute top-3 left-1/2 -translate-x-1/2">
          <Button size="sm" onClick={searchArea} className="rounded-full shadow-md">
            <Search aria-hidden="true" className="size-4" />
            {intl.formatMessage(messages.searchThisArea)}
          </Button>
        </div>
      ) : null}
      {status === 'ready' && note ? (
        <p className="pointer-events-none absolute bottom-2 left-1/2 max-w-[80%] -translate-x-1/2 rounded-full bg-white/90 px-3 py-1 text-center text-xs text-gray-700 shadow">
          {note}
        </p>
      ) : null}
      {popup && renderPopup ? createPortal(renderPopup(popup.id), popup.node) : null}
    </div>
  );
}
