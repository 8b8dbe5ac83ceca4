// /auth: the heading and the document title name the tab on screen (issue 24 item 6: it said
// 'Sign In' on the Sign Up tab), from the link (?tab=signup) and when switching.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import AuthScreen from './auth';

// The Sign Up form reads the server's client configuration: none here (no server), as before it loads.
vi.mock('@/features/auth/client-config', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/auth/client-config')>()),
  useClientConfig: () => null,
}));

describe('the sign-in page', () => {
  it('says Sign In on its Sign In tab and Sign Up on its Sign Up tab', async () => {
    const { user } = renderWithProviders(<AuthScreen />, { route: '/auth', user: null });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign In');
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign Up');
    expect(document.title).toMatch(/^Sign Up/);
    await user.click(screen.getByRole('tab', { name: 'Sign In' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign In');
  });

  it('opens on the Sign Up tab from ?tab=signup', () => {
    renderWithProviders(<AuthScreen />, { route: '/auth?tab=signup', user: null });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign Up');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows an account whose sign-up is unfinished its code step, whichever tab the link named', async () => {
    renderWithProviders(<AuthScreen />, {
      route: '/auth?tab=signup',
      user: null,
      auth: {
        unfinished: { uid: 'u-1', email: 'ada@example.com', phoneLinked: false },
        readSignUp: () =>
          Promise.resolve({
            email: 'ada@example.com',
            linkedPhone: null,
            draft: { firstName: 'Ada', lastName: 'Lane', phone: '+15552220001', role: 'renter' },
          }),
        sendPhoneCode: () => Promise.resolve(),
      },
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Finish Sign Up');
    expect(document.title).toMatch(/^Finish Sign Up/);
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Verify your phone' });
    expect(form).toHaveTextContent('Enter the verification code sent to +15552220001');
  });

  // Moved here from the browser tests, which checked two messages (issue 55 item 4).
  it('an empty sign-in says what is required, sends nothing and keeps the visitor on the page', async () => {
    const signIn = vi.fn(() => Promise.resolve({ unfinished: false }));
    const { user, location } = renderWithProviders(<AuthScreen />, { route: '/auth', user: null, auth: { signIn } });
    const form = screen.getByRole('form', { name: 'Sign in' });
    await user.click(within(form).getByRole('button', { name: 'Sign In' }));
    expect(await within(form).findByText('E-mail is required')).toBeInTheDocument();
    expect(within(form).getByText('Password is required')).toBeInTheDocument();
    expect(within(form).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(signIn).not.toHaveBeenCalled();
    expect(location.current.pathname).toBe('/auth');
  });
});
