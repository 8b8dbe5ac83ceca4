// The account menu's panel (./account-menu.tsx): fetched with the menu's code when it is about to open.
import {
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
  CircleUserRound,
} from '@/components/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Content, Item, Label, Separator } from '@/components/ui/dropdown-menu-radix';
import { defineMessages, useIntl } from '@common/i18n/messages';
import type { AccountMenuProps } from './account-menu';

const messages = defineMessages({
  unfinished: {
    id: 'accountMenu.unfinished',
    defaultMessage: 'Sign-up not finished: verify your phone to use your account.',
  },
  unfinishedFor: {
    id: 'accountMenu.unfinishedFor',
    defaultMessage: 'Sign-up not finished for {email}: verify your phone to use your account.',
  },
  finishSignUp: { id: 'accountMenu.finishSignUp', defaultMessage: 'Finish Sign Up' },
  signIn: { id: 'accountMenu.signIn', defaultMessage: 'Sign In / Sign Up' },
  signedInAs: { id: 'accountMenu.signedInAs', defaultMessage: 'Signed in as {name}' },
  postListing: { id: 'accountMenu.postListing', defaultMessage: 'Post a Listing' },
  manageListings: { id: 'accountMenu.manageListings', defaultMessage: 'Manage Listings' },
  myRatings: { id: 'accountMenu.myRatings', defaultMessage: 'My Ratings' },
  savedHomes: { id: 'accountMenu.savedHomes', defaultMessage: 'Saved homes' },
  savedSearches: { id: 'accountMenu.savedSearches', defaultMessage: 'Saved Searches' },
  tours: { id: 'accountMenu.tours', defaultMessage: 'Tours' },
  myProfile: { id: 'accountMenu.myProfile', defaultMessage: 'My profile' },
  moderation: { id: 'accountMenu.moderation', defaultMessage: 'Moderation' },
  signOut: { id: 'accountMenu.signOut', defaultMessage: 'Sign Out' },
});

const itemClasses =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-sm text-gray-800 outline-none ' +
  'data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800';

function MenuLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Item asChild className={itemClasses}>
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </Item>
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
      <Separator className="my-1 h-px bg-gray-200" />
      <Item className={itemClasses} onSelect={onSignOut}>
        <MenuIcon icon={LogOut} />
        {intl.formatMessage(messages.signOut)}
      </Item>
    </>
  );
}

/** The open menu: sign-in entry when signed out, account links when signed in. */
export function AccountMenuContent(props: AccountMenuProps) {
  const intl = useIntl();
  if (props.user === null && props.unfinished) {
    const { unfinished, onSignOut } = props;
    return (
      <Content>
        <Label className="max-w-64 px-3 py-2 text-xs font-medium text-gray-600">
          {unfinished.email
            ? intl.formatMessage(messages.unfinishedFor, { email: unfinished.email })
            : intl.formatMessage(messages.unfinished)}
        </Label>
        <MenuLink to="/auth" icon={<MenuIcon icon={ShieldCheck} />}>
          {intl.formatMessage(messages.finishSignUp)}
        </MenuLink>
        <SignOutItem onSignOut={onSignOut} />
      </Content>
    );
  }
  if (props.user === null) {
    return (
      <Content>
        <MenuLink to="/auth" icon={<MenuIcon icon={LogIn} />}>
          {intl.formatMessage(messages.signIn)}
        </MenuLink>
      </Content>
    );
  }
  const { user, onSignOut } = props;
  return (
    <Content>
      <Label className="truncate px-3 py-2 text-xs font-medium text-gray-500">
        {intl.formatMessage(messages.signedInAs, { name: user.displayName })}
      </Label>
      <MenuLink to="/me/profile" icon={<MenuIcon icon={CircleUserRound} />}>
        {intl.formatMessage(messages.myProfile)}
      </MenuLink>
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
    </Content>
  );
}
