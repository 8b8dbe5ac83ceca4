import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

/**
 * The class names of a button, for elements that look like one without being a `<Button>`. The
 * variant and size are component classes (client/src/index.css): `className` overrides them.
 */
export function buttonClasses(options: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  const { variant = 'primary', size = 'md', className } = options;
  return cn('btn', `btn-${variant}`, `btn-${size}`, className);
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A button; a link that looks like one takes `buttonClasses` instead. */
export function Button({ variant, size, className, type, ...props }: ButtonProps) {
  return <button type={type ?? 'button'} className={buttonClasses({ variant, size, className })} {...props} />;
}
