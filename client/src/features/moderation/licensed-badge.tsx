import { BadgeCheck } from '@/components/icons';
import { cn } from '@/lib/cn';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  licensed: { id: 'licensedBadge.licensed', defaultMessage: 'Licensed' },
  verified: { id: 'licensedBadge.verified', defaultMessage: 'New York real-estate license verified' },
});

/** 'Licensed': an admin checked the agent's New York real-estate license number. */
export function LicensedBadge({ verified, className }: { verified: boolean | null | undefined; className?: string }) {
  const intl = useIntl();
  if (!verified) return null;
  return (
    <span
      className={cn('pill bg-emerald-50 text-emerald-800 ring-emerald-200', className)}
      title={intl.formatMessage(messages.verified)}
    >
      <BadgeCheck aria-hidden="true" className="size-3.5" />
      {intl.formatMessage(messages.licensed)}
    </span>
  );
}
