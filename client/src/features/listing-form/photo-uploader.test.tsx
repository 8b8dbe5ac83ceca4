// Photo uploads of the listing form (SPEC part 2: progress 0 to 100 and an error overlay; part 5:
// HEIC accepted, the content type guessed from the extension, 10 photos stated but not enforced).
// The browser's XMLHttpRequest is replaced by FakeXhr (test-helpers.tsx); upload.ts runs as is.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '@/test/render';
import { readUploadedPhotos } from './local-draft';
import { closeToasts, DRAFT_ID, FakeXhr, findToast, photoFile, renderForm, validValues } from './test-helpers';
import { contentTypeOf, uploadPhoto, UploadError } from './upload';

vi.mock('@/features/map/map-view', () => ({ MapView: () => null }));

beforeEach(() => {
  closeToasts();
  FakeXhr.install();
});
afterEach(() => vi.unstubAllGlobals());

const input = () => screen.getByTestId('photo-input');
const tiles = () => within(screen.getByRole('list', { name: 'Listing photos' })).getAllByRole('listitem');
const hint = () => screen.getByText(/ of 10 photos/);

/** The n-th upload request, once upload.ts has sent it (it asks for a token first). */
async function request(n: number): Promise<FakeXhr> {
  await waitFor(() => expect(FakeXhr.sent.length).toBeGreaterThan(n));
  return FakeXhr.sent[n]!;
}

