import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateWhenLoaded, setScreenLoader } from './screen-loading';

afterEach(() => setScreenLoader(() => Promise.resolve()));

describe('a control that opens another screen', () => {
  it('goes there once its code is in', async () => {
    let loaded = false;
    setScreenLoader(async (pathname) => {
      expect(pathname).toBe('/messages');
      await Promise.resolve();
      loaded = true;
    });
    const navigate = vi.fn(() => expect(loaded).toBe(true));
    await navigateWhenLoaded(navigate, '/messages?compose=p-1');
    expect(navigate).toHaveBeenCalledWith('/messages?compose=p-1');
  });

  it('goes there even when its code failed to load (the screen then says so)', async () => {
    setScreenLoader(() => Promise.reject(new Error('chunk gone')));
    const navigate = vi.fn();
    await navigateWhenLoaded(navigate, '/me/listings');
    expect(navigate).toHaveBeenCalledWith('/me/listings');
  });

  it('does not pull the visitor away from where they went while it loaded', async () => {
    window.history.replaceState({ key: 'here' }, '');
    setScreenLoader(async () => {
      // The visitor follows another link meanwhile.
      window.history.pushState({ key: 'elsewhere' }, '');
    });
    const navigate = vi.fn();
    await navigateWhenLoaded(navigate, '/messages?compose=p-1');
    expect(navigate).not.toHaveBeenCalled();
  });
});
