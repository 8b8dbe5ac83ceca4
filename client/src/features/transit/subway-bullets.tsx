import { cn } from '@/lib/cn';

export interface BulletLine {
  id: string;
  bullet: string;
  accessibleName: string;
  color: string;
  textColor: string;
}

/**
 * A subway line's bullet: a round badge in the line's official colour with its letter or number,
 * named for screen readers and on hover ('L train'). The colours come with the data from the server
 * (docs/decisions/0029-nearby-stations.md); the client ships no subway data of its own.
 */
export function SubwayBullet({ line, size = 'sm' }: { line: BulletLine; size?: 'sm' | 'md' }) {
  return (
    <span
      role="img"
      aria-label={line.accessibleName}
      title={line.accessibleName}
      data-line={line.id}
      className={cn('subway-bullet', line.bullet.length > 1 && 'px-1.5', size === 'md' && 'h-6 min-w-6 text-xs')}
      style={{ backgroundColor: line.color, color: line.textColor }}
    >
      <span aria-hidden="true">{line.bullet}</span>
    </span>
  );
}

/** The bullets of a station's lines, in the MTA's order. */
export function SubwayBullets({
  lines,
  size = 'sm',
  className,
}: {
  lines: readonly BulletLine[];
  size?: 'sm' | 'md';
  className?: string;
}) {
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-0.5', className)}>
      {lines.map((line) => (
        <SubwayBullet key={line.id} line={line} size={size} />
      ))}
    </span>
  );
}
