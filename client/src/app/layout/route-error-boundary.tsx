import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/lib/use-document-title';
import { NotFoundContent } from '../routes/not-found';

/** Catches errors thrown while loading or rendering a screen, keeping the header and footer in place. */
export function RouteErrorBoundary() {
  const error = useRouteError();

  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundContent />;
  }
  return <UnexpectedError />;
}

function UnexpectedError() {
  useDocumentTitle('Something went wrong');
  return (
    <PageContainer className="max-w-2xl py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">Something went wrong</h1>
      <p className="mt-3 text-gray-600">
        This page could not be shown. Reloading usually helps, for example after the site was updated.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Link to="/" className={buttonClasses({ variant: 'outline' })}>
          Go to the home page
        </Link>
      </div>
    </PageContainer>
  );
}
