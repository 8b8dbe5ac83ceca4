import { Star } from '@/components/icons';
import { RadioGroup } from 'radix-ui';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { SCORE_MAX } from '../review-rules';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  stars: { id: 'starInput.stars', defaultMessage: '{count, plural, one {# star} other {# stars}}' },
});

export interface StarInputProps {
  /** 0 when no star is picked. */
  value: number;
  onChange: (value: number) => void;
  /** id of the element naming the group (its visible label). */
  labelledBy: string;
  /** id of the error or hint describing the group. */
  describedBy?: string;
  invalid?: boolean;
  size?: 'md' | 'lg';
  disabled?: boolean;
  /** The name of each star as read out: '4 stars'. */
  starLabel?: (n: number) => string;
}

const defaultStarLabel = (n: number) => formatMessage(messages.stars, { count: n });

/**
 * 1 to 5 stars as a radio group (Radix): Tab reaches it, the arrow keys pick a score, each star is
 * named ('4 stars'); hovering previews the score.
 */
export function StarInput({
  value,
  onChange,
  labelledBy,
  describedBy,
  invalid,
  size = 'lg',
  disabled,
  starLabel = defaultStarLabel,
}: StarInputProps) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <RadioGroup.Root
      value={value ? String(value) : ''}
      onValueChange={(next) => onChange(Number(next))}
      orientation="horizontal"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-required="true"
      disabled={disabled}
      className="flex items-center gap-1"
      onMouseLeave={() => setHover(0)}
    >
      {Array.from({ length: SCORE_MAX }, (_, i) => i + 1).map((n) => (
        <RadioGroup.Item
          key={n}
          value={String(n)}
          aria-label={starLabel(n)}
          onMouseEnter={() => setHover(n)}
          className={cn(
            'inline-flex items-center justify-center rounded-md transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:opacity-50',
            size === 'lg' ? 'size-11' : 'size-9',
          )}
        >
          <Star
            aria-hidden="true"
            className={cn(
              size === 'lg' ? 'size-8' : 'size-6',
              n <= shown ? 'fill-amber-400 text-amber-400' : 'fill-transparent text-gray-400',
            )}
          />
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
