import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * The product's one file store (DESIGN.md §7 "file storage"): bytes under a random key,
 * never under the uploaded name. A local folder by default; an S3-compatible bucket with
 * FILES_S3_BUCKET (s3-file-store.ts), so several processes on several machines share files.
 */
export interface FileStore {
  put(key: string, bytes: Buffer): Promise<void>
  /** The bytes under `key`; null when there are none. */
  read(key: string): Promise<Buffer | null>
  remove(key: string): Promise<void>
  /** Every name in the store with when it was written, a page at a time (a bucket lists 1,000 at once). */
  list(): AsyncIterable<StoredName[]>
}

export interface StoredName {
  name: string
  writtenAt: Date
}

export const storageKeyPattern = /^[0-9a-f]{32}$/

/** Refuses anything but a storage key: no path and no object name can be made of one. */
export function checkedKey(key: string): string {
  if (!storageKeyPattern.test(key)) throw new Error('A file key is 32 hex characters')
  return key
}

/** Files in one folder, named by their keys. */
export function localFileStore(dir: string): FileStore {
  const pathOf = (key: string) => join(dir, checkedKey(key))
  return {
    async put(key, bytes) {
      await mkdir(dir, { recursive: true, mode: 0o700 })
      await writeFile(pathOf(key), bytes, { mode: 0o600, flag: 'wx' })
    },
    async read(key) {
      return readFile(pathOf(key)).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      })
    },
    async remove(key) {
      await rm(pathOf(key), { force: true })
    },
    async *list() {
      const names = await readdir(dir).catch(() => [] as string[])
      for (let start = 0; start < names.length; start += 1000) {
        const page: StoredName[] = []
        for (const name of names.slice(start, start + 1000)) {
          const info = await stat(join(dir, name)).catch(() => null)
          if (info?.isFile()) page.push({ name, writtenAt: info.mtime })
        }
        yield page
      }
    },
  }
}
