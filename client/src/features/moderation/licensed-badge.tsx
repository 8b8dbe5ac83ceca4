import { BadgeCheck } from '@/components/icons';
import { cn } from '@/lib/cn';

/** 'Licensed': an admin checked the agent's New York real-estate license number. */
export function LicensedBadge({ verified, className }: { verified: boolean | null | undefined; className?: string }) {
  if (!verified) return null;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200',
        className,
      )}
      title="New York real-estate license verified"
    >
      <BadgeCheck aria-hidden="true" className="size-3.5" />
      Licensed
    </span>
  );
}
