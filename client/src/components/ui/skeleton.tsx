import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A grey shimmering block that stands in for content while it loads. Hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('shimmer skeleton', className)} {...props} />;
}
