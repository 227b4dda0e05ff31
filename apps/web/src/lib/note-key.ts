/**
 * Keeps the private-notes key on this device (spec 1 §3: "kept locally and cleared at
 * logout"): in IndexedDB, which stores a non-extractable CryptoKey by structured clone, so
 * the key bytes are never readable by script. Where IndexedDB is unavailable (some private
 * windows) the key lives in memory for this tab only.
 */

const databaseName = 'crm-private-notes'
const storeName = 'keys'
const recordId = 'current'

interface StoredNoteKey {
  key: CryptoKey
  userId: number
}

let memory: StoredNoteKey | null = null
let opening: Promise<IDBDatabase | null> | null = null

function openDatabase(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null)
  opening ??= new Promise<IDBDatabase | null>((resolve) => {
    try {
      const request = indexedDB.open(databaseName, 1)
      request.onupgradeneeded = () => request.result.createObjectStore(storeName)
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => resolve(null)
      request.onblocked = () => resolve(null)
    } catch {
      resolve(null)
    }
  })
  return opening
}

function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  return openDatabase().then(
    (database) =>
      new Promise<T | undefined>((resolve) => {
        if (!database) return resolve(undefined)
        try {
          const transaction = database.transaction(storeName, mode)
          const request = action(transaction.objectStore(storeName))
          transaction.oncomplete = () => resolve(request.result)
          transaction.onerror = () => resolve(undefined)
          transaction.onabort = () => resolve(undefined)
        } catch {
          resolve(undefined)
        }
      }),
  )
}

/** Keeps the key of the signed-in person (replacing any earlier one). */
export async function storeNoteKey(key: CryptoKey, userId: number): Promise<void> {
  memory = { key, userId }
  await run('readwrite', (store) => store.put({ key, userId } satisfies StoredNoteKey, recordId))
}

/** The kept key, or null; with userId, only that person's key. */
export async function loadNoteKey(userId?: number): Promise<CryptoKey | null> {
  const stored = (await run<StoredNoteKey | undefined>('readonly', (store) => store.get(recordId))) ?? memory
  if (!stored || (userId !== undefined && stored.userId !== userId)) return null
  return stored.key
}

/** Forgets the key (logout, expiry, a 401). */
export async function clearNoteKey(): Promise<void> {
  memory = null
  await run('readwrite', (store) => store.delete(recordId))
}
