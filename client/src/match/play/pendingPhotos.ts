/**
 * Report photos (R-VII.D.3.4) the captain took that the server has not stored yet, kept in IndexedDB so a page closed
 * or reloaded in a dead spot loses none. Not localStorage, where the command outbox lives: a downscaled photo is a
 * few hundred KB of binary (reportPhoto.ts), and localStorage holds a few MB of strings for the whole site. The bytes
 * are kept as an ArrayBuffer rather than a Blob: some Safari versions could not store Blobs in IndexedDB.
 */

export interface PendingPhoto {
  /** The upload's X-Command-Id, the same on every attempt: the server stores the photo once. Also the key here. */
  commandId: string;
  matchId: string;
  challengeId: string;
  contentType: string;
  bytes: ArrayBuffer;
  /** What it is, in words, for the waiting list and for a refusal. */
  label: string;
  /** When the captain took it (this phone's clock): the waiting list's order. */
  addedAt: number;
}

const DB = 'league-night';
const STORE = 'pending-photos';

let opening: Promise<IDBDatabase> | null = null;

function db(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'commandId' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB did not open'));
    req.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  }).catch((err: unknown) => {
    // Opened again next time: private browsing may refuse once and a later page may be allowed.
    opening = null;
    throw err;
  });
  return opening;
}

/** Runs one request in its own transaction; resolves once the transaction is committed (so a put is on disk). */
async function run<T>(mode: IDBTransactionMode, body: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const tx = (await db()).transaction(STORE, mode);
  const req = body(tx.objectStore(STORE));
  return new Promise<T>((resolve, reject) => {
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error ?? req.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Keeps the photo; false when this phone cannot (no IndexedDB, full disk): the caller says so. */
export async function keep(photo: PendingPhoto): Promise<boolean> {
  try {
    await run('readwrite', (s) => s.put(photo));
    return true;
  } catch {
    return false;
  }
}

/** The photos of a match still waiting, oldest first; none when the store cannot be read. */
export async function waiting(matchId: string): Promise<PendingPhoto[]> {
  try {
    const all = await run('readonly', (s) => s.getAll() as IDBRequest<unknown[]>);
    return all.filter((p): p is PendingPhoto => isPending(p) && p.matchId === matchId).sort((a, b) => a.addedAt - b.addedAt);
  } catch {
    return [];
  }
}

export async function forget(commandId: string): Promise<void> {
  try {
    await run('readwrite', (s) => s.delete(commandId));
  } catch {
    // Still there: it is sent again next time with the same id, and the server answers that id's first answer.
  }
}

/** Read back from disk, so checked like anything the phone did not just make (an older version may have written it). */
function isPending(v: unknown): v is PendingPhoto {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.commandId === 'string' && typeof o.matchId === 'string' && typeof o.challengeId === 'string' && typeof o.contentType === 'string' && o.bytes instanceof ArrayBuffer && typeof o.label === 'string' && typeof o.addedAt === 'number';
}
