// The screens of a signed-in person, opened by a visitor (SPEC's signed-out texts): each says what to
// do, offers a way to sign in, and shows none of the signed-in controls. Moved here from the browser
// tests, which checked one heading each (issue 55 item 4).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import MyListingsScreen from './my-listings';
import MyRatingsScreen from './my-ratings';
import MyToursScreen from './my-tours';
import SavedHomesScreen from './saved-homes';

describe('signed-out screens', () => {
  it('Manage Your Listings asks to sign in and offers no new listing', async () => {
    renderWithProviders(<MyListingsScreen />, { user: null, route: '/me/listings' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Your Listings' })).toBeInTheDocument();
    expect(screen.getByText('You must sign in to manage your listings.')).toBeInTheDocument();
    const signIn = screen.getAllByRole('link', { name: 'Sign In' }).at(-1)!;
    expect(signIn.getAttribute('href')).toMatch(/^\/auth/);
    expect(screen.queryByRole('link', { name: 'Add New Listing' })).toBeNull();
  });

  it('Saved homes asks to log in', async () => {
    renderWithProviders(<SavedHomesScreen />, { user: null, route: '/me/saved' });
    expect(await screen.findByText('You need to be logged in to see your saved homes.')).toBeInTheDocument();
  });

  it('My ratings asks to log in', async () => {
    renderWithProviders(<MyRatingsScreen />, { user: null, route: '/me/ratings' });
    expect(await screen.findByRole('heading', { name: 'Please Log In' })).toBeInTheDocument();
    expect(screen.getByText('You need to be logged in to view your ratings.')).toBeInTheDocument();
  });

  it('My tours asks to log in', async () => {
    renderWithProviders(<MyToursScreen />, { user: null, route: '/me/tours' });
    expect(await screen.findByText('You need to be logged in to see your tours and open houses.')).toBeInTheDocument();
  });
});
