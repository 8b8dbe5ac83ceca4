import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function ForgotPasswordScreen() {
  useDocumentTitle('Reset your password');
  return (
    <PageContainer>
      <PageHeader title="Reset your password" />
    </PageContainer>
  );
}
