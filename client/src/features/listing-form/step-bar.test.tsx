// The step bar of the listing form (SPEC part 2 and part 9): the active step is the most visible
// section from 8 percent visible, 'N of 6', Next / Previous, ?step= mirrored with replaceState, and
// the last step's buttons. Real scrolling with real layout stays a browser test (create-listing.spec.ts).
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CreateListingScreen from '@/app/routes/create-listing';
import { renderWithProviders } from '@/test/render';
import { SECTIONS, type SectionId } from './form-model';
import { MIN_VISIBLE_RATIO, mostVisibleSection, StepBar, type SectionVisibility } from './step-bar';
import { closeToasts, renderForm, stepBar } from './test-helpers';

vi.mock('@/features/map/map-view', () => ({ MapView: () => null }));

function visibility(entries: Partial<Record<SectionId, SectionVisibility>>) {
  return new Map(Object.entries(entries));
}

describe('mostVisibleSection', () => {
  it('is the section with the most pixels on screen', () => {
    expect(
      mostVisibleSection(
        visibility({
          basic: { ratio: 0.2, height: 150 },
          pricing: { ratio: 0.9, height: 600 },
          policies: { ratio: 1, height: 300 },
        }),
        false,
      ),
    ).toBe('pricing');
  });

  it('needs 8 percent of a section visible, however tall it is', () => {
    expect(MIN_VISIBLE_RATIO).toBe(0.08);
    const tall = { ratio: 0.079, height: 700 };
    expect(mostVisibleSection(visibility({ amenities: tall, unit: { ratio: 0.5, height: 100 } }), false)).toBe('unit');
    expect(
      mostVisibleSection(visibility({ amenities: { ratio: 0.08, height: 700 }, unit: { ratio: 0.5, height: 100 } }), false),
    ).toBe('amenities');
    expect(mostVisibleSection(visibility({ amenities: tall }), false)).toBeNull();
  });

  it('keeps the earlier of two equally visible sections; none visible is null', () => {
    expect(
      mostVisibleSection(visibility({ policies: { ratio: 0.5, height: 200 }, amenities: { ratio: 0.5, height: 200 } }), false),
    ).toBe('policies');
    expect(mostVisibleSection(new Map(), false)).toBeNull();
    expect(mostVisibleSection(visibility({ basic: { ratio: 0, height: 0 } }), false)).toBeNull();
  });

  it('at the end of the page the last section is active, however little of it shows', () => {
    expect(mostVisibleSection(visibility({ unit: { ratio: 1, height: 800 }, media: { ratio: 0.02, height: 10 } }), true)).toBe(
      'media',
    );
  });
});

describe('StepBar', () => {
  it("shows 'N of 6', marks the current step and jumps on a click", async () => {
    const onJump = vi.fn();
    const { rerender } = render(<StepBar active="basic" onJump={onJump} />);
    const nav = screen.getByRole('navigation', { name: 'Listing form steps' });
    expect(nav).toHaveTextContent('Step 1 of 6');
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(SECTIONS.map((s, i) => `${i + 1}${s.title}`));
    expect(within(nav).getByRole('button', { name: 'Basic Info' })).toHaveAttribute('aria-current', 'step');

    rerender(<StepBar active="amenities" onJump={onJump} />);
    expect(nav).toHaveTextContent('Step 4 of 6');
    expect(within(nav).getByRole('button', { name: 'Amenities' })).toHaveAttribute('aria-current', 'step');
    expect(within(nav).getByRole('button', { name: 'Basic Info' })).not.toHaveAttribute('aria-current');
    // Steps before the current one show a check instead of their number.
    expect(within(nav).getByRole('button', { name: 'Policies' })).toHaveTextContent(/^Policies$/);
    expect(within(nav).getByRole('button', { name: 'Unit Features' })).toHaveTextContent(/^5Unit Features$/);

    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Unit Features' }));
    expect(onJump).toHaveBeenCalledWith('unit');
  });
});

