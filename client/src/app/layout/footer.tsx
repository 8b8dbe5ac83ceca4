import { SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_E164 } from '@common/support';
import { defineMessages, useIntl } from '@common/i18n/messages';
import { LanguageSwitch } from './language-switch';

/** The year in New York: the same on the server that drew the page and in the browser that takes it over. */
const nycYear = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric' });

const messages = defineMessages({
  about: {
    id: 'footer.about',
    defaultMessage: '© {year} NYC Rentals. Apartments, houses and sublets across the five boroughs.',
  },
  questionsCall: { id: 'footer.questionsCall', defaultMessage: 'Questions? Call' },
  orWriteTo: { id: 'footer.orWriteTo', defaultMessage: 'or write to' },
});

export function Footer() {
  const intl = useIntl();
  return (
    // Room at the end for what is fixed over the bottom of the window (the detail page's phone bar:
    // client/src/lib/bottom-inset.ts; the listings page's message button: index.css), so the footer's
    // links scroll clear of it.
    <footer
      id="footer"
      className="site-footer border-t border-gray-200 bg-white pb-[calc(var(--bottom-fixed,0px)+var(--floating-clearance,0px))]"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-gray-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p>{intl.formatMessage(messages.about, { year: nycYear.format(new Date()) })}</p>
        <p>
          {intl.formatMessage(messages.questionsCall)}{' '}
          <a href={`tel:${SUPPORT_PHONE_E164}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            {SUPPORT_PHONE}
          </a>{' '}
          {intl.formatMessage(messages.orWriteTo)}{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            {SUPPORT_EMAIL}
          </a>
          .
        </p>
        <LanguageSwitch variant="footer" />
      </div>
    </footer>
  );
}
