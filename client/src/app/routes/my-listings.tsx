import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { SignedOutNotice } from '@/features/auth/signed-out-notice';
import { useAuth } from '@/features/auth/use-auth';
import { AddListingLink, ManageListings } from '@/features/manage-listings/manage-listings';
import { useDocumentTitle } from '@/lib/use-document-title';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  title: { id: 'manage.title', defaultMessage: 'Manage Your Listings' },
  signIn: { id: 'manage.signIn', defaultMessage: 'You must sign in to manage your listings.' },
});

/** Manage listings (SPEC part 2) at /me/listings. */
export default function MyListingsScreen() {
  const title = formatMessage(messages.title);
  useDocumentTitle(title);
  const { user, loading } = useAuth();
  return (
    <PageContainer className="pb-10">
      <PageHeader title={title} actions={user ? <AddListingLink /> : null} />
      {!loading && !user ? <SignedOutNotice>{formatMessage(messages.signIn)}</SignedOutNotice> : null}
      {user ? <ManageListings key={user.uid} /> : null}
    </PageContainer>
  );
}
