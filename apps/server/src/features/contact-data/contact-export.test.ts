import { sql } from 'drizzle-orm'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportKinds } from '@crm/domain'
import { addMember, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { get } from '../../../test/contact-factories'
import { buildPersonWithEveryKind, type EveryKind } from '../../../test/every-kind'

let t: TestApp
let w: EveryKind
beforeAll(async () => {
  t = await createTestApp()
  w = await buildPersonWithEveryKind(t)
})
afterAll(async () => t.close())

async function exported(token: string, teamId = w.c.church): Promise<Record<string, Uint8Array>> {
  const response = await get(t, 'contact-data-export', token, { team_id: teamId, group_id: teamId, user_id: w.person })
  expect(response.statusCode, response.body).toBe(200)
  expect(response.headers['content-type']).toBe('application/zip')
  expect(response.headers['content-disposition']).toBe(`attachment; filename="contact-${w.person}-data.zip"`)
  expect(response.headers['cache-control']).toBe('private, no-store')
  return unzipSync(new Uint8Array(response.rawPayload))
}

const json = (archive: Record<string, Uint8Array>, kind: string) => JSON.parse(strFromU8(archive[`${kind}.json`]!)) as Record<string, unknown>[]

describe('GET /api/v1/contact-data-export (issue 40 §2)', () => {
  it('holds every kind of record about the contact, as JSON, CSV and a readable summary, with the files', async () => {
    const archive = await exported(w.c.owner.token)
    for (const kind of exportKinds) {
      expect(json(archive, kind).length, `${kind}.json`).toBeGreaterThan(0)
      expect(strFromU8(archive[`${kind}.csv`]!).split('\r\n').length, `${kind}.csv`).toBeGreaterThan(2)
    }
    expect(json(archive, 'contact')[0]).toMatchObject({ id: w.person, first_name: 'Zebedee', last_name: 'Quarrington', email: w.email })
    // A group visit with another contact counts; whose visit it was is another person's business.
    expect(json(archive, 'interactions').map((row) => row.with_another_contact)).toEqual([false, true])
    expect(json(archive, 'relationships')).toEqual(
      expect.arrayContaining([expect.objectContaining({ related_name: 'Ruth Mensah', relationship_type: 'sibling', direction: 'to' })]),
    )
    // The photo and the consent form's photo, byte for byte.
    const files = json(archive, 'files')
    expect(files).toHaveLength(2)
    for (const file of files) expect(archive[String(file.file)]?.length).toBe(file.size)
    expect(Buffer.from(archive[String(files[0]!.file)]!).equals(w.photoBytes)).toBe(true)

    const summary = strFromU8(archive['summary.html']!)
    expect(summary).toContain('<html lang="en">')
    expect(summary).toContain('What we hold about Zebedee Quarrington')
    expect(summary).toContain('Prays for the harvest')
    expect(summary).toContain('One private note is not included')
  })

  it('leaves out private notes, secrets, and the teams where the caller may not remove contacts', async () => {
    const archive = await exported(w.c.owner.token)
    const everything = Object.values(archive)
      .map((bytes) => Buffer.from(bytes).toString('latin1'))
      .join('\n')
    expect(everything).not.toContain(w.privateNoteCiphertext)
    expect(everything).not.toContain(w.consentKeyHash)
    expect(everything).not.toContain('Met at the other church')
    expect(json(archive, 'teams').map((row) => row.team)).toEqual([w.churchTitle])
    expect(json(archive, 'notes').map((row) => row.content)).toEqual(['Prays for the harvest'])
  })

  it('covers every team where the caller acts, and reads in the language of their account', async () => {
    await addMember(t, w.c.owner.id, w.otherChurch, 'owner')
    await t.db.execute(sql`update accounts set locale = 'es' where person_id = ${w.c.owner.id}`)
    try {
      const archive = await exported(w.c.owner.token)
      expect(json(archive, 'teams')).toHaveLength(2)
      expect(json(archive, 'interactions').map((row) => row.content)).toContain('Met at the other church')
      const summary = strFromU8(archive['summary.html']!)
      expect(summary).toContain('<html lang="es">')
      expect(summary).toContain('Lo que tenemos sobre Zebedee Quarrington')
    } finally {
      await t.db.execute(sql`update accounts set locale = 'en' where person_id = ${w.c.owner.id}`)
      await t.db.execute(sql`delete from memberships where person_id = ${w.c.owner.id} and team_id = ${w.otherChurch}`)
    }
  })

  it('names the columns of a kind with nothing recorded', async () => {
    const response = await get(t, 'contact-data-export', w.c.owner.token, { team_id: w.c.church, group_id: w.c.church, user_id: w.ruth })
    expect(response.statusCode, response.body).toBe(200)
    const archive = unzipSync(new Uint8Array(response.rawPayload))
    expect(json(archive, 'notes')).toEqual([])
    // UTF-8 with its byte order mark (which the decoder takes off), then the header row alone.
    expect([...archive['notes.csv']!.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(strFromU8(archive['notes.csv']!)).toBe('id,team,content,is_public,author,created_at,updated_at\r\n')
    expect(strFromU8(archive['files.csv']!)).toBe('id,file,mime_type,size\r\n')
    expect(strFromU8(archive['summary.html']!)).toContain('Nothing recorded.')
  })

  it('is for owners: a leader is refused, another church does not find the contact', async () => {
    const leader = await get(t, 'contact-data-export', w.c.leader.token, { team_id: w.c.church, group_id: w.c.church, user_id: w.person })
    expect(leader.statusCode).toBe(403)
    const elsewhere = await buildTeam(t, { kind: 'team', parentId: w.c.conference })
    await addMember(t, w.stranger.id, elsewhere, 'owner')
    const stranger = await get(t, 'contact-data-export', w.stranger.token, { team_id: elsewhere, group_id: elsewhere, user_id: w.person })
    expect(stranger.statusCode).toBe(404)
    const anonymous = await t.call({ method: 'GET', url: `/api/v1/contact-data-export?team_id=${w.c.church}&group_id=${w.c.church}&user_id=${w.person}` })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('GET /api/v1/contact-vcard (issue 40 §2)', () => {
  it('answers the card as vCard 4.0: name, birth as far as known, email, phone, address and photo, folded at 75 octets', async () => {
    const response = await get(t, 'contact-vcard', w.c.owner.token, { team_id: w.c.church, group_id: w.c.church, user_id: w.person })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/vcard; charset=utf-8')
    const text = response.body
    const lines = text.split('\r\n')
    expect(lines.every((line) => Buffer.byteLength(line, 'utf8') <= 75)).toBe(true)
    const unfolded = text.replace(/\r\n /g, '').split('\r\n')
    expect(unfolded.slice(0, 4)).toEqual(['BEGIN:VCARD', 'VERSION:4.0', 'FN:Zebedee Quarrington', 'N:Quarrington;Zebedee;;;'])
    expect(unfolded).toContain('BDAY:1990-05')
    expect(unfolded).toContain(`EMAIL:${w.email}`)
    expect(unfolded).toContain('TEL;VALUE=uri:tel:+61412999888')
    expect(unfolded).toContain('ADR;LABEL="12 Vine St, Hope; NSW":;;12 Vine St;Hope\\, North;NSW;2000;Australia')
    const photo = unfolded.find((line) => line.startsWith('PHOTO:data:image/png;base64,'))!
    expect(Buffer.from(photo.slice('PHOTO:data:image/png;base64,'.length), 'base64').equals(w.photoBytes)).toBe(true)
    expect(unfolded.at(-2)).toBe('END:VCARD')
  })

  it('is for owners', async () => {
    const response = await get(t, 'contact-vcard', w.c.member.token, { team_id: w.c.church, group_id: w.c.church, user_id: w.person })
    expect(response.statusCode).toBe(403)
  })
})
