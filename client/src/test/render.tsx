// The components project's harness (vitest.config.ts): renders a component as the app does, with
// its providers (a mocked Apollo link, who is signed in, a memory router, the toasts), so a test
// drives the real component with Testing Library and reads what a person would see.
import { InMemoryCache } from '@apollo/client';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, type RenderResult } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Tooltip } from 'radix-ui';
import type { ReactNode } from 'react';
import {
  unstable_HistoryRouter as HistoryRouter,
  Route,
  Routes,
  UNSAFE_createMemoryHistory as createMemoryHistory,
} from 'react-router';
import { Toaster } from '@/components/ui/toast';
import { AuthContext, type AuthContextValue, type AuthUser } from '@/features/auth/auth-provider';
import { typePolicies } from '@/lib/apollo/type-policies';

export const TEST_USER: AuthUser = {
  uid: 'user-1',
  displayName: 'Riley Renter',
  email: 'riley@example.com',
  photoUrl: null,
  role: 'RENTER',
  agentId: null,
  locale: null,
};

function authValue(user: AuthUser | null, overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  const unused = () => Promise.reject(new Error('not available in component tests'));
  return {
    user,
    loading: false,
    unfinished: null,
    signIn: unused,
    startSignUp: unused,
    readSignUp: unused,
    sendPhoneCode: unused,
    codeSent: null,
    finishSignUp: unused,
    sendPhoneChangeCode: unused,
    confirmPhoneChange: unused,
    signOut: unused,
    sendPasswordReset: unused,
    checkPasswordResetCode: unused,
    resetPassword: unused,
    ...overrides,
  };
}

/** The router's current address, for assertions on URL state. */
export interface LocationProbe {
  readonly current: { pathname: string; search: string };
}

export interface RenderOptions {
  /** GraphQL answers, in the order asked (MockLink: each is used once unless `maxUsageCount`). */
  mocks?: ReadonlyArray<MockLink.MockedResponse>;
  /** Who is signed in; null for a visitor. */
  user?: AuthUser | null;
  /** The starting address (path and query). */
  route?: string;
  /** The route pattern the element is mounted on (for useParams). */
  path?: string;
  /** The identity actions a test drives (sign-up steps): each one not given refuses. */
  auth?: Partial<AuthContextValue>;
}

export interface Rendered extends RenderResult {
  user: ReturnType<typeof userEvent.setup>;
  location: LocationProbe;
}

/** Renders `ui` inside the app's providers, under the declarative router the app uses (app/app.tsx); the probe reads its history. */
export function renderWithProviders(ui: ReactNode, opts: RenderOptions = {}): Rendered {
  const history = createMemoryHistory({ initialEntries: [opts.route ?? '/'], v5Compat: true });
  const location: LocationProbe = {
    get current() {
      return { pathname: history.location.pathname, search: history.location.search };
    },
  };
  const result = render(
    <MockedProvider mocks={opts.mocks ?? []} cache={new InMemoryCache({ typePolicies })}>
      <AuthContext.Provider value={authValue(opts.user === undefined ? TEST_USER : opts.user, opts.auth)}>
        <Tooltip.Provider delayDuration={0}>
          <HistoryRouter history={history}>
            <Routes>
              <Route path={opts.path ?? '*'} element={ui} />
            </Routes>
          </HistoryRouter>
          <Toaster />
        </Tooltip.Provider>
      </AuthContext.Provider>
    </MockedProvider>,
  );
  return { ...result, user: userEvent.setup(), location };
}
