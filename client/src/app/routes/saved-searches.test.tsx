// /me/searches signed out: the page's heading, then the notice asking to log in (issue 24 item 6:
// the signed-out page had no heading).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import SavedSearchesScreen from './saved-searches';

describe('Saved Searches, signed out', () => {
  it('has its heading and asks to log in', () => {
    renderWithProviders(<SavedSearchesScreen />, { route: '/me/searches', user: null });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Saved Searches');
    expect(screen.getByRole('heading', { level: 2, name: 'Please Log In' })).toBeInTheDocument();
    expect(screen.getByText('You need to be logged in to see your saved searches.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', expect.stringContaining('/auth'));
  });
});
