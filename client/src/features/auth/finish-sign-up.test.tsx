// The code step of a sign-up taken up again (issue 24 item 1): a new code to the number the account
// gave, 'Resend code' after its cooldown, correcting the number (checked like the form's), the
// details an account that kept none gives again, and completion. The identity actions are the test's
// own (the provider's state of the last code sent is kept here as the provider keeps it); that they
// work against the identity provider and the server is the browser test's part (tests/e2e/auth.spec.ts).
import { act, screen, waitFor } from '@testing-library/react';
import { useContext, useMemo, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_TAKEN_MESSAGE, type SignupDraft, type UnfinishedSignupAnswer } from '@common/auth';
import { renderWithProviders } from '@/test/render';
import { AuthContext, type AuthContextValue, type CodeSent } from './auth-provider';
import { FinishSignUp, RESEND_COOLDOWN_SECONDS } from './finish-sign-up';
import { PhoneTakenError } from './phone-taken';

// The emulator's developer hint needs the server's client configuration: none here.
vi.mock('./client-config', async (load) => ({
  ...(await load<typeof import('./client-config')>()),
  useClientConfig: () => null,
}));

const DRAFT: SignupDraft = { firstName: 'Ada', lastName: 'Lane', phone: '+15552220001', role: 'renter' };

interface Fakes {
  answer?: UnfinishedSignupAnswer;
  send?: (details: SignupDraft) => Promise<void>;
  finish?: (details: SignupDraft, code: string | null) => Promise<void>;
  phoneLinked?: boolean;
  codeSent?: CodeSent | null;
}

/** FinishSignUp with identity actions of the test's own; the last code sent is state, as in the provider. */
function setup(fakes: Fakes = {}) {
  const sendPhoneCode = vi.fn(async (details: SignupDraft, _container: HTMLElement, _opts: { check: boolean }) => {
    await (fakes.send ?? (() => Promise.resolve()))(details);
  });
  const finishSignUp = vi.fn(fakes.finish ?? (() => Promise.resolve()));
  const readSignUp = vi.fn(() => Promise.resolve(fakes.answer ?? { email: 'ada@example.com', linkedPhone: null, draft: DRAFT }));
  const onDone = vi.fn();
  function Harness() {
    const outer = useContext(AuthContext) as AuthContextValue;
    const [codeSent, setCodeSent] = useState<CodeSent | null>(fakes.codeSent ?? null);
    const value = useMemo<AuthContextValue>(
      () => ({
        ...outer,
        user: null,
        unfinished: { uid: 'u-1', email: 'ada@example.com', phoneLinked: fakes.phoneLinked ?? false },
        readSignUp,
        codeSent,
        sendPhoneCode: async (details, container, opts) => {
          await sendPhoneCode(details, container, opts);
          setCodeSent({ phone: details.phone, at: Date.now() });
        },
        finishSignUp,
      }),
      [outer, codeSent],
    );
    return (
      <AuthContext.Provider value={value}>
        <FinishSignUp onDone={onDone} />
      </AuthContext.Provider>
    );
  }
  const rendered = renderWithProviders(<Harness />, { user: null });
  return { ...rendered, sendPhoneCode, finishSignUp, readSignUp, onDone };
}

const verifyButton = () => screen.getByRole('button', { name: 'Verify & Complete' });

afterEach(() => {
  vi.useRealTimers();
});

