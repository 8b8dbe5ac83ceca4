// Helpers of the listing form's component tests (the *.test.tsx files beside): the form rendered
// in the app's providers, valid values, the open toast, and a scripted XMLHttpRequest standing in
// for POST /api/uploads (upload.ts), so a test decides when a photo progresses, arrives or fails.
import type { MockLink } from '@apollo/client/testing';
import { act, configure, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { toastStore } from '@/components/ui/use-toast';
import { renderWithProviders, TEST_USER } from '@/test/render';
import { newListingValues, type ListingFormValues, type SavedPhoto } from './form-model';
import { ListingForm } from './listing-form';

// findBy* and waitFor wait up to 5 s (not 1 s): the whole form re-renders on a change, which a
// loaded machine can make slow. They still end as soon as what they wait for is there.
configure({ asyncUtilTimeout: 5000 });

export const DRAFT_ID = 'draft1';

/** Values a listing can be saved and published with (who pays the broker fee chosen: no fee). */
export function validValues(overrides: Partial<ListingFormValues> = {}): ListingFormValues {
  return {
    ...newListingValues(),
    title: 'Sunny 1BR in Astoria',
    address: '26-26 31st Street',
    borough: 'QUEENS',
    neighborhood: 'Astoria',
    price: 2750,
    availableDate: '2030-06-01',
    brokerFeePayer: 'NO_FEE',
    ...overrides,
  };
}

export interface FormOptions {
  signedIn?: boolean;
  base?: ListingFormValues;
  basePhotos?: SavedPhoto[];
  initialStep?: string | null;
  propertyId?: string | null;
  /** The edited listing is live (ACTIVE). */
  live?: boolean;
  mocks?: ReadonlyArray<MockLink.MockedResponse>;
}

/** The form as /create-listing mounts it, for TEST_USER (or signed out). */
export function renderForm(opts: FormOptions = {}) {
  const user = opts.signedIn === false ? null : TEST_USER;
  return renderWithProviders(
    <ListingForm
      propertyId={opts.propertyId ?? null}
      base={opts.base ?? newListingValues()}
      basePhotos={opts.basePhotos ?? []}
      user={user}
      draftId={DRAFT_ID}
      initialStep={opts.initialStep ?? null}
      live={opts.live}
    />,
    { route: '/create-listing', mocks: opts.mocks, user },
  );
}

/** Closes the toasts a test left open (the toast store is the app's, shared by the tests of a file). */
export function closeToasts() {
  act(() => toastStore.dismiss());
}

const OPEN_TOAST = 'li.toast-root[data-state="open"]';

/** The open toast titled `title` (the Toaster renders each toast as a list item). */
export async function findToast(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: `${OPEN_TOAST} *` });
  const item = heading.closest<HTMLElement>(OPEN_TOAST);
  if (!item) throw new Error(`the toast '${title}' is not in a list item`);
  return item;
}

/** The step counter of the sticky step bar ('N of 6'). */
export function stepBar(): HTMLElement {
  return screen.getByRole('navigation', { name: 'Listing form steps' });
}

interface ProgressLike {
  lengthComputable: boolean;
  loaded: number;
  total: number;
}

/**
 * XMLHttpRequest as upload.ts uses it, driven by the test: every sent request is kept in
 * `FakeXhr.sent`; `progress`, `respond`, `failNetwork` play the browser's events.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];

  /** Replaces XMLHttpRequest until vi.unstubAllGlobals(). */
  static install() {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  }

  readonly upload: { onprogress: ((event: ProgressLike) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  method = '';
  url = '';
  withCredentials = false;
  responseType = '';
  status = 0;
  responseText = '';
  body: FormData | null = null;
  aborted = false;
  readonly headers: Record<string, string> = {};

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The uploaded file. */
  get file(): File {
    const file = this.body?.get('file');
    if (!(file instanceof File)) throw new Error('no file was sent');
    return file;
  }

  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }

  async respond(status: number, body: unknown) {
    await act(async () => {
      this.status = status;
      this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
      this.onload?.();
    });
  }

  /** The stored photo as POST /api/uploads answers it (201). */
  async succeed(name: string) {
    await this.respond(201, {
      url: `/media/${name}.webp`,
      thumbnailUrl: `/media/${name}-thumb.webp`,
      width: 640,
      height: 480,
      placeholder: null,
    });
  }

  async failNetwork() {
    await act(async () => this.onerror?.());
  }
}

/** A small file as a file picker gives it. */
export function photoFile(name: string, type = 'image/jpeg'): File {
  return new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type });
}
