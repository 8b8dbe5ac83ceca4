import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { NotFoundContent } from './not-found';

describe('the not-found screen', () => {
  it('tells a renter the page does not exist and leads back, with no word about the router', async () => {
    renderWithProviders(<NotFoundContent developerHint={false} />, { route: '/no/such/page' });
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    expect(screen.getByText('The page you are looking for does not exist or has moved.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to listings' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/router/)).toBeNull();
  });

  it('names the path and the router to a developer', async () => {
    renderWithProviders(<NotFoundContent developerHint />, { route: '/no/such/page' });
    expect(await screen.findByText('/no/such/page')).toBeVisible();
    expect(screen.getByText(/Did you forget to add the page to the router\?/)).toBeVisible();
  });
});