describe('FinishSignUp', () => {
  it('sends a new code to the number the left sign-up gave, then verifies and completes', async () => {
    const { user, sendPhoneCode, finishSignUp, onDone } = setup();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your sign-up…');
    const form = await screen.findByRole('form', { name: 'Verify your phone' });
    expect(form).toHaveTextContent('Enter the verification code sent to +15552220001');
    await waitFor(() => expect(sendPhoneCode).toHaveBeenCalledTimes(1));
    expect(sendPhoneCode).toHaveBeenCalledWith(DRAFT, expect.any(HTMLElement), { check: false });
    expect(screen.getByText(/Finishing the sign-up of ada@example.com/)).toBeInTheDocument();

    expect(verifyButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Verification code'), '12a3456');
    expect(screen.getByLabelText('Verification code')).toHaveValue('123456');
    await user.click(verifyButton());
    expect(finishSignUp).toHaveBeenCalledWith(DRAFT, '123456');
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('keeps the code step with a clear message when the code is wrong or too short', async () => {
    const { user, onDone } = setup({
      finish: () => Promise.reject(Object.assign(new Error('bad code'), { code: 'auth/invalid-verification-code' })),
    });
    await screen.findByRole('form', { name: 'Verify your phone' });
    await waitFor(() => expect(screen.getByRole('button', { name: /^Resend code in/ })).toBeDisabled());
    await user.type(screen.getByLabelText('Verification code'), '123');
    await user.click(verifyButton());
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Verification code'), '456');
    await user.click(verifyButton());
    expect(await screen.findByText('That code is not right. Check it and try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toHaveValue('123456');
    expect(onDone).not.toHaveBeenCalled();
  });

  it(`offers 'Resend code' once ${RESEND_COOLDOWN_SECONDS} seconds have passed since the last code`, async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { user, sendPhoneCode } = setup({ codeSent: { phone: DRAFT.phone, at: Date.now() } });
    await screen.findByRole('form', { name: 'Verify your phone' });
    // The code was sent in this page already: none is sent again on arrival.
    expect(sendPhoneCode).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: `Resend code in ${RESEND_COOLDOWN_SECONDS} s` })).toBeDisabled();
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('button', { name: `Resend code in ${RESEND_COOLDOWN_SECONDS - 10} s` })).toBeDisabled();
    act(() => vi.advanceTimersByTime((RESEND_COOLDOWN_SECONDS - 10) * 1000));
    const resend = screen.getByRole('button', { name: 'Resend code' });
    expect(resend).toBeEnabled();
    await user.click(resend);
    expect(sendPhoneCode).toHaveBeenCalledWith(DRAFT, expect.any(HTMLElement), { check: false });
    // A new cooldown starts from the new code.
    expect(await screen.findByRole('button', { name: `Resend code in ${RESEND_COOLDOWN_SECONDS} s` })).toBeDisabled();
  });

  it('corrects the number: a malformed one says how to write it, a registered one says so, another gets the code', async () => {
    const taken = '+15552220002';
    const { user, sendPhoneCode } = setup({
      codeSent: { phone: DRAFT.phone, at: Date.now() },
      send: (details) => (details.phone === taken ? Promise.reject(new PhoneTakenError()) : Promise.resolve()),
    });
    await screen.findByRole('form', { name: 'Verify your phone' });
    await user.click(screen.getByRole('button', { name: 'Change number' }));
    const phone = screen.getByLabelText('Phone');
    expect(phone).toHaveValue(DRAFT.phone);

    await user.clear(phone);
    await user.type(phone, 'call me');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter a valid phone number, e.g. +1 555 123 4567')).toBeInTheDocument();
    expect(sendPhoneCode).not.toHaveBeenCalled();

    await user.clear(phone);
    await user.type(phone, '+1 555 222 0002');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(PHONE_TAKEN_MESSAGE)).toBeInTheDocument();
    expect(sendPhoneCode).toHaveBeenLastCalledWith({ ...DRAFT, phone: taken }, expect.any(HTMLElement), { check: true });
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 555 222 0002');

    await user.clear(phone);
    await user.type(phone, '(555) 222-0003');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const form = await screen.findByRole('form', { name: 'Verify your phone' });
    expect(form).toHaveTextContent('Enter the verification code sent to +15552220003');
    expect(sendPhoneCode).toHaveBeenLastCalledWith({ ...DRAFT, phone: '+15552220003' }, expect.any(HTMLElement), { check: true });
  });

  it('asks an account that kept nothing for its details again, then sends the code', async () => {
    const { user, sendPhoneCode } = setup({ answer: { email: 'ada@example.com', linkedPhone: null, draft: null } });
    const form = await screen.findByRole('form', { name: 'Finish your sign-up' });
    expect(screen.getByLabelText('Renter')).toBeChecked();
    await user.clear(screen.getByLabelText('Phone'));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(sendPhoneCode).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lane');
    await user.type(screen.getByLabelText('Phone'), '+1 555 222 0001');
    await user.click(screen.getByLabelText('Agent/Broker'));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('form', { name: 'Verify your phone' });
    expect(form).not.toBeInTheDocument();
    expect(sendPhoneCode).toHaveBeenCalledWith({ ...DRAFT, role: 'agent' }, expect.any(HTMLElement), { check: true });
  });

  it('finishes an account whose phone is verified already without a code', async () => {
    const { user, sendPhoneCode, finishSignUp, onDone } = setup({
      phoneLinked: true,
      answer: { email: 'ada@example.com', linkedPhone: DRAFT.phone, draft: DRAFT },
    });
    await screen.findByRole('form', { name: 'Finish your sign-up' });
    expect(screen.getByText('Your phone is verified. One step is left to create your account.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish Sign Up' }));
    expect(finishSignUp).toHaveBeenCalledWith(DRAFT, null);
    expect(onDone).toHaveBeenCalled();
    expect(sendPhoneCode).not.toHaveBeenCalled();
  });
});
