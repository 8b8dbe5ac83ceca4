import { defineMessages, formatMessage, useIntl } from '@common/i18n/messages';
import { MAX_LISTING_PHOTOS } from '@common/listing';
import { AlertCircle, ChevronLeft, ChevronRight, ImagePlus, RotateCw, Star, Trash2 } from '@/components/icons';
import { useEffect, useId, useRef, useState, type Dispatch, type DragEvent, type SetStateAction } from 'react';
import { thumbHashToDataURL } from 'thumbhash';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { fieldLabel, type SavedPhoto } from './form-model';
import {
  ACCEPTED_PHOTO_TYPES,
  discardUploadedPhoto,
  signInToUpload,
  UploadError,
  uploadPhoto,
  type UploadedPhoto,
} from './upload';

const messages = defineMessages({
  failed: { id: 'photoUploader.failed', defaultMessage: 'Upload failed.' },
  notAdded: {
    id: 'photoUploader.notAdded',
    defaultMessage:
      '{refused, plural, one {A listing can have at most {max} photos: # photo was not added.} other {A listing can have at most {max} photos: # photos were not added.}}',
  },
  uploadingCount: {
    id: 'photoUploader.uploadingCount',
    defaultMessage: '{count, plural, one {Uploading # photo.} other {Uploading # photos.}}',
  },
  removed: { id: 'photoUploader.removed', defaultMessage: 'Photo {n} removed.' },
  movedToCover: { id: 'photoUploader.movedToCover', defaultMessage: 'Photo moved to the cover.' },
  moved: { id: 'photoUploader.moved', defaultMessage: 'Photo moved to position {position} of {count}.' },
  hint: {
    id: 'photoUploader.hint',
    defaultMessage: '{count} of {max} photos · JPEG, PNG, WebP or HEIC · the first photo is the cover',
  },
  dragHere: { id: 'photoUploader.dragHere', defaultMessage: 'Drag photos here, or' },
  add: { id: 'photoUploader.add', defaultMessage: 'Add photos' },
  list: { id: 'photoUploader.list', defaultMessage: 'Listing photos' },
  photo: { id: 'photoUploader.photo', defaultMessage: 'Photo {n}' },
  photoFile: { id: 'photoUploader.photoFile', defaultMessage: 'Photo {n} ({fileName})' },
  cover: { id: 'photoUploader.cover', defaultMessage: 'Cover' },
  uploading: { id: 'photoUploader.uploading', defaultMessage: 'Uploading…' },
  uploadingFile: { id: 'photoUploader.uploadingFile', defaultMessage: 'Uploading {fileName}' },
  failedFile: { id: 'photoUploader.failedFile', defaultMessage: 'Upload failed: {fileName}' },
  moveLeft: { id: 'photoUploader.moveLeft', defaultMessage: 'Move photo {n} left' },
  moveRight: { id: 'photoUploader.moveRight', defaultMessage: 'Move photo {n} right' },
  makeCover: { id: 'photoUploader.makeCover', defaultMessage: 'Make photo {n} the cover' },
  retryFile: { id: 'photoUploader.retryFile', defaultMessage: 'Retry {fileName}' },
  retry: { id: 'common.retry', defaultMessage: 'Retry' },
  remove: { id: 'photoUploader.remove', defaultMessage: 'Remove photo {n}' },
});

/** A photo of the form: uploaded (done), on its way (uploading, 0-100) or refused (error). */
export type PhotoItem =
  | ({ key: string; status: 'done'; fileName?: string } & SavedPhoto)
  | { key: string; status: 'uploading'; progress: number; fileName: string; previewUrl: string | null; file: File }
  | {
      key: string;
      status: 'error';
      error: string;
      /** A network failure, rate limit or server error: trying again may work (a refused file will not). */
      retryable: boolean;
      fileName: string;
      previewUrl: string | null;
      file: File;
    };

let keyCounter = 0;
export function photoKey(): string {
  keyCounter += 1;
  return `photo-${Date.now().toString(36)}-${keyCounter}`;
}

export function donePhoto(photo: SavedPhoto): PhotoItem {
  return { key: photoKey(), status: 'done', ...photo };
}

const UPLOAD_CONCURRENCY = 2;

