import { formatScore } from '@common/format';
import { Star } from '@/components/icons';
import { cn } from '@/lib/cn';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  rated: { id: 'common.ratedOutOf5', defaultMessage: 'Rated {score} out of 5' },
});

export interface StarRatingProps {
  /** 0 to 5; a fraction fills the last star partly. */
  value: number;
  className?: string;
  starClassName?: string;
}

/** Five stars filled to a score; announced as 'Rated {n} out of 5'. */
export function StarRating({ value, className, starClassName }: StarRatingProps) {
  const intl = useIntl();
  const clamped = Math.max(0, Math.min(5, value));
  return (
    <span
      role="img"
      aria-label={intl.formatMessage(messages.rated, {
        score: formatScore(clamped, intl.locale),
      })}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {[1, 2, 3, 4, 5].map((position) => {
        const fill = Math.max(0, Math.min(1, clamped - (position - 1)));
        return (
          <span key={position} className={cn('star-slot', starClassName)}>
            <Star aria-hidden="true" className="absolute inset-0 size-full text-gray-300" />
            {fill > 0 ? (
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star
                  aria-hidden="true"
                  className="h-full max-w-none fill-amber-400 text-amber-400"
                  style={{ width: `${100 / fill}%` }}
                />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
