import { SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_E164 } from '@common/support';
import { Building2, Mail, Phone } from '@/components/icons';
import { Suspense } from 'react';
import { PathLink } from '@/components/ui/path-link';
import { preloadable } from '@/lib/preloadable';
import { withParts } from '@/i18n/catalogues';
import { defineMessages, useIntl } from '@common/i18n/messages';
import { LanguageSwitch } from './language-switch';
import { AccountMenu, type AccountMenuProps } from './account-menu';
import { actionClasses, MessagesLink } from './messages-link';
import { NavigationProgress } from './navigation-progress';

export type HeaderProps = AccountMenuProps;

// The bell (its queries, live subscription and panel) loads only for the signed in, after the header:
// signed-out visitors ship none of it. Its place is held meanwhile so nothing moves.
// The unread count of the messages link (its queries, documents and live subscription) likewise.
const LiveMessagesLink = preloadable(() => import('./live-messages-link'));
const NotificationBell = preloadable(
  withParts(
    () => import('@/features/alerts/components/notification-bell').then((m) => ({ default: m.NotificationBell })),
    ['alerts'],
  ),
);

/**
 * Loads the code of the header's lazy parts that a server-rendered page shows (the bell of a signed-in
 * page), so that they are hydrated with the page: a click on a part still waiting for its code is lost.
 */
export async function preloadHeader(page: ParentNode): Promise<void> {
  const signedIn = page.querySelector('[data-notification-bell]') !== null;
  if (signedIn) await Promise.all([NotificationBell.preload(), LiveMessagesLink.preload()]);
}
const bellPlaceholder = <span aria-hidden="true" className="inline-flex h-10 min-w-9 sm:min-w-10" />;

/**
 * The sticky header of every screen (SPEC part 2): brand, support phone and e-mail, messages and the
 * account menu. On narrow screens the links collapse to icons; their names stay for screen readers.
 */
const messages = defineMessages({
  callSupport: { id: 'header.callSupport', defaultMessage: 'Call support at' },
  emailSupport: { id: 'header.emailSupport', defaultMessage: 'E-mail support at' },
  main: { id: 'header.mainNavigation', defaultMessage: 'Main' },
});

export function Header(props: HeaderProps) {
  const intl = useIntl();
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <NavigationProgress />
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-4 sm:px-6 lg:px-8">
        <PathLink
          to="/"
          className="mr-auto inline-flex items-center gap-1.5 rounded-md text-lg font-semibold whitespace-nowrap sm:gap-2 tracking-tight text-brand-700"
        >
          <Building2 aria-hidden="true" className="size-6" />
          NYC Rentals
        </PathLink>

        <nav aria-label={intl.formatMessage(messages.main)} className="flex items-center gap-0.5 sm:gap-1">
          <a href={`tel:${SUPPORT_PHONE_E164}`} className={actionClasses}>
            <Phone aria-hidden="true" className="size-5 lg:size-4" />
            <span className="sr-only lg:not-sr-only">
              <span className="sr-only">{intl.formatMessage(messages.callSupport)} </span>
              {SUPPORT_PHONE}
            </span>
          </a>
          <a href={`mailto:${SUPPORT_EMAIL}`} className={actionClasses}>
            <Mail aria-hidden="true" className="size-5 xl:size-4" />
            <span className="sr-only xl:not-sr-only">
              <span className="sr-only">{intl.formatMessage(messages.emailSupport)} </span>
              {SUPPORT_EMAIL}
            </span>
          </a>
          {props.user ? (
            <Suspense fallback={<MessagesLink unread={null} />}>
              <LiveMessagesLink />
            </Suspense>
          ) : (
            <MessagesLink unread={null} />
          )}
          {props.user ? (
            <Suspense fallback={bellPlaceholder}>
              <NotificationBell />
            </Suspense>
          ) : null}
          <LanguageSwitch variant="header" />
          <AccountMenu {...props} />
        </nav>
      </div>
    </header>
  );
}
