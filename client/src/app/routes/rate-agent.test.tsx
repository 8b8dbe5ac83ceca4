// The agent rating page (SPEC parts 2, 5 and 8) over mocked answers: loading, 'Agent Not Found', an
// agent refused, the form ('Overall Rating *' as 1 to 5 stars, 'N out of 5 stars', the optional
// comment), its validation ('Rating is required', at most 1000 characters), the trimmed comment sent
// as null when empty, 'Rating Submitted' then home, the 'Error' toast on failure, and Cancel. The
// review reaching the agent's profile is the browser test's part (tests/e2e/ratings.spec.ts).
import type { MockLink } from '@apollo/client/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/components/ui/use-toast';
import {
  RateAgentDocument,
  RateAgentPageDocument,
  type RateAgentMutation,
  type RateAgentMutationVariables,
  type RateAgentPageQuery,
  type RatingsViewerRatingFragment,
} from '@/gql/graphql';
import { renderWithProviders } from '@/test/render';
import RateAgentScreen from './rate-agent';
import { givenSummaryAnswer } from '@/features/reviews/test-answers';

const AGENT_ID = 'agent-morgan';

type Agent = NonNullable<RateAgentPageQuery['agent']>;

function viewerRating(overrides: Partial<RatingsViewerRatingFragment> = {}): RatingsViewerRatingFragment {
  return {
    __typename: 'ViewerRating',
    allowed: true,
    reason: null,
    title: null,
    message: null,
    verified: true,
    existingReview: null,
    ...overrides,
  };
}

function agent(rating: RatingsViewerRatingFragment = viewerRating()): Agent {
  return {
    __typename: 'Agent',
    id: AGENT_ID,
    displayName: 'Morgan Agent',
    photoUrl: null,
    specialties: ['Rentals', 'Lofts'],
    agency: 'Hudson Homes',
    rating: 0,
    reviewCount: 0,
    isNew: true,
    viewerRating: rating,
  };
}

