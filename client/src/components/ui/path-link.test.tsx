import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PathLink } from './path-link';

describe('PathLink', () => {
  it('is an anchor to its path, and a plain click goes there through the router', async () => {
    const onClick = vi.fn();
    const { user, location } = renderWithProviders(
      <PathLink to="/agents/a%201" className="x" onClick={onClick}>
        Jo Agent
      </PathLink>,
      { route: '/listings?borough=BROOKLYN' },
    );
    const link = screen.getByRole('link', { name: 'Jo Agent' });
    expect(link).toHaveAttribute('href', '/agents/a%201');
    expect(link).toHaveClass('x');
    await user.click(link);
    expect(onClick).toHaveBeenCalledOnce();
    expect(location.current).toEqual({ pathname: '/agents/a%201', search: '' });
  });

  it('leaves a click with a modifier key, another button or a handled click to the browser', () => {
    const { location } = renderWithProviders(
      <>
        <PathLink to="/properties/a">A</PathLink>
        <PathLink to="/properties/b" onClick={(event) => event.preventDefault()}>
          B
        </PathLink>
      </>,
      { route: '/listings' },
    );
    const a = screen.getByRole('link', { name: 'A' });
    for (const init of [{ metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      // fireEvent returns false when the default was prevented: here the browser keeps it.
      expect(fireEvent.click(a, init)).toBe(true);
      expect(location.current.pathname).toBe('/listings');
    }
    expect(fireEvent.click(screen.getByRole('link', { name: 'B' }))).toBe(false);
    expect(location.current.pathname).toBe('/listings');
    // A plain click is the page's: the browser's own navigation is prevented.
    expect(fireEvent.click(a)).toBe(false);
    expect(location.current.pathname).toBe('/properties/a');
  });
});
