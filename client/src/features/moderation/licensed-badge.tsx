import { BadgeCheck } from '@/components/icons';
import { cn } from '@/lib/cn';

/** 'Licensed': an admin checked the agent's New York real-estate license number. */
export function LicensedBadge({ verified, className }: { verified: boolean | null | undefined; className?: string }) {
  if (!verified) return null;
  return (
    <span
      className={cn('pill bg-emerald-50 text-emerald-800 ring-emerald-200', className)}
      title="New York real-estate license verified"
    >
      <BadgeCheck aria-hidden="true" className="size-3.5" />
      Licensed
    </span>
  );
}
