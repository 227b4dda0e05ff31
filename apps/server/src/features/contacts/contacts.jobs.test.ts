import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { activityLog, assignments, groupContacts, jobRuns, people, teamContacts } from '../../db/schema/index'
import { jobs } from '../../jobs'
import type { Deps } from '../../platform/deps'
import { runJob } from '../../platform/jobs'
import { body, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { buildChurch, get, post, type Church } from '../../../test/contact-factories'
import { assignContact, buildContact, shareContact } from '../../../test/contacts'
import { removeExpiredArchivedContacts } from './contacts.jobs'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const job = jobs.find((entry) => entry.name === 'archived-contacts-removal')!

function monthsFrom(date: Date, months: number): Date {
  const moved = new Date(date)
  moved.setUTCMonth(moved.getUTCMonth() + months)
  return moved
}
const monthsAgo = (months: number) => monthsFrom(t.clock.now(), -months)

/** The app's services with the job's clock at `now`: the job travels in time, the API's clock stays. */
function depsAt(now: Date): Deps {
  return { ...t.app.deps, now: () => now }
}

async function archivedNames(c: Church): Promise<string[]> {
  const response = await get(t, 'archived-contacts', c.owner.token, { team_id: c.church, group_id: c.church, per_page: 100 })
  expect(response.statusCode, response.body).toBe(200)
  return body(response).items.map((item: { name: string }) => item.name)
}

async function teamRow(teamId: number, personId: number) {
  const [row] = await t.db
    .select()
    .from(teamContacts)
    .where(and(eq(teamContacts.team_id, teamId), eq(teamContacts.person_id, personId)))
  return row
}

async function runsOfJob() {
  return t.db.select().from(jobRuns).where(eq(jobRuns.job, job.name)).orderBy(jobRuns.id)
}

describe('archived contacts removed after 12 months without interactions (spec 2 §1)', () => {
  it('removes them as remove-contact-from-team does; recent ones, active ones and other teams stay (D2-1-02)', async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t, { conference: c.conference })
    const group = await buildTeam(t, { kind: 'group', parentId: c.church })
    const quiet = await buildContact(t, {
      teamId: c.church,
      first_name: 'Quinn',
      last_name: 'Quiet',
      archivedAt: monthsAgo(13),
      interactions: { last_interaction_at: monthsAgo(14) },
      groupIds: [group],
    })
    await assignContact(t, c.church, quiet, c.member.id)
    const never = await buildContact(t, { teamId: c.church, first_name: 'Nell', last_name: 'Never', archivedAt: monthsAgo(13) })
    const shared = await buildContact(t, {
      teamId: c.church,
      first_name: 'Sam',
      last_name: 'Shared',
      archivedAt: monthsAgo(24),
      interactions: { last_interaction_at: monthsAgo(24) },
    })
    await shareContact(t, shared, other.church)
    await buildContact(t, {
      teamId: c.church,
      first_name: 'Rita',
      last_name: 'Recent',
      archivedAt: monthsAgo(11),
      interactions: { last_interaction_at: monthsAgo(20) },
    })
    await buildContact(t, {
      teamId: c.church,
      first_name: 'Vic',
      last_name: 'Visited',
      archivedAt: monthsAgo(18),
      interactions: { last_interaction_at: monthsAgo(6) },
    })
    const active = await buildContact(t, { teamId: c.church, first_name: 'Ada', last_name: 'Active', interactions: { last_interaction_at: monthsAgo(30) } })
    expect((await archivedNames(c)).sort()).toEqual(['Nell Never', 'Quinn Quiet', 'Rita Recent', 'Sam Shared', 'Vic Visited'])

    await runJob(t.app.deps, job)

    expect((await archivedNames(c)).sort()).toEqual(['Rita Recent', 'Vic Visited'])
    // The team's rows are gone; a person no team holds any more goes with them.
    expect(await teamRow(c.church, quiet)).toBeUndefined()
    expect(await t.db.select().from(groupContacts).where(eq(groupContacts.person_id, quiet))).toHaveLength(0)
    expect(await t.db.select().from(assignments).where(eq(assignments.contact_id, quiet))).toHaveLength(0)
    expect(await t.db.select().from(people).where(eq(people.id, quiet))).toHaveLength(0)
    expect(await t.db.select().from(people).where(eq(people.id, never))).toHaveLength(0)
    // Another team's hold of the same person stays, and so does the person.
    expect(await teamRow(c.church, shared)).toBeUndefined()
    expect(await teamRow(other.church, shared)).toMatchObject({ archived_at: null })
    expect(await t.db.select().from(people).where(eq(people.id, shared))).toHaveLength(1)
    expect(await teamRow(c.church, active)).toMatchObject({ archived_at: null })

    // Each removal is in the team's log, with no author: no person removed it.
    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.team_id, c.church), eq(activityLog.action, 'delete')))
    expect(log.map((entry) => (entry.before as { name: string }).name).sort()).toEqual(['Nell Never', 'Quinn Quiet', 'Sam Shared'])
    const entryOf = (personId: number) => log.find((entry) => (entry.before as { person_id: number }).person_id === personId)
    expect(entryOf(shared)).toMatchObject({
      author_id: null,
      subject_type: 'team_contacts',
      contact_id: shared,
      after: null,
    })
    expect(entryOf(quiet)).toMatchObject({
      author_id: null,
      contact_id: null,
      after: { person_deleted: true },
    })

    const runs = await runsOfJob()
    expect(runs).toHaveLength(1)
    expect(runs[0]).toMatchObject({ status: 'done', detail: 'removed 3 archived contacts' })

    // A second run finds nothing to do: nothing changes and no run is recorded.
    await runJob(t.app.deps, job)
    expect((await archivedNames(c)).sort()).toEqual(['Rita Recent', 'Vic Visited'])
    expect(await runsOfJob()).toHaveLength(1)
  })

  it('counts 12 months from the archive: a contact archived today goes a year later, not before (D2-1-02)', async () => {
    // 12 months after 29 February is 1 March, whose own 12 months back are 1 March: a leap
    // day's contact goes a day early in this test's terms. Such a run archives on 1 March.
    const today = t.clock.now()
    if (today.getUTCMonth() === 1 && today.getUTCDate() === 29) t.clock.advance(24 * 3_600_000)
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church, first_name: 'Tess', last_name: 'Later', interactions: { last_interaction_at: monthsAgo(30) } })
    const archived = await post(t, 'archive-user', c.owner.token, { team_id: c.church, group_id: c.church, user_id: contact })
    expect(archived.statusCode).toBe(200)
    const archivedAt = (await teamRow(c.church, contact))!.archived_at!

    // Other tests' contacts may fall due on these dates too: only Tess is checked.
    await removeExpiredArchivedContacts(depsAt(monthsFrom(archivedAt, 11)))
    await removeExpiredArchivedContacts(depsAt(monthsFrom(archivedAt, 12)))
    expect(await archivedNames(c)).toEqual(['Tess Later'])

    const detail = await removeExpiredArchivedContacts(depsAt(new Date(monthsFrom(archivedAt, 12).getTime() + 60_000)))
    expect(detail).toMatch(/^removed \d+ archived contacts?$/)
    expect(await archivedNames(c)).toEqual([])
    expect(await teamRow(c.church, contact)).toBeUndefined()
  })

  it('works through more contacts than one batch holds (D2-1-02)', async () => {
    const c = await buildChurch(t)
    for (let i = 0; i < 5; i++) await buildContact(t, { teamId: c.church, archivedAt: monthsAgo(13) })
    expect(await archivedNames(c)).toHaveLength(5)
    expect(await removeExpiredArchivedContacts(t.app.deps, 2)).toBe('removed 5 archived contacts')
    expect(await archivedNames(c)).toEqual([])
  })
})
