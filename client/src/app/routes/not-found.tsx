import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/lib/use-document-title';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  title: { id: 'notFound.title', defaultMessage: 'Page Not Found' },
  heading: { id: 'notFound.heading', defaultMessage: '404 Page Not Found' },
  text: { id: 'notFound.text', defaultMessage: 'The page you are looking for does not exist or has moved.' },
  noRoute: { id: 'notFound.noRoute', defaultMessage: 'No route matches {path}. Did you forget to add the page to the router?' },
  back: { id: 'notFound.back', defaultMessage: 'Back to listings' },
});

/**
 * The not-found screen (SPEC part 2): any path the router does not know. The hint about the router is
 * for developers (`npm run dev`): renters are not asked about it (issue 59 item 5).
 */
export function NotFoundContent({ developerHint = import.meta.env.DEV }: { developerHint?: boolean }) {
  const { pathname } = useLocation();
  useDocumentTitle(formatMessage(messages.title));
  // The message's text around the path.
  const [beforePath, afterPath] = formatMessage(messages.noRoute, { path: '\u0000' }).split('\u0000');
  return (
    <PageContainer className="max-w-2xl py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">{formatMessage(messages.heading)}</h1>
      <p className="mt-3 text-gray-600">{formatMessage(messages.text)}</p>
      {developerHint && (
        <p className="mt-4 rounded-md border border-dashed border-gray-300 bg-white px-4 py-3 text-sm text-gray-500">
          {beforePath}
          <code translate="no" className="font-mono text-gray-700">
            {pathname}
          </code>
          {afterPath}
        </p>
      )}
      <Link to="/" className={buttonClasses({ className: 'mt-8' })}>
        {formatMessage(messages.back)}
      </Link>
    </PageContainer>
  );
}

export default NotFoundContent;
