import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY, createToastStore, toastReducer } from './use-toast';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows one toast at a time, the newest', () => {
    expect(TOAST_LIMIT).toBe(1);
    const store = createToastStore();
    store.toast({ title: 'First' });
    const second = store.toast({ title: 'Second', variant: 'destructive' });

    const { toasts } = store.getState();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ id: second.id, title: 'Second', variant: 'destructive', open: true });
  });

  it('defaults the variant to default', () => {
    const store = createToastStore();
    store.toast({ title: 'Saved', description: 'Your listing has been saved as a draft.' });
    expect(store.getState().toasts[0]?.variant).toBe('default');
  });

  it('closes a dismissed toast at once and removes it after the remove delay', () => {
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    const store = createToastStore();
    const handle = store.toast({ title: 'Hello' });

    handle.dismiss();
    expect(store.getState().toasts).toEqual([expect.objectContaining({ id: handle.id, open: false })]);

    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(store.getState().toasts).toHaveLength(1);

    vi.advanceTimersByTime(1);
    expect(store.getState().toasts).toHaveLength(0);
  });

  it('dismisses every toast when no id is given', () => {
    const store = createToastStore({ limit: 3 });
    store.toast({ title: 'A' });
    store.toast({ title: 'B' });

    store.dismiss();
    expect(store.getState().toasts.map((t) => t.open)).toEqual([false, false]);

    vi.advanceTimersByTime(TOAST_REMOVE_DELAY);
    expect(store.getState().toasts).toHaveLength(0);
  });

  it('schedules one removal however often a toast is dismissed', () => {
    const store = createToastStore();
    const handle = store.toast({ title: 'Once' });
    handle.dismiss();
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY / 2);
    handle.dismiss();
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY / 2);
    expect(store.getState().toasts).toHaveLength(0);
  });

  it('does not let an old removal timer remove a newer toast', () => {
    const store = createToastStore();
    store.toast({ title: 'Old' }).dismiss();
    const fresh = store.toast({ title: 'New' });

    vi.advanceTimersByTime(TOAST_REMOVE_DELAY);
    expect(store.getState().toasts).toEqual([expect.objectContaining({ id: fresh.id, open: true })]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('updates a toast in place', () => {
    const store = createToastStore();
    const handle = store.toast({ title: 'Uploading' });
    handle.update({ title: 'Uploaded' });
    expect(store.getState().toasts[0]).toMatchObject({ id: handle.id, title: 'Uploaded', open: true });
  });

  it('notifies subscribers until they unsubscribe', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.toast({ title: 'One' });
    expect(listener).toHaveBeenCalledTimes(1);

    unsubscribe();
    store.toast({ title: 'Two' });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('toastReducer', () => {
  it('ignores dismissing or removing an unknown id', () => {
    const state = { toasts: [{ id: '1', variant: 'default' as const, open: true }] };
    expect(toastReducer(state, { type: 'DISMISS_TOAST', toastId: '2' })).toEqual(state);
    expect(toastReducer(state, { type: 'REMOVE_TOAST', toastId: '2' })).toEqual(state);
  });
});
