import { initialsOf } from '@common/format';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';

export interface UserAvatarProps {
  name: string;
  photoUrl?: string | null;
  className?: string;
}

/**
 * A round photo of a person, falling back to their initials when there is no photo or it fails to
 * load. Decorative: the person's name is always given in text next to it.
 */
export function UserAvatar({ name, photoUrl, className }: UserAvatarProps) {
  return (
    <AvatarPrimitive.Root
      aria-hidden="true"
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 align-middle',
        className,
      )}
    >
      {photoUrl ? <AvatarPrimitive.Image src={photoUrl} alt="" className="size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback className="text-xs font-semibold text-brand-800">{initialsOf(name)}</AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
