import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { maxConsentFileSize } from '@crm/domain'
import { files, people } from '../../db/schema/index'
import { addMember, body, buildPerson, createTestApp, storedFileNames, type TestApp, type TestPerson } from '../../../test/harness'
import { activityOf, bornYearsAgo, buildChurch, buildContact, get, type Church } from '../../../test/contact-factories'
import { startS3Server, type TestS3Server } from '../../../test/s3-server'
import { gpsLatitudeBytes, heicWithGps, jpegWithGps, pngOfSize, pngWithGps } from '../../../test/image-fixtures'

// Photos here go to an S3-compatible bucket (issue 38 item 3): the calls read and remove them
// there as they do in the folder the other consent tests use.
let t: TestApp
let s3: TestS3Server
beforeAll(async () => {
  s3 = await startS3Server()
  t = await createTestApp({ filesS3: s3.settings })
})
afterAll(async () => {
  await t.close()
  await s3.close()
})

const scopeOf = (c: Church, contact: number) => ({ team_id: c.church, group_id: c.church, user_id: contact })

/** The form as the browser sends it: the ids first, then the file. */
function upload(c: Church, who: TestPerson, contact: number, file: { bytes: Buffer; filename?: string } | null) {
  const boundary = '----avatar-test'
  const fields = Object.entries(scopeOf(c, contact)).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  )
  const filePart = file
    ? [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename ?? 'me.jpg'}"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        file.bytes,
        Buffer.from('\r\n'),
      ]
    : []
  return t.call({
    method: 'POST',
    url: '/api/v1/upload-contact-avatar',
    token: who.token,
    payload: Buffer.concat([...fields, ...filePart, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
}

function photo(who: TestPerson, url: string) {
  return t.call({ method: 'GET', url, token: who.token })
}

const consented = { consent_type: 'direct', consent_date: '2026-01-05' }

async function avatarOf(contact: number) {
  const [row] = await t.db.select({ avatar_file_id: people.avatar_file_id }).from(people).where(eq(people.id, contact))
  return row!.avatar_file_id
}

const storedNames = () => storedFileNames(t)

describe('upload-contact-avatar and consentia-get-photo-url', () => {
  it('keeps the photo without its location, shows it in the contact view and serves it to readers only (D2-7.3-12, D2-2.2-06, D2-3.1-01)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church, person: consented })
    const jpeg = jpegWithGps()
    const response = await upload(c, c.leader, contact, { bytes: jpeg.bytes, filename: 'IMG_0042 home.jpg' })
    expect(response.statusCode, response.body).toBe(200)
    const fileId = await avatarOf(contact)
    const url = `/api/v1/consentia-get-photo-url?team_id=${c.church}&group_id=${c.church}&user_id=${contact}&photo_id=${fileId}`
    expect(body(response)).toEqual({ avatar: url, success_message: 'Photo saved' })
    const [row] = await t.db.select().from(files).where(eq(files.id, fileId!))
    expect(row!.filename).not.toContain('IMG_0042')
    expect(row!.team_id).toBe(c.church)
    expect(row!.uploaded_by_id).toBe(c.leader.id)

    const itemResponse = await get(t, `contact/${contact}`, c.leader.token, { team_id: c.church, group_id: c.church })
    expect(itemResponse.statusCode, itemResponse.body).toBe(200)
    const item = body(itemResponse)
    expect(item.data_view.avatar).toBe(url)
    expect(item.data_view_simple.avatar).toBe(url)

    const served = await photo(c.leader, url)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/jpeg')
    expect(served.headers['cache-control']).toBe('private, no-store')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(served.rawPayload.equals(jpeg.kept)).toBe(true)
    expect(served.rawPayload.includes(gpsLatitudeBytes)).toBe(false)
    // Signed out, or another team's leader: nothing.
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401)
    const other = await buildChurch(t)
    expect((await photo(other.leader, url)).statusCode).toBe(404)
    const otherScope = `/api/v1/consentia-get-photo-url?team_id=${other.church}&group_id=${other.church}&user_id=${contact}&photo_id=${fileId}`
    expect((await photo(other.leader, otherScope)).statusCode).toBe(404)
    expect((await upload(other, other.leader, contact, { bytes: jpeg.bytes })).statusCode).toBe(404)

    const activity = await activityOf(t, contact)
    expect(activity.at(-1)).toMatchObject({ subject_type: 'user', action: 'update', author_id: c.leader.id, after: { avatar_file_id: fileId } })
  })

  it('replaces the photo: the previous file and its row are removed, and its id answers 404', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church, person: consented })
    expect((await upload(c, c.leader, contact, { bytes: pngWithGps().bytes })).statusCode).toBe(200)
    const first = (await avatarOf(contact))!
    const [firstRow] = await t.db.select().from(files).where(eq(files.id, first))
    const second = await upload(c, c.owner, contact, { bytes: heicWithGps().bytes, filename: 'photo.heic' })
    expect(second.statusCode, second.body).toBe(200)
    const secondId = (await avatarOf(contact))!
    expect(secondId).not.toBe(first)
    expect(await t.db.select().from(files).where(eq(files.id, first))).toEqual([])
    expect(await storedNames()).not.toContain(firstRow!.storage_key)
    const old = `/api/v1/consentia-get-photo-url?team_id=${c.church}&group_id=${c.church}&user_id=${contact}&photo_id=${first}`
    expect((await photo(c.leader, old)).statusCode).toBe(404)
    const current = await photo(c.leader, body(second).avatar as string)
    expect(current.headers['content-type']).toBe('image/heic')
    expect(current.rawPayload.includes(gpsLatitudeBytes)).toBe(false)
  })

  it('answers 404 for a photo id that is not this contact’s photo (another contact’s, or none)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church, person: consented })
    const neighbour = await buildContact(t, { teamId: c.church, person: consented })
    expect((await upload(c, c.leader, neighbour, { bytes: pngWithGps().bytes })).statusCode).toBe(200)
    const theirs = (await avatarOf(neighbour))!
    for (const photoId of [theirs, 999999]) {
      const url = `/api/v1/consentia-get-photo-url?team_id=${c.church}&group_id=${c.church}&user_id=${contact}&photo_id=${photoId}`
      expect((await photo(c.leader, url)).statusCode).toBe(404)
    }
    const bad = await photo(c.leader, `/api/v1/consentia-get-photo-url?team_id=${c.church}&group_id=${c.church}&user_id=${contact}&photo_id=x`)
    expect(bad.statusCode).toBe(400)
  })

  it('refuses a file that is not a JPEG, PNG or HEIC by its content, a file too large, and no file: nothing stored', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church, person: consented })
    const rowsBefore = (await t.db.select({ id: files.id }).from(files)).length
    const namesBefore = (await storedNames()).length
    const text = await upload(c, c.leader, contact, { bytes: Buffer.from('plain text, named like a photo'), filename: 'me.jpg' })
    expect(text.statusCode).toBe(400)
    expect(body(text).data.errors).toEqual({ file: 'The file must be one of: JPG, PNG, HEIC' })
    expect(body(text).data.error_codes).toEqual({ file: { code: 'file_type', params: { formats: 'JPG, PNG, HEIC' } } })
    const pdf = await upload(c, c.leader, contact, { bytes: Buffer.from('%PDF-1.4\n%%EOF'), filename: 'me.jpg' })
    expect(pdf.statusCode).toBe(400)
    const broken = await upload(c, c.leader, contact, { bytes: jpegWithGps().bytes.subarray(0, 50) })
    expect(broken.statusCode).toBe(400)
    expect(body(broken).data.error_codes).toEqual({ file: { code: 'image_unreadable', params: {} } })
    const big = Buffer.concat([jpegWithGps().bytes, Buffer.alloc(maxConsentFileSize)])
    const tooBig = await upload(c, c.leader, contact, { bytes: big })
    expect(tooBig.statusCode).toBe(413)
    expect(body(tooBig).data.error_codes.file).toEqual({ code: 'file_too_large', params: { bytes: expect.any(Number) } })
    const none = await upload(c, c.leader, contact, null)
    expect(none.statusCode).toBe(400)
    expect(body(none).data).toMatchObject({ errors: { file: 'Choose a photo' }, error_codes: { file: { code: 'required', params: {} } } })
    expect(await avatarOf(contact)).toBeNull()
    expect((await t.db.select({ id: files.id }).from(files)).length).toBe(rowsBefore)
    expect((await storedNames()).length).toBe(namesBefore)
  })

  it('refuses an image bomb (a 60000 × 60000 PNG of a few hundred bytes) before storing anything', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church, person: consented })
    const rowsBefore = (await t.db.select({ id: files.id }).from(files)).length
    const namesBefore = (await storedNames()).length
    const bomb = pngOfSize(60_000, 60_000)
    expect(bomb.length).toBeLessThan(1024)
    const response = await upload(c, c.leader, contact, { bytes: bomb, filename: 'me.png' })
    expect(response.statusCode).toBe(400)
    expect(body(response)).toEqual({
      code: 'invalid_request',
      message: expect.any(String),
      data: {
        status: 400,
        errors: { file: expect.stringMatching(/^The picture is too large \(60000 × 60000 pixels\)\. Choose one of at most 10000 pixels on each side/) },
        error_codes: { file: { code: 'image_too_large', params: { width: 60_000, height: 60_000, side: 10_000, megapixels: expect.any(Number) } } },
      },
    })
    expect(await avatarOf(contact)).toBeNull()
    expect((await t.db.select({ id: files.id }).from(files)).length).toBe(rowsBefore)
    expect((await storedNames()).length).toBe(namesBefore)
  })

  it('keeps no photo of a contact without consent (only name and gender are kept then)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const response = await upload(c, c.leader, contact, { bytes: pngWithGps().bytes })
    expect(response.statusCode).toBe(400)
    expect(body(response).data.errors).toEqual({ file: 'A photo is kept only once the contact has consented.' })
    expect(await avatarOf(contact)).toBeNull()
  })

  it('applies the child gate: a leader without the checks neither sets nor sees a child’s photo', async () => {
    const c = await buildChurch(t)
    const child = await buildContact(t, {
      teamId: c.church,
      person: { ...consented, ...bornYearsAgo(t, 12), parent_carer_first_name: 'Pam', parent_carer_email: 'pam@example.com' },
    })
    const unchecked = await buildPerson(t)
    await addMember(t, unchecked.id, c.church, 'leader')
    const refused = await upload(c, unchecked, child, { bytes: pngWithGps().bytes })
    expect(refused.statusCode).toBe(403)
    expect(body(refused).code).toBe('child_data_gate')
    expect(await avatarOf(child)).toBeNull()
    const allowed = await upload(c, c.leader, child, { bytes: pngWithGps().bytes })
    expect(allowed.statusCode).toBe(200)
    const url = body(allowed).avatar as string
    expect((await photo(c.leader, url)).statusCode).toBe(200)
    const gated = await photo(unchecked, url)
    expect(gated.statusCode).toBe(403)
    expect(body(gated).code).toBe('child_data_gate')
    const item = body(await get(t, `contact/${child}`, unchecked.token, { team_id: c.church, group_id: c.church }))
    expect(item.data_view_simple.avatar).toBeNull()
  })
})
