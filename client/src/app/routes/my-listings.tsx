import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function MyListingsScreen() {
  useDocumentTitle('Manage Your Listings');
  return (
    <PageContainer>
      <PageHeader title="Manage Your Listings" />
    </PageContainer>
  );
}
