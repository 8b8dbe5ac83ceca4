// The 'Leave a Review' modal (SPEC parts 4, 5 and 8): only the agents the renter talked to are
// offered; step 1 picks the agent, the listing and the stars (Continue only with a score), step 2 the
// optional categories and comment (at most 1000 characters) with Back; Submit Review sends the
// review, says 'Submitting...' while it runs, then 'Rating Submitted'. Agents are refused before any
// form. The server's side (who may rate whom, the stored review, the refreshed lists) is the browser
// test's part (tests/e2e/ratings.spec.ts) and the integration tests' (tests/integration/reviews.test.ts).
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/components/ui/use-toast';
import {
  RateAgentDocument,
  RateAgentPageDocument,
  RateableAgentsDocument,
  type RateAgentMutation,
  type RateAgentMutationVariables,
  type RateAgentPageQuery,
  type RateAgentPageQueryVariables,
  type RateableAgentsQuery,
  type RatingsViewerRatingFragment,
} from '@/gql/graphql';
import { renderWithProviders } from '@/test/render';
import { LeaveReviewDialog } from './leave-review-dialog';
import { givenSummaryAnswer } from '@/features/reviews/test-answers';

const MORGAN = { __typename: 'Agent' as const, id: 'agent-morgan', displayName: 'Morgan Agent', photoUrl: null };
const JAMIE = { __typename: 'Agent' as const, id: 'agent-jamie', displayName: 'Jamie Broker', photoUrl: null };
const LOFT = { __typename: 'Property' as const, id: 'prop-loft', title: 'Sunny loft in Chelsea' };
const DUPLEX = { __typename: 'Property' as const, id: 'prop-duplex', title: 'Park Slope duplex' };

const talkedTo: RateableAgentsQuery['rateableAgents'] = [
  { __typename: 'RateableAgent', lastContactAt: '2026-05-02T10:00:00.000Z', agent: MORGAN, listings: [LOFT, DUPLEX] },
  { __typename: 'RateableAgent', lastContactAt: '2026-04-20T10:00:00.000Z', agent: JAMIE, listings: [] },
];

