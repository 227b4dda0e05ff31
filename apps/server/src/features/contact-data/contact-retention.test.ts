import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { retentionNoticeDays, type ContactDue, type ContactErasure, type ContactRetention } from '@crm/domain'
import { rowsOf } from '../../db/client'
import { body, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { addToTeam, buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'
import { reportsInEveryPeriod } from '../../../test/report-factories'
import { applyContactRetention } from './contact-retention'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const dayMs = 24 * 60 * 60_000
const rows = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(statement))
/** The job as it runs `days` days from now (the requests stay at now: their sessions would end). */
const jobOn = (days: number) => applyContactRetention({ db: t.db, config: t.config, now: () => new Date(t.clock.now().getTime() + days * dayMs) })

/** A contact of the church whose last sign of life was `daysAgo` days ago. */
async function contactQuietFor(c: Church, daysAgo: number, first_name: string): Promise<number> {
  const id = await buildContact(t, { teamId: c.church, person: { first_name, last_name: 'Quiet' } })
  const then = new Date(t.clock.now().getTime() - daysAgo * dayMs).toISOString()
  await t.db.execute(sql`update people set updated_at = ${then}::timestamptz where id = ${id}`)
  await t.db.execute(sql`update team_contacts set created_at = ${then}::timestamptz where person_id = ${id}`)
  return id
}

const retention = (c: Church, token = c.owner.token) => get(t, 'contact-retention', token, { team_id: c.church })
const setRetention = (c: Church, months: number | null, token = c.owner.token) => post(t, 'set-contact-retention', token, { team_id: c.church, months })
async function dueList(c: Church): Promise<ContactDue[]> {
  const response = await get(t, 'contacts-due-for-de-identification', c.owner.token, { team_id: c.church })
  expect(response.statusCode, response.body).toBe(200)
  return body<{ items: ContactDue[] }>(response).items
}

describe('retention on schedule (issue 40 §2)', () => {
  it('is off until an owner sets 12, 24 or 36 months; only who may change the team sets it', async () => {
    const c = await buildChurch(t)
    expect(body<ContactRetention>(await retention(c))).toEqual({ months: null, notice_days: retentionNoticeDays, due_count: 0 })
    expect((await retention(c, c.leader.token)).statusCode).toBe(403)
    expect((await setRetention(c, 24, c.leader.token)).statusCode).toBe(403)
    const odd = await setRetention(c, 18)
    expect(odd.statusCode).toBe(400)
    expect(odd.json()).toMatchObject({ data: { errors: { months: expect.any(String) } } })
    const set = await setRetention(c, 24)
    expect(set.statusCode, set.body).toBe(200)
    expect(body<ContactRetention>(set)).toMatchObject({ months: 24 })
    expect(body<ContactRetention>(await retention(c))).toMatchObject({ months: 24 })
    // Nothing happens in a team that keeps its contacts.
    await contactQuietFor(c, 5 * 365, 'Ancient')
    expect(body<ContactRetention>(await setRetention(c, null))).toMatchObject({ months: null })
    expect(await jobOn(0)).toBeUndefined()
  })

  it('tells the owners a month ahead, then de-identifies the contacts still without activity; a kept or active contact stays', async () => {
    const c = await buildChurch(t)
    await setRetention(c, 12)
    const gone = await contactQuietFor(c, 400, 'Gone')
    const kept = await contactQuietFor(c, 380, 'Kept')
    const revived = await contactQuietFor(c, 370, 'Revived')
    const soon = await contactQuietFor(c, 340, 'Soon')
    const recent = await contactQuietFor(c, 100, 'Recent')
    // Quiet too, but another church owns it (shared here), or they sign in: not this schedule's.
    const otherChurch = await buildTeam(t, { kind: 'team', parentId: c.conference })
    const shared = await buildContact(t, { teamId: otherChurch, person: { first_name: 'Shared', last_name: 'Quiet' } })
    await addToTeam(t, shared, { teamId: c.church, isOwner: false })
    await addToTeam(t, c.member.id, { teamId: c.church })
    await t.db.execute(sql`update team_contacts set created_at = now() - interval '3 years' where person_id in (${shared}, ${c.member.id})`)
    await t.db.execute(sql`update people set updated_at = now() - interval '3 years' where id in (${shared}, ${c.member.id})`)

    expect(await jobOn(0)).toBe('told owners of 4 contacts due')
    const due = await dueList(c)
    expect(due.map((contact) => contact.name).sort()).toEqual(['Gone Quiet', 'Kept Quiet', 'Revived Quiet', 'Soon Quiet'])
    expect(new Date(due[0]!.due_at).getTime() - t.clock.now().getTime()).toBeGreaterThanOrEqual(retentionNoticeDays * dayMs - 60_000)
    expect(body<ContactRetention>(await retention(c)).due_count).toBe(4)
    const [told] = await rows<{ kind: string; params: Record<string, unknown>; link_url: string; content: string }>(
      sql`select kind, params, link_url, content from notifications where recipient_user_id = ${c.owner.id} and team_id = ${c.church}`,
    )
    expect(told).toMatchObject({ kind: 'contacts_due_for_de_identification', params: { count: 4, months: 12 }, link_url: '/contacts/erasures' })
    expect(told!.content).toContain('4 contacts of')
    // Told once: the next day's run tells nobody again.
    expect(await jobOn(1)).toBeUndefined()

    // An owner keeps one; another has a visit.
    const keep = await post(t, 'keep-contact', c.owner.token, { team_id: c.church, group_id: c.church, user_id: kept })
    expect(keep.statusCode, keep.body).toBe(200)
    expect((await post(t, 'keep-contact', c.leader.token, { team_id: c.church, group_id: c.church, user_id: soon })).statusCode).toBe(403)
    await t.db.execute(sql`update team_contacts set last_interaction_at = ${new Date(t.clock.now().getTime() + 2 * dayMs).toISOString()}::timestamptz
      where person_id = ${revived}`)
    expect((await dueList(c)).map((contact) => contact.name).sort()).toEqual(['Gone Quiet', 'Revived Quiet', 'Soon Quiet'])

    // Not before the notice has run out; then the ones still quiet are de-identified, and the
    // church's reports read as before.
    expect(await jobOn(retentionNoticeDays - 1)).toBeUndefined()
    const reports = await reportsInEveryPeriod(t, c.church, c.owner.token, 'member')
    expect(reports[0]!.contacts.totals['contacts']).toBe(7)
    expect(await jobOn(retentionNoticeDays + 1)).toBe('de-identified 2 contacts')
    expect(await reportsInEveryPeriod(t, c.church, c.owner.token, 'member')).toEqual(reports)
    expect(
      await rows(
        sql`select person_id, state from team_contacts where team_id = ${c.church} and person_id in (${gone}, ${kept}, ${revived}, ${soon}, ${recent}, ${shared}, ${c.member.id}) order by person_id`,
      ),
    ).toEqual([
      { person_id: c.member.id, state: 'active' },
      { person_id: gone, state: 'de_identified' },
      { person_id: kept, state: 'active' },
      { person_id: revived, state: 'active' },
      { person_id: soon, state: 'de_identified' },
      { person_id: recent, state: 'active' },
      { person_id: shared, state: 'active' },
    ])
    expect(await rows(sql`select first_name from people where id = ${gone}`)).toEqual([{ first_name: '' }])
    expect(await dueList(c)).toEqual([])
    // Recorded as the schedule's doing, with no one's name and no reason typed.
    const erasures = await get(t, 'contact-erasures', c.owner.token, { team_id: c.church })
    expect(body<{ items: ContactErasure[] }>(erasures).items).toEqual([
      expect.objectContaining({
        contact_id: soon,
        mode: 'de_identify',
        status: 'carried_out',
        retention_months: 12,
        reason: '',
        requested_by_name: '',
        contact_name: null,
      }),
      expect.objectContaining({ contact_id: gone, mode: 'de_identify', status: 'carried_out', retention_months: 12 }),
    ])
  })

  it('withdraws every notice when the setting changes', async () => {
    const c = await buildChurch(t)
    await setRetention(c, 12)
    await contactQuietFor(c, 400, 'Told')
    expect(await jobOn(0)).toBe('told owners of 1 contact due')
    await setRetention(c, 36)
    expect(await dueList(c)).toEqual([])
    expect(await jobOn(retentionNoticeDays + 1)).toBeUndefined()
  })
})
