import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useMutation } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { LOCALE_TAGS } from '@common/i18n/locales';
import { currentLocale, defineMessages, formatMessage, useIntl } from '@common/i18n/messages';
import { brokerFeePayerMessage, isSale, listingInputSchema, publishIssues, type ListingData } from '@common/listing';
import { ChevronLeft, ChevronRight, Save, Send } from '@/components/icons';
import { useEffect, useRef, useState } from 'react';
import { useBottomInset } from '@/lib/bottom-inset';
import { navigateWhenLoaded } from '@/lib/screen-loading';
import { FormProvider, useForm, type FieldErrors, type FieldPath } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import type { AuthUser } from '@/features/auth/use-auth';
import { graphql } from '@/gql';
import type { ListingStatus } from '@/gql/graphql';
import {
  fieldLabel,
  FIELD_ORDER,
  isSectionId,
  SECTIONS,
  sectionOf,
  toGraphqlInput,
  type ListingFormValues,
  type SavedPhoto,
  type SectionId,
} from './form-model';
import {
  AUTOSAVE_DELAY_MS,
  clearLocalDraft,
  readLocalDraft,
  readUploadedPhotos,
  rememberUploadedPhotos,
  renewDraftSession,
  writeLocalDraft,
  type DraftScope,
  type LocalDraft,
} from './local-draft';
import { serverDraftKey, useServerDraft } from './server-draft';
import { around, MARK } from './fields';
import { donePhoto, PhotoUploader, type PhotoItem } from './photo-uploader';
import {
  AmenitiesSection,
  BasicInfoSection,
  MediaSection,
  PoliciesSection,
  PricingSection,
  UnitFeaturesSection,
} from './sections';
import { StepBar, useActiveSection } from './step-bar';
import { changedFields, EditConflict, staleVersionOf, type ChangedField, type CurrentListing } from './edit-conflict';

const CreateListingMutation = graphql(`
  mutation CreateListing($input: ListingInput!, $status: ListingStatus!) {
    createListing(input: $input, status: $status) {
      id
      slug
      status
      title
      price
      updatedAt
      version
    }
  }
`);

const UpdateListingMutation = graphql(`
  mutation UpdateListing($id: ID!, $input: ListingInput!, $status: ListingStatus, $expectedVersion: Int) {
    updateListing(id: $id, input: $input, status: $status, expectedVersion: $expectedVersion) {
      id
      slug
      status
      title
      price
      updatedAt
      version
    }
  }
`);

type Name = FieldPath<ListingFormValues>;

