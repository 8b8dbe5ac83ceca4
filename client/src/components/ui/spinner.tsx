import { LoaderCircle } from '@/components/icons';
import { cn } from '@/lib/cn';

export interface SpinnerProps {
  className?: string;
  /** Text announced to assistive technology; the spinner is decorative when omitted. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <LoaderCircle aria-hidden="true" className={cn('spinner', className)} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
