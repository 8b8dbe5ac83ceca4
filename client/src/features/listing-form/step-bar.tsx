import { defineMessages, useIntl } from '@common/i18n/messages';
import { Check } from '@/components/icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { SECTIONS, type SectionId } from './form-model';

const messages = defineMessages({
  steps: { id: 'listingSteps.steps', defaultMessage: 'Listing form steps' },
  stepOf: { id: 'listingSteps.stepOf', defaultMessage: 'Step {step} of {count}' },
  counter: { id: 'listingSteps.counter', defaultMessage: '{step} of {count}' },
});

/** A section counts as in view from this share of it visible (SPEC part 9: 8 percent). */
export const MIN_VISIBLE_RATIO = 0.08;
/** The sticky header (64 px) and this step bar sit over the top of the page. */
const TOP_OVERLAY_PX = 128;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Writes ?step= without a history entry and without a router navigation. */
function mirrorStep(step: SectionId) {
  const url = new URL(window.location.href);
  if (url.searchParams.get('step') === step) return;
  url.searchParams.set('step', step);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

function atPageEnd(): boolean {
  const doc = document.documentElement;
  return doc.scrollHeight > window.innerHeight + 8 && window.scrollY + window.innerHeight >= doc.scrollHeight - 2;
}

/** How much of a section is on screen: the share of it (0 to 1) and its visible height in pixels. */
export interface SectionVisibility {
  ratio: number;
  height: number;
}

/**
 * The section to make active: the last one when the page is scrolled to its very end (however
 * short it is); else the one with the most pixels on screen among those at least 8 percent visible
 * (the first of equals); null when none is.
 */
export function mostVisibleSection(visible: ReadonlyMap<string, SectionVisibility>, atEnd: boolean): SectionId | null {
  if (atEnd) return SECTIONS[SECTIONS.length - 1]!.id;
  let best: SectionId | null = null;
  let bestHeight = 0;
  for (const section of SECTIONS) {
    const v = visible.get(section.id);
    if (!v || v.ratio < MIN_VISIBLE_RATIO) continue;
    if (v.height > bestHeight) {
      best = section.id;
      bestHeight = v.height;
    }
  }
  return best;
}

/**
 * The active section: the most visible one (in pixels on screen) among those at least 8 percent
 * visible, observed with an IntersectionObserver. A jump (step bar, Next, Previous) sets it at once
 * and holds it until the scroll it started has settled.
 */
export function useActiveSection(initial: SectionId, ready: boolean) {
  const [active, setActive] = useState<SectionId>(initial);
  const lockUntil = useRef(0);
  // The check that a jump's scroll started (below): cleared when the form goes away, so it never
  // runs against a page (or, in tests, an environment) that is gone.
  const settleTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(settleTimer.current), []);
  const visible = useRef(new Map<string, SectionVisibility>());

  useEffect(() => {
    if (!ready) return;
    const elements = SECTIONS.map((s) => document.getElementById(s.id)).filter((el): el is HTMLElement => el !== null);
    const thresholds = Array.from({ length: 21 }, (_, i) => i / 20).concat(MIN_VISIBLE_RATIO);
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          visible.current.set(entry.target.id, {
            ratio: entry.isIntersecting ? entry.intersectionRatio : 0,
            height: entry.isIntersecting ? entry.intersectionRect.height : 0,
          });
        }
        if (Date.now() < lockUntil.current) return;
        const best = mostVisibleSection(visible.current, atPageEnd());
        if (best) setActive(best);
      },
      { rootMargin: `-${TOP_OVERLAY_PX}px 0px 0px 0px`, threshold: thresholds.sort((a, b) => a - b) },
    );
    for (const el of elements) observer.observe(el);
    return () => observer.disconnect();
  }, [ready]);

  useEffect(() => {
    if (ready) mirrorStep(active);
  }, [active, ready]);

  // The listeners of the jump under way: a new jump ends them, so an earlier jump's 'land on the
  // section anyway' never pulls the page back from a later one (a jump with nothing to scroll gets no
  // 'scrollend', and its listener would wait for the next jump's).
  const jumpListeners = useRef<AbortController | null>(null);
  useEffect(() => () => jumpListeners.current?.abort(), []);
  const jumpTo = useCallback((id: SectionId, options: { focus?: boolean; scroll?: boolean } = {}) => {
    const el = document.getElementById(id);
    if (!el) return;
    jumpListeners.current?.abort();
    window.clearTimeout(settleTimer.current);
    setActive(id);
    if (options.scroll === false) {
      // The caller scrolls (to a field of the section): the step is held while that settles.
      jumpListeners.current = null;
      lockUntil.current = Date.now() + 300;
      return;
    }
    const listeners = new AbortController();
    jumpListeners.current = listeners;
    const { signal } = listeners;
    // Hold the jumped-to step until the scroll it starts has ended (a slow machine may take seconds);
    // release it soon when there is nothing to scroll.
    lockUntil.current = Date.now() + 5000;
    let scrolled = false;
    // Land on the section: a smooth scroll can be cut short (a layout shift, a focus change, a busy
    // machine's main thread catching up with the compositor), and an instant scroll can be overtaken
    // by what was under way; so the place is checked again a moment after each try, a few times.
    const land = (tries: number) => {
      if (jumpListeners.current !== listeners) return;
      const off = Math.abs(el.getBoundingClientRect().top - TOP_OVERLAY_PX) > 48 && !atPageEnd();
      if (off && tries > 0) {
        el.scrollIntoView({ behavior: 'auto', block: 'start' });
        settleTimer.current = window.setTimeout(() => land(tries - 1), 100);
        return;
      }
      lockUntil.current = Date.now() + 150;
    };
    window.addEventListener('scroll', () => (scrolled = true), { once: true, passive: true, signal });
    window.addEventListener(
      'scrollend',
      () => {
        // An end of scroll before this jump's scroll began is an earlier scroll's: wait for this one's
        // (or, when none comes, for the check below).
        if (!scrolled) return;
        listeners.abort();
        window.clearTimeout(settleTimer.current);
        land(3);
      },
      { signal },
    );
    settleTimer.current = window.setTimeout(() => {
      if (scrolled || signal.aborted) return;
      // Nothing scrolled: either the section is already in place, or the scroll never started.
      listeners.abort();
      land(3);
    }, 200);
    el.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    if (options.focus) {
      const heading = document.getElementById(`${id}-heading`);
      heading?.setAttribute('tabindex', '-1');
      heading?.focus({ preventScroll: true });
    }
  }, []);

  return { active, jumpTo };
}