/** IntersectionObserver as the browser reports the sections' visibility, driven by the test. */
class FakeIntersectionObserver {
  static current: FakeIntersectionObserver | null = null;
  readonly targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.current = this;
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
  /** Reports how much of each section is on screen now. */
  report(visible: Partial<Record<SectionId, SectionVisibility>>) {
    const entries = Object.entries(visible).map(([id, v]) => {
      const target = this.targets.find((t) => t.id === id);
      if (!target) throw new Error(`section ${id} is not observed`);
      return {
        target,
        isIntersecting: v.ratio > 0,
        intersectionRatio: v.ratio,
        intersectionRect: { height: v.height },
      } as unknown as IntersectionObserverEntry;
    });
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

describe('the step bar in the form', () => {
  beforeEach(() => {
    closeToasts();
    window.history.replaceState(null, '', '/create-listing');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const step = () => new URL(window.location.href).searchParams.get('step');

  it('starts on Basic Info with Previous disabled; Next moves on and mirrors ?step= without a history entry', async () => {
    const historyLength = window.history.length;
    const { user } = renderForm();
    expect(stepBar()).toHaveTextContent('1 of 6');
    expect(step()).toBe('basic');
    const previous = screen.getByRole('button', { name: 'Previous' });
    expect(previous).toBeDisabled();

    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(stepBar()).toHaveTextContent('2 of 6');
    expect(scrolled.mock.contexts).toContain(document.getElementById('pricing'));
    expect(within(stepBar()).getByRole('button', { name: 'Pricing & Terms' })).toHaveAttribute('aria-current', 'step');
    expect(step()).toBe('pricing');
    expect(previous).toBeEnabled();
    // The heading of the section gets the focus (keyboard and screen-reader users land on it).
    expect(screen.getByRole('heading', { name: 'Pricing & Terms' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(stepBar()).toHaveTextContent('3 of 6');
    expect(step()).toBe('policies');
    await user.click(previous);
    expect(stepBar()).toHaveTextContent('2 of 6');
    expect(step()).toBe('pricing');
    expect(window.history.length).toBe(historyLength);
  });

  it('on the last step: Save Draft and Publish Listing instead of Next', async () => {
    const { user } = renderForm();
    expect(screen.queryByRole('button', { name: 'Publish Listing' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('save-draft-footer')).not.toBeInTheDocument();

    await user.click(within(stepBar()).getByRole('button', { name: 'Photos & Media' }));
    expect(stepBar()).toHaveTextContent('6 of 6');
    expect(step()).toBe('media');
    expect(screen.getByRole('button', { name: 'Publish Listing' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Publish Listing' })).toHaveAttribute('type', 'submit');
    expect(screen.getByTestId('save-draft-footer')).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('?step= at load opens that section; an unknown one is Basic Info', () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    const first = renderWithProviders(<CreateListingScreen />, { route: '/create-listing?step=policies' });
    expect(stepBar()).toHaveTextContent('3 of 6');
    expect(scrolled.mock.contexts).toContain(document.getElementById('policies'));
    expect(within(stepBar()).getByRole('button', { name: 'Policies' })).toHaveAttribute('aria-current', 'step');
    first.unmount();

    renderWithProviders(<CreateListingScreen />, { route: '/create-listing?step=nowhere' });
    expect(stepBar()).toHaveTextContent('1 of 6');
  });

  it('scrolling sets the step to the most visible section from 8 percent visible, and ?step= follows', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    renderForm();
    const observer = FakeIntersectionObserver.current!;
    expect(observer.targets.map((t) => t.id)).toEqual(SECTIONS.map((s) => s.id));

    observer.report({ basic: { ratio: 0.1, height: 90 }, pricing: { ratio: 0.6, height: 500 } });
    expect(stepBar()).toHaveTextContent('2 of 6');
    expect(step()).toBe('pricing');

    // Amenities shows more pixels but less than 8 percent of itself: policies stays the step.
    observer.report({
      pricing: { ratio: 0, height: 0 },
      policies: { ratio: 0.5, height: 200 },
      amenities: { ratio: 0.07, height: 250 },
    });
    expect(stepBar()).toHaveTextContent('3 of 6');
    expect(step()).toBe('policies');

    observer.report({ policies: { ratio: 0.2, height: 80 }, amenities: { ratio: 0.4, height: 500 } });
    expect(stepBar()).toHaveTextContent('4 of 6');
    expect(step()).toBe('amenities');
    expect(within(stepBar()).getByRole('button', { name: 'Amenities' })).toHaveAttribute('aria-current', 'step');
  });

  it('a jump holds its step while the scroll it started is under way, then scrolling leads again', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    renderForm();
    const observer = FakeIntersectionObserver.current!;
    fireEvent.click(within(stepBar()).getByRole('button', { name: 'Unit Features' }));
    expect(stepBar()).toHaveTextContent('5 of 6');
    // The smooth scroll passes over Policies on its way: the step does not flicker back.
    observer.report({ policies: { ratio: 1, height: 600 } });
    expect(stepBar()).toHaveTextContent('5 of 6');
    expect(step()).toBe('unit');
    // No scroll came (nothing moves here), and the section is never in its place: it is scrolled to
    // at 200 ms and checked again three times 100 ms apart; the hold ends 150 ms after the last try.
    act(() => vi.advanceTimersByTime(649));
    observer.report({ policies: { ratio: 1, height: 600 } });
    expect(stepBar()).toHaveTextContent('5 of 6');
    act(() => vi.advanceTimersByTime(2));
    observer.report({ policies: { ratio: 1, height: 600 } });
    expect(stepBar()).toHaveTextContent('3 of 6');
    expect(step()).toBe('policies');
  });

  it("an earlier jump's end of scroll never pulls the page back from a later jump", () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const scrolledTo: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolledTo.push(this.id);
    });
    renderForm();
    // A jump whose smooth scroll is under way, then another before it ends.
    fireEvent.click(within(stepBar()).getByRole('button', { name: 'Unit Features' }));
    act(() => void window.dispatchEvent(new Event('scroll')));
    fireEvent.click(within(stepBar()).getByRole('button', { name: 'Amenities' }));
    expect(scrolledTo).toEqual(['unit', 'amenities']);
    // The earlier scroll ends before the later one has begun: that end is not the later jump's.
    act(() => void window.dispatchEvent(new Event('scrollend')));
    expect(scrolledTo).toEqual(['unit', 'amenities']);
    // The later scroll moves, then ends short of Amenities (nothing moves here): the page lands on
    // Amenities, checked three times 100 ms apart, never back on Unit Features.
    act(() => void window.dispatchEvent(new Event('scroll')));
    act(() => void window.dispatchEvent(new Event('scrollend')));
    act(() => vi.advanceTimersByTime(1000));
    expect(scrolledTo).toEqual(['unit', 'amenities', 'amenities', 'amenities', 'amenities']);
    expect(stepBar()).toHaveTextContent('4 of 6');
    // Its listeners are gone with it: a later end of scroll does nothing more.
    act(() => void window.dispatchEvent(new Event('scrollend')));
    act(() => vi.advanceTimersByTime(1000));
    expect(scrolledTo).toEqual(['unit', 'amenities', 'amenities', 'amenities', 'amenities']);
  });
});
