import { ChevronDown, CircleUserRound } from '@/components/icons';
import { UserAvatar } from '@/components/ui/avatar';
import { deferredOverlay } from '@/components/ui/deferred-overlay';
import { deferredModule } from '@/lib/deferred-module';
import { cn } from '@/lib/cn';
import { defineMessages, useIntl } from '@common/i18n/messages';

// The menu's code and its items (./account-menu-items.tsx) are fetched when it is about to open, as
// other menus' are (components/ui/dropdown-menu.tsx): every page shows its trigger, few open it.
const menu = deferredModule(async () => {
  const [radix, items] = await Promise.all([import('@/components/ui/dropdown-menu-radix'), import('./account-menu-items')]);
  return { Root: radix.Root, Trigger: radix.Trigger, Content: items.AccountMenuContent };
});
const { Root, Trigger, part } = deferredOverlay(menu, 'menu');
const Content = part('Content');

const messages = defineMessages({
  finishSignUpShort: { id: 'accountMenu.finishSignUpShort', defaultMessage: 'Finish sign-up' },
  menuUnfinished: { id: 'accountMenu.menuUnfinished', defaultMessage: 'Account menu, sign-up not finished' },
  menu: { id: 'accountMenu.menu', defaultMessage: 'Account menu' },
  menuFor: { id: 'accountMenu.menuFor', defaultMessage: 'Account menu for {name}' },
});

/** The signed-in person as the header shows them. */
export interface AccountUser {
  displayName: string;
  photoUrl?: string | null;
  /** ADMIN sees the moderation link. */
  role?: string | null;
}

/**
 * Signed out: no user. Signed in: the user and what "Sign Out" does (signing out, then going to /).
 * An account whose sign-up is not finished (its phone not verified) is not signed in: the menu says
 * so and leads back to the code step (issue 24 item 1).
 */
export type AccountMenuProps =
  | { user: null; unfinished?: undefined }
  | { user: null; unfinished: { email: string | null }; onSignOut: () => void }
  | { user: AccountUser; onSignOut: () => void; unfinished?: undefined };

const triggerClasses =
  'inline-flex h-10 items-center gap-1.5 rounded-full px-1.5 text-gray-700 hover:bg-gray-100 hover:text-gray-900 data-[state=open]:bg-gray-100';

/** The header's account menu (SPEC part 2): sign-in entry when signed out, account links when signed in. */
export function AccountMenu(props: AccountMenuProps) {
  const intl = useIntl();
  if (props.user === null && props.unfinished) {
    return (
      <Root modal={false}>
        <Trigger className={cn(triggerClasses, 'relative md:pr-3')}>
          <CircleUserRound aria-hidden="true" className="size-6" />
          <span
            aria-hidden="true"
            className="absolute top-1 left-6 size-2.5 rounded-full bg-amber-500 ring-2 ring-white md:hidden"
          />
          <span aria-hidden="true" className="hidden text-sm font-medium text-amber-800 md:inline">
            {intl.formatMessage(messages.finishSignUpShort)}
          </span>
          <ChevronDown aria-hidden="true" className="size-4 text-gray-500" />
          <span className="sr-only">{intl.formatMessage(messages.menuUnfinished)}</span>
        </Trigger>
        <Content {...props} />
      </Root>
    );
  }
  if (props.user === null) {
    return (
      <Root modal={false}>
        <Trigger className={triggerClasses}>
          <CircleUserRound aria-hidden="true" className="size-6" />
          <ChevronDown aria-hidden="true" className="size-4 text-gray-500" />
          <span className="sr-only">{intl.formatMessage(messages.menu)}</span>
        </Trigger>
        <Content {...props} />
      </Root>
    );
  }
  const { user } = props;
  return (
    <Root modal={false}>
      <Trigger className={cn(triggerClasses, 'md:pr-3')}>
        <UserAvatar name={user.displayName} photoUrl={user.photoUrl} />
        <span aria-hidden="true" translate="no" className="hidden max-w-40 truncate text-sm font-medium md:inline">
          {user.displayName}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 text-gray-500" />
        <span className="sr-only">{intl.formatMessage(messages.menuFor, { name: user.displayName })}</span>
      </Trigger>
      <Content {...props} />
    </Root>
  );
}
