import { cn } from '@/lib/cn';
import { defineMessages, formatMessage } from '@common/i18n/messages';

export interface BulletLine {
  id: string;
  bullet: string;
  /** The server's name, in English: a shuttle's and the railway's official names are kept as they are. */
  accessibleName: string;
  kind: 'TRAIN' | 'SHUTTLE' | 'RAILWAY';
  color: string;
  textColor: string;
}

const messages = defineMessages({
  train: {
    id: 'subwayBullet.train',
    defaultMessage: '{bullet} train',
    description: "A subway line's name for screen readers and on hover: 'L train'.",
  },
});

/** A line's name in the page's language: a train by its bullet ('L train'); a shuttle or the railway by its official name. */
export function lineName(line: Pick<BulletLine, 'bullet' | 'accessibleName' | 'kind'>): string {
  return line.kind === 'TRAIN' ? formatMessage(messages.train, { bullet: line.bullet }) : line.accessibleName;
}

/**
 * A subway line's bullet: a round badge in the line's official colour with its letter or number,
 * named for screen readers and on hover ('L train', `lineName`). The colours come with the data from the server
 * (docs/decisions/0029-nearby-stations.md); the client ships no subway data of its own.
 */
export function SubwayBullet({ line, size = 'sm' }: { line: BulletLine; size?: 'sm' | 'md' }) {
  return (
    <span
      role="img"
      aria-label={lineName(line)}
      title={lineName(line)}
      // An official name ('S 42 St Shuttle') is a proper name, as a station's.
      translate={line.kind === 'TRAIN' ? undefined : 'no'}
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
