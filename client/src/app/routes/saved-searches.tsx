import { useMutation } from '@apollo/client/react';
import { useQuery } from '@/lib/apollo/use-query';
import { alertFrequencyLabels, AlertFrequencyValues, savedSearchNameSchema, type AlertFrequency } from '@common/saved-search';
import { optionsOf } from '@common/options';
import { Pencil, Search, Trash2 } from '@/components/icons';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import {
  DeleteSavedSearchDocument,
  MarkSavedSearchSeenDocument,
  SavedSearchesDocument,
  UpdateSavedSearchDocument,
} from '@/features/alerts/operations';
import { SignedOutNotice } from '@/features/auth/signed-out-notice';
import { useAuth } from '@/features/auth/use-auth';
import { fromPropertyFilter } from '@/features/listings/saved-filter';
import { toSearchParams } from '@/features/listings/search-state';
import type { SavedSearchesQuery } from '@/gql/graphql';
import { useDocumentTitle } from '@/lib/use-document-title';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  enterName: { id: 'savedSearches.enterName', defaultMessage: 'Enter a name' },
  nameNotSaved: { id: 'savedSearches.nameNotSaved', defaultMessage: 'The name could not be saved.' },
  name: { id: 'savedSearches.name', defaultMessage: 'Name' },
  saving: { id: 'savedSearches.saving', defaultMessage: 'Saving…' },
  save: { id: 'savedSearches.save', defaultMessage: 'Save' },
  cancel: { id: 'savedSearches.cancel', defaultMessage: 'Cancel' },
  newMatches: { id: 'savedSearches.newMatches', defaultMessage: '{count, plural, one {# new match} other {# new matches}}' },
  manyNewMatches: { id: 'savedSearches.manyNewMatches', defaultMessage: '99+ new matches' },
  newSince: { id: 'savedSearches.newSince', defaultMessage: '{matches} since you last looked' },
  noNewSince: { id: 'savedSearches.noNewSince', defaultMessage: 'No new matches since you last looked' },
  open: { id: 'savedSearches.open', defaultMessage: 'Open' },
  openName: { id: 'savedSearches.openName', defaultMessage: 'Open {name}' },
  alerts: { id: 'savedSearches.alerts', defaultMessage: 'Alerts' },
  alertsNotChanged: { id: 'savedSearches.alertsNotChanged', defaultMessage: 'Alerts not changed' },
  tryAgain: { id: 'common.tryAgain', defaultMessage: 'Please try again.' },
  rename: { id: 'savedSearches.rename', defaultMessage: 'Rename {name}' },
  delete: { id: 'savedSearches.delete', defaultMessage: 'Delete {name}' },
  notDeleted: { id: 'savedSearches.notDeleted', defaultMessage: 'Not deleted' },
  title: { id: 'savedSearches.title', defaultMessage: 'Saved Searches' },
  logIn: { id: 'savedSearches.logIn', defaultMessage: 'Please Log In' },
  logInHint: { id: 'savedSearches.logInHint', defaultMessage: 'You need to be logged in to see your saved searches.' },
  description: {
    id: 'savedSearches.description',
    defaultMessage: 'Searches you saved from the listings page, and how we alert you.',
  },
  loadFailed: { id: 'savedSearches.loadFailed', defaultMessage: 'Your saved searches could not be loaded.' },
  loading: { id: 'savedSearches.loading', defaultMessage: 'Loading saved searches…' },
  empty: { id: 'savedSearches.empty', defaultMessage: 'No saved searches yet' },
  emptyHint: {
    id: 'savedSearches.emptyHint',
    defaultMessage: 'Set filters on the listings page and press ‘Save search’.',
  },
  browse: { id: 'savedSearches.browse', defaultMessage: 'Browse listings' },
});

/**
 * '3 new matches since you last looked', the count in bold: the sentence is one message, and the count
 * goes where the language puts it.
 */
function NewMatches({ count }: { count: number }) {
  if (count <= 0) return <>{formatMessage(messages.noNewSince)}</>;
  const matches = count > 99 ? formatMessage(messages.manyNewMatches) : formatMessage(messages.newMatches, { count });
  const [before = '', after = ''] = formatMessage(messages.newSince, { matches: '\u0000' }).split('\u0000');
  return (
    <>
      {before}
      <span className="font-medium text-brand-700">{matches}</span>
      {after}
    </>
  );
}

type Saved = SavedSearchesQuery['savedSearches'][number];
const frequencyOptions = optionsOf(AlertFrequencyValues, alertFrequencyLabels);

