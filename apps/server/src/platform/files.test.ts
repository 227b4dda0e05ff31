import { readdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { files } from '../db/schema/index'
import { createTestApp, type TestApp } from '../../test/harness'
import { gpsLatitudeBytes, heicWithGps, jpegWithGps, pngWithGps } from '../../test/image-fixtures'
import { startS3Server, type TestS3Server } from '../../test/s3-server'
import type { FilesS3Config } from '../config'
import { AppError } from './errors'
import { detectFileType, storedFileTypes, type StoredFileType } from './file-types'
import { localFileStore } from './file-store'
import { s3FileStore } from './s3-file-store'
import { orphanFileAgeMs, readStoredFile, removeFiles, removeOrphanFiles, saveFile } from './files'

const pdf = Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

let s3: TestS3Server
beforeAll(async () => {
  s3 = await startS3Server()
})
afterAll(async () => s3.close())

/** What the store holds, read and written beside the product's code: the folder's files, the bucket's objects. */
interface Backing {
  names(): Promise<string[]>
  write(name: string, bytes: string): Promise<void>
  drop(name: string): Promise<void>
}

function folderBacking(t: TestApp): Backing {
  return {
    names: async () => (await readdir(t.config.filesDir).catch(() => [])).sort(),
    write: (name, bytes) => writeFile(join(t.config.filesDir, name), bytes),
    drop: (name) => rm(join(t.config.filesDir, name)),
  }
}

function bucketBacking(settings: FilesS3Config): Backing {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint!,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId!, secretAccessKey: settings.secretAccessKey! },
  })
  const Bucket = settings.bucket
  return {
    names: async () => {
      const listed = await client.send(new ListObjectsV2Command({ Bucket, Prefix: settings.prefix }))
      return (listed.Contents ?? []).map((object) => object.Key!.slice(settings.prefix.length)).sort()
    },
    write: async (name, bytes) => {
      await client.send(new PutObjectCommand({ Bucket, Key: `${settings.prefix}${name}`, Body: bytes }))
    },
    drop: async (name) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: `${settings.prefix}${name}` }))
    },
  }
}

async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

describe('detectFileType', () => {
  it('knows JPEG, PNG, HEIC and PDF by their content', () => {
    expect(detectFileType(jpegWithGps().bytes)).toBe('image/jpeg')
    expect(detectFileType(pngWithGps().bytes)).toBe('image/png')
    expect(detectFileType(heicWithGps().bytes)).toBe('image/heic')
    expect(detectFileType(pdf)).toBe('application/pdf')
  })

  it('knows nothing else: a text file named photo.jpg, an empty file, a MP4, a GIF', () => {
    expect(detectFileType(Buffer.from('hello, this is photo.jpg'))).toBeNull()
    expect(detectFileType(Buffer.alloc(0))).toBeNull()
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from('ftypisom\u0000\u0000\u0000\u0000mp41', 'latin1')])
    expect(detectFileType(mp4)).toBeNull()
    expect(detectFileType(Buffer.from('GIF89a\u0001\u0000\u0001\u0000', 'latin1'))).toBeNull()
  })
})

