import { AlertCircle, X } from '@/components/icons';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  title: { id: 'messages.assistanceWarning.title', defaultMessage: 'Your message refuses rental assistance' },
  body: {
    id: 'messages.assistanceWarning.body',
    defaultMessage:
      'It was sent, but "{phrase}" turns away vouchers, Section 8, CityFHEPS or other programs. Source-of-income discrimination is illegal in New York City, and our moderators will review this message.',
  },
  dismiss: { id: 'messages.assistanceWarning.dismiss', defaultMessage: 'Dismiss the warning' },
});

/**
 * The warning under the agent's message that refuses rental assistance (issue 58 item 1): the server
 * delivered it, flagged it for the moderators and answered the refusing phrase (`assistanceRefusal`).
 */
export function AssistanceWarning({ phrase, onDismiss }: { phrase: string; onDismiss: () => void }) {
  const intl = useIntl();
  return (
    <div
      role="alert"
      className="mx-3 mb-2 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 sm:mx-4"
    >
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />
      <div className="min-w-0 flex-1 break-words">
        <p className="font-semibold">{intl.formatMessage(messages.title)}</p>
        <p>{intl.formatMessage(messages.body, { phrase })}</p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={intl.formatMessage(messages.dismiss)}
        className="-m-1 rounded p-1 text-red-800 hover:bg-red-100 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