function SavedSearchRow({ saved }: { saved: Saved }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(saved.name);
  const [error, setError] = useState<string | null>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  // Back to the Rename button when the form closes, so keyboard users keep their place.
  const stopEditing = () => {
    setEditing(false);
    requestAnimationFrame(() => renameButton.current?.focus());
  };
  const [update, { loading: updating }] = useMutation(UpdateSavedSearchDocument);
  const [seen] = useMutation(MarkSavedSearchSeenDocument);
  const [remove, { loading: removing }] = useMutation(DeleteSavedSearchDocument, {
    update(cache) {
      cache.evict({ id: cache.identify({ __typename: 'SavedSearch', id: saved.id }) });
      cache.gc();
    },
  });
  const query = toSearchParams(fromPropertyFilter(saved.filter as Parameters<typeof fromPropertyFilter>[0])).toString();

  async function rename(event: FormEvent) {
    event.preventDefault();
    const parsed = savedSearchNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? formatMessage(messages.enterName));
      return;
    }
    try {
      await update({ variables: { id: saved.id, input: { name: parsed.data } } });
      stopEditing();
    } catch (err) {
      setError(err instanceof Error ? err.message : formatMessage(messages.nameNotSaved));
    }
  }

  function open() {
    void seen({ variables: { id: saved.id } }).catch(() => undefined);
    navigate(query ? `/?${query}` : '/');
  }

  return (
    <li className="rounded-lg border border-gray-200 bg-white p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 sm:flex-1">
          {editing ? (
            <form onSubmit={rename} className="max-w-md space-y-2" noValidate>
              <TextField
                label={formatMessage(messages.name)}
                value={name}
                maxLength={120}
                autoFocus
                onChange={(e) => {
                  setName(e.target.value);
                  setError(null);
                }}
                error={error ?? undefined}
              />
              <div className="flex gap-2">
                <Button type="submit" size="sm" disabled={updating}>
                  {formatMessage(updating ? messages.saving : messages.save)}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => {
                    stopEditing();
                    setName(saved.name);
                    setError(null);
                  }}
                >
                  {formatMessage(messages.cancel)}
                </Button>
              </div>
            </form>
          ) : (
            <h2 className="text-base font-semibold break-words text-gray-900">{saved.name}</h2>
          )}
          <p className={editing ? 'mt-3 text-sm text-gray-600' : 'mt-1 text-sm text-gray-600'}>
            <NewMatches count={saved.newMatchCount} />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:shrink-0">
          <Button size="sm" onClick={open} aria-label={formatMessage(messages.openName, { name: saved.name })}>
            <Search aria-hidden="true" className="hidden size-4 sm:block" />
            {formatMessage(messages.open)}
          </Button>
          <SelectField
            label={formatMessage(messages.alerts)}
            // One width for every row on wide screens, so the buttons line up.
            className="sm:w-52"
            value={saved.frequency as AlertFrequency}
            options={frequencyOptions}
            onValueChange={(frequency) =>
              void update({
                variables: { id: saved.id, input: { frequency } },
                optimisticResponse: {
                  updateSavedSearch: { __typename: 'SavedSearch', id: saved.id, name: saved.name, frequency },
                },
              }).catch(() =>
                toast({
                  variant: 'destructive',
                  title: formatMessage(messages.alertsNotChanged),
                  description: formatMessage(messages.tryAgain),
                }),
              )
            }
          />
          <Button
            ref={renameButton}
            size="icon"
            variant="ghost"
            aria-label={formatMessage(messages.rename, { name: saved.name })}
            onClick={() => {
              setName(saved.name);
              setError(null);
              setEditing(true);
            }}
          >
            <Pencil aria-hidden="true" className="size-4" />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            aria-label={formatMessage(messages.delete, { name: saved.name })}
            disabled={removing}
            onClick={() =>
              void remove({ variables: { id: saved.id } }).catch(() =>
                toast({
                  variant: 'destructive',
                  title: formatMessage(messages.notDeleted),
                  description: formatMessage(messages.tryAgain),
                }),
              )
            }
          >
            <Trash2 aria-hidden="true" className="size-4 text-red-700" />
          </Button>
        </div>
      </div>
    </li>
  );
}

/** Saved Searches (issue 14 item 1): the viewer's searches with their new matches; open, rename, alerts, delete. */
export default function SavedSearchesScreen() {
  useDocumentTitle(formatMessage(messages.title));
  const { user, loading: authLoading } = useAuth();
  const { data, loading, error, refetch } = useQuery(SavedSearchesDocument, { skip: !user, fetchPolicy: 'cache-and-network' });

  if (!authLoading && !user) {
    return (
      <PageContainer className="py-8">
        <PageHeader title={formatMessage(messages.title)} />
        <SignedOutNotice title={formatMessage(messages.logIn)}>{formatMessage(messages.logInHint)}</SignedOutNotice>
      </PageContainer>
    );
  }
  const searches = data?.savedSearches ?? [];
  return (
    <PageContainer className="py-8">
      <PageHeader title={formatMessage(messages.title)} description={formatMessage(messages.description)} />
      <div className="mt-6">
        {error && !data ? (
          <LoadError onRetry={refetch}>{formatMessage(messages.loadFailed)}</LoadError>
        ) : (loading || authLoading) && !data ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">{formatMessage(messages.loading)}</span>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-20 w-full" />
            ))}
          </div>
        ) : searches.length === 0 ? (
          <div className="rounded-lg border border-dashed border-gray-300 p-8 text-center">
            <p className="font-medium text-gray-900">{formatMessage(messages.empty)}</p>
            <p className="mt-1 text-sm text-gray-600">{formatMessage(messages.emptyHint)}</p>
            <Link to="/" className={buttonClasses({ className: 'mt-4' })}>
              {formatMessage(messages.browse)}
            </Link>
          </div>
        ) : (
          <ul className="space-y-3">
            {searches.map((s) => (
              <SavedSearchRow key={s.id} saved={s} />
            ))}
          </ul>
        )}
      </div>
    </PageContainer>
  );
}