describe('upload tile', () => {
  it('shows the progress from 0 to 100, then the photo as the cover', async () => {
    const { user } = renderForm();
    expect(input()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif');
    await user.upload(input(), photoFile('living-room.jpg'));
    const xhr = await request(0);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/uploads');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.body?.get('draftId')).toBe(DRAFT_ID);
    expect(xhr.file.name).toBe('living-room.jpg');

    const [tile] = tiles();
    const bar = within(tile!).getByRole('progressbar', { name: 'Uploading living-room.jpg' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(within(tile!).getByText('Uploading…')).toBeInTheDocument();
    expect(within(tile!).getAllByText('0%')).toHaveLength(2);

    xhr.progress(512, 1024);
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(within(tile!).getAllByText('50%')).toHaveLength(2);
    // Everything sent is not yet stored: 99 until the server answers.
    xhr.progress(1024, 1024);
    expect(bar).toHaveAttribute('aria-valuenow', '99');

    await xhr.succeed('living-room');
    expect(within(tile!).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(tile!).getByRole('img', { name: 'Photo 1 (living-room.jpg)' })).toHaveAttribute(
      'src',
      '/media/living-room-thumb.webp',
    );
    expect(within(tile!).getByText('Cover')).toBeInTheDocument();
    expect(hint()).toHaveTextContent('1 of 10 photos · JPEG, PNG, WebP or HEIC · the first photo is the cover');
    // Kept in the user's local list of uploads (SPEC part 4).
    expect(readUploadedPhotos({ uid: TEST_USER.uid, draftId: DRAFT_ID }).map((p) => p.url)).toEqual(['/media/living-room.webp']);
  });

  it("a refused file: the error overlay with the server's reason, no retry, and Remove", async () => {
    const { user } = renderForm();
    await user.upload(input(), photoFile('notes.jpg'));
    await (
      await request(0)
    ).respond(415, { error: 'Only JPEG, PNG, WebP and HEIC photos can be uploaded.', code: 'UNSUPPORTED' });

    const [tile] = tiles();
    expect(tile).toHaveAttribute('data-photo-status', 'error');
    const overlay = within(tile!).getByRole('alert');
    expect(overlay).toHaveTextContent('Upload failed: notes.jpg');
    expect(overlay).toHaveTextContent('Only JPEG, PNG, WebP and HEIC photos can be uploaded.');
    expect(within(tile!).queryByRole('button', { name: 'Retry notes.jpg' })).not.toBeInTheDocument();
    // A refused photo does not count.
    expect(hint()).toHaveTextContent('0 of 10 photos');

    await user.click(within(tile!).getByRole('button', { name: 'Remove photo 1' }));
    expect(screen.queryByRole('list', { name: 'Listing photos' })).not.toBeInTheDocument();
  });

  it('a network failure can be retried', async () => {
    const { user } = renderForm();
    await user.upload(input(), photoFile('kitchen.png', 'image/png'));
    await (await request(0)).failNetwork();

    const [tile] = tiles();
    expect(within(tile!).getByRole('alert')).toHaveTextContent(
      'Upload failed: kitchen.pngUpload failed. Check your connection and try again.',
    );
    await user.click(within(tile!).getByRole('button', { name: 'Retry kitchen.png' }));
    expect(within(tile!).getByRole('progressbar', { name: 'Uploading kitchen.png' })).toHaveAttribute('aria-valuenow', '0');
    expect(within(tile!).queryByRole('alert')).not.toBeInTheDocument();

    const again = await request(1);
    expect(again.file.name).toBe('kitchen.png');
    await again.succeed('kitchen');
    expect(tile).toHaveAttribute('data-photo-status', 'done');
    expect(hint()).toHaveTextContent('1 of 10 photos');
  });

  it('uploads two at a time; the first done photo is the cover and can be moved', async () => {
    const { user } = renderForm();
    await user.upload(input(), [photoFile('a.jpg'), photoFile('b.jpg'), photoFile('c.heic', '')]);
    expect(tiles()).toHaveLength(3);
    const [a, b] = [await request(0), await request(1)];
    expect(FakeXhr.sent).toHaveLength(2);
    await b.succeed('b');
    const c = await request(2);
    // A file without a type is sent with the type its extension says.
    expect(c.file.type).toBe('image/heic');
    await a.succeed('a');
    await c.succeed('c');
    expect(tiles().map((t) => t.getAttribute('data-photo-status'))).toEqual(['done', 'done', 'done']);

    await user.click(screen.getByRole('button', { name: 'Make photo 3 the cover' }));
    expect(tiles().map((t) => within(t).getByRole('img').getAttribute('alt'))).toEqual([
      'Photo 1 (c.heic)',
      'Photo 2 (a.jpg)',
      'Photo 3 (b.jpg)',
    ]);
    expect(within(tiles()[0]!).getByText('Cover')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move photo 1 left' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move photo 1 right' }));
    expect(within(tiles()[0]!).getByRole('img')).toHaveAttribute('alt', 'Photo 1 (a.jpg)');
  });

  it('a removed photo uploaded here is deleted from storage', async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":true}'));
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderForm();
    await user.upload(input(), photoFile('a.jpg'));
    await (await request(0)).succeed('a');
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(screen.queryByRole('list', { name: 'Listing photos' })).not.toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/uploads?url=${encodeURIComponent('/media/a.webp')}`,
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it('the 11th photo is refused as it is added, with the limit of 10 said; removing one makes room', async () => {
    const { user } = renderForm({ base: validValues() });
    const files = Array.from({ length: 11 }, (_, i) => photoFile(`p${i + 1}.jpg`));
    await user.upload(input(), files);
    expect(tiles()).toHaveLength(10);
    expect(hint()).toHaveTextContent('10 of 10 photos');
    expect(
      screen.getAllByRole('alert').some((a) => a.textContent === 'A listing can have at most 10 photos: 1 photo was not added.'),
    ).toBe(true);
    for (let i = 0; i < 10; i += 1) await (await request(i)).succeed(`p${i + 1}`);
    expect(tiles().every((t) => t.getAttribute('data-photo-status') === 'done')).toBe(true);

    // Full: 'Add photos' is off (issue 59 item 7), and a further photo (dropped, say) is not added either.
    expect(screen.getByRole('button', { name: 'Add photos' })).toBeDisabled();
    await user.upload(input(), photoFile('p12.jpg'));
    expect(tiles()).toHaveLength(10);
    // One removed (its upload discarded on the server): one more fits, and the notice goes.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"ok":true}')),
    );
    await user.click(screen.getAllByRole('button', { name: /^Remove photo/ })[0]!);
    await user.upload(input(), photoFile('p13.jpg'));
    expect(tiles()).toHaveLength(10);
    expect(screen.queryAllByRole('alert').some((a) => a.textContent?.startsWith('A listing can have at most 10 photos'))).toBe(
      false,
    );
    expect(screen.getByRole('button', { name: 'Add photos' })).toBeDisabled();
  });

  it('Save Draft waits for the uploads to finish', async () => {
    const { user } = renderForm({ base: validValues() });
    await user.upload(input(), photoFile('a.jpg'));
    await request(0);
    await user.click(screen.getByTestId('save-draft-header'));
    const toast = await findToast('Photos are still uploading');
    expect(toast).toHaveTextContent('Please wait until every photo has finished uploading.');
  });
});

describe('uploadPhoto', () => {
  /** Runs one upload and answers it with `status` and `body`. */
  async function answer(status: number, body: string): Promise<unknown> {
    const done = uploadPhoto(photoFile('a.jpg'), { draftId: DRAFT_ID, onProgress: () => {} }).catch((e: unknown) => e);
    await (await request(0)).respond(status, body);
    return done;
  }

  it.each([
    [401, '', 'Please sign in before uploading photos.'],
    [413, '', 'This photo is too large.'],
    [415, 'not json', 'This file is not a supported photo (JPEG, PNG, WebP or HEIC).'],
    [429, '', 'Too many uploads; wait a minute and try again.'],
    [500, '', 'Upload failed (500).'],
    [422, '{"error":"This photo has too many pixels."}', 'This photo has too many pixels.'],
  ])('an answer %i with %j fails with %j', async (status, body, message) => {
    const error = await answer(status, body);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ message, status });
  });

  it('an unreadable success is an error; a readable one reports 100', async () => {
    expect(await answer(201, '<html>')).toMatchObject({ message: 'The server sent an unreadable answer.' });
    FakeXhr.sent = [];
    const progress: number[] = [];
    const done = uploadPhoto(photoFile('b.jpg'), { draftId: DRAFT_ID, onProgress: (p) => progress.push(p) });
    const xhr = await request(0);
    act(() => xhr.upload.onprogress?.({ lengthComputable: false, loaded: 5, total: 0 }));
    xhr.progress(1, 4);
    await xhr.respond(201, { url: '/media/b.webp', thumbnailUrl: '/media/b-thumb.webp', width: 1, height: 1 });
    await expect(done).resolves.toEqual({
      url: '/media/b.webp',
      thumbnailUrl: '/media/b-thumb.webp',
      width: 1,
      height: 1,
      placeholder: null,
    });
    expect(progress).toEqual([25, 100]);
  });

  it('guesses the content type from the extension', () => {
    expect(['x.HEIC', 'x.heif', 'x.jpg', 'x.jpeg', 'x.png', 'x.webp', 'x.gif', 'x'].map(contentTypeOf)).toEqual([
      'image/heic',
      'image/heif',
      'image/jpeg',
      'image/jpeg',
      'image/png',
      'image/webp',
      'application/octet-stream',
      'application/octet-stream',
    ]);
  });
});