// Issue 38 item 3: the same tests on both of the store's adapters.
describe.each([
  { store: 'the local folder', s3: false },
  { store: 'an S3-compatible bucket', s3: true },
])('files in $store', ({ s3: inBucket }) => {
  let t: TestApp
  let backing: Backing
  beforeAll(async () => {
    t = await createTestApp(inBucket ? { filesS3: s3.settings } : {})
    backing = inBucket ? bucketBacking(s3.settings) : folderBacking(t)
  })
  afterAll(async () => t.close())

  const storedNames = () => backing.names()

  async function rowCount(): Promise<number> {
    const [row] = await t.db.select({ n: count() }).from(files)
    return row!.n
  }

  function save(bytes: Buffer, options: { accept?: readonly StoredFileType[]; maxSize?: number } = {}) {
    return t.db.transaction((tx) =>
      saveFile(t, tx, {
        bytes,
        field: 'photo',
        accept: options.accept ?? storedFileTypes,
        maxSize: options.maxSize ?? 1024 * 1024,
        teamId: null,
        uploadedById: null,
      }),
    )
  }

  describe('saveFile', () => {
    it('keeps an image under a random name, without its location metadata, and reads it back', async () => {
      const jpeg = jpegWithGps()
      const saved = await save(jpeg.bytes)
      expect(saved).toEqual({ id: expect.any(Number), mime_type: 'image/jpeg', size: jpeg.kept.length })
      const [row] = await t.db.select().from(files).where(eq(files.id, saved.id))
      expect(row!.storage_key).toMatch(/^[0-9a-f]{32}$/)
      expect(row!.filename).toMatch(/^[0-9a-f]{8}\.jpg$/)
      expect(await storedNames()).toContain(row!.storage_key)
      const read = await readStoredFile(t, t.db, saved.id)
      expect(read.mime_type).toBe('image/jpeg')
      expect(read.bytes.equals(jpeg.kept)).toBe(true)
      expect(read.bytes.includes(gpsLatitudeBytes)).toBe(false)
    })

    it('refuses a file of a type not accepted, or of no known type, with a 400: no row and no file', async () => {
      const rowsBefore = await rowCount()
      const namesBefore = await storedNames()
      const renamedText = await refusalOf(save(Buffer.from('just text, though the upload called it form.png')))
      expect(renamedText.status).toBe(400)
      expect(renamedText.details).toEqual({
        errors: { photo: 'The file must be one of: JPG, PNG, HEIC, PDF' },
        error_codes: { photo: { code: 'file_type', params: { formats: 'JPG, PNG, HEIC, PDF' } } },
      })
      const pdfWhereImagesOnly = await refusalOf(save(pdf, { accept: ['image/jpeg', 'image/png'] }))
      expect(pdfWhereImagesOnly.details).toMatchObject({ errors: { photo: 'The file must be one of: JPG, PNG' } })
      const broken = await refusalOf(save(jpegWithGps().bytes.subarray(0, 40)))
      expect(broken.status).toBe(400)
      expect(await rowCount()).toBe(rowsBefore)
      expect(await storedNames()).toEqual(namesBefore)
    })

    it('refuses a file larger than allowed (413), storing nothing', async () => {
      const rowsBefore = await rowCount()
      const namesBefore = await storedNames()
      const png = pngWithGps().bytes
      const error = await refusalOf(save(png, { maxSize: png.length - 1 }))
      expect(error.code).toBe('payload_too_large')
      expect(error.details).toEqual({
        errors: { photo: `The file may have at most ${png.length - 1} bytes` },
        error_codes: { photo: { code: 'file_too_large', params: { bytes: png.length - 1 } } },
      })
      expect(await rowCount()).toBe(rowsBefore)
      expect(await storedNames()).toEqual(namesBefore)
    })
  })

  describe('the store itself', () => {
    it("what one process wrote, another process's store of the same settings reads, lists and removes", async () => {
      const saved = await save(pngWithGps().bytes)
      const [row] = await t.db.select({ key: files.storage_key }).from(files).where(eq(files.id, saved.id))
      const another = inBucket ? s3FileStore(s3.settings) : localFileStore(t.config.filesDir)
      expect((await another.read(row!.key))?.length).toBe(saved.size)
      const listed: string[] = []
      for await (const page of another.list()) listed.push(...page.map((stored) => stored.name))
      expect(listed).toContain(row!.key)
      await another.remove(row!.key)
      expect(await another.read(row!.key)).toBeNull()
      await expect(readStoredFile(t, t.db, saved.id)).rejects.toMatchObject({ code: 'not_found' })
      // Removing what is gone is no error; a name that is not a key never reaches the store.
      await another.remove(row!.key)
      await expect(another.read('../secret')).rejects.toThrow(/32 hex characters/)
    })
  })

  describe('removeFiles', () => {
    it('removes the rows and the bytes of the files named, and no others', async () => {
      const first = await save(pngWithGps().bytes)
      const second = await save(pdf)
      const kept = await save(heicWithGps().bytes)
      const keys = await t.db.select({ id: files.id, key: files.storage_key }).from(files)
      const keyOf = (id: number) => keys.find((row) => row.id === id)!.key
      await t.db.transaction((tx) => removeFiles(t, tx, [first.id, second.id]))
      const names = await storedNames()
      expect(names).not.toContain(keyOf(first.id))
      expect(names).not.toContain(keyOf(second.id))
      expect(names).toContain(keyOf(kept.id))
      expect(await t.db.select({ id: files.id }).from(files).where(eq(files.id, first.id))).toEqual([])
      expect((await readStoredFile(t, t.db, kept.id)).mime_type).toBe('image/heic')
      // Nothing to remove is no error.
      await t.db.transaction((tx) => removeFiles(t, tx, []))
      await expect(readStoredFile(t, t.db, first.id)).rejects.toMatchObject({ code: 'not_found' })
      // A row whose bytes are gone reads as not found, never as a server error.
      await backing.drop(keyOf(kept.id))
      await expect(readStoredFile(t, t.db, kept.id)).rejects.toMatchObject({ code: 'not_found' })
    })
  })

  describe('removeOrphanFiles', () => {
    it('removes bytes no row names once an hour old; files with rows, recent bytes and other names stay', async () => {
      const kept = await save(pngWithGps().bytes)
      const [row] = await t.db.select({ key: files.storage_key }).from(files).where(eq(files.id, kept.id))
      const orphan = 'ab'.repeat(16)
      const other = 'notes.txt'
      await backing.write(orphan, 'left by a failed upload')
      await backing.write(other, 'not a stored file')
      // Just written: a transaction may still be about to commit its row.
      expect(await removeOrphanFiles(t.app.deps)).toBeUndefined()
      expect(await storedNames()).toContain(orphan)
      const later = { ...t.app.deps, now: () => new Date(Date.now() + orphanFileAgeMs + 60_000) }
      expect(await removeOrphanFiles(later)).toBe('removed 1 stored file without a row')
      const names = await storedNames()
      expect(names).not.toContain(orphan)
      expect(names).toContain(row!.key)
      expect(names).toContain(other)
      expect((await readStoredFile(t, t.db, kept.id)).mime_type).toBe('image/png')
    })
  })
})
