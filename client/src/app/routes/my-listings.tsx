import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { SignedOutNotice } from '@/features/auth/signed-out-notice';
import { useAuth } from '@/features/auth/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function MyListingsScreen() {
  useDocumentTitle('Manage Your Listings');
  const { user, loading } = useAuth();
  return (
    <PageContainer>
      <PageHeader title="Manage Your Listings" />
      {!loading && !user ? <SignedOutNotice>You must sign in to manage your listings.</SignedOutNotice> : null}
    </PageContainer>
  );
}
