import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function MyRatingsScreen() {
  useDocumentTitle('Your Ratings & Reviews');
  return (
    <PageContainer>
      <PageHeader title="Your Ratings & Reviews" />
    </PageContainer>
  );
}
