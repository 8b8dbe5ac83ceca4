// Local drafts of the listing form (SPEC part 4): the form's values are kept in localStorage, per
// user and per session draft id, 800 ms after the last change; uploaded photo links go to a media
// list beside them. A session is a browser tab (its id lives in sessionStorage, so a reload keeps
// it); at page load the entries of other sessions are cleared as stale.
import type { ListingFormValues, SavedPhoto } from './form-model';

export const AUTOSAVE_DELAY_MS = 800;

const PREFIX = 'nyc-rentals:listing-form:';
const SESSION_KEY = `${PREFIX}session`;
const DRAFT_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

export interface LocalDraft {
  version: 1;
  /** When the values were saved (epoch ms). */
  savedAt: number;
  values: ListingFormValues;
  photos: SavedPhoto[];
  /** The listing's id once it has been saved to the server (later saves update it). */
  savedId: string | null;
  /**
   * The listing's version these values were read at (an edit: the listing's `version`, later the
   * version of this tab's last save), and its values then: a save of the restored draft carries
   * them, so a change made meanwhile elsewhere is a conflict, not overwritten (issue 58 item 5).
   */
  baseVersion?: number | null;
  baseValues?: ListingFormValues | null;
}

function newDraftId(): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID().replace(/-/g, '')
      : Math.random().toString(36).slice(2) + Date.now().toString(36);
  return `d${random.slice(0, 31)}`;
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    // Storage can be unavailable (private mode, quota, disabled): the form works without it.
    return fallback;
  }
}

/** The draft id of the kind of entry a storage key holds, or null for keys not ours. */
function draftIdOfKey(key: string): string | null {
  if (!key.startsWith(PREFIX) || key === SESSION_KEY) return null;
  const [kind, draftId] = key.slice(PREFIX.length).split(':');
  if ((kind !== 'draft' && kind !== 'media') || !draftId) return null;
  return draftId;
}

/**
 * At page load: this tab's session draft id (made when there is none), and the draft and media
 * entries of every other session removed.
 */
export function startDraftSession(local: Storage = localStorage, session: Storage = sessionStorage): string {
  let draftId = safe(() => session.getItem(SESSION_KEY), null);
  if (!draftId || !DRAFT_ID_RE.test(draftId)) {
    draftId = newDraftId();
    safe(() => session.setItem(SESSION_KEY, draftId!), undefined);
  }
  const current = draftId;
  safe(() => {
    const stale: string[] = [];
    for (let i = 0; i < local.length; i += 1) {
      const key = local.key(i);
      const owner = key ? draftIdOfKey(key) : null;
      if (key && owner && owner !== current) stale.push(key);
    }
    for (const key of stale) local.removeItem(key);
  }, undefined);
  return current;
}

/** A new session draft id for this tab (after a publish: the next listing starts afresh). */
export function renewDraftSession(session: Storage = sessionStorage): string {
  const draftId = newDraftId();
  safe(() => session.setItem(SESSION_KEY, draftId), undefined);
  return draftId;
}

export interface DraftScope {
  uid: string;
  draftId: string;
  /** The listing being edited, or null for a new one. */
  propertyId: string | null;
}

const draftKey = (s: DraftScope) => `${PREFIX}draft:${s.draftId}:${s.uid}:${s.propertyId ?? 'new'}`;
const mediaKey = (s: Pick<DraftScope, 'uid' | 'draftId'>) => `${PREFIX}media:${s.draftId}:${s.uid}`;

export function readLocalDraft(scope: DraftScope, local: Storage = localStorage): LocalDraft | null {
  return safe(() => {
    const raw = local.getItem(draftKey(scope));
    return raw ? parseDraft(raw) : null;
  }, null);
}

/** A draft from its text (this browser's storage, or the server's copy: issue 59 item 7); null when it is none. */
export function parseDraft(raw: string): LocalDraft | null {
  return safe(() => {
    const parsed = JSON.parse(raw) as Partial<LocalDraft> | null;
    if (!parsed || parsed.version !== 1 || typeof parsed.values !== 'object' || parsed.values === null) return null;
    return {
      version: 1,
      savedAt: typeof parsed.savedAt === 'number' ? parsed.savedAt : Date.now(),
      values: parsed.values,
      photos: Array.isArray(parsed.photos) ? parsed.photos : [],
      savedId: typeof parsed.savedId === 'string' ? parsed.savedId : null,
      baseVersion: typeof parsed.baseVersion === 'number' ? parsed.baseVersion : null,
      baseValues: typeof parsed.baseValues === 'object' && parsed.baseValues !== null ? parsed.baseValues : null,
    };
  }, null);
}

/** Saves the draft; false when storage refused it. */
export function writeLocalDraft(scope: DraftScope, draft: Omit<LocalDraft, 'version'>, local: Storage = localStorage): boolean {
  return safe(() => {
    local.setItem(draftKey(scope), JSON.stringify({ version: 1, ...draft }));
    return true;
  }, false);
}

/** Adds uploaded photo links to the user's locally stored list (SPEC part 4). */
export function rememberUploadedPhotos(
  scope: Pick<DraftScope, 'uid' | 'draftId'>,
  photos: SavedPhoto[],
  local: Storage = localStorage,
): void {
  safe(() => {
    const list = readUploadedPhotos(scope, local);
    for (const photo of photos) if (!list.some((p) => p.url === photo.url)) list.push(photo);
    local.setItem(mediaKey(scope), JSON.stringify(list));
  }, undefined);
}

export function readUploadedPhotos(scope: Pick<DraftScope, 'uid' | 'draftId'>, local: Storage = localStorage): SavedPhoto[] {
  return safe(() => {
    const parsed = JSON.parse(local.getItem(mediaKey(scope)) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as SavedPhoto[]) : [];
  }, []);
}

/** After a publish: this session's draft and media entries go. */
export function clearLocalDraft(scope: Pick<DraftScope, 'draftId'>, local: Storage = localStorage): void {
  safe(() => {
    const mine: string[] = [];
    for (let i = 0; i < local.length; i += 1) {
      const key = local.key(i);
      if (key && draftIdOfKey(key) === scope.draftId) mine.push(key);
    }
    for (const key of mine) local.removeItem(key);
  }, undefined);
}
