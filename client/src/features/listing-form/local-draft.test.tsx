// Local drafts of the listing form (SPEC part 4): autosaved to localStorage 800 ms after the last
// change, only when signed in, with 'Saved {time}'; restored on the next load of the page in the
// same tab; other sessions' entries cleared at load. The page is mounted as /create-listing mounts it.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import CreateListingScreen from '@/app/routes/create-listing';
import { renderWithProviders, TEST_USER } from '@/test/render';
import { validValues } from './test-helpers';
import { AUTOSAVE_DELAY_MS, readLocalDraft, writeLocalDraft } from './local-draft';

vi.mock('@/features/map/map-view', () => ({ MapView: () => null }));

const PREFIX = 'nyc-rentals:listing-form:';
/** 14:05 local time: shown as '2:05 PM' (en-US) or '14:05'. */
const NOW = new Date(2030, 5, 1, 14, 5, 0);
const SAVED_AT_NOW = /^Saved (2:05\sPM|14:05)$/;

function renderScreen(signedIn = true) {
  return renderWithProviders(<CreateListingScreen />, { route: '/create-listing', user: signedIn ? TEST_USER : null });
}

/** This tab's session draft id (made by the page at load). */
function sessionDraftId(): string {
  const id = sessionStorage.getItem(`${PREFIX}session`);
  if (!id) throw new Error('no draft session');
  return id;
}

const storedDraft = () => readLocalDraft({ uid: TEST_USER.uid, draftId: sessionDraftId(), propertyId: null });
const draftKeys = () => Object.keys(localStorage).filter((k) => k.startsWith(`${PREFIX}draft:`));
const savedStatus = () => screen.queryByText(/^Saved /);

function change(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
}

describe('autosave', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: NOW });
  });

  it("saves 800 ms after the last change and shows 'Saved {time}'", () => {
    expect(AUTOSAVE_DELAY_MS).toBe(800);
    renderScreen();
    change('Title', 'Autosaved loft');
    act(() => vi.advanceTimersByTime(799));
    expect(storedDraft()).toBeNull();
    expect(savedStatus()).not.toBeInTheDocument();

    // Another change starts the 800 ms again.
    change('Monthly rent', '4100');
    act(() => vi.advanceTimersByTime(799));
    expect(storedDraft()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(storedDraft()?.values).toMatchObject({ title: 'Autosaved loft', price: 4100 });
    expect(storedDraft()?.savedAt).toBe(NOW.getTime() + 1599);
    const status = savedStatus();
    expect(status).toHaveAttribute('role', 'status');
    expect(status?.textContent).toMatch(SAVED_AT_NOW);
  });

  it('saves nothing when signed out', () => {
    renderScreen(false);
    change('Title', 'Not kept');
    change('Monthly rent', '4100');
    act(() => vi.advanceTimersByTime(10_000));
    expect(draftKeys()).toEqual([]);
    expect(savedStatus()).not.toBeInTheDocument();
  });

  it('a new mount in the same tab restores the values, the conditional fields and the status', () => {
    const first = renderScreen();
    change('Title', 'Autosaved loft');
    change('Monthly rent', '4100');
    change('Pet policy', 'PETS_ALLOWED');
    change('Pet fee (per month)', '50');
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS));
    expect(storedDraft()?.values).toMatchObject({ petPolicy: 'PETS_ALLOWED', petFee: 50 });
    first.unmount();

    renderScreen();
    expect(screen.getByLabelText('Title')).toHaveValue('Autosaved loft');
    expect(screen.getByLabelText('Monthly rent')).toHaveValue('4100');
    expect(screen.getByLabelText('Pet policy')).toHaveValue('PETS_ALLOWED');
    expect(screen.getByLabelText('Pet fee (per month)')).toHaveValue('50');
    expect(savedStatus()?.textContent).toMatch(SAVED_AT_NOW);
  });
});

describe('restore', () => {
  it("restores the draft's photos, with the thumbnails of the user's uploads", () => {
    const draftId = 'tabdraft';
    sessionStorage.setItem(`${PREFIX}session`, draftId);
    const scope = { uid: TEST_USER.uid, draftId, propertyId: null };
    writeLocalDraft(scope, {
      savedAt: NOW.getTime(),
      values: validValues({ photos: [{ url: '/media/a.webp' }] }),
      photos: [{ url: '/media/a.webp', thumbnailUrl: '/media/a-thumb.webp', placeholder: null }],
      savedId: null,
    });
    renderScreen();
    expect(screen.getByLabelText('Title')).toHaveValue('Sunny 1BR in Astoria');
    const photos = within(screen.getByRole('list', { name: 'Listing photos' })).getAllByRole('listitem');
    expect(photos).toHaveLength(1);
    expect(within(photos[0]!).getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', '/media/a-thumb.webp');
    expect(within(photos[0]!).getByText('Cover')).toBeInTheDocument();
  });

  it("another session's entries are cleared at load and not restored", () => {
    const stale = { uid: TEST_USER.uid, draftId: 'othertab', propertyId: null };
    writeLocalDraft(stale, { savedAt: NOW.getTime(), values: validValues(), photos: [], savedId: null });
    localStorage.setItem(`${PREFIX}media:othertab:${TEST_USER.uid}`, '[]');
    localStorage.setItem('unrelated', 'kept');

    renderScreen();
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(readLocalDraft(stale)).toBeNull();
    expect(localStorage.getItem(`${PREFIX}media:othertab:${TEST_USER.uid}`)).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
    expect(sessionDraftId()).not.toBe('othertab');
  });
});
