import { SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_E164 } from '@common/support';
import { Building2, Mail, MessageSquare, Phone } from 'lucide-react';
import { Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { useUnreadMessages } from '@/features/messaging/hooks/use-unread-messages';
import { cn } from '@/lib/cn';
import { preloadable } from '@/lib/preloadable';
import { AccountMenu, type AccountMenuProps } from './account-menu';
import { NavigationProgress } from './navigation-progress';

export type HeaderProps = AccountMenuProps;

// The bell (its queries, live subscription and panel) loads only for the signed in, after the header:
// signed-out visitors ship none of it. Its place is held meanwhile so nothing moves.
const NotificationBell = preloadable(() =>
  import('@/features/alerts/components/notification-bell').then((m) => ({ default: m.NotificationBell })),
);

/**
 * Loads the code of the header's lazy parts that a server-rendered page shows (the bell of a signed-in
 * page), so that they are hydrated with the page: a click on a part still waiting for its code is lost.
 */
export async function preloadHeader(page: ParentNode): Promise<void> {
  if (page.querySelector('[data-notification-bell]')) await NotificationBell.preload();
}
const bellPlaceholder = <span aria-hidden="true" className="inline-flex h-10 min-w-9 sm:min-w-10" />;

const actionClasses =
  'inline-flex h-10 min-w-9 items-center justify-center gap-2 rounded-md px-2 text-sm font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-900 sm:min-w-10 sm:px-2.5';

/**
 * The sticky header of every screen (SPEC part 2): brand, support phone and e-mail, messages and the
 * account menu. On narrow screens the links collapse to icons; their names stay for screen readers.
 */
export function Header(props: HeaderProps) {
  // Unread messages over all conversations, live on every page while signed in (issue 9).
  const unread = useUnreadMessages(props.user !== null);
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <NavigationProgress />
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="mr-auto inline-flex items-center gap-1.5 rounded-md text-lg font-semibold whitespace-nowrap sm:gap-2 tracking-tight text-brand-700"
        >
          <Building2 aria-hidden="true" className="size-6" />
          NYC Rentals
        </Link>

        <nav aria-label="Main" className="flex items-center gap-0.5 sm:gap-1">
          <a href={`tel:${SUPPORT_PHONE_E164}`} className={actionClasses}>
            <Phone aria-hidden="true" className="size-5 lg:size-4" />
            <span className="sr-only lg:not-sr-only">
              <span className="sr-only">Call support at </span>
              {SUPPORT_PHONE}
            </span>
          </a>
          <a href={`mailto:${SUPPORT_EMAIL}`} className={actionClasses}>
            <Mail aria-hidden="true" className="size-5 xl:size-4" />
            <span className="sr-only xl:not-sr-only">
              <span className="sr-only">E-mail support at </span>
              {SUPPORT_EMAIL}
            </span>
          </a>
          <NavLink
            to="/messages"
            // 'Messages, 3 unread' (the name keeps the visible 'Messages' and number).
            aria-label={unread ? `Messages, ${unread} unread` : undefined}
            className={({ isActive }) =>
              cn(actionClasses, 'relative', isActive && 'bg-brand-50 text-brand-800 hover:bg-brand-50')
            }
          >
            <MessageSquare aria-hidden="true" className="size-5 md:size-4" />
            <span className="sr-only md:not-sr-only">Messages</span>
            {unread ? (
              // On a phone the badge sits on the icon.
              <span
                aria-hidden="true"
                className="absolute top-0.5 right-0 inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white ring-2 ring-white md:static md:h-5 md:min-w-5 md:px-1.5 md:text-xs md:ring-0"
              >
                {unread > 99 ? '99+' : unread}
              </span>
            ) : null}
          </NavLink>
          {props.user ? (
            <Suspense fallback={bellPlaceholder}>
              <NotificationBell />
            </Suspense>
          ) : null}
          <AccountMenu {...props} />
        </nav>
      </div>
    </header>
  );
}
