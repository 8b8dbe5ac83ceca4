import { useApolloClient } from '@apollo/client/react';
import { LOCALE_NAMES, LOCALES, isLocale, type Locale } from '@common/i18n/locales';
import { useEffect, useState } from 'react';
import { Globe } from '@/components/icons';
import { useAuth } from '@/features/auth/use-auth';
import { showPageIn } from '@/i18n/page-locale';
import { cn } from '@/lib/cn';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  label: { id: 'languageSwitch.label', defaultMessage: 'Language' },
});

/**
 * The interface's language (issue 29), in the header and the footer: the choice is kept (the account's
 * setting when signed in, and a cookie), and the page is shown again in it. A signed-in account's
 * setting wins over what this browser chose before.
 */
export function LanguageSwitch({ variant }: { variant: 'header' | 'footer' }) {
  const intl = useIntl();
  const { user } = useAuth();
  const client = useApolloClient();
  const [busy, setBusy] = useState(false);
  const accountLocale = user?.locale ?? null;

  // An account's setting, once known, is the page's language.
  useEffect(() => {
    if (variant === 'header' && accountLocale && accountLocale !== intl.locale) showPageIn(accountLocale);
  }, [variant, accountLocale, intl.locale]);

  const choose = async (locale: Locale) => {
    if (locale === intl.locale) return;
    setBusy(true);
    try {
      if (user) await (await import('./set-language')).saveLanguage(client, locale);
    } catch (err) {
      // The choice is still kept in this browser.
      console.warn('Saving the language to the account failed', err);
    }
    showPageIn(locale);
  };

  const label = intl.formatMessage(messages.label);
  const select = (
    <select
      aria-label={label}
      value={intl.locale}
      disabled={busy}
      onChange={(event) => {
        if (isLocale(event.target.value)) void choose(event.target.value);
      }}
      className={
        variant === 'header'
          ? // Over the icon, invisible: the native list of the phone or the browser opens on a tap.
            'absolute inset-0 size-full cursor-pointer appearance-none opacity-0'
          : 'rounded-md border border-gray-300 bg-white py-1.5 pr-8 pl-2 text-sm text-gray-800'
      }
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {LOCALE_NAMES[locale]}
        </option>
      ))}
    </select>
  );
  if (variant === 'footer') {
    return (
      <label className="inline-flex items-center gap-2">
        <Globe aria-hidden="true" className="size-4 text-gray-500" />
        <span className="sr-only">{label}</span>
        {select}
      </label>
    );
  }
  return (
    <span
      // A signed-in phone's header has the bell too, and no room left: the footer has the switch there.
      className={cn(
        'relative h-10 min-w-9 items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium text-gray-700 focus-within:ring-2 focus-within:ring-brand-500 hover:bg-gray-100 hover:text-gray-900 sm:min-w-10',
        user ? 'hidden sm:inline-flex' : 'inline-flex',
      )}
    >
      <Globe aria-hidden="true" className="size-5 lg:size-4" />
      <span aria-hidden="true" className="hidden lg:inline">
        {LOCALE_NAMES[intl.locale]}
      </span>
      {select}
    </span>
  );
}
