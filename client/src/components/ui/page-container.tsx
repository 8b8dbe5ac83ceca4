import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** The centred, padded column most screens put their content in. */
export function PageContainer({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('page-container', className)} {...props} />;
}
