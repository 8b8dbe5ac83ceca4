import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function RateAgentScreen() {
  useDocumentTitle('Rate Your Experience');
  return (
    <PageContainer>
      <PageHeader title="Rate Your Experience" />
    </PageContainer>
  );
}
