import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function AgentProfileScreen() {
  useDocumentTitle('Agent Profile');
  return (
    <PageContainer>
      <PageHeader title="Agent Profile" />
    </PageContainer>
  );
}
