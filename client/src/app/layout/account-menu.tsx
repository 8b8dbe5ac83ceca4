import {
  ChevronDown,
  CircleUserRound,
  ClipboardList,
  LogIn,
  Heart,
  LogOut,
  type IconComponent,
  ShieldCheck,
  SquarePlus,
  Star,
  BellRing,
  CalendarDays,
} from '@/components/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { UserAvatar } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  finishSignUpShort: { id: 'accountMenu.finishSignUpShort', defaultMessage: 'Finish sign-up' },
  menuUnfinished: { id: 'accountMenu.menuUnfinished', defaultMessage: 'Account menu, sign-up not finished' },
  unfinished: {
    id: 'accountMenu.unfinished',
    defaultMessage: 'Sign-up not finished: verify your phone to use your account.',
  },
  unfinishedFor: {
    id: 'accountMenu.unfinishedFor',
    defaultMessage: 'Sign-up not finished for {email}: verify your phone to use your account.',
  },
  finishSignUp: { id: 'accountMenu.finishSignUp', defaultMessage: 'Finish Sign Up' },
  menu: { id: 'accountMenu.menu', defaultMessage: 'Account menu' },
  signIn: { id: 'accountMenu.signIn', defaultMessage: 'Sign In / Sign Up' },
  menuFor: { id: 'accountMenu.menuFor', defaultMessage: 'Account menu for {name}' },
  signedInAs: { id: 'accountMenu.signedInAs', defaultMessage: 'Signed in as {name}' },
  postListing: { id: 'accountMenu.postListing', defaultMessage: 'Post a Listing' },
  manageListings: { id: 'accountMenu.manageListings', defaultMessage: 'Manage Listings' },
  myRatings: { id: 'accountMenu.myRatings', defaultMessage: 'My Ratings' },
  savedHomes: { id: 'accountMenu.savedHomes', defaultMessage: 'Saved homes' },
  savedSearches: { id: 'accountMenu.savedSearches', defaultMessage: 'Saved Searches' },
  tours: { id: 'accountMenu.tours', defaultMessage: 'Tours' },
  moderation: { id: 'accountMenu.moderation', defaultMessage: 'Moderation' },
  signOut: { id: 'accountMenu.signOut', defaultMessage: 'Sign Out' },
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

const itemClasses =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-sm text-gray-800 outline-none ' +
  'data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800';

function MenuLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <DropdownMenuItem asChild className={itemClasses}>
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </DropdownMenuItem>
  );
}

function MenuIcon({ icon: Icon }: { icon: IconComponent }) {
  return <Icon aria-hidden="true" className="size-4 text-gray-500" />;
}

/** The menu's last item, after a separator. */
function SignOutItem({ onSignOut }: { onSignOut: () => void }) {
  const intl = useIntl();
  return (
    <>
      <DropdownMenuSeparator className="my-1 h-px bg-gray-200" />
      <DropdownMenuItem className={itemClasses} onSelect={onSignOut}>
        <MenuIcon icon={LogOut} />
        {intl.formatMessage(messages.signOut)}
      </DropdownMenuItem>
    </>
  );
}

/** The header's account menu (SPEC part 2): sign-in entry when signed out, account links when signed in. */
export function AccountMenu(props: AccountMenuProps) {
  const intl = useIntl();
  if (props.user === null && props.unfinished) {
    const { unfinished, onSignOut } = props;
    return (
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger className={cn(triggerClasses, 'relative md:pr-3')}>
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
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel className="max-w-64 px-3 py-2 text-xs font-medium text-gray-600">
            {unfinished.email
              ? intl.formatMessage(messages.unfinishedFor, { email: unfinished.email })
              : intl.formatMessage(messages.unfinished)}
          </DropdownMenuLabel>
          <MenuLink to="/auth" icon={<MenuIcon icon={ShieldCheck} />}>
            {intl.formatMessage(messages.finishSignUp)}
          </MenuLink>
          <SignOutItem onSignOut={onSignOut} />
        </DropdownMenuContent>
      </DropdownMenu>
    );
  }
  if (props.user === null) {
    return (
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger className={triggerClasses}>
          <CircleUserRound aria-hidden="true" className="size-6" />
          <ChevronDown aria-hidden="true" className="size-4 text-gray-500" />
          <span className="sr-only">{intl.formatMessage(messages.menu)}</span>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <MenuLink to="/auth" icon={<MenuIcon icon={LogIn} />}>
            {intl.formatMessage(messages.signIn)}
          </MenuLink>
        </DropdownMenuContent>
      </DropdownMenu>
    );
  }

  const { user, onSignOut } = props;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className={cn(triggerClasses, 'md:pr-3')}>
        <UserAvatar name={user.displayName} photoUrl={user.photoUrl} />
        <span aria-hidden="true" className="hidden max-w-40 truncate text-sm font-medium md:inline">
          {user.displayName}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 text-gray-500" />
        <span className="sr-only">{intl.formatMessage(messages.menuFor, { name: user.displayName })}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="truncate px-3 py-2 text-xs font-medium text-gray-500">
          {intl.formatMessage(messages.signedInAs, { name: user.displayName })}
        </DropdownMenuLabel>
        <MenuLink to="/create-listing" icon={<MenuIcon icon={SquarePlus} />}>
          {intl.formatMessage(messages.postListing)}
        </MenuLink>
        <MenuLink to="/me/listings" icon={<MenuIcon icon={ClipboardList} />}>
          {intl.formatMessage(messages.manageListings)}
        </MenuLink>
        <MenuLink to="/me/ratings" icon={<MenuIcon icon={Star} />}>
          {intl.formatMessage(messages.myRatings)}
        </MenuLink>
        <MenuLink to="/me/saved" icon={<MenuIcon icon={Heart} />}>
          {intl.formatMessage(messages.savedHomes)}
        </MenuLink>
        <MenuLink to="/me/searches" icon={<MenuIcon icon={BellRing} />}>
          {intl.formatMessage(messages.savedSearches)}
        </MenuLink>
        <MenuLink to="/me/tours" icon={<MenuIcon icon={CalendarDays} />}>
          {intl.formatMessage(messages.tours)}
        </MenuLink>
        {user.role === 'ADMIN' ? (
          <MenuLink to="/admin/moderation" icon={<MenuIcon icon={ShieldCheck} />}>
            {intl.formatMessage(messages.moderation)}
          </MenuLink>
        ) : null}
        <SignOutItem onSignOut={onSignOut} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
