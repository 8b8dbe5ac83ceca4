import { formatPrice } from '@common/format';
import { ArrowDown, Sparkles } from '@/components/icons';
import { cn } from '@/lib/cn';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  priceDrop: { id: 'listing.priceDrop', defaultMessage: 'Price drop {amount}' },
  new: { id: 'listing.new', defaultMessage: 'New' },
});

/**
 * 'New' and 'Price drop $250' (issue 14 item 3): the server says whether they apply
 * (`Property.isNew`, `Property.priceDrop`, windows in common/freshness.ts); nothing when neither does.
 */
export function FreshnessBadges({
  isNew,
  priceDrop,
  className,
}: {
  isNew: boolean;
  priceDrop: { amount: number } | null | undefined;
  className?: string;
}) {
  const intl = useIntl();
  if (!isNew && !priceDrop) return null;
  return (
    <p className={cn('flex flex-wrap items-center gap-1.5 text-xs font-semibold', className)}>
      {priceDrop ? (
        <span data-badge="price-drop" className="pill bg-amber-50 text-amber-900 ring-amber-300">
          <ArrowDown aria-hidden="true" className="size-3.5" />
          {intl.formatMessage(messages.priceDrop, { amount: formatPrice(priceDrop.amount) })}
        </span>
      ) : null}
      {isNew ? (
        <span data-badge="new" className="pill bg-brand-50 text-brand-800 ring-brand-200">
          <Sparkles aria-hidden="true" className="size-3.5" />
          {intl.formatMessage(messages.new)}
        </span>
      ) : null}
    </p>
  );
}