function placeholderUrl(hash: string | null | undefined): string | undefined {
  if (!hash) return undefined;
  try {
    const bytes = Uint8Array.from(atob(hash), (c) => c.charCodeAt(0));
    return thumbHashToDataURL(bytes);
  } catch {
    return undefined;
  }
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

export interface PhotoUploaderProps {
  items: PhotoItem[];
  setItems: Dispatch<SetStateAction<PhotoItem[]>>;
  draftId: string;
  signedIn: boolean;
  /** A photo finished uploading (kept in the user's local list of uploads). */
  onUploaded: (photo: SavedPhoto) => void;
  error?: string;
}

/**
 * Photos of the listing (SPEC parts 2 and 5, issue 8 point 5): one upload per file with its progress
 * (0 to 100) and an error overlay with the server's reason; reorder by dragging or with the move
 * buttons, remove, pick the cover (the first photo).
 */
export function PhotoUploader({ items, setItems, draftId, signedIn, onUploaded, error }: PhotoUploaderProps) {
  const id = useId();
  const intl = useIntl();
  const inputRef = useRef<HTMLInputElement>(null);
  const [signInAlert, setSignInAlert] = useState(false);
  const [limitAlert, setLimitAlert] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragKey, setDragKey] = useState<string | null>(null);
  const [dropActive, setDropActive] = useState(false);
  const queue = useRef<Array<{ key: string; file: File }>>([]);
  const running = useRef(0);
  const controllers = useRef(new Map<string, AbortController>());
  const latest = useRef({ draftId, onUploaded });

  useEffect(() => {
    latest.current = { draftId, onUploaded };
  });

  // Uploads still running when the page goes away are cancelled.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  function pump() {
    while (running.current < UPLOAD_CONCURRENCY && queue.current.length > 0) {
      const job = queue.current.shift()!;
      running.current += 1;
      const controller = new AbortController();
      controllers.current.set(job.key, controller);
      uploadPhoto(job.file, {
        draftId: latest.current.draftId,
        signal: controller.signal,
        onProgress: (progress) =>
          setItems((list) => list.map((p) => (p.key === job.key && p.status === 'uploading' ? { ...p, progress } : p))),
      })
        .then((photo: UploadedPhoto) => {
          const saved: SavedPhoto = { url: photo.url, thumbnailUrl: photo.thumbnailUrl, placeholder: photo.placeholder };
          latest.current.onUploaded(saved);
          setItems((list) =>
            list.map((p) => (p.key === job.key ? { key: p.key, status: 'done', fileName: job.file.name, ...saved } : p)),
          );
        })
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          const message = err instanceof Error ? err.message : formatMessage(messages.failed);
          const retryable = !(err instanceof UploadError) || err.status === 0 || err.status === 429 || err.status >= 500;
          setItems((list) =>
            list.map((p) =>
              p.key === job.key
                ? {
                    key: p.key,
                    status: 'error',
                    error: message,
                    retryable,
                    fileName: job.file.name,
                    previewUrl: p.status === 'done' ? null : p.previewUrl,
                    file: job.file,
                  }
                : p,
            ),
          );
        })
        .finally(() => {
          running.current -= 1;
          controllers.current.delete(job.key);
          pump();
        });
    }
  }

  function addFiles(files: FileList | File[]) {
    if (!signedIn) {
      setSignInAlert(true);
      return;
    }
    // At most MAX_LISTING_PHOTOS: the files past the limit are refused here, as they are added
    // (not at Publish), and the page says how many.
    const room = Math.max(0, MAX_LISTING_PHOTOS - items.filter((p) => p.status !== 'error').length);
    const all = Array.from(files);
    const refused = all.length - room;
    setLimitAlert(refused > 0 ? formatMessage(messages.notAdded, { max: MAX_LISTING_PHOTOS, refused }) : null);
    const added: PhotoItem[] = [];
    for (const file of all.slice(0, room)) {
      const key = photoKey();
      // No local preview (a blob: URL is refused by the page's CSP for some decoders); the
      // thumbnail appears when the upload is done.
      added.push({ key, status: 'uploading', progress: 0, fileName: file.name, previewUrl: null, file });
      queue.current.push({ key, file });
    }
    if (added.length === 0) return;
    setItems((list) => [...list, ...added]);
    setAnnouncement(formatMessage(messages.uploadingCount, { count: added.length }));
    pump();
  }

  function retry(key: string) {
    const item = items.find((p) => p.key === key);
    if (!item || item.status !== 'error') return;
    setItems((list) =>
      list.map((p) =>
        p.key === key
          ? { key, status: 'uploading', progress: 0, fileName: item.fileName, previewUrl: item.previewUrl, file: item.file }
          : p,
      ),
    );
    queue.current.push({ key, file: item.file });
    pump();
  }

  function remove(key: string) {
    controllers.current.get(key)?.abort();
    queue.current = queue.current.filter((job) => job.key !== key);
    const index = items.findIndex((p) => p.key === key);
    const removed = items[index];
    // A photo uploaded here (not one the listing already had) leaves storage with it.
    if (removed?.status === 'done' && removed.fileName) void discardUploadedPhoto(removed.url);
    setItems((list) => list.filter((p) => p.key !== key));
    setAnnouncement(formatMessage(messages.removed, { n: index + 1 }));
  }

  function reorder(from: number, to: number) {
    if (from === to || to < 0 || to >= items.length) return;
    setItems((list) => move(list, from, to));
    setAnnouncement(
      to === 0 ? formatMessage(messages.movedToCover) : formatMessage(messages.moved, { position: to + 1, count: items.length }),
    );
  }

  function onDropFiles(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDropActive(false);
    if (event.dataTransfer.files.length > 0) addFiles(event.dataTransfer.files);
  }

  const hintId = `${id}-hint`;
  const count = items.filter((p) => p.status !== 'error').length;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-medium text-gray-800">{fieldLabel('photos')}</h3>
        <p id={hintId} className="text-xs text-gray-600">
          {intl.formatMessage(messages.hint, { count, max: MAX_LISTING_PHOTOS })}
        </p>
      </div>

      <div
        onDragOver={(event) => {
          if (event.dataTransfer.types.includes('Files')) {
            event.preventDefault();
            setDropActive(true);
          }
        }}
        onDragLeave={() => setDropActive(false)}
        onDrop={onDropFiles}
        className={cn(
          'flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center',
          dropActive ? 'border-brand-600 bg-brand-50' : 'border-gray-300 bg-gray-50',
        )}
      >
        <ImagePlus aria-hidden="true" className="size-7 text-gray-500" />
        <p className="text-sm text-gray-700">{intl.formatMessage(messages.dragHere)}</p>
        <Button
          variant="outline"
          aria-describedby={hintId}
          // At the limit there is no room for another photo (issue 59 item 7): the hint says 10 of 10.
          disabled={count >= MAX_LISTING_PHOTOS}
          onClick={() => {
            if (!signedIn) {
              setSignInAlert(true);
              return;
            }
            inputRef.current?.click();
          }}
        >
          {intl.formatMessage(messages.add)}
        </Button>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={ACCEPTED_PHOTO_TYPES}
          hidden
          data-testid="photo-input"
          onChange={(event) => {
            if (event.target.files) addFiles(event.target.files);
            event.target.value = '';
          }}
        />
      </div>

      {signInAlert && !signedIn ? (
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {signInToUpload()}
        </p>
      ) : null}
      {limitAlert ? (
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {limitAlert}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}

      {items.length > 0 ? (
        <ol aria-label={intl.formatMessage(messages.list)} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {items.map((item, index) => {
            const name = item.fileName
              ? intl.formatMessage(messages.photoFile, { n: index + 1, fileName: item.fileName })
              : intl.formatMessage(messages.photo, { n: index + 1 });
            const src = item.status === 'done' ? item.thumbnailUrl : item.status === 'uploading' ? item.previewUrl : null;
            const background = item.status === 'done' ? placeholderUrl(item.placeholder) : undefined;
            return (
              <li
                key={item.key}
                draggable={item.status === 'done'}
                onDragStart={(event) => {
                  setDragKey(item.key);
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', item.key);
                }}
                onDragEnd={() => setDragKey(null)}
                onDragOver={(event) => {
                  if (dragKey) event.preventDefault();
                }}
                onDrop={(event) => {
                  if (!dragKey) return;
                  event.preventDefault();
                  event.stopPropagation();
                  const from = items.findIndex((p) => p.key === dragKey);
                  setDragKey(null);
                  if (from >= 0) reorder(from, index);
                }}
                data-photo-status={item.status}
                className={cn(
                  'overflow-hidden rounded-lg border bg-white shadow-sm',
                  dragKey === item.key ? 'border-brand-600 opacity-60' : 'border-gray-200',
                  item.status === 'done' && 'cursor-grab',
                )}
              >
                <div
                  className="relative aspect-[4/3] bg-gray-100 bg-cover bg-center"
                  style={background ? { backgroundImage: `url(${background})` } : undefined}
                >
                  {src ? (
                    <img src={src} alt={name} className="absolute inset-0 size-full object-cover" draggable={false} />
                  ) : (
                    <div className="absolute inset-0 flex items-center justify-center p-2 text-center text-xs break-all text-gray-600">
                      {item.fileName}
                    </div>
                  )}
                  {index === 0 && item.status === 'done' ? (
                    <span className="absolute top-2 left-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-medium text-white">
                      {intl.formatMessage(messages.cover)}
                    </span>
                  ) : null}
                  {item.status === 'uploading' ? (
                    <div className="absolute inset-x-0 bottom-0 bg-black/60 p-2 text-xs text-white">
                      <div className="mb-1 flex justify-between">
                        <span>{intl.formatMessage(messages.uploading)}</span>
                        <span>{item.progress}%</span>
                      </div>
                      <div
                        role="progressbar"
                        aria-label={intl.formatMessage(messages.uploadingFile, { fileName: item.fileName })}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={item.progress}
                        className="h-1.5 overflow-hidden rounded-full bg-white/30"
                      >
                        <div className="h-full bg-white transition-[width]" style={{ width: `${item.progress}%` }} />
                      </div>
                    </div>
                  ) : null}
                  {item.status === 'error' ? (
                    <div
                      role="alert"
                      className="absolute inset-0 flex flex-col items-center justify-center gap-1 overflow-hidden bg-red-800 p-2 text-center text-xs leading-snug text-white"
                    >
                      <AlertCircle aria-hidden="true" className="size-5 shrink-0" />
                      <span className="line-clamp-1 font-medium break-all">
                        {intl.formatMessage(messages.failedFile, { fileName: item.fileName })}
                      </span>
                      <span className="line-clamp-3">{item.error}</span>
                    </div>
                  ) : null}
                </div>
                <div className="flex items-center justify-between gap-1 p-1.5">
                  {item.status === 'done' ? (
                    <>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-9"
                        disabled={index === 0}
                        onClick={() => reorder(index, index - 1)}
                        aria-label={intl.formatMessage(messages.moveLeft, { n: index + 1 })}
                      >
                        <ChevronLeft aria-hidden="true" className="size-4" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-9"
                        disabled={index === items.length - 1}
                        onClick={() => reorder(index, index + 1)}
                        aria-label={intl.formatMessage(messages.moveRight, { n: index + 1 })}
                      >
                        <ChevronRight aria-hidden="true" className="size-4" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-9"
                        disabled={index === 0}
                        onClick={() => reorder(index, 0)}
                        aria-label={intl.formatMessage(messages.makeCover, { n: index + 1 })}
                      >
                        <Star aria-hidden="true" className="size-4" />
                      </Button>
                    </>
                  ) : item.status === 'error' && item.retryable ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => retry(item.key)}
                      aria-label={intl.formatMessage(messages.retryFile, { fileName: item.fileName })}
                    >
                      <RotateCw aria-hidden="true" className="size-4" />
                      {intl.formatMessage(messages.retry)}
                    </Button>
                  ) : item.status === 'uploading' ? (
                    <span className="px-2 text-xs text-gray-600">{item.progress}%</span>
                  ) : (
                    <span />
                  )}
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-9 text-red-700 hover:bg-red-50 hover:text-red-800"
                    onClick={() => remove(item.key)}
                    aria-label={intl.formatMessage(messages.remove, { n: index + 1 })}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
