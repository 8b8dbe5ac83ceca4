import { initialsOf } from '@common/format';
import { useState } from 'react';
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
  const [failed, setFailed] = useState<string | null>(null);
  const photo = photoUrl && failed !== photoUrl ? photoUrl : null;
  return (
    <span aria-hidden="true" translate="no" className={cn('avatar', className)}>
      <span className="text-xs font-semibold text-brand-800">{initialsOf(name)}</span>
      {/* Over the initials, which show until it is in and stay if it fails. */}
      {photo ? (
        <img
          src={photo}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailed(photo)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : null}
    </span>
  );
}
