import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The not-found screen (SPEC part 2): any path the router does not know. */
export function NotFoundContent() {
  const { pathname } = useLocation();
  useDocumentTitle('Page Not Found');
  return (
    <PageContainer className="max-w-2xl py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">404 Page Not Found</h1>
      <p className="mt-3 text-gray-600">The page you are looking for does not exist or has moved.</p>
      <p className="mt-4 rounded-md border border-dashed border-gray-300 bg-white px-4 py-3 text-sm text-gray-500">
        No route matches <code className="font-mono text-gray-700">{pathname}</code>. Did you forget to add the page to the
        router?
      </p>
      <Link to="/" className={buttonClasses({ className: 'mt-8' })}>
        Back to listings
      </Link>
    </PageContainer>
  );
}

export default NotFoundContent;
