import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** The centred, padded column most screens put their content in. */
export function PageContainer({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8', className)} {...props} />;
}