const messages = defineMessages({
  validationError: { id: 'listingForm.validationError', defaultMessage: 'Validation Error' },
  fieldIssue: { id: 'listingForm.fieldIssue', defaultMessage: '{field}: {message}' },
  fixFields: { id: 'listingForm.fixFields', defaultMessage: 'Please fix the highlighted fields.' },
  authRequired: { id: 'listingForm.authRequired', defaultMessage: 'Authentication Required' },
  signInToSubmitHint: { id: 'listingForm.signInToSubmitHint', defaultMessage: 'You must sign in to submit a listing.' },
  stillUploading: { id: 'listingForm.stillUploading', defaultMessage: 'Photos are still uploading' },
  waitForUploads: {
    id: 'listingForm.waitForUploads',
    defaultMessage: 'Please wait until every photo has finished uploading.',
  },
  draftSaved: { id: 'listingForm.draftSaved', defaultMessage: 'Draft Saved!' },
  draftSavedHint: { id: 'listingForm.draftSavedHint', defaultMessage: 'Your listing has been saved as a draft.' },
  success: { id: 'listingForm.success', defaultMessage: 'Success!' },
  updated: { id: 'listingForm.updated', defaultMessage: 'Your listing has been updated successfully.' },
  created: { id: 'listingForm.created', defaultMessage: 'Your listing has been created successfully.' },
  error: { id: 'listingForm.error', defaultMessage: 'Error' },
  saveDraftFailed: { id: 'listingForm.saveDraftFailed', defaultMessage: 'Failed to save draft. Please try again.' },
  createFailed: {
    id: 'listingForm.createFailed',
    defaultMessage: 'Failed to create listing. Please check all fields and try again.',
  },
  saveDraft: { id: 'listingForm.saveDraft', defaultMessage: 'Save Draft' },
  editTitle: { id: 'listingForm.editTitle', defaultMessage: 'Edit Listing' },
  createTitle: { id: 'listingForm.createTitle', defaultMessage: 'Create a Listing' },
  editDescription: { id: 'listingForm.editDescription', defaultMessage: 'Update the details of your listing.' },
  createDescription: { id: 'listingForm.createDescription', defaultMessage: 'Post a home for rent, sale or sublet.' },
  savedAt: { id: 'listingForm.savedAt', defaultMessage: 'Saved {time}' },
  notSignedIn: {
    id: 'listingForm.notSignedIn',
    defaultMessage:
      'You are not signed in. You can fill in the form, but you must {signIn} to upload photos, save a draft or publish your listing.',
  },
  signIn: { id: 'listingForm.signIn', defaultMessage: 'sign in' },
  editForm: { id: 'listingForm.editForm', defaultMessage: 'Edit listing' },
  createForm: { id: 'listingForm.createForm', defaultMessage: 'Create listing' },
  previous: { id: 'listingForm.previous', defaultMessage: 'Previous' },
  next: { id: 'listingForm.next', defaultMessage: 'Next' },
  publish: { id: 'listingForm.publish', defaultMessage: 'Publish Listing' },
  saveChanges: { id: 'listingForm.saveChanges', defaultMessage: 'Save changes' },
  signInToSubmit: { id: 'listingForm.signInToSubmit', defaultMessage: 'Sign In to Submit' },
});

interface FieldIssue {
  path: string;
  message: string;
}

/** The errors of react-hook-form, flattened to paths, in the order of the page. */
function flattenErrors(errors: FieldErrors<ListingFormValues>): FieldIssue[] {
  const out: FieldIssue[] = [];
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record.message === 'string' && record.message && 'type' in record) {
      out.push({ path, message: record.message });
      return;
    }
    for (const [key, value] of Object.entries(record)) {
      if (key === 'ref') continue;
      walk(value, path ? (key === 'root' ? path : `${path}.${key}`) : key);
    }
  };
  walk(errors, '');
  const rank = (p: string) => {
    const i = FIELD_ORDER.indexOf(p.split('.')[0] ?? p);
    return i < 0 ? FIELD_ORDER.length : i;
  };
  return out.sort((a, b) => rank(a.path) - rank(b.path));
}

/** The server's field errors (BAD_USER_INPUT with extensions.fields), or null for any other failure. */
function serverFieldErrors(error: unknown): FieldIssue[] | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const first = error.errors[0];
  if (first?.extensions?.code !== 'BAD_USER_INPUT') return null;
  const fields = first.extensions.fields;
  if (Array.isArray(fields) && fields.length > 0) {
    return fields
      .filter((f): f is FieldIssue => typeof f?.path === 'string' && typeof f?.message === 'string')
      .map((f) => ({ path: f.path, message: f.message }));
  }
  return [{ path: '', message: first.message }];
}

function formatTime(epochMs: number): string {
  return new Date(epochMs).toLocaleTimeString(LOCALE_TAGS[currentLocale()], { hour: 'numeric', minute: '2-digit' });
}

export interface ListingFormProps {
  /** The listing being edited, or null for a new one. */
  propertyId: string | null;
  /** Starting values: the defaults, or the listing loaded for editing. */
  base: ListingFormValues;
  basePhotos: SavedPhoto[];
  user: AuthUser | null;
  /**
   * The local draft to start from; when not given, the form reads this tab's draft itself (a page
   * rendered on the server reads it only once taken over, and passes it).
   */
  restored?: LocalDraft | null;
  /** This tab's session draft id (local drafts and the uploads' draftId). */
  draftId: string;
  /** The section named by ?step= at load. */
  initialStep: string | null;
  /** The listing's version `base` was read at (an edit); every save carries it (issue 58 item 5). */
  baseVersion?: number | null;
  /** Reads the listing again as it is now: after a save refused as stale, to show what changed. */
  loadCurrent?: () => Promise<CurrentListing | null>;
  /** The edited listing is live: its last step saves changes rather than publishing (issue 59 item 7). */
  live?: boolean;
}

