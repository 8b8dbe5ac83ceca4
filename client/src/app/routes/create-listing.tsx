import { useApolloClient } from '@apollo/client/react';
import { useQuery } from '@/lib/apollo/use-query';
import { defineMessages, useIntl } from '@common/i18n/messages';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/use-auth';
import { newListingValues, valuesFromListing } from '@/features/listing-form/form-model';
import { ListingForm } from '@/features/listing-form/listing-form';
import { readLocalDraft, startDraftSession, type LocalDraft } from '@/features/listing-form/local-draft';
import { ServerDraftOffer } from '@/features/listing-form/server-draft';
import { graphql } from '@/gql';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useBrowserValue } from '@/lib/use-in-browser';

const messages = defineMessages({
  manageListings: { id: 'createListing.manageListings', defaultMessage: 'Manage Listings' },
  loadingListing: { id: 'createListing.loadingListing', defaultMessage: 'Loading the listing…' },
  editTitle: { id: 'createListing.editTitle', defaultMessage: 'Edit Listing' },
  createTitle: { id: 'createListing.createTitle', defaultMessage: 'Create a Listing' },
  fetchFailed: { id: 'createListing.fetchFailed', defaultMessage: 'Failed to fetch property' },
  checkConnection: { id: 'createListing.checkConnection', defaultMessage: 'Please check your connection and try again.' },
  notFound: { id: 'createListing.notFound', defaultMessage: 'Property not found.' },
  notFoundHint: { id: 'createListing.notFoundHint', defaultMessage: 'The listing may have been deleted.' },
  cannotEdit: { id: 'createListing.cannotEdit', defaultMessage: 'You cannot edit this listing' },
  cannotEditHint: { id: 'createListing.cannotEditHint', defaultMessage: "Only the listing's owner or agent can edit it." },
  loading: { id: 'common.loading', defaultMessage: 'Loading…' },
});

// The declared fields come in ListingFormFields (listing-fields.generated.ts), the composite ones after.
const EditListingQuery = graphql(`
  query EditListing($id: ID!) {
    property(id: $id) {
      id
      status
      viewerCanManage
      version
      ...ListingFormFields
      location {
        lat
        lng
      }
      otherFees {
        label
        amount
        frequency
      }
      concession {
        monthsFree
        leaseMonths
        terms
      }
      photos {
        id
        url
        thumbnailUrl
        placeholder
      }
      openHouses {
        id
        startsAt
        endsAt
        note
        capacity
      }
    }
  }
`);

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-24">
      <Spinner className="size-8" label={label} />
    </div>
  );
}

function Problem({ title, children }: { title: string; children: string }) {
  const intl = useIntl();
  return (
    <div role="alert" className="mt-8 rounded-xl border border-gray-200 bg-white px-6 py-10 text-center shadow-sm">
      <h2 className="text-lg font-semibold text-gray-900">{title}</h2>
      <p className="mt-2 text-sm text-gray-700">{children}</p>
      <Link to="/me/listings" className={buttonClasses({ variant: 'outline', className: 'mt-5' })}>
        {intl.formatMessage(messages.manageListings)}
      </Link>
    </div>
  );
}

