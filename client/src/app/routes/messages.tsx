import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function MessagesScreen() {
  useDocumentTitle('Messages');
  return (
    <PageContainer>
      <PageHeader title="Messages" description="Connect with property owners and potential tenants" />
    </PageContainer>
  );
}