interface Conflict {
  fields: ChangedField[] | null;
  current: CurrentListing | null;
  currentVersion: number | null;
}

/**
 * The create/edit listing form (SPEC part 2): six sections on one scrolling page, the sticky step
 * bar, Previous/Next, Save Draft and Publish Listing; validated by the shared schema on change and
 * on submit; autosaved to local storage when signed in (SPEC part 4).
 */
export function ListingForm({
  propertyId,
  base,
  basePhotos,
  user,
  draftId,
  initialStep,
  restored: given,
  baseVersion = null,
  loadCurrent,
  live = false,
}: ListingFormProps) {
  const navigate = useNavigate();
  const intl = useIntl();
  const scope: DraftScope | null = user ? { uid: user.uid, draftId, propertyId } : null;
  const [restored] = useState(() => (given !== undefined ? given : scope ? readLocalDraft(scope) : null));
  const form = useForm<ListingFormValues, unknown, ListingData>({
    resolver: zodResolver(listingInputSchema),
    mode: 'onChange',
    reValidateMode: 'onChange',
    shouldFocusError: false,
    defaultValues: restored?.values ?? base,
  });
  const [photos, setPhotos] = useState<PhotoItem[]>(() => {
    if (!restored) return basePhotos.map(donePhoto);
    // Thumbnails of restored photos: from the draft, else from the user's list of uploads.
    const known = scope ? readUploadedPhotos(scope) : [];
    return restored.photos.map((p) => donePhoto(known.find((k) => k.url === p.url) ?? p));
  });
  const [savedId, setSavedId] = useState<string | null>(restored?.savedId ?? propertyId);
  const [savedAt, setSavedAt] = useState<number | null>(restored?.savedAt ?? null);
  // The version the form's values were read at (or last saved at), and the values then: a restored
  // draft keeps those it was read at, so a change made elsewhere since is a conflict (issue 58 item 5).
  const [version, setVersion] = useState<number | null>(restored?.savedId ? (restored.baseVersion ?? null) : baseVersion);
  const [readValues, setReadValues] = useState<ListingFormValues | null>(
    restored?.savedId ? (restored.baseValues ?? null) : propertyId ? base : null,
  );
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [pending, setPending] = useState<ListingStatus | null>(null);
  // The same draft on the server a moment later, for another browser (issue 59 item 7).
  const serverDraft = useServerDraft(serverDraftKey(propertyId), user !== null);
  const [createListing] = useMutation(CreateListingMutation);
  const [updateListing] = useMutation(UpdateListingMutation);
  const { active, jumpTo } = useActiveSection(isSectionId(initialStep) ? initialStep : 'basic', true);
  const activeIndex = SECTIONS.findIndex((s) => s.id === active);
  const isLast = activeIndex === SECTIONS.length - 1;

  const latest = useRef({ photos, savedId, scope, version, readValues });
  // The open 'Validation Error' toast and the field it names: it goes once that field is fixed (issue 59
  // item 7), rather than saying an old message over a form that no longer has it.
  const validationToast = useRef<{ dismiss: () => void; path: string | null } | null>(null);
  useEffect(
    () =>
      form.subscribe({
        formState: { errors: true },
        callback: ({ errors }) => {
          const open = validationToast.current;
          if (!open?.path) return;
          const still = open.path
            .split('.')
            .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], errors);
          if (!still) {
            open.dismiss();
            validationToast.current = null;
          }
        },
      }),
    [form],
  );
  const autosaveTimer = useRef<number | undefined>(undefined);
  const finished = useRef(false);
  // The action bar pinned to the bottom: toasts appear above it, never over Next and Publish.
  const actionBar = useBottomInset();
  useEffect(() => {
    latest.current = { photos, savedId, scope, version, readValues };
  });

  // Focused fields scroll clear of the sticky header, step bar and action bar (WCAG 2.4.11).
  useEffect(() => {
    const root = document.documentElement;
    const before = { top: root.style.scrollPaddingTop, bottom: root.style.scrollPaddingBottom };
    root.style.scrollPaddingTop = '8.5rem';
    root.style.scrollPaddingBottom = '5.5rem';
    return () => {
      root.style.scrollPaddingTop = before.top;
      root.style.scrollPaddingBottom = before.bottom;
    };
  }, []);

  // ?step= at load: show that section.
  useEffect(() => {
    if (isSectionId(initialStep) && initialStep !== 'basic') jumpTo(initialStep);
    // Only at load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The form's `photos` are the uploaded ones, in order (the first is the cover).
  useEffect(() => {
    const urls = photos.flatMap((p) => (p.status === 'done' ? [{ url: p.url }] : []));
    const current = form.getValues('photos') ?? [];
    const same = current.length === urls.length && current.every((p, i) => p.url === urls[i]?.url);
    if (!same) form.setValue('photos', urls, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  }, [photos, form]);

  function saveLocally() {
    const { scope: s, photos: items, savedId: id, version: v, readValues: read } = latest.current;
    if (!s || finished.current) return;
    const now = Date.now();
    const saved = items.flatMap((p) =>
      p.status === 'done' ? [{ url: p.url, thumbnailUrl: p.thumbnailUrl, placeholder: p.placeholder }] : [],
    );
    const draft = { savedAt: now, values: form.getValues(), photos: saved, savedId: id, baseVersion: v, baseValues: read };
    if (writeLocalDraft(s, draft)) setSavedAt(now);
    serverDraft.schedule(draft);
  }

  // Autosave: 800 ms after the last change, only when signed in (SPEC part 4).
  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn) return;
    const subscription = form.watch(() => {
      window.clearTimeout(autosaveTimer.current);
      autosaveTimer.current = window.setTimeout(saveLocally, AUTOSAVE_DELAY_MS);
    });
    return () => {
      subscription.unsubscribe();
      window.clearTimeout(autosaveTimer.current);
    };
    // saveLocally reads everything through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn, form]);

  function showIssues(issues: FieldIssue[]) {
    for (const issue of issues) {
      if (issue.path) form.setError(issue.path as Name, { type: 'server', message: issue.message });
    }
    const first = issues[0];
    validationToast.current?.dismiss();
    validationToast.current = null;
    // On a phone the toast would cover the field it names (issue 59 item 7): the message is beside the
    // field, which is scrolled to and focused; a wider screen also gets the 'Validation Error' toast.
    const phone = typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 639px)').matches;
    if (!phone || !first?.path) {
      const shown = toast({
        variant: 'destructive',
        title: formatMessage(messages.validationError),
        description: first
          ? first.path
            ? formatMessage(messages.fieldIssue, { field: fieldLabel(first.path), message: first.message })
            : first.message
          : formatMessage(messages.fixFields),
      });
      validationToast.current = { dismiss: shown.dismiss, path: first?.path ?? null };
    }
    if (first?.path) goToField(first.path);
  }

  function goToField(path: string) {
    const section = sectionOf(path);
    const element = document.querySelector<HTMLElement>(`#${section} [name="${CSS.escape(path)}"]`);
    if (element && typeof element.focus === 'function') {
      // The step is the field's; the field is scrolled to, not its section's top.
      jumpTo(section, { scroll: false });
      element.focus({ preventScroll: true });
      element.scrollIntoView({ block: 'center' });
    } else {
      jumpTo(section, { focus: true });
    }
  }

  async function submit(status: ListingStatus) {
    if (!user) {
      toast({
        variant: 'destructive',
        title: formatMessage(messages.authRequired),
        description: formatMessage(messages.signInToSubmitHint),
      });
      return;
    }
    if (photos.some((p) => p.status === 'uploading')) {
      toast({ title: formatMessage(messages.stillUploading), description: formatMessage(messages.waitForUploads) });
      return;
    }
    await form.handleSubmit(
      async (data) => {
        if (status === 'ACTIVE') {
          const issues = [
            // Who pays the broker fee is the agent's explicit choice before it goes live (FARE Act).
            // A sale has none (issue 58 item 3).
            ...(data.brokerFeePayer === null && !isSale(data.listingType)
              ? [{ path: 'brokerFeePayer', message: brokerFeePayerMessage() }]
              : []),
            // An edit keeps the listing's available date without checking it again.
            ...publishIssues({ ...data, keptAvailableDate: propertyId ? base.availableDate : null }),
          ];
          if (issues.length > 0) {
            showIssues(issues);
            return;
          }
        }
        setPending(status);
        try {
          const input = toGraphqlInput(data);
          const id = latest.current.savedId;
          const refresh = {
            update: (cache: { evict: (o: { id: string; fieldName: string }) => boolean; gc: () => string[] }) => {
              for (const fieldName of ['myListings', 'myListingStats', 'listingStats', 'properties']) {
                cache.evict({ id: 'ROOT_QUERY', fieldName });
              }
              cache.gc();
            },
          };
          const expectedVersion = latest.current.version;
          const result = id
            ? (await updateListing({ variables: { id, input, status, expectedVersion }, ...refresh })).data?.updateListing
            : (await createListing({ variables: { input, status }, ...refresh })).data?.createListing;
          if (!result) throw new Error(status === 'DRAFT' ? 'Save draft failed' : 'Create failed');
          // What is saved now is what the next save starts from.
          setVersion(result.version ?? null);
          latest.current.version = result.version ?? null;
          setReadValues(form.getValues());
          latest.current.readValues = form.getValues();
          setConflict(null);
          if (status === 'DRAFT') {
            setSavedId(result.id);
            latest.current.savedId = result.id;
            saveLocally();
            toast({ title: formatMessage(messages.draftSaved), description: formatMessage(messages.draftSavedHint) });
          } else {
            finished.current = true;
            window.clearTimeout(autosaveTimer.current);
            clearLocalDraft({ draftId });
            serverDraft.discard();
            renewDraftSession();
            toast({
              title: formatMessage(messages.success),
              description: formatMessage(propertyId ? messages.updated : messages.created),
            });
            // The form stays busy until the manage screen's code is in; the navigation then shows it at once.
            await navigateWhenLoaded(navigate, '/me/listings');
          }
        } catch (error) {
          const stale = staleVersionOf(error);
          if (stale) {
            await showConflict(stale.currentVersion);
            return;
          }
          const fields = serverFieldErrors(error);
          if (fields) {
            showIssues(fields);
            return;
          }
          console.warn(status === 'DRAFT' ? 'Save draft failed' : 'Create failed', error);
          toast({
            variant: 'destructive',
            title: formatMessage(messages.error),
            description: formatMessage(status === 'DRAFT' ? messages.saveDraftFailed : messages.createFailed),
          });
        } finally {
          setPending(null);
        }
      },
      (errors) => showIssues(flattenErrors(errors)),
    )();
  }

  /** A save refused as stale: the listing read again, and what the other change modified shown. */
  async function showConflict(currentVersion: number | null) {
    const current = loadCurrent ? await loadCurrent().catch(() => null) : null;
    const fields = current ? changedFields(latest.current.readValues, current.values, form.getValues()) : null;
    setConflict({ fields, current, currentVersion: current?.version ?? currentVersion });
  }

  /** Their version in the form: the values, photos and version the listing has now. */
  function loadTheirs() {
    const current = conflict?.current;
    if (!current) return;
    form.reset(current.values);
    setPhotos(current.photos.map(donePhoto));
    setVersion(current.version);
    setReadValues(current.values);
    latest.current = { ...latest.current, version: current.version, readValues: current.values };
    setConflict(null);
    saveLocally();
  }

  /** Keep editing: the next save is made over their version, knowingly. */
  function keepMine() {
    if (!conflict) return;
    const next = conflict.current?.version ?? conflict.currentVersion;
    setVersion(next);
    setReadValues(conflict.current?.values ?? latest.current.readValues);
    latest.current = { ...latest.current, version: next, readValues: conflict.current?.values ?? latest.current.readValues };
    setConflict(null);
    saveLocally();
  }

  const busy = pending !== null;
  const saveDraftButton = (where: string) => (
    <Button variant="outline" onClick={() => void submit('DRAFT')} disabled={!user || busy} data-testid={`save-draft-${where}`}>
      {pending === 'DRAFT' ? <Spinner className="size-4" /> : <Save aria-hidden="true" className="size-4" />}
      {intl.formatMessage(messages.saveDraft)}
    </Button>
  );

  const formError = form.formState.errors.photos;
  const photosError = formError?.message ?? formError?.root?.message;
  const [beforeSignIn, afterSignIn] = around(intl.formatMessage(messages.notSignedIn, { signIn: MARK }));

  return (
    <FormProvider {...form}>
      <PageHeader
        title={intl.formatMessage(propertyId ? messages.editTitle : messages.createTitle)}
        description={intl.formatMessage(propertyId ? messages.editDescription : messages.createDescription)}
        actions={
          <>
            {user && savedAt ? (
              <p role="status" className="text-sm text-gray-600">
                {intl.formatMessage(messages.savedAt, { time: formatTime(savedAt) })}
              </p>
            ) : null}
            {saveDraftButton('header')}
          </>
        }
      />

      {!user ? (
        <div role="note" className="mt-6 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {beforeSignIn}
          <Link to="/auth" className="font-medium underline underline-offset-2">
            {intl.formatMessage(messages.signIn)}
          </Link>
          {afterSignIn}
        </div>
      ) : null}

      {conflict ? <EditConflict fields={conflict.fields} onLoadTheirs={loadTheirs} onKeepMine={keepMine} /> : null}

      {/* The step bar is sticky over the whole form: both share this container. */}
      <div className="mt-6">
        <StepBar active={active} onJump={(id) => jumpTo(id, { focus: true })} />

        <form
          noValidate
          aria-label={intl.formatMessage(propertyId ? messages.editForm : messages.createForm)}
          onSubmit={(event) => {
            event.preventDefault();
            void submit('ACTIVE');
          }}
          className="mt-6 space-y-6 pb-8"
        >
          <BasicInfoSection />
          <PricingSection />
          <PoliciesSection />
          <AmenitiesSection />
          <UnitFeaturesSection />
          <MediaSection
            photos={
              <PhotoUploader
                items={photos}
                setItems={setPhotos}
                draftId={draftId}
                signedIn={signedIn}
                error={photosError}
                onUploaded={(photo) => {
                  if (scope) rememberUploadedPhotos(scope, [photo]);
                }}
              />
            }
          />

          <div
            ref={actionBar}
            className="sticky bottom-0 z-20 -mx-4 flex flex-wrap items-center gap-2 border-t border-gray-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:shadow-sm"
          >
            <Button
              variant="outline"
              disabled={activeIndex <= 0}
              onClick={() => {
                if (activeIndex > 0) jumpTo(SECTIONS[activeIndex - 1]!.id as SectionId, { focus: true });
              }}
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
              <span className="max-sm:sr-only">{intl.formatMessage(messages.previous)}</span>
            </Button>
            <span className="mr-auto text-sm text-gray-600 max-sm:hidden">{SECTIONS[activeIndex]?.title}</span>
            {isLast ? (
              <>
                {saveDraftButton('footer')}
                <Button type="submit" disabled={!user || busy}>
                  {pending === 'ACTIVE' ? (
                    <Spinner className="size-4 text-white" />
                  ) : (
                    <Send aria-hidden="true" className="size-4" />
                  )}
                  {intl.formatMessage(!user ? messages.signInToSubmit : live ? messages.saveChanges : messages.publish)}
                </Button>
              </>
            ) : (
              <Button
                onClick={() => jumpTo(SECTIONS[activeIndex + 1]!.id as SectionId, { focus: true })}
                className="max-sm:ml-auto"
              >
                {intl.formatMessage(messages.next)}
                <ChevronRight aria-hidden="true" className="size-4" />
              </Button>
            )}
          </div>
        </form>
      </div>
    </FormProvider>
  );
}
