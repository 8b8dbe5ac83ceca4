// Whether the Firebase web SDK has a signed-in user stored in this browser, read without loading
// the SDK (docs/decisions/0023): the SDK keeps it under 'firebase:authUser:{apiKey}:{app}' in
// IndexedDB (its default) or in localStorage (browserLocalPersistence, which firebase.ts selects).

const KEY_PREFIX = 'firebase:authUser:';
const DB_NAME = 'firebaseLocalStorageDb';
const STORE = 'firebaseLocalStorage';

function inLocalStorage(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      if (localStorage.key(i)?.startsWith(KEY_PREFIX)) return true;
    }
  } catch {
    // Storage disabled: nothing stored there.
  }
  return false;
}

function inIndexedDb(): Promise<boolean> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(DB_NAME);
    } catch {
      resolve(false);
      return;
    }
    // No such database: do not create it.
    request.onupgradeneeded = () => {
      request.transaction?.abort();
      resolve(false);
    };
    request.onerror = () => resolve(false);
    request.onblocked = () => resolve(false);
    request.onsuccess = () => {
      const db = request.result;
      try {
        if (!db.objectStoreNames.contains(STORE)) {
          resolve(false);
          return;
        }
        const keys = db.transaction(STORE, 'readonly').objectStore(STORE).getAllKeys();
        keys.onsuccess = () => resolve(keys.result.some((key) => typeof key === 'string' && key.startsWith(KEY_PREFIX)));
        keys.onerror = () => resolve(false);
      } catch {
        resolve(false);
      } finally {
        db.close();
      }
    };
  });
}

/** True when the identity SDK would restore a signed-in user here. */
export async function hasPersistedFirebaseUser(): Promise<boolean> {
  if (inLocalStorage()) return true;
  if (typeof indexedDB === 'undefined') return false;
  return inIndexedDb();
}
