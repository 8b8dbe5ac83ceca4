import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function CreateListingScreen() {
  useDocumentTitle('Create a Listing');
  return (
    <PageContainer>
      <PageHeader title="Create a Listing" />
    </PageContainer>
  );
}
