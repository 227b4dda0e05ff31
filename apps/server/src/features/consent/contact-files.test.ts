import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { files, parentalConsents, people, teamContacts } from '../../db/schema/index'
import { storedFileTypes } from '../../platform/file-types'
import { saveFile } from '../../platform/files'
import { createTestApp, storedFileNames, type TestApp } from '../../../test/harness'
import { addToTeam, bornYearsAgo, buildChurch, buildContact, post, type Church } from '../../../test/contact-factories'
import { heicWithGps, jpegWithGps, pngWithGps } from '../../../test/image-fixtures'
import { removeExpiredArchivedContacts } from '../contacts/contacts.jobs'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

async function storedFile(bytes: Buffer, teamId: number): Promise<{ id: number; key: string }> {
  const saved = await t.db.transaction((tx) =>
    saveFile(t, tx, { bytes, field: 'file', accept: storedFileTypes, maxSize: 1024 * 1024, teamId, uploadedById: null }),
  )
  const [row] = await t.db.select({ key: files.storage_key }).from(files).where(eq(files.id, saved.id))
  return { id: saved.id, key: row!.key }
}

/** A child of the church with a photo, and a signed consent and a photo consent on record, each with its file. */
async function childWithFiles(c: Church, options: { archivedAt?: Date } = {}) {
  const avatar = await storedFile(pngWithGps().bytes, c.church)
  const signature = await storedFile(pngWithGps().bytes, c.church)
  const form = await storedFile(heicWithGps().bytes, c.church)
  const paper = await storedFile(jpegWithGps().bytes, c.church)
  const child = await buildContact(t, {
    teamId: c.church,
    archived: options.archivedAt !== undefined,
    person: {
      first_name: 'Remy',
      ...bornYearsAgo(t, 9),
      parent_carer_first_name: 'Pam',
      parent_carer_email: 'pam@example.com',
      consent_type: 'photo',
      consent_date: '2026-02-01',
      avatar_file_id: avatar.id,
      consent_photo_file_id: paper.id,
    },
  })
  if (options.archivedAt) await t.db.update(teamContacts).set({ archived_at: options.archivedAt }).where(eq(teamContacts.person_id, child))
  const consent = { contact_id: child, team_id: c.church, by_name: 'Pam Parent', consent_date: '2026-02-01' }
  await t.db.insert(parentalConsents).values([
    { ...consent, type: 'direct', signature_file_id: signature.id },
    { ...consent, type: 'photo', photo_file_id: form.id },
  ])
  return { child, files: [avatar, signature, form, paper] }
}

async function remaining(fileIds: number[]) {
  const rows = await t.db.select({ id: files.id }).from(files).where(inArray(files.id, fileIds))
  const names = await storedFileNames(t)
  return { rows: rows.length, names }
}

describe('files of a removed contact are removed with it (issue 13 item 6)', () => {
  it('remove-contact-from-team: the person, their consent records and every file they had are gone, from the table and the folder', async () => {
    const c = await buildChurch(t)
    const { child, files: kept } = await childWithFiles(c)
    const response = await post(t, 'remove-contact-from-team', c.owner.token, { team_id: c.church, group_id: c.church, user_id: child })
    expect(response.statusCode, response.body).toBe(200)
    expect(await t.db.select().from(people).where(eq(people.id, child))).toEqual([])
    expect(await t.db.select().from(parentalConsents).where(eq(parentalConsents.contact_id, child))).toEqual([])
    const left = await remaining(kept.map((file) => file.id))
    expect(left.rows).toBe(0)
    for (const file of kept) expect(left.names).not.toContain(file.key)
  })

  it('a contact another team still holds keeps its files', async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t, { conference: c.conference })
    const { child, files: kept } = await childWithFiles(c)
    await addToTeam(t, child, { teamId: other.church, isOwner: false })
    const response = await post(t, 'remove-contact-from-team', c.owner.token, { team_id: c.church, group_id: c.church, user_id: child })
    expect(response.statusCode, response.body).toBe(200)
    const left = await remaining(kept.map((file) => file.id))
    expect(left.rows).toBe(kept.length)
    for (const file of kept) expect(left.names).toContain(file.key)
  })

  it('the removal of archived contacts after 12 months removes their files too', async () => {
    const c = await buildChurch(t)
    const longAgo = new Date(t.clock.now())
    longAgo.setUTCMonth(longAgo.getUTCMonth() - 13)
    const { child, files: kept } = await childWithFiles(c, { archivedAt: longAgo })
    await removeExpiredArchivedContacts(t.app.deps)
    expect(await t.db.select().from(people).where(eq(people.id, child))).toEqual([])
    const left = await remaining(kept.map((file) => file.id))
    expect(left.rows).toBe(0)
    for (const file of kept) expect(left.names).not.toContain(file.key)
  })

  it('a record merged into the removed contact goes with it, and so does its photo (issue 40)', async () => {
    const c = await buildChurch(t)
    const keptPhoto = await storedFile(pngWithGps().bytes, c.church)
    const otherPhoto = await storedFile(jpegWithGps().bytes, c.church)
    const kept = await buildContact(t, { teamId: c.church, person: { first_name: 'Ada', avatar_file_id: keptPhoto.id } })
    const other = await buildContact(t, { teamId: c.church, person: { first_name: 'Ada', avatar_file_id: otherPhoto.id } })
    // The kept record's photo is chosen: the other's stays on its tombstone for undo.
    const merged = await post(t, 'merge-contacts', c.owner.token, { team_id: c.church, contact_id: kept, other_contact_id: other })
    expect(merged.statusCode, merged.body).toBe(200)
    const removed = await post(t, 'remove-contact-from-team', c.owner.token, { team_id: c.church, group_id: c.church, user_id: kept })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(
      await t.db
        .select()
        .from(people)
        .where(inArray(people.id, [kept, other])),
    ).toEqual([])
    const left = await remaining([keptPhoto.id, otherPhoto.id])
    expect(left.rows).toBe(0)
    for (const file of [keptPhoto, otherPhoto]) expect(left.names).not.toContain(file.key)
  })
})
