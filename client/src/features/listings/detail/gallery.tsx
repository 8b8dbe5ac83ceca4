import { ChevronLeft, ChevronRight, Expand, ImageOff } from '@/components/icons';
import { useState, type KeyboardEvent } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { useInBrowser } from '@/lib/use-in-browser';
import { wrapIndex, type CarouselPhoto } from '../components/photo-carousel';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  previous: { id: 'gallery.previous', defaultMessage: 'Previous photo' },
  next: { id: 'gallery.next', defaultMessage: 'Next photo' },
  photoOf: { id: 'gallery.photoOf', defaultMessage: 'Photo {n} of {count}' },
  alt: { id: 'gallery.alt', defaultMessage: '{title}, photo {n} of {count}' },
  noPhotos: { id: 'gallery.noPhotos', defaultMessage: 'No photos' },
  photos: { id: 'gallery.photos', defaultMessage: 'Photos' },
  openFull: { id: 'gallery.openFull', defaultMessage: 'Open photo {n} of {count} full screen' },
  thumbnails: { id: 'gallery.thumbnails', defaultMessage: 'Thumbnails' },
  show: { id: 'gallery.show', defaultMessage: 'Show photo {n} of {count}' },
  showMore: { id: 'gallery.showMore', defaultMessage: '{count, plural, one {Show # more photo} other {Show # more photos}}' },
});

/** Thumbnails shown under the main photo; the rest sit behind a '+N' tile (SPEC part 9). */
export const GALLERY_THUMBNAILS = 8;

const arrowClasses =
  'absolute top-1/2 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-gray-900 shadow-md hover:bg-white';

/** Previous/next buttons over a photo, wrapping in both directions; none for a single photo. */
function PhotoArrows(props: {
  position: number;
  count: number;
  onIndexChange: (i: number) => void;
  inset: string;
  insetEnd: string;
}) {
  const { position, count, onIndexChange } = props;
  if (count < 2) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => onIndexChange(wrapIndex(position - 1, count))}
        className={cn(arrowClasses, props.inset)}
      >
        <ChevronLeft aria-hidden="true" className="size-6" />
        <span className="sr-only">{formatMessage(messages.previous)}</span>
      </button>
      <button
        type="button"
        onClick={() => onIndexChange(wrapIndex(position + 1, count))}
        className={cn(arrowClasses, props.insetEnd)}
      >
        <ChevronRight aria-hidden="true" className="size-6" />
        <span className="sr-only">{formatMessage(messages.next)}</span>
      </button>
    </>
  );
}

