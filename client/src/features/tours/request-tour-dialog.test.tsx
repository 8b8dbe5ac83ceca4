// The tour request dialog (issue 27 item 2): its first suggestion is a valid time, and once the request
// is made the toast says until when the agent may answer, the server's deadline (issue 59 item 3: at
// most 24 hours, and before the first time offered begins; tests/integration/tour-requests.test.ts).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatOpenHouseTime } from '@common/tours';
import { RequestTourDocument } from '@/gql/graphql';
import { renderWithProviders } from '@/test/render';
import { RequestTourDialog } from './request-tour-dialog';
import { suggestedWindow, tourWindowForm, windowInput } from './tour-form';

describe('RequestTourDialog', () => {
  it('offers a valid first time, and says until when the agent may answer', async () => {
    expect(tourWindowForm.safeParse(suggestedWindow()).success).toBe(true);
    const window = windowInput(suggestedWindow());
    const deadline = new Date(Date.parse(window.startsAt) - 60 * 60 * 1000).toISOString();
    const { user } = renderWithProviders(
      <RequestTourDialog listingId="home-1" listingTitle="Loft on Kent Avenue" open onOpenChange={() => undefined} />,
      {
        mocks: [
          {
            request: { query: RequestTourDocument, variables: { input: { listingId: 'home-1', windows: [window], note: null } } },
            result: {
              data: {
                requestTour: {
                  __typename: 'TourRequest',
                  id: 'tour-1',
                  status: 'REQUESTED',
                  threadId: 'thread-1',
                  expiresAt: deadline,
                },
              },
            },
          },
        ],
      },
    );
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'The agent confirms one, proposes another or declines within 24 hours, and before the first time begins.',
    );
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(
      await screen.findByText(`The agent has until ${formatOpenHouseTime(deadline)} to answer. Follow it in Tours.`),
    ).toBeVisible();
  });
});
