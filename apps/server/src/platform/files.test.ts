import { readdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { files } from '../db/schema/index'
import { createTestApp, type TestApp } from '../../test/harness'
import { gpsLatitudeBytes, heicWithGps, jpegWithGps, pngWithGps } from '../../test/image-fixtures'
import { AppError } from './errors'
import { detectFileType, storedFileTypes, type StoredFileType } from './file-types'
import { orphanFileAgeMs, readStoredFile, removeFiles, removeOrphanFiles, saveFile } from './files'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const pdf = Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

async function storedNames(): Promise<string[]> {
  return (await readdir(t.config.filesDir).catch(() => [])).sort()
}

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
    await rm(join(t.config.filesDir, keyOf(kept.id)))
    await expect(readStoredFile(t, t.db, kept.id)).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('removeOrphanFiles', () => {
  it('removes bytes no row names once an hour old; files with rows, recent bytes and other names stay', async () => {
    const kept = await save(pngWithGps().bytes)
    const [row] = await t.db.select({ key: files.storage_key }).from(files).where(eq(files.id, kept.id))
    const orphan = 'ab'.repeat(16)
    const other = 'notes.txt'
    await writeFile(join(t.config.filesDir, orphan), 'left by a failed upload')
    await writeFile(join(t.config.filesDir, other), 'not a stored file')
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