function pageMock(answer: Agent | null): MockLink.MockedResponse {
  return {
    request: { query: RateAgentPageDocument, variables: { id: AGENT_ID, propertyId: null } },
    result: { data: { agent: answer } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

function answer(vars: RateAgentMutationVariables): RateAgentMutation {
  return {
    rateAgent: {
      __typename: 'RateAgentPayload',
      created: true,
      review: {
        __typename: 'Review',
        id: 'review-1',
        score: vars.input.score ?? 0,
        communication: null,
        reliability: null,
        cleanliness: null,
        accuracy: null,
        comment: vars.input.comment ?? null,
        createdAt: '2026-05-03T10:00:00.000Z',
        updatedAt: '2026-05-03T10:00:00.000Z',
        listingTitle: null,
        propertyId: null,
        verified: true,
        isMine: true,
        hidden: false,
        reply: null,
        repliedAt: null,
        viewerCanReply: false,
        viewerHasReported: false,
        author: { __typename: 'ReviewAuthor', firstName: 'Riley', lastName: 'Renter', photoUrl: null },
        agent: { __typename: 'Agent', id: AGENT_ID, displayName: 'Morgan Agent', photoUrl: null },
      },
      agent: { __typename: 'Agent', id: AGENT_ID, rating: 4, reviewCount: 1, isNew: false, viewerRating: viewerRating() },
      givenSummary: givenSummaryAnswer(4),
    },
  };
}

function rateMock(outcome: 'ok' | 'refused' | 'failed' = 'ok') {
  const sent = vi.fn<(vars: RateAgentMutationVariables) => void>();
  const mock: MockLink.MockedResponse = {
    request: {
      query: RateAgentDocument,
      variables: (vars: RateAgentMutationVariables) => {
        sent(vars);
        return true;
      },
    },
    ...(outcome === 'failed'
      ? { error: new Error('Network request failed') }
      : {
          result: (vars: RateAgentMutationVariables) =>
            outcome === 'refused'
              ? {
                  errors: [
                    new GraphQLError('You have rated this agent too often today.', { extensions: { code: 'BAD_USER_INPUT' } }),
                  ],
                }
              : { data: answer(vars) },
        }),
  };
  return { mock, sent };
}

function renderPage(mocks: MockLink.MockedResponse[]) {
  return renderWithProviders(
    <Routes>
      <Route path="/rate-agent/:agentId" element={<RateAgentScreen />} />
      <Route path="/" element={<h1>Home</h1>} />
    </Routes>,
    { mocks, route: `/rate-agent/${AGENT_ID}` },
  );
}

const stars = () => screen.getByRole('radiogroup', { name: 'Overall Rating' });
const comment = () => screen.getByLabelText('Additional Comments (Optional)');
const submit = () => screen.getByRole('button', { name: 'Submit Rating' });

/** The open toast's text (the toast store outlives a test: each test closes what it leaves open). */
const openToast = () => document.querySelector('.toast-root[data-state="open"]');
// The toaster's code loads with the first toast (components/ui/lazy-toaster.tsx): on a busy machine
// that takes longer than waitFor's default second.
const TOAST_WAIT = { timeout: 5_000 };

afterEach(() => {
  act(() => toastStore.dismiss());
});

describe('the rate agent page', () => {
  it('loads, then shows the agent, the stars and the comment', async () => {
    renderPage([pageMock(agent())]);
    expect(screen.getByRole('status')).toHaveTextContent('Loading agent details...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rate Your Experience' })).toBeInTheDocument();
    expect(screen.getByText('Morgan Agent', { exact: true })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Specialties' })).toHaveTextContent('RentalsLofts');
    expect(screen.getByText(/^Verified conversation/)).toBeInTheDocument();
    expect(screen.queryByText(/^Not verified yet/)).not.toBeInTheDocument();
    expect(screen.queryByText(/will replace your earlier one/)).not.toBeInTheDocument();
    expect(within(stars()).getAllByRole('radio')).toHaveLength(5);
    expect(
      within(stars())
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    expect(comment()).toHaveValue('');
    expect(screen.getByText('0 / 1000 characters')).toBeInTheDocument();
    expect(screen.queryByText(/out of 5 stars/)).not.toBeInTheDocument();
  });

  it("without a star: 'Rating is required'; over 1000 characters: refused; nothing is sent", async () => {
    const rate = rateMock();
    const { user } = renderPage([pageMock(agent()), rate.mock]);
    await screen.findByRole('heading', { name: 'Rate Your Experience' });
    await user.click(comment());
    await user.paste('x'.repeat(1001));
    await user.click(submit());
    expect(await screen.findByText('Rating is required')).toBeInTheDocument();
    expect(screen.getByText('Comment must be less than 1000 characters')).toBeInTheDocument();
    expect(stars()).toHaveAttribute('aria-invalid', 'true');
    expect(comment()).toHaveAttribute('aria-invalid', 'true');
    expect(rate.sent).not.toHaveBeenCalled();

    // Picking a star clears its message at once.
    await user.click(within(stars()).getByRole('radio', { name: '4 stars' }));
    await waitFor(() => expect(screen.queryByText('Rating is required')).not.toBeInTheDocument());
    expect(screen.getByText('4 out of 5 stars')).toBeInTheDocument();
  });

  it("sends the score and the trimmed comment, says 'Rating Submitted' and goes home", async () => {
    const rate = rateMock();
    const { user, location } = renderPage([pageMock(agent()), rate.mock]);
    await screen.findByRole('heading', { name: 'Rate Your Experience' });
    await user.click(within(stars()).getByRole('radio', { name: '5 stars' }));
    await user.click(comment());
    await user.paste('   Quick answers.   ');
    await user.click(submit());

    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(location.current.pathname).toBe('/');
    expect(openToast()).toHaveTextContent('Rating SubmittedThank you for rating this agent!');
    expect(rate.sent).toHaveBeenCalledTimes(1);
    expect(rate.sent.mock.calls[0]?.[0]).toEqual({
      input: { agentId: AGENT_ID, score: 5, comment: 'Quick answers.' },
      propertyId: null,
    });
  });

  it('an empty comment is sent as null', async () => {
    const rate = rateMock();
    const { user, location } = renderPage([pageMock(agent()), rate.mock]);
    await screen.findByRole('heading', { name: 'Rate Your Experience' });
    await user.click(within(stars()).getByRole('radio', { name: '2 stars' }));
    await user.click(comment());
    await user.paste('    ');
    await user.click(submit());
    await waitFor(() => expect(location.current.pathname).toBe('/'));
    expect(rate.sent.mock.calls[0]?.[0]).toEqual({ input: { agentId: AGENT_ID, score: 2, comment: null }, propertyId: null });
  });

  it("a refused rating: the 'Error' toast with the server's words; the page stays", async () => {
    const rate = rateMock('refused');
    const { user, location } = renderPage([pageMock(agent()), rate.mock]);
    await screen.findByRole('heading', { name: 'Rate Your Experience' });
    await user.click(within(stars()).getByRole('radio', { name: '3 stars' }));
    await user.click(submit());
    await waitFor(() => expect(openToast()).toHaveTextContent('ErrorYou have rated this agent too often today.'), TOAST_WAIT);
    expect(openToast()).toHaveAttribute('data-variant', 'destructive');
    expect(location.current.pathname).toBe(`/rate-agent/${AGENT_ID}`);
    // The button is itself again once the refusal is handled (the toast may come first).
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  it("a failed request: the 'Error' toast says 'Failed to submit rating'", async () => {
    const rate = rateMock('failed');
    const { user, location } = renderPage([pageMock(agent()), rate.mock]);
    await screen.findByRole('heading', { name: 'Rate Your Experience' });
    await user.click(within(stars()).getByRole('radio', { name: '3 stars' }));
    await user.click(submit());
    await waitFor(() => expect(openToast()).toHaveTextContent('ErrorFailed to submit rating'), TOAST_WAIT);
    expect(openToast()).toHaveAttribute('data-variant', 'destructive');
    expect(location.current.pathname).toBe(`/rate-agent/${AGENT_ID}`);
  });

  it('Cancel goes home without sending anything', async () => {
    const rate = rateMock();
    const { user, location } = renderPage([pageMock(agent()), rate.mock]);
    await screen.findByRole('heading', { name: 'Rate Your Experience' });
    await user.click(within(stars()).getByRole('radio', { name: '3 stars' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location.current.pathname).toBe('/'));
    expect(rate.sent).not.toHaveBeenCalled();
  });

  it('an earlier review is prefilled and the form says it will replace it', async () => {
    const existingReview = {
      __typename: 'Review' as const,
      id: 'review-0',
      score: 4,
      comment: 'Helpful.',
      communication: null,
      reliability: null,
      cleanliness: null,
      accuracy: null,
    };
    renderPage([pageMock(agent(viewerRating({ existingReview })))]);
    expect(
      await screen.findByText('You rated this agent before: this review will replace your earlier one (shown below).'),
    ).toBeInTheDocument();
    expect(within(stars()).getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(screen.getByText('4 out of 5 stars')).toBeInTheDocument();
    expect(comment()).toHaveValue('Helpful.');
  });

  it("without a real interaction with the agent: 'Not verified yet', the review will not count", async () => {
    renderPage([pageMock(agent(viewerRating({ verified: false })))]);
    expect(
      await screen.findByText(
        "Not verified yet: your review will be shown but will not count in the agent's rating until the agent answers your messages or confirms a tour with you.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Verified conversation/)).not.toBeInTheDocument();
  });

  it("an unknown agent: 'Agent Not Found' and 'Return Home'", async () => {
    renderPage([pageMock(null)]);
    expect(await screen.findByRole('heading', { name: 'Agent Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The agent you're trying to rate could not be found.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it("an agent viewer: 'Rating Not Available' with the reason, and no form", async () => {
    const refused = viewerRating({
      allowed: false,
      reason: 'AGENTS_CANNOT_RATE',
      title: 'Rating Not Available',
      message: 'Agents cannot rate other agents. Only interactions between agents and renters can be rated.',
      verified: false,
    });
    renderPage([pageMock(agent(refused))]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rating Not Available' })).toBeInTheDocument();
    expect(
      screen.getByText('Agents cannot rate other agents. Only interactions between agents and renters can be rated.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Specialties' })).toHaveTextContent('Rentals');
    expect(screen.queryByText('Overall Rating')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Rating' })).not.toBeInTheDocument();
  });
});
