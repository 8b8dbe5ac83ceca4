// The header's Messages link: the current page on /messages (and below), as React Router's NavLink marked
// it, in the brand's colours; a click navigates in the app; the unread count in its name.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { MessagesLink } from './messages-link';

describe('MessagesLink', () => {
  it.each([
    ['/messages', true],
    ['/Messages', true],
    ['/messages/thread-1', true],
    ['/', false],
    ['/messages-archive', false],
    ['/properties/abc', false],
  ])('on %s is the current page: %s', (route, current) => {
    renderWithProviders(<MessagesLink unread={null} />, { route });
    const link = screen.getByRole('link', { name: 'Messages' });
    expect(link).toHaveAttribute('href', '/messages');
    if (current) {
      expect(link).toHaveAttribute('aria-current', 'page');
      expect(link).toHaveClass('bg-brand-50');
    } else {
      expect(link).not.toHaveAttribute('aria-current');
      expect(link).not.toHaveClass('bg-brand-50');
    }
  });

  it('names the unread count and navigates in the app on a click', async () => {
    const { user, location } = renderWithProviders(<MessagesLink unread={3} />, { route: '/' });
    await user.click(screen.getByRole('link', { name: 'Messages, 3 unread' }));
    expect(location.current.pathname).toBe('/messages');
  });
});
