import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { SignedOutNotice } from '@/features/auth/signed-out-notice';
import { useAuth } from '@/features/auth/use-auth';
import { AddListingLink, ManageListings } from '@/features/manage-listings/manage-listings';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Manage listings (SPEC part 2) at /me/listings. */
export default function MyListingsScreen() {
  useDocumentTitle('Manage Your Listings');
  const { user, loading } = useAuth();
  return (
    <PageContainer className="pb-10">
      <PageHeader title="Manage Your Listings" actions={user ? <AddListingLink /> : null} />
      {!loading && !user ? <SignedOutNotice>You must sign in to manage your listings.</SignedOutNotice> : null}
      {user ? <ManageListings key={user.uid} /> : null}
    </PageContainer>
  );
}
