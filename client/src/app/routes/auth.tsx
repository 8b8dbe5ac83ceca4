import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function AuthScreen() {
  useDocumentTitle('Sign In');
  return (
    <PageContainer>
      <PageHeader title="Sign In" />
    </PageContainer>
  );
}
