// /reset-password, the page a reset e-mail links to (issue 24 item 2): the link's states (not a reset
// link, expired, used, the provider unreachable and tried again), the new password's rules, and
// saving it then signing in. The identity actions are the test's own; that the provider accepts the
// e-mailed code is the integration test's part (tests/integration/password-reset.test.ts) and the
// whole path the browser test's (tests/e2e/auth.spec.ts).
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '@/features/auth/auth-provider';
import { renderWithProviders } from '@/test/render';
import ResetPasswordScreen from './reset-password';

const failure = (code: string) => Object.assign(new Error(code), { code });

function renderPage(route: string, auth: Partial<AuthContextValue> = {}) {
  return renderWithProviders(<ResetPasswordScreen />, { route, path: '*', user: null, auth });
}

describe('the reset password page', () => {
  it('says a link without a reset code is not a reset link, and leads to a new one', () => {
    renderPage('/auth/action?mode=verifyEmail&oobCode=abc');
    expect(screen.getByText('This link is not a password reset link. Ask for a new one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('says when the link has expired or was used', async () => {
    renderPage('/reset-password?oobCode=old', {
      checkPasswordResetCode: () => Promise.reject(failure('auth/expired-action-code')),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your reset link…');
    expect(await screen.findByText('This reset link has expired. Ask for a new one.')).toBeInTheDocument();
  });

  it('offers to check again when the provider could not be reached', async () => {
    const check = vi
      .fn<(code: string) => Promise<string>>()
      .mockRejectedValueOnce(failure('auth/network-request-failed'))
      .mockResolvedValueOnce('ada@example.com');
    const { user } = renderPage('/reset-password?oobCode=abc', { checkPasswordResetCode: check });
    expect(await screen.findByText('Network error. Check your connection and try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Choose a new password' })).toHaveTextContent('For ada@example.com');
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('checks the new password, saves it with the code, then signs in and goes home', async () => {
    const resetPassword = vi.fn(() => Promise.resolve());
    const signIn = vi.fn(() => Promise.resolve({ unfinished: false }));
    const { user, location } = renderPage('/reset-password?oobCode=abc', {
      checkPasswordResetCode: () => Promise.resolve('ada@example.com'),
      resetPassword,
      signIn,
    });
    await screen.findByRole('form', { name: 'Choose a new password' });
    const save = screen.getByRole('button', { name: 'Save new password' });
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(save);
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a-fresh-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-fresh-passwort');
    await user.click(save);
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(resetPassword).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'a-fresh-password');
    await user.click(save);
    await waitFor(() => expect(location.current.pathname).toBe('/'));
    expect(resetPassword).toHaveBeenCalledWith('abc', 'a-fresh-password');
    expect(signIn).toHaveBeenCalledWith('ada@example.com', 'a-fresh-password');
  });

  it('keeps the form and says why when the code is refused on saving', async () => {
    const { user } = renderPage('/reset-password?oobCode=abc', {
      checkPasswordResetCode: () => Promise.resolve('ada@example.com'),
      resetPassword: () => Promise.reject(failure('auth/invalid-action-code')),
    });
    await screen.findByRole('form', { name: 'Choose a new password' });
    await user.type(screen.getByLabelText('New password'), 'a-fresh-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-fresh-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(
      await screen.findByText('This reset link is not valid any more: it may have been used already. Ask for a new one.'),
    ).toBeInTheDocument();
  });
});