/** The sticky bar of the six steps: each jumps to its section; the counter says 'N of 6'. */
export function StepBar({ active, onJump }: { active: SectionId; onJump: (id: SectionId) => void }) {
  const intl = useIntl();
  const index = SECTIONS.findIndex((s) => s.id === active);
  const counter = { step: index + 1, count: SECTIONS.length };
  return (
    <nav
      aria-label={intl.formatMessage(messages.steps)}
      className="sticky top-16 z-30 -mx-4 border-b border-gray-200 bg-white/95 px-4 py-2 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:shadow-sm"
    >
      <div className="flex items-center gap-3">
        <ol className="flex min-w-0 flex-1 items-center gap-1 overflow-x-auto">
          {SECTIONS.map((section, i) => {
            const current = section.id === active;
            const done = i < index;
            return (
              <li key={section.id} className="shrink-0">
                <button
                  type="button"
                  onClick={() => onJump(section.id)}
                  aria-current={current ? 'step' : undefined}
                  className={cn(
                    'inline-flex h-10 items-center gap-2 rounded-md px-2 text-sm font-medium whitespace-nowrap',
                    current ? 'bg-brand-50 text-brand-800' : 'text-gray-700 hover:bg-gray-100',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'inline-flex size-6 items-center justify-center rounded-full text-xs',
                      current ? 'bg-brand-700 text-white' : done ? 'bg-brand-100 text-brand-800' : 'bg-gray-200 text-gray-700',
                    )}
                  >
                    {done ? <Check className="size-3.5" /> : i + 1}
                  </span>
                  <span className={cn(current ? 'sr-only sm:not-sr-only' : 'sr-only lg:not-sr-only')}>{section.title}</span>
                </button>
              </li>
            );
          })}
        </ol>
        <p className="shrink-0 text-sm font-medium text-gray-700" aria-live="polite">
          {/* 'Step 2 of 6' read, '2 of 6' seen. */}
          <span className="sr-only">{intl.formatMessage(messages.stepOf, counter)}</span>
          <span aria-hidden="true">{intl.formatMessage(messages.counter, counter)}</span>
        </p>
      </div>
    </nav>
  );
}