function Lightbox({
  photos,
  title,
  index,
  onIndexChange,
  open,
  onOpenChange,
}: {
  photos: readonly CarouselPhoto[];
  title: string;
  index: number;
  onIndexChange: (index: number) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const count = photos.length;
  const photo = photos[wrapIndex(index, count)];
  const position = wrapIndex(index, count);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowRight') onIndexChange(wrapIndex(position + 1, count));
    if (event.key === 'ArrowLeft') onIndexChange(wrapIndex(position - 1, count));
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onKeyDown={onKeyDown}
        className="flex h-[min(90dvh,56rem)] w-[calc(100%-1rem)] max-w-6xl flex-col gap-3 bg-gray-950 p-3 text-white sm:p-4"
        closeClassName="text-white hover:bg-white/15 hover:text-white"
      >
        <div className="pr-12">
          <DialogTitle className="truncate text-base font-semibold">{title}</DialogTitle>
          <DialogDescription className="text-sm text-gray-300">
            {formatMessage(messages.photoOf, { n: position + 1, count })}
          </DialogDescription>
        </div>
        <div className="relative flex min-h-0 flex-1 items-center justify-center">
          {photo ? (
            <img
              key={photo.id}
              src={photo.url}
              alt={formatMessage(messages.alt, { title, n: position + 1, count })}
              width={photo.width}
              height={photo.height}
              className="max-h-full max-w-full rounded-md object-contain"
            />
          ) : null}
          <PhotoArrows position={position} count={count} onIndexChange={onIndexChange} inset="left-1" insetEnd="right-1" />
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The photos of a listing (SPEC part 2): a main photo with previous/next (wrapping), thumbnails of
 * the first 8 photos and a '+N' tile for the rest; the main photo and '+N' open a lightbox.
 */
export function Gallery({ photos, title }: { photos: readonly CarouselPhoto[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [lightbox, setLightbox] = useState(false);
  // A server-rendered page asks for the thumbnails once the browser has taken it over: on a slow
  // link they would otherwise share it with the main photo, the page's largest paint.
  const thumbnails = useInBrowser();
  const count = photos.length;
  const position = wrapIndex(index, count);
  const current = photos[position];

  if (!current) {
    return (
      <div className="flex aspect-[16/9] flex-col items-center justify-center gap-2 rounded-xl border border-gray-200 bg-gray-100 text-gray-500">
        <ImageOff aria-hidden="true" className="size-8" />
        {formatMessage(messages.noPhotos)}
      </div>
    );
  }

  const rest = count - GALLERY_THUMBNAILS;

  return (
    <section aria-label={formatMessage(messages.photos)} className="space-y-3">
      <div className="group relative overflow-hidden rounded-xl bg-gray-100">
        <button
          type="button"
          onClick={() => setLightbox(true)}
          aria-label={formatMessage(messages.openFull, { n: position + 1, count })}
          className="block w-full cursor-zoom-in"
        >
          <img
            key={current.id}
            src={current.url}
            alt={formatMessage(messages.alt, { title, n: position + 1, count })}
            width={current.width}
            height={current.height}
            // The first photo is the page's largest paint: fetched at once and first (never lazy);
            // width, height and the fixed aspect box keep the layout still while it loads.
            loading="eager"
            fetchPriority={position === 0 ? 'high' : 'auto'}
            className="aspect-[16/9] w-full object-cover"
          />
        </button>
        <span className="pointer-events-none absolute bottom-3 left-3 inline-flex items-center gap-1.5 rounded-full bg-black/60 px-2.5 py-1 text-xs font-medium text-white">
          <Expand aria-hidden="true" className="size-3.5" />
          {position + 1} / {count}
        </span>
        <PhotoArrows position={position} count={count} onIndexChange={setIndex} inset="left-3" insetEnd="right-3" />
      </div>
      {count > 1 ? (
        <ul aria-label={formatMessage(messages.thumbnails)} className="grid grid-cols-5 gap-2 sm:grid-cols-9">
          {photos.slice(0, GALLERY_THUMBNAILS).map((photo, i) => (
            <li key={photo.id}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={formatMessage(messages.show, { n: i + 1, count })}
                aria-current={i === position ? 'true' : undefined}
                className={cn(
                  'block w-full overflow-hidden rounded-md ring-offset-2 hover:opacity-90',
                  i === position ? 'ring-2 ring-brand-600' : 'opacity-80',
                )}
              >
                <img
                  src={thumbnails ? photo.thumbnailUrl : undefined}
                  alt=""
                  loading="lazy"
                  className="aspect-[4/3] w-full bg-gray-100 object-cover"
                />
              </button>
            </li>
          ))}
          {rest > 0 ? (
            <li>
              <button
                type="button"
                onClick={() => {
                  setIndex(GALLERY_THUMBNAILS);
                  setLightbox(true);
                }}
                aria-label={formatMessage(messages.showMore, { count: rest })}
                className="flex aspect-[4/3] w-full items-center justify-center rounded-md bg-gray-800 text-sm font-semibold text-white hover:bg-gray-700"
              >
                +{rest}
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
      <Lightbox
        photos={photos}
        title={title}
        index={position}
        onIndexChange={setIndex}
        open={lightbox}
        onOpenChange={setLightbox}
      />
    </section>
  );
}