function rateableMock(agents: RateableAgentsQuery['rateableAgents']): MockLink.MockedResponse {
  return {
    request: { query: RateableAgentsDocument },
    result: { data: { rateableAgents: agents } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

type ExistingReview = RatingsViewerRatingFragment['existingReview'];

function viewerRating(verified: boolean, existingReview: ExistingReview = null): RatingsViewerRatingFragment {
  return { __typename: 'ViewerRating', allowed: true, reason: null, title: null, message: null, verified, existingReview };
}

/** The viewer's earlier review and the 'verified' mark of an agent and listing: verified when a listing of Morgan's. */
function ratingPageMock(existing: (vars: RateAgentPageQueryVariables) => ExistingReview = () => null): MockLink.MockedResponse {
  return {
    request: { query: RateAgentPageDocument, variables: () => true },
    result: (vars: RateAgentPageQueryVariables): { data: RateAgentPageQuery } => {
      const agent = vars.id === MORGAN.id ? MORGAN : JAMIE;
      return {
        data: {
          agent: {
            ...agent,
            specialties: [],
            agency: null,
            rating: 4,
            reviewCount: 1,
            isNew: false,
            viewerRating: viewerRating(agent === MORGAN && vars.propertyId != null, existing(vars)),
          },
        },
      };
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

function rateAgentAnswer(vars: RateAgentMutationVariables): RateAgentMutation {
  const { input } = vars;
  return {
    rateAgent: {
      __typename: 'RateAgentPayload',
      created: true,
      review: {
        __typename: 'Review',
        id: 'review-1',
        score: input.score ?? 0,
        communication: input.communication ?? null,
        reliability: input.reliability ?? null,
        cleanliness: input.cleanliness ?? null,
        accuracy: input.accuracy ?? null,
        comment: input.comment ?? null,
        createdAt: '2026-05-03T10:00:00.000Z',
        updatedAt: '2026-05-03T10:00:00.000Z',
        listingTitle: LOFT.title,
        propertyId: LOFT.id,
        verified: true,
        isMine: true,
        hidden: false,
        reply: null,
        repliedAt: null,
        viewerCanReply: false,
        viewerHasReported: false,
        author: { __typename: 'ReviewAuthor', firstName: 'Riley', lastName: 'Renter', photoUrl: null },
        agent: MORGAN,
      },
      agent: { __typename: 'Agent', id: MORGAN.id, rating: 4.5, reviewCount: 2, isNew: false, viewerRating: viewerRating(true) },
      givenSummary: givenSummaryAnswer(input.score ?? 0),
    },
  };
}

/** The mutation: records what it was sent; answers with the review, a GraphQL error, or never (pending). */
function rateAgentMock(answer: 'ok' | 'refused' | 'pending' = 'ok') {
  const sent = vi.fn<(vars: RateAgentMutationVariables) => void>();
  const mock: MockLink.MockedResponse = {
    request: {
      query: RateAgentDocument,
      variables: (vars: RateAgentMutationVariables) => {
        sent(vars);
        return true;
      },
    },
    result: (vars: RateAgentMutationVariables) =>
      answer === 'refused'
        ? { errors: [new GraphQLError('You have rated this agent too often today.', { extensions: { code: 'BAD_USER_INPUT' } })] }
        : { data: rateAgentAnswer(vars) },
    // 'pending': an answer that does not come while the test looks.
    delay: answer === 'pending' ? 10 * 60_000 : 0,
  };
  return { mock, sent };
}

function Harness({ viewerIsAgent = false, onSubmitted }: { viewerIsAgent?: boolean; onSubmitted?: () => void }) {
  const [open, setOpen] = useState(true);
  return <LeaveReviewDialog open={open} onOpenChange={setOpen} viewerIsAgent={viewerIsAgent} onSubmitted={onSubmitted} />;
}

/** Renders the open dialog and waits for it (its code is fetched when it opens). */
async function renderDialog(mocks: MockLink.MockedResponse[], props: { viewerIsAgent?: boolean; onSubmitted?: () => void } = {}) {
  const rendered = renderWithProviders(<Harness {...props} />, { mocks, route: '/me/ratings' });
  await screen.findByRole('dialog', { name: props.viewerIsAgent ? 'Rating Not Available' : 'Leave a Review' });
  return rendered;
}

// The toast store outlives a test: no toast is left open for the next one.
afterEach(() => {
  act(() => toastStore.dismiss());
});

const dialog = () => screen.getByRole('dialog', { name: 'Leave a Review' });
const inDialog = () => within(dialog());
const optionTexts = (name: string) =>
  within(inDialog().getByRole('combobox', { name }))
    .getAllByRole('option')
    .map((option) => option.textContent);

/** Step 1 done: Morgan and the loft are preselected; 5 stars; Continue. */
async function toDetails(user: Awaited<ReturnType<typeof renderDialog>>['user']) {
  await inDialog().findByText('Step 1 of 2');
  await user.click(inDialog().getByRole('radio', { name: '5 - Excellent' }));
  await user.click(inDialog().getByRole('button', { name: 'Continue' }));
  await inDialog().findByText('Step 2 of 2');
}

describe("the 'Leave a Review' modal", () => {
  it('step 1 offers only the agents talked to, and the listings talked about with each', async () => {
    const { user } = await renderDialog([rateableMock(talkedTo), ratingPageMock()]);
    expect(await inDialog().findByText('Step 1 of 2')).toBeInTheDocument();
    // The latest contact and their latest listing are preselected.
    expect(inDialog().getByRole('combobox', { name: 'Agent' })).toHaveDisplayValue('Morgan Agent');
    expect(inDialog().getByRole('combobox', { name: 'Listing' })).toHaveDisplayValue('Sunny loft in Chelsea');
    expect(await inDialog().findByText('Verified conversation')).toBeInTheDocument();

    expect(optionTexts('Agent')).toEqual(['Morgan Agent', 'Jamie Broker']);

    expect(optionTexts('Listing')).toEqual(['Sunny loft in Chelsea', 'Park Slope duplex', 'No specific listing']);
    await user.selectOptions(inDialog().getByRole('combobox', { name: 'Listing' }), 'Park Slope duplex');
    expect(inDialog().getByRole('combobox', { name: 'Listing' })).toHaveDisplayValue('Park Slope duplex');
  });

  it("another agent brings their own listings: none here, so 'No specific listing'", async () => {
    const { user } = await renderDialog([rateableMock(talkedTo), ratingPageMock()]);
    expect(await inDialog().findByText('Verified conversation')).toBeInTheDocument();
    await user.selectOptions(inDialog().getByRole('combobox', { name: 'Agent' }), 'Jamie Broker');
    expect(inDialog().getByRole('combobox', { name: 'Listing' })).toHaveDisplayValue('No specific listing');
    await waitFor(() => expect(inDialog().queryByText('Verified conversation')).not.toBeInTheDocument());
    expect(optionTexts('Listing')).toEqual(['No specific listing']);
  });

  it('Continue needs a score; each score has its label', async () => {
    const { user } = await renderDialog([rateableMock(talkedTo), ratingPageMock()]);
    await inDialog().findByText('Step 1 of 2');
    const continueButton = inDialog().getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    expect(inDialog().getByText('Select a rating')).toBeInTheDocument();
    expect(inDialog().getAllByRole('radio')).toHaveLength(5);

    for (const [name, label] of [
      ['1 - Poor', 'Poor'],
      ['2 - Fair', 'Fair'],
      ['3 - Good', 'Good'],
      ['4 - Very Good', 'Very Good'],
      ['5 - Excellent', 'Excellent'],
    ] as const) {
      await user.click(inDialog().getByRole('radio', { name }));
      expect(inDialog().getByRole('radio', { name })).toBeChecked();
      expect(inDialog().getByText(label, { exact: true })).toBeInTheDocument();
    }
    expect(inDialog().queryByText('Select a rating')).not.toBeInTheDocument();
    expect(continueButton).toBeEnabled();
  });

  it('step 2: Back keeps the score; a comment over 1000 characters is refused and nothing is sent', async () => {
    const rate = rateAgentMock();
    const { user } = await renderDialog([rateableMock(talkedTo), ratingPageMock(), rate.mock]);
    await toDetails(user);
    expect(inDialog().getByRole('group', { name: 'Rate by category (optional)' })).toBeInTheDocument();
    expect(inDialog().getByText('0 / 1000 characters')).toBeInTheDocument();

    await user.click(inDialog().getByRole('button', { name: 'Back' }));
    expect(await inDialog().findByText('Step 1 of 2')).toBeInTheDocument();
    expect(inDialog().getByRole('radio', { name: '5 - Excellent' })).toBeChecked();
    await user.click(inDialog().getByRole('button', { name: 'Continue' }));

    const comment = inDialog().getByLabelText('Comment (optional)');
    await user.click(comment);
    await user.paste('y'.repeat(1001));
    expect(inDialog().getByText('1001 / 1000 characters')).toBeInTheDocument();
    await user.click(inDialog().getByRole('button', { name: 'Submit Review' }));
    expect(await inDialog().findByText('Comment must be less than 1000 characters')).toBeInTheDocument();
    expect(comment).toHaveAttribute('aria-invalid', 'true');
    expect(rate.sent).not.toHaveBeenCalled();
    expect(dialog()).toBeInTheDocument();

    // Exactly 1000 characters are fine.
    await user.clear(comment);
    await user.paste('y'.repeat(1000));
    await user.click(inDialog().getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(rate.sent).toHaveBeenCalledTimes(1));
  });

  it('Submit Review sends the review, then says Rating Submitted and closes', async () => {
    const rate = rateAgentMock();
    const onSubmitted = vi.fn();
    const { user } = await renderDialog([rateableMock(talkedTo), ratingPageMock(), rate.mock], { onSubmitted });
    await toDetails(user);
    await user.click(inDialog().getByRole('radio', { name: 'Communication: 4 stars' }));
    await user.click(inDialog().getByRole('radio', { name: 'Accuracy: 1 star' }));
    await user.click(inDialog().getByLabelText('Comment (optional)'));
    await user.paste('  Showed the studio twice.  ');
    await user.click(inDialog().getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText('Rating Submitted')).toBeInTheDocument();
    expect(screen.getByText('Thank you for rating this agent!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onSubmitted).toHaveBeenCalledTimes(1);
    expect(rate.sent).toHaveBeenCalledTimes(1);
    expect(rate.sent.mock.calls[0]?.[0]).toEqual({
      input: {
        agentId: MORGAN.id,
        propertyId: LOFT.id,
        score: 5,
        communication: 4,
        reliability: null,
        cleanliness: null,
        accuracy: 1,
        // Trimmed (SPEC part 5).
        comment: 'Showed the studio twice.',
      },
      propertyId: LOFT.id,
    });
  });

  it("'No specific listing' sends no listing, and an empty comment is sent as null", async () => {
    const rate = rateAgentMock();
    const { user } = await renderDialog([rateableMock(talkedTo), ratingPageMock(), rate.mock]);
    await inDialog().findByText('Step 1 of 2');
    await user.selectOptions(inDialog().getByRole('combobox', { name: 'Listing' }), 'No specific listing');
    await user.click(inDialog().getByRole('radio', { name: '3 - Good' }));
    await user.click(inDialog().getByRole('button', { name: 'Continue' }));
    await user.click(inDialog().getByLabelText('Comment (optional)'));
    await user.paste('   ');
    await user.click(inDialog().getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(rate.sent).toHaveBeenCalledTimes(1));
    expect(rate.sent.mock.calls[0]?.[0]).toMatchObject({
      input: { agentId: MORGAN.id, propertyId: null, score: 3, comment: null },
      propertyId: null,
    });
  });

  it("says 'Submitting...' while the review is sent, with the buttons disabled", async () => {
    const rate = rateAgentMock('pending');
    const { user } = await renderDialog([rateableMock(talkedTo), ratingPageMock(), rate.mock]);
    await toDetails(user);
    await user.click(inDialog().getByRole('button', { name: 'Submit Review' }));
    expect(await inDialog().findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(inDialog().getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(inDialog().getByLabelText('Comment (optional)')).toBeDisabled();
  });

  it("a refused review: 'Failed to create rating' with the server's words, and the modal stays open", async () => {
    const rate = rateAgentMock('refused');
    const { user } = await renderDialog([rateableMock(talkedTo), ratingPageMock(), rate.mock]);
    await toDetails(user);
    await user.click(inDialog().getByRole('button', { name: 'Submit Review' }));
    expect(
      await inDialog().findByText('Failed to create rating: You have rated this agent too often today.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Rating Submitted')).not.toBeInTheDocument();
    expect(inDialog().getByRole('button', { name: 'Submit Review' })).toBeEnabled();
  });

  it('an earlier review of this agent is prefilled and the form says the new one will replace it', async () => {
    const existing = (vars: RateAgentPageQueryVariables): ExistingReview =>
      vars.id === MORGAN.id && vars.propertyId === LOFT.id
        ? {
            __typename: 'Review',
            id: 'review-0',
            score: 3,
            comment: 'Fine.',
            communication: 2,
            reliability: null,
            cleanliness: null,
            accuracy: null,
          }
        : null;
    const { user } = await renderDialog([rateableMock(talkedTo), ratingPageMock(existing)]);
    expect(
      await inDialog().findByText('You rated this agent before: this review will replace your earlier one (shown below).'),
    ).toBeInTheDocument();
    // The form takes the earlier review's values once it has loaded (a render after the notice on a busy machine).
    await waitFor(() => expect(inDialog().getByRole('radio', { name: '3 - Good' })).toBeChecked());
    await user.click(inDialog().getByRole('button', { name: 'Continue' }));
    expect(inDialog().getByLabelText('Comment (optional)')).toHaveValue('Fine.');
    expect(inDialog().getByRole('radio', { name: 'Communication: 2 stars' })).toBeChecked();
  });

  it('nobody talked to yet: explains how to become able to review', async () => {
    await renderDialog([rateableMock([]), ratingPageMock()]);
    expect(await inDialog().findByText('No agents to review yet')).toBeInTheDocument();
    expect(
      inDialog().getByText('You can review agents you have messaged about a listing. Contact an agent from a listing first.'),
    ).toBeInTheDocument();
    expect(inDialog().getByRole('link', { name: 'Go to Messages' })).toHaveAttribute('href', '/messages');
    expect(inDialog().queryByRole('radio')).not.toBeInTheDocument();
  });

  it("an agent is refused before any form: 'Rating Not Available'", async () => {
    const { user } = await renderDialog([], { viewerIsAgent: true });
    const refused = screen.getByRole('dialog', { name: 'Rating Not Available' });
    expect(refused).toHaveTextContent(
      'Agents cannot rate other agents. Only interactions between agents and renters can be rated.',
    );
    expect(within(refused).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(refused).queryByRole('combobox')).not.toBeInTheDocument();
    const close = within(refused).getAllByRole('button', { name: 'Close' });
    await user.click(close[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
