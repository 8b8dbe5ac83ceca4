// The toasts as rendered (SPEC part 9): one visible at a time, the destructive variant, closing by
// itself after 5000 ms (fake timers), the close button, F8 to reach them, and removal from the store
// 1,000,000 ms after closing.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './toast';
import { TOAST_DURATION, TOAST_REMOVE_DELAY, toast, toastStore } from './use-toast';

const region = () => screen.getByRole('region', { name: 'Notifications (F8)' });
const shown = () => Array.from(region().querySelectorAll('li.toast-root'));

beforeEach(() => {
  vi.useFakeTimers();
  render(<Toaster />);
});

afterEach(() => {
  // The store outlives a test: close what is left (the next toast pushes it out).
  act(() => toastStore.dismiss());
});

describe('Toaster', () => {
  it('closes a toast after 5000 ms, and the store drops it 1,000,000 ms later', () => {
    expect(TOAST_DURATION).toBe(5000);
    act(() => {
      toast({ title: 'Draft Saved!', description: 'Your listing has been saved as a draft.' });
    });
    expect(shown()).toHaveLength(1);
    expect(shown()[0]).toHaveTextContent('Draft Saved!Your listing has been saved as a draft.');
    expect(shown()[0]).toHaveAttribute('data-state', 'open');

    act(() => vi.advanceTimersByTime(4999));
    expect(shown()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toHaveLength(0);
    expect(screen.queryByText('Draft Saved!')).not.toBeInTheDocument();

    // Closed, it stays in the store (so Radix can animate it out) until the remove delay has passed.
    expect(toastStore.getState().toasts).toMatchObject([{ title: 'Draft Saved!', open: false }]);
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1));
    expect(toastStore.getState().toasts).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(toastStore.getState().toasts).toHaveLength(0);
  });

  it('shows one toast at a time: a new toast replaces the one shown', () => {
    act(() => {
      toast({ title: 'Status Updated', description: 'Listing deactivated successfully' });
    });
    act(() => vi.advanceTimersByTime(1000));
    act(() => {
      toast({ title: 'Rating Submitted', description: 'Thank you for rating this agent!' });
    });
    expect(shown()).toHaveLength(1);
    expect(shown()[0]).toHaveTextContent('Rating Submitted');
    expect(screen.queryByText('Status Updated')).not.toBeInTheDocument();

    // The new toast has its own 5000 ms.
    act(() => vi.advanceTimersByTime(4999));
    expect(shown()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toHaveLength(0);
  });

  it('the destructive variant is drawn in red; the default one is not', () => {
    act(() => {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to submit rating' });
    });
    const [error] = shown();
    expect(error).toHaveAttribute('data-variant', 'destructive');
    expect(error).toHaveClass('bg-red-600', 'text-white');
    expect(error).toHaveTextContent('ErrorFailed to submit rating');

    act(() => {
      toast({ title: 'Success!', description: 'Your listing has been created successfully.' });
    });
    const [success] = shown();
    expect(success).toHaveAttribute('data-variant', 'default');
    expect(success).not.toHaveClass('bg-red-600');
  });

  it('the close button closes a toast at once', () => {
    act(() => {
      toast({ title: 'Error', description: 'Could not change listing status. Please try again.', variant: 'destructive' });
    });
    act(() => {
      fireEvent.click(within(shown()[0] as HTMLElement).getByRole('button', { name: 'Close' }));
    });
    expect(shown()).toHaveLength(0);
    expect(toastStore.getState().toasts).toMatchObject([{ open: false }]);
  });

  it('a toast can ask for a longer time', () => {
    act(() => {
      toast({ title: 'Saved', duration: 8000 });
    });
    act(() => vi.advanceTimersByTime(5000));
    expect(shown()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(3000));
    expect(shown()).toHaveLength(0);
  });

  it('F8 moves the focus to the toasts', () => {
    act(() => {
      toast({ title: 'Draft Saved!' });
    });
    expect(region()).not.toContainElement(document.activeElement as HTMLElement);
    act(() => {
      fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    });
    expect(region()).toContainElement(document.activeElement as HTMLElement);
  });
});
