// A tiny toast store in the manner of shadcn/ui (SPEC part 9): at most one toast is visible at a time;
// a dismissed toast is closed at once (Radix animates it out) and dropped from the store after
// TOAST_REMOVE_DELAY. The store is plain TypeScript so it can be tested without a DOM; `useToast`
// subscribes React to it and `<Toaster />` renders it.
import { type ReactElement, type ReactNode, useSyncExternalStore } from 'react';

/** How many toasts are shown at once. */
export const TOAST_LIMIT = 1;
/** How long a dismissed toast stays in the store before it is removed, in milliseconds. */
export const TOAST_REMOVE_DELAY = 1_000_000;
/** How long a toast stays open before it closes by itself, in milliseconds. */
export const TOAST_DURATION = 5000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** An optional `<ToastAction>` shown beside the text. */
  action?: ReactElement;
  /** Overrides TOAST_DURATION for this toast. */
  duration?: number;
}

export interface ToastItem extends ToastOptions {
  id: string;
  variant: ToastVariant;
  open: boolean;
}

export interface ToastState {
  toasts: ToastItem[];
}

export type ToastStoreAction =
  | { type: 'ADD_TOAST'; toast: ToastItem }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToastItem> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

/** The pure state transition; newest toasts first, at most `limit` of them. */
export function toastReducer(state: ToastState, action: ToastStoreAction, limit: number = TOAST_LIMIT): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, limit) };
    case 'UPDATE_TOAST':
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((t) => (action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t)),
      };
    case 'REMOVE_TOAST':
      return {
        toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (options: ToastOptions) => void;
}

export interface ToastStore {
  getState: () => ToastState;
  subscribe: (listener: () => void) => () => void;
  toast: (options: ToastOptions) => ToastHandle;
  /** Closes one toast, or every toast when no id is given. */
  dismiss: (toastId?: string) => void;
  /** Drops every toast and its timer at once (a test's clean slate). */
  reset: () => void;
}

export interface ToastStoreOptions {
  limit?: number;
  removeDelay?: number;
}

export function createToastStore({ limit = TOAST_LIMIT, removeDelay = TOAST_REMOVE_DELAY }: ToastStoreOptions = {}): ToastStore {
  let state: ToastState = { toasts: [] };
  let counter = 0;
  const listeners = new Set<() => void>();
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

  function dispatch(action: ToastStoreAction): void {
    const previous = state;
    state = toastReducer(state, action, limit);
    // Toasts that left the store (pushed out by the limit, or removed) need no removal timer any more.
    for (const toast of previous.toasts) {
      if (!state.toasts.some((t) => t.id === toast.id)) clearRemovalTimer(toast.id);
    }
    for (const listener of listeners) listener();
  }

  function clearRemovalTimer(id: string): void {
    const timer = removalTimers.get(id);
    if (timer !== undefined) {
      clearTimeout(timer);
      removalTimers.delete(id);
    }
  }

  function scheduleRemoval(id: string): void {
    if (removalTimers.has(id)) return;
    const timer = setTimeout(() => {
      removalTimers.delete(id);
      dispatch({ type: 'REMOVE_TOAST', toastId: id });
    }, removeDelay);
    removalTimers.set(id, timer);
  }

  function dismiss(toastId?: string): void {
    const ids = toastId === undefined ? state.toasts.map((t) => t.id) : [toastId];
    for (const id of ids) {
      if (state.toasts.some((t) => t.id === id)) scheduleRemoval(id);
    }
    dispatch({ type: 'DISMISS_TOAST', toastId });
  }

  function toast({ variant = 'default', ...options }: ToastOptions): ToastHandle {
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
    const id = String(counter);
    dispatch({ type: 'ADD_TOAST', toast: { ...options, variant, id, open: true } });
    return {
      id,
      dismiss: () => dismiss(id),
      update: (next) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } }),
    };
  }

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    toast,
    dismiss,
    // Every toast leaves the store, and with it its removal timer (dispatch clears those).
    reset: () => dispatch({ type: 'REMOVE_TOAST' }),
  };
}

/** The application's toast store. */
export const toastStore: ToastStore = createToastStore();

/** Shows a toast, for example `toast({ title: 'Draft Saved!', description: '…' })`. */
export function toast(options: ToastOptions): ToastHandle {
  return toastStore.toast(options);
}

/** The current toasts plus `toast` and `dismiss`, re-rendering when they change. */
export function useToast(): ToastState & Pick<ToastStore, 'toast' | 'dismiss'> {
  const state = useSyncExternalStore(toastStore.subscribe, toastStore.getState, toastStore.getState);
  return { ...state, toast: toastStore.toast, dismiss: toastStore.dismiss };
}
