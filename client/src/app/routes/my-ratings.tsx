import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { SignedOutNotice } from '@/features/auth/signed-out-notice';
import { useAuth } from '@/features/auth/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function MyRatingsScreen() {
  useDocumentTitle('Your Ratings & Reviews');
  const { user, loading } = useAuth();
  return (
    <PageContainer>
      <PageHeader title="Your Ratings & Reviews" />
      {!loading && !user ? (
        <SignedOutNotice title="Please Log In">You need to be logged in to view your ratings.</SignedOutNotice>
      ) : null}
    </PageContainer>
  );
}
