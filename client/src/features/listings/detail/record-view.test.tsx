// A visit of a listing counts one view without rendering the page again: the detail screen is taken
// over part by part after the server rendered it, and a render of the screen while parts still wait
// makes React take them all over at once, in one long task (issue 28 item 4). Through `useMutation`
// the screen rendered twice more (loading, then the answer).
import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { RecordPropertyViewMutation, useRecordView } from './record-view';

function Screen({ onRender }: { onRender: () => void }) {
  onRender();
  const [id, setId] = useState<string | undefined>(undefined);
  useRecordView(id);
  return (
    <button type="button" onClick={() => setId('listing-1')}>
      {id ?? 'loading'}
    </button>
  );
}

afterEach(() => vi.restoreAllMocks());

describe('useRecordView', () => {
  it('sends one view once the listing is known, and does not render the screen again', async () => {
    const sent = vi.fn(() => ({ data: { recordPropertyView: { __typename: 'Property' as const, id: 'listing-1', views: 8 } } }));
    const onRender = vi.fn();
    const { user } = renderWithProviders(<Screen onRender={onRender} />, {
      mocks: [{ request: { query: RecordPropertyViewMutation, variables: { id: 'listing-1' } }, result: sent }],
    });
    await screen.findByRole('button', { name: 'loading' });
    expect(sent).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button'));
    await screen.findByRole('button', { name: 'listing-1' });
    const renders = onRender.mock.calls.length;
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    // The answer has come back: nothing of it renders the screen.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(onRender).toHaveBeenCalledTimes(renders);
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('says a failure in the console, and the page goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<Screen onRender={() => undefined} />, {
      mocks: [
        { request: { query: RecordPropertyViewMutation, variables: { id: 'listing-1' } }, error: new Error('network down') },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'loading' }));
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Recording the view failed', expect.any(Error)));
    expect(screen.getByRole('button', { name: 'listing-1' })).toBeVisible();
  });
});
