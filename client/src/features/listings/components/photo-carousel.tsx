import { ChevronLeft, ChevronRight, ImageOff } from '@/components/icons';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { placeholderDataUrl } from '@/lib/thumbhash';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  noPhotos: { id: 'carousel.noPhotos', defaultMessage: 'No photos' },
  photosOf: { id: 'carousel.photosOf', defaultMessage: 'Photos of {title}' },
  alt: { id: 'carousel.alt', defaultMessage: '{title}, photo {n} of {count}' },
  previous: { id: 'carousel.previous', defaultMessage: 'Previous photo' },
  next: { id: 'carousel.next', defaultMessage: 'Next photo' },
  show: { id: 'carousel.show', defaultMessage: 'Show photo {n} of {count}' },
});

export interface CarouselPhoto {
  id: string;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  /** A tiny blurred preview (thumbhash), shown while the photo loads. */
  placeholder?: string | null;
}

/** The next index in a list of `count`, wrapping in both directions (SPEC part 2). */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

function placeholderStyle(hash: string | null | undefined) {
  const url = placeholderDataUrl(hash);
  return url ? { backgroundImage: `url(${url})` } : undefined;
}

function NoPhotos({ className }: { className?: string }) {
  const intl = useIntl();
  return (
    <div
      className={cn('flex aspect-[4/3] flex-col items-center justify-center gap-2 bg-gray-100 text-sm text-gray-500', className)}
    >
      <ImageOff aria-hidden="true" className="size-6" />
      {intl.formatMessage(messages.noPhotos)}
    </div>
  );
}

/**
 * The photos of a listing card: previous/next arrows and dots when there is more than one photo
 * (the index wraps both ways), 'No photos' when there is none. Controls sit above the card's link.
 */
export function PhotoCarousel({
  photos,
  title,
  priority = false,
}: {
  photos: readonly CarouselPhoto[];
  title: string;
  /** A card at the top of the page: its first photo is fetched at once and first (the page's largest paint). */
  priority?: boolean;
}) {
  const intl = useIntl();
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const count = photos.length;
  const current = photos[wrapIndex(index, count)];

  if (!current) return <NoPhotos />;

  const go = (next: number) => setIndex(wrapIndex(next, count));
  const position = wrapIndex(index, count);

  return (
    <div
      className="relative"
      aria-roledescription="carousel"
      aria-label={intl.formatMessage(messages.photosOf, { title })}
      role="group"
    >
      {failed.has(current.id) ? (
        <NoPhotos />
      ) : (
        <img
          key={current.id}
          src={current.thumbnailUrl || current.url}
          alt={intl.formatMessage(messages.alt, { title, n: position + 1, count })}
          width={current.width}
          height={current.height}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority && position === 0 ? 'high' : 'auto'}
          decoding="async"
          onError={() => setFailed((prev) => new Set(prev).add(current.id))}
          className="aspect-[4/3] w-full bg-gray-100 bg-cover bg-center object-cover"
          style={placeholderStyle(current.placeholder)}
        />
      )}
      {count > 1 ? (
        <>
          <button type="button" onClick={() => go(position - 1)} className="carousel-arrow left-2">
            <ChevronLeft aria-hidden="true" className="size-5" />
            <span className="sr-only">{intl.formatMessage(messages.previous)}</span>
          </button>
          <button type="button" onClick={() => go(position + 1)} className="carousel-arrow right-2">
            <ChevronRight aria-hidden="true" className="size-5" />
            <span className="sr-only">{intl.formatMessage(messages.next)}</span>
          </button>
          <div className="absolute inset-x-0 bottom-1 z-10 flex justify-center">
            {photos.map((photo, i) => (
              <button
                key={photo.id}
                type="button"
                aria-label={intl.formatMessage(messages.show, { n: i + 1, count })}
                aria-current={i === position ? 'true' : undefined}
                onClick={() => go(i)}
                // 24 px targets (WCAG 2.5.8); the dot drawn inside stays small, larger for the photo
                // shown (index.css: a class and aria-current, not a class list per dot on every card).
                className="carousel-dot"
              >
                <span aria-hidden="true" />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}
