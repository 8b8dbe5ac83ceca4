import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function PropertyDetailScreen() {
  useDocumentTitle('Listing');
  return (
    <PageContainer>
      <PageHeader title="Listing" />
    </PageContainer>
  );
}
