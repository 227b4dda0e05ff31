import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { erasureGraceDays, type ContactErasure } from '@crm/domain'
import { rowsOf } from '../../db/client'
import { fileStoreOf } from '../../platform/files'
import { body, createTestApp, type TestApp } from '../../../test/harness'
import { get, post } from '../../../test/contact-factories'
import { buildPersonWithEveryKind } from '../../../test/every-kind'
import { reportsInEveryPeriod } from '../../../test/report-factories'
import { rowsNaming } from '../../../test/rows-naming'
import { carryOutDueErasures } from './contact-data.jobs'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const dayMs = 24 * 60 * 60_000
const rows = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(statement))

describe('POST /api/v1/erase-contact with mode de_identify (issue 40 §2)', () => {
  it('removes every personal field, note and file, keeps what the reports count, and the reports read the same', async () => {
    const w = await buildPersonWithEveryKind(t)
    // A member status and a source the reports group by, in the church holding him and the one sharing him.
    await t.db.execute(sql`update people set member_status = 'interested', source = 'website' where id = ${w.person}`)
    await t.db.execute(sql`update team_contacts set member_status = 'interested', source = 'website' where person_id = ${w.person}`)
    // The leader he is assigned to rang him three days ago (an active member of the follow-ups), and plans a visit.
    const rang = new Date(t.clock.now().getTime() - 3 * dayMs)
    const rangOn = rang.toISOString().slice(0, 10)
    await t.db.execute(sql`insert into interactions (contact_id, team_id, type, date, occurs_at, is_completed, by_person_id, content, completed_at)
      values (${w.person}, ${w.c.church}, 'phone-call', ${rangOn}, ${rang.toISOString()}, true, ${w.c.leader.id}, 'Rang Zebedee about the harvest', ${rang.toISOString()}),
             (${w.person}, ${w.c.church}, 'visit', '2027-01-05', '2027-01-05T09:00:00Z', false, ${w.c.leader.id}, 'Planned visit', null)`)
    const files = await rows<{ key: string }>(
      sql`select storage_key as key from files where id in (select avatar_file_id from people where id = ${w.person}
        union select photo_file_id from parental_consents where contact_id = ${w.person})`,
    )
    expect(files).toHaveLength(2)
    const words = ['Zebedee', 'Quarrington', w.email, '61412999888', 'Vine St', 'Visited at home', 'Prays for the harvest', w.privateNoteCiphertext]
    expect((await rowsNaming(t, words)).length).toBeGreaterThan(10)

    const asked = await post(t, 'erase-contact', w.c.owner.token, {
      team_id: w.c.church,
      group_id: w.c.church,
      user_id: w.person,
      mode: 'de_identify',
      reason: 'No contact for three years',
    })
    expect(asked.statusCode, asked.body).toBe(200)
    expect(body<ContactErasure>(asked)).toMatchObject({ mode: 'de_identify', status: 'pending', contact_name: 'Zebedee Quarrington' })

    // The sharing church's owner reads its reports too.
    await t.db.execute(sql`insert into memberships (person_id, team_id, role) values (${w.c.owner.id}, ${w.otherChurch}, 'owner')`)
    const before = { church: await reportsInEveryPeriod(t, w.c.church, w.c.owner.token), shared: await reportsInEveryPeriod(t, w.otherChurch, w.c.owner.token) }
    expect(before.church[0]!.contacts.totals['contacts']).toBe(2)
    expect(before.church.some((summary) => summary.baptism_decisions.totals['baptisms']! > 0)).toBe(true)
    expect(before.church[0]!.followups).toMatchObject({ outstanding: 0, active_members: 1 })

    // The job of a week on (the reports read before and after at one moment).
    const dueAt = new Date(t.clock.now().getTime() + erasureGraceDays * dayMs + 60_000)
    expect(await carryOutDueErasures({ db: t.db, config: t.config, now: () => dueAt })).toBe('de-identified 1 contact')

    expect(await rowsNaming(t, words)).toEqual([])
    for (const { key } of files) expect(await fileStoreOf(t).read(key)).toBeNull()
    expect({
      church: await reportsInEveryPeriod(t, w.c.church, w.c.owner.token),
      shared: await reportsInEveryPeriod(t, w.otherChurch, w.c.owner.token),
    }).toEqual(before)

    // What the figures are made of stays, without words: the completed interactions, the
    // decision, the assignment, the attendance as an unnamed visitor; the planned visit goes.
    expect(await rows(sql`select type, date, content, by_person_id from interactions where contact_id = ${w.person} order by date, type`)).toEqual([
      { type: 'visit', date: '2026-10-01', content: null, by_person_id: null },
      { type: 'visit', date: '2026-10-03', content: null, by_person_id: null },
      { type: 'phone-call', date: rangOn, content: null, by_person_id: w.c.leader.id },
    ])
    expect(await rows(sql`select type, date from contact_events where contact_id = ${w.person}`)).toEqual([{ type: 'baptism', date: '2026-09-01' }])
    expect(await rows(sql`select to_person_id from assignments where contact_id = ${w.person}`)).toEqual([{ to_person_id: w.c.leader.id }])
    expect(await rows(sql`select state from team_contacts where person_id = ${w.person} order by team_id`)).toEqual([
      { state: 'de_identified' },
      { state: 'de_identified' },
    ])
    for (const table of ['notes', 'contact_relationships', 'contact_interests', 'group_contacts', 'parental_consents', 'consent_requests']) {
      const column = table === 'contact_interests' || table === 'group_contacts' ? 'person_id' : 'contact_id'
      expect(await rows(sql`select 1 from ${sql.raw(table)} where ${sql.raw(column)} = ${w.person}`), table).toEqual([])
    }

    // He is in no list, search, map or page any more; the list's count says so.
    const scope = { team_id: w.c.church, group_id: w.c.church }
    const listed = await get(t, 'contacts', w.c.owner.token, scope)
    expect(body<{ items: Array<{ id: number }>; count: number }>(listed)).toMatchObject({ items: [{ id: w.ruth }], count: 1 })
    const map = await get(t, 'contacts-for-map', w.c.owner.token, scope)
    expect(body<{ items: Array<{ id: number }> }>(map).items.map((item) => item.id)).not.toContain(w.person)
    expect((await get(t, `contact/${w.person}`, w.c.owner.token, scope)).statusCode).toBe(404)
    const again = await post(t, 'erase-contact', w.c.owner.token, { ...scope, user_id: w.person, mode: 'erase', reason: 'Again' })
    expect(again.statusCode).toBe(404)

    // The record: what was done and why, naming nobody.
    const listedErasures = await get(t, 'contact-erasures', w.c.owner.token, { team_id: w.c.church })
    expect(body<{ items: ContactErasure[] }>(listedErasures).items).toEqual([
      expect.objectContaining({ contact_id: w.person, contact_name: null, mode: 'de_identify', status: 'carried_out', reason: 'No contact for three years' }),
    ])
  })
})
