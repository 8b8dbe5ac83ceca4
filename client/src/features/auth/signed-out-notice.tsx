import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { signInPath } from './redirect';
import { defineMessages, formatMessage } from '@common/i18n/messages';

// Shown by several screens: part 'shell' of the catalogues.
const messages = defineMessages({ signIn: { id: 'signedOutNotice.signIn', defaultMessage: 'Sign In' } });

/** What a signed-in-only screen shows a signed-out visitor (texts from SPEC part 2), with a Sign In link. */
export function SignedOutNotice({ title, children }: { title?: string; children: ReactNode }) {
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <div className="mt-8 rounded-xl border border-gray-200 bg-white px-6 py-10 text-center shadow-sm">
      {title ? <h2 className="text-lg font-semibold text-gray-900">{title}</h2> : null}
      <p className="mt-2 text-sm text-gray-700">{children}</p>
      <Link to={signInPath(back)} className={buttonClasses({ className: 'mt-5' })}>
        {formatMessage(messages.signIn)}
      </Link>
    </div>
  );
}