function EditListing({ propertyId, draftId, initialStep }: { propertyId: string; draftId: string; initialStep: string | null }) {
  const { user } = useAuth();
  const intl = useIntl();
  const { data, loading, error } = useQuery(EditListingQuery, { variables: { id: propertyId }, fetchPolicy: 'network-only' });
  const [fromServer, setFromServer] = useState<LocalDraft | null>(null);
  const client = useApolloClient();
  // The listing as it is now, after a save refused because it changed meanwhile (issue 58 item 5).
  const loadCurrent = useCallback(async () => {
    const { data: now } = await client.query({
      query: EditListingQuery,
      variables: { id: propertyId },
      fetchPolicy: 'network-only',
    });
    const p = now?.property;
    if (!p || p.version == null) return null;
    return {
      version: p.version,
      values: valuesFromListing(p),
      photos: p.photos.map((ph) => ({ url: ph.url, thumbnailUrl: ph.thumbnailUrl, placeholder: ph.placeholder ?? null })),
    };
  }, [client, propertyId]);
  if (loading && !data) return <Loading label={intl.formatMessage(messages.loadingListing)} />;
  const editTitle = intl.formatMessage(messages.editTitle);
  if (error) {
    console.warn('Failed to fetch property', error);
    return (
      <>
        <PageHeader title={editTitle} />
        <Problem title={intl.formatMessage(messages.fetchFailed)}>{intl.formatMessage(messages.checkConnection)}</Problem>
      </>
    );
  }
  const property = data?.property;
  if (!property) {
    return (
      <>
        <PageHeader title={editTitle} />
        <Problem title={intl.formatMessage(messages.notFound)}>{intl.formatMessage(messages.notFoundHint)}</Problem>
      </>
    );
  }
  if (user && !property.viewerCanManage) {
    return (
      <>
        <PageHeader title={editTitle} />
        <Problem title={intl.formatMessage(messages.cannotEdit)}>{intl.formatMessage(messages.cannotEditHint)}</Problem>
      </>
    );
  }
  const hasLocal = user ? readLocalDraft({ uid: user.uid, draftId, propertyId: property.id }) !== null : false;
  return (
    <>
      <ServerDraftOffer draftKey={property.id} skip={!user || hasLocal || fromServer !== null} onContinue={setFromServer} />
      <ListingForm
        key={`${user?.uid ?? 'signed-out'}${fromServer ? ':server' : ''}`}
        {...(fromServer ? { restored: fromServer } : {})}
        propertyId={property.id}
        base={valuesFromListing(property)}
        basePhotos={property.photos.map((p) => ({
          url: p.url,
          thumbnailUrl: p.thumbnailUrl,
          placeholder: p.placeholder ?? null,
        }))}
        user={user}
        draftId={draftId}
        initialStep={initialStep}
        baseVersion={property.version ?? null}
        loadCurrent={loadCurrent}
        live={property.status === 'ACTIVE'}
      />
    </>
  );
}

/** /create-listing (SPEC part 2): a new listing, or ?propertyId= to edit one; ?step= mirrors the section in view. */
export default function CreateListingScreen() {
  const [params] = useSearchParams();
  const propertyId = params.get('propertyId');
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(propertyId ? messages.editTitle : messages.createTitle));
  const { user, loading } = useAuth();
  // At page load: this tab's session draft id, and other sessions' local entries cleared (SPEC part 4).
  // The server renders a new listing's empty form (client/src/app/page-queries.ts) and has no storage.
  const [draftId] = useState(() => (typeof window === 'undefined' ? '' : startDraftSession()));
  const [initialStep] = useState(() => params.get('step'));
  const [base] = useState(newListingValues);
  // This tab's local draft of a new listing, read once the page is taken over (the server's form is
  // the empty one) and before it is painted; the form then starts again from it. Whether there is one
  // is a store value the server has as false: without a draft the browser's is false too, and React
  // does not render the form again (a render while its parts wait to be taken over makes React take
  // them all over at once, in one long task; docs/decisions/0035-server-rendering.md). It is read once
  // per user and visit, so the draft the form saves as it is filled in does not start it again.
  const uid = propertyId ? undefined : user?.uid;
  const found = useRef<{ uid: string; draft: boolean } | null>(null);
  const hasDraft = useBrowserValue(() => {
    if (!uid) return false;
    if (found.current?.uid !== uid) found.current = { uid, draft: readLocalDraft({ uid, draftId, propertyId: null }) !== null };
    return found.current.draft;
  }, false);
  const draftOf = hasDraft ? uid : undefined;
  const local = useMemo(() => (draftOf ? readLocalDraft({ uid: draftOf, draftId, propertyId: null }) : null), [draftOf, draftId]);
  // Without one here, the draft kept on the server (typed in another browser: issue 59 item 7), if taken.
  const [fromServer, setFromServer] = useState<LocalDraft | null>(null);
  const draft = fromServer ?? local;

  return (
    <PageContainer className="max-w-5xl">
      {/* Known to be signed in (the server's session answered): the form at once, also on the server. */}
      {loading && !user ? (
        <Loading label={intl.formatMessage(messages.loading)} />
      ) : propertyId ? (
        <EditListing propertyId={propertyId} draftId={draftId} initialStep={initialStep} />
      ) : (
        <>
          <ServerDraftOffer draftKey="new" skip={!uid || hasDraft || fromServer !== null} onContinue={setFromServer} />
          <ListingForm
            key={`${user?.uid ?? 'signed-out'}${draft ? ':restored' : ''}${fromServer ? ':server' : ''}`}
            propertyId={null}
            base={base}
            basePhotos={[]}
            restored={draft}
            user={user}
            draftId={draftId}
            initialStep={initialStep}
          />
        </>
      )}
    </PageContainer>
  );
}
