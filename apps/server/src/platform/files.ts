import { fieldError } from '@crm/domain'
import { createHash, randomBytes } from 'node:crypto'
import { inArray, eq } from 'drizzle-orm'
import type { FastifyReply } from 'fastify'
import type { Executor } from '../db/client'
import { files } from '../db/schema/index'
import { AppError } from './errors'
import type { Deps } from './deps'
import { detectFileType, type StoredFileType } from './file-types'
import { refuseOversizedImage, stripLocationMetadata } from './image-metadata'
import { refuseField } from './field-refusals'
import { localFileStore, storageKeyPattern, type FileStore } from './file-store'
import { s3FileStore } from './s3-file-store'

const stores = new Map<string, FileStore>()
/** The store of this configuration: the bucket when one is set, else the folder (one of each). */
export function fileStoreOf(deps: Pick<Deps, 'config'>): FileStore {
  const bucket = deps.config.filesS3
  const id = bucket ? `s3:${bucket.endpoint ?? ''}/${bucket.bucket}/${bucket.prefix}` : deps.config.filesDir
  let store = stores.get(id)
  if (!store) {
    store = bucket ? s3FileStore(bucket) : localFileStore(deps.config.filesDir)
    stores.set(id, store)
  }
  return store
}

const extensions: Record<StoredFileType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
}

export interface StoredFile {
  id: number
  mime_type: StoredFileType
  size: number
}

/**
 * Keeps an uploaded file: checks its content is one of `accept` and an image's size in
 * pixels from its header (else a 400 on `field`, nothing stored), removes location metadata
 * from images, writes the bytes under a random key and records the row in the caller's
 * transaction. The name kept is a plain one made from the type: the uploaded name is never
 * stored nor used.
 */
export async function saveFile(
  deps: Pick<Deps, 'config'>,
  tx: Executor,
  upload: { bytes: Buffer; field: string; accept: readonly StoredFileType[]; maxSize: number; teamId: number | null; uploadedById: number | null },
): Promise<StoredFile> {
  const type = detectFileType(upload.bytes)
  if (!type || !upload.accept.includes(type)) {
    const names = upload.accept.map((accepted) => extensions[accepted].toUpperCase()).join(', ')
    throw refuseField(upload.field, fieldError('file_type', { formats: names }))
  }
  if (upload.bytes.length > upload.maxSize) {
    throw refuseField(upload.field, fieldError('file_too_large', { bytes: upload.maxSize }), { code: 'payload_too_large' })
  }
  refuseOversizedImage(upload.bytes, type, upload.field)
  const bytes = stripLocationMetadata(upload.bytes, type, upload.field)
  const key = randomBytes(16).toString('hex')
  await fileStoreOf(deps).put(key, bytes)
  const [row] = await tx
    .insert(files)
    .values({
      storage_key: key,
      filename: `${key.slice(0, 8)}.${extensions[type]}`,
      mime_type: type,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      team_id: upload.teamId,
      uploaded_by_id: upload.uploadedById,
    })
    .returning({ id: files.id })
  return { id: row!.id, mime_type: type, size: bytes.length }
}

/** A stored file's bytes and type; the caller has checked who may read it. */
export async function readStoredFile(deps: Pick<Deps, 'config'>, db: Executor, fileId: number) {
  const [row] = await db.select().from(files).where(eq(files.id, fileId))
  if (!row) throw new AppError('not_found')
  // Bytes gone under a row (a removal whose transaction then failed) are not found, not a 500.
  const bytes = await fileStoreOf(deps).read(row.storage_key)
  if (!bytes) throw new AppError('not_found')
  return { bytes, mime_type: row.mime_type, filename: row.filename }
}

/** Removes files and their rows (a removed contact's consent photos, signatures, avatar). */
export async function removeFiles(deps: Pick<Deps, 'config'>, tx: Executor, fileIds: number[]): Promise<void> {
  if (fileIds.length === 0) return
  const removed = await tx.delete(files).where(inArray(files.id, fileIds)).returning({ key: files.storage_key })
  await Promise.all(removed.map((row) => fileStoreOf(deps).remove(row.key)))
}

/** How old bytes without a row must be before they are removed: a transaction may still be writing its row. */
export const orphanFileAgeMs = 60 * 60_000

/**
 * Bytes in the store that no row names: left by an upload whose transaction failed after
 * the bytes were written (the store cannot join the database's transaction). They are
 * personal data nobody can reach, so a job removes them once they are an hour old.
 */
export async function removeOrphanFiles(deps: Pick<Deps, 'config' | 'db' | 'now'>): Promise<string | void> {
  const store = fileStoreOf(deps)
  const cutoff = deps.now().getTime() - orphanFileAgeMs
  let removed = 0
  // A page at a time, so one query never names the whole store.
  for await (const page of store.list()) {
    const old = page.filter((stored) => storageKeyPattern.test(stored.name) && stored.writtenAt.getTime() <= cutoff).map((stored) => stored.name)
    if (old.length === 0) continue
    const known = new Set((await deps.db.select({ key: files.storage_key }).from(files).where(inArray(files.storage_key, old))).map((row) => row.key))
    for (const name of old) {
      if (known.has(name)) continue
      await store.remove(name)
      removed += 1
    }
  }
  if (removed > 0) return `removed ${removed} stored ${removed === 1 ? 'file' : 'files'} without a row`
}

/** Answers a stored file's bytes as stored: never cached, never sniffed as another type. */
export function sendStoredFile(reply: FastifyReply, file: { bytes: Buffer; mime_type: string }) {
  return reply.type(file.mime_type).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(file.bytes)
}
