import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/lib/use-document-title';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  title: { id: 'routeError.title', defaultMessage: 'Something went wrong' },
  text: {
    id: 'routeError.text',
    defaultMessage: 'This page could not be shown. Reloading usually helps, for example after the site was updated.',
  },
  reload: { id: 'routeError.reload', defaultMessage: 'Reload page' },
  home: { id: 'routeError.home', defaultMessage: 'Go to the home page' },
});

/** What a screen that failed shows inside the frame (app/router.tsx's ScreenErrorBoundary). */
export function RouteError() {
  const title = formatMessage(messages.title);
  useDocumentTitle(title);
  return (
    <PageContainer className="max-w-2xl py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
      <p className="mt-3 text-gray-600">{formatMessage(messages.text)}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{formatMessage(messages.reload)}</Button>
        <Link to="/" className={buttonClasses({ variant: 'outline' })}>
          {formatMessage(messages.home)}
        </Link>
      </div>
    </PageContainer>
  );
}
