import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { reportsSummarySchema, type ReportsSummary } from '@crm/domain'
import { assignments, interactions, teamContacts } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { assignContact, buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'

// GET reports-summary/{team id}: access, validation, the follow-ups through the calls a person
// makes, the member-status filter and a conference's churches (spec 3 §2.3, §6, §7).

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const hour = 3_600_000
const day = 24 * hour

function summary(teamId: number | string, token: string | undefined, query: Record<string, string | number> = {}) {
  if (token === undefined) return t.call({ method: 'GET', url: `/api/v1/reports-summary/${teamId}` })
  return get(t, `reports-summary/${teamId}`, token, query)
}

async function figures(teamId: number, token: string, query: Record<string, string | number> = {}): Promise<ReportsSummary> {
  const response = await summary(teamId, token, query)
  expect(response.statusCode, response.body).toBe(200)
  return reportsSummarySchema.parse(body(response))
}

/** A completed interaction by `by` with `contact` in the church, at `at` (direct, as the import stores one). */
async function completedInteraction(church: number, contact: number, by: number, at: Date) {
  const date = at.toISOString().slice(0, 10)
  await t.db
    .insert(interactions)
    .values({ contact_id: contact, team_id: church, by_person_id: by, author_id: by, type: 'visit', date, occurs_at: at, is_completed: true, completed_at: at })
}

describe('GET reports-summary/{team id}: access and validation', () => {
  let c: Church
  beforeAll(async () => {
    c = await buildChurch(t)
  })

  it('D3-6-07 answers 401 without a session', async () => {
    expect((await summary(c.church, undefined)).statusCode).toBe(401)
  })

  it('D3-6-07 needs read_own_report: a member gets 403, a leader and the owner read the report', async () => {
    const refused = await summary(c.church, c.member.token)
    expect(refused.statusCode).toBe(403)
    expect(body(refused).code).toBe('forbidden')
    await figures(c.church, c.leader.token)
    await figures(c.church, c.owner.token)
    // A pending member sees nothing.
    const pending = await buildPerson(t)
    await addMember(t, pending.id, c.church, 'member_request')
    expect((await summary(c.church, pending.token)).statusCode).toBe(403)
  })

  it("D3-6-07 another team's report, a group or a team that does not exist is 404", async () => {
    const other = await buildChurch(t)
    expect((await summary(other.church, c.leader.token)).statusCode).toBe(404)
    const group = await buildTeam(t, { kind: 'group', parentId: c.church })
    expect((await summary(group, c.leader.token)).statusCode).toBe(404)
    expect((await summary(99_999_999, c.leader.token)).statusCode).toBe(404)
  })

  it('D3-7.2-01 D3-2.3-12 answers 400 invalid_request to a bad period, team id, for_team_id or combined', async () => {
    for (const [teamId, query, field] of [
      [c.church, { contacts_period: 'decade' }, 'contacts_period'],
      [c.church, { events_recurring_period: 'THIS_YEAR' }, 'events_recurring_period'],
      [c.church, { for_team_id: 'abc' }, 'for_team_id'],
      [c.church, { for_team_id: 0 }, 'for_team_id'],
      [c.church, { combined: 'maybe' }, 'combined'],
      [c.church, { member_status: 'x'.repeat(61) }, 'member_status'],
      ['abc', {}, 'teamId'],
      ['-1', {}, 'teamId'],
      ['1e40', {}, 'teamId'],
    ] as const) {
      const response = await summary(teamId, c.leader.token, query)
      expect(response.statusCode, `${teamId} ${JSON.stringify(query)}`).toBe(400)
      expect(body(response).code).toBe('invalid_request')
      expect(Object.keys(body(response).data.errors)).toContain(field)
    }
  })

  it('D3-7.2-01 a church has no churches: for_team_id naming another team is 404, itself is its own report', async () => {
    const other = await buildChurch(t, { conference: c.conference })
    expect((await summary(c.church, c.leader.token, { for_team_id: other.church })).statusCode).toBe(404)
    await figures(c.church, c.leader.token, { for_team_id: c.church, combined: 1 })
  })

  it('D3-3-17 D3-2.3-04 D3-2.3-13 answers every widget, each chart on this year by default with its chart type', async () => {
    const report = await figures(c.church, c.leader.token)
    expect(Object.keys(report).sort()).toEqual(
      ['baptism_decisions', 'contact_sources', 'contacts', 'events_multi_day', 'events_non_recurring', 'events_recurring', 'followups'].sort(),
    )
    expect(Object.keys(report.followups).sort()).toEqual(['active_members', 'outstanding', 'response_time_average'])
    const charts = [
      report.contacts,
      report.baptism_decisions,
      report.contact_sources,
      report.events_non_recurring,
      report.events_multi_day,
      report.events_recurring,
    ]
    for (const chart of charts) {
      expect(chart.period).toBe('this_year')
      expect(chart.granularity).toBe('month')
      expect(chart.points).toHaveLength(12)
    }
    expect(charts.map((chart) => chart.type)).toEqual(['line', 'line', 'pie', 'bar', 'multi_line', 'multi_line'])
    expect(report.contacts.keys).toEqual(['contacts'])
    expect(report.baptism_decisions.keys).toEqual(['baptism_decisions', 'baptisms'])
    expect(report.events_non_recurring.keys).toEqual(['events', 'attendance'])
    expect(report.events_recurring.keys).toEqual(['occurrences', 'attendance'])
    expect(report.contact_sources).toMatchObject({ keys: [], primary: null })
    expect(report.followups).toEqual({ outstanding: 0, response_time_average: null, active_members: 0 })
  })
})

describe('followups', () => {
  it('D3-2.3-05 outstanding: assigning X to U adds one; U completing an interaction takes it off; another user’s does not', async () => {
    const c = await buildChurch(t)
    const x = await buildContact(t, { teamId: c.church })
    const scope = { team_id: c.church, group_id: c.church, user_id: x }
    expect((await figures(c.church, c.owner.token)).followups.outstanding).toBe(0)

    const assigned = await post(t, 'add-contact-assignment', c.owner.token, { ...scope, to_user_id: c.leader.id })
    expect(assigned.statusCode, assigned.body).toBe(200)
    expect((await figures(c.church, c.owner.token)).followups.outstanding).toBe(1)

    // The owner's completed visit is not the assignee's follow-up.
    const today = new Date(t.clock.now().getTime() - hour).toISOString().slice(0, 10)
    const byOwner = await post(t, 'add-contact-interaction', c.owner.token, { ...scope, type: 'visit', date: today, is_completed: 1 })
    expect(byOwner.statusCode, byOwner.body).toBe(200)
    expect((await figures(c.church, c.owner.token)).followups.outstanding).toBe(1)

    // The assignee plans a visit (not yet a follow-up), then marks it complete.
    const planned = await post(t, 'add-contact-interaction', c.leader.token, { ...scope, type: 'visit', date: today, is_completed: 0 })
    expect(planned.statusCode, planned.body).toBe(200)
    expect((await figures(c.church, c.owner.token)).followups.outstanding).toBe(1)
    const completed = await post(t, 'update-contact-interaction', c.leader.token, { ...scope, id: body(planned).id, is_completed: 1 })
    expect(completed.statusCode, completed.body).toBe(200)
    const after = await figures(c.church, c.owner.token)
    expect(after.followups.outstanding).toBe(0)
    expect(after.followups.response_time_average).not.toBeNull()

    // Deleting the follow-up makes it outstanding again.
    const deleted = await post(t, 'delete-contact-interaction', c.leader.token, { ...scope, id: body(planned).id })
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect((await figures(c.church, c.owner.token)).followups).toMatchObject({ outstanding: 1, response_time_average: null })
  })

  it('D3-2.3-05 counts each assignment once per assignee, only in its team, and a removed contact leaves the count', async () => {
    const c = await buildChurch(t)
    const [x, y] = [await buildContact(t, { teamId: c.church }), await buildContact(t, { teamId: c.church })]
    await assignContact(t, { teamId: c.church, contactId: x, toId: c.leader.id })
    await assignContact(t, { teamId: c.church, contactId: x, toId: c.member.id })
    await assignContact(t, { teamId: c.church, contactId: y, toId: c.leader.id })
    expect((await figures(c.church, c.owner.token)).followups.outstanding).toBe(3)
    // The leader's visit to x in another team is not a follow-up here.
    const elsewhere = await buildChurch(t, { conference: c.conference })
    await completedInteraction(elsewhere.church, x, c.leader.id, t.clock.now())
    expect((await figures(c.church, c.owner.token)).followups.outstanding).toBe(3)
    await completedInteraction(c.church, x, c.leader.id, t.clock.now())
    expect((await figures(c.church, c.owner.token)).followups.outstanding).toBe(2)
    // Archived: no longer counted.
    await t.db.update(teamContacts).set({ archived_at: t.clock.now() }).where(eq(teamContacts.person_id, y))
    expect((await figures(c.church, c.owner.token)).followups.outstanding).toBe(1)
  })

  it('D3-2.3-06 response time average is the mean of the hours from each assignment to the assignee’s first completed interaction after it', async () => {
    const c = await buildChurch(t)
    const now = t.clock.now().getTime()
    const gaps = [2, 10, 24]
    for (const gap of gaps) {
      const contact = await buildContact(t, { teamId: c.church })
      const assignmentId = await assignContact(t, { teamId: c.church, contactId: contact, toId: c.leader.id })
      const assignedAt = new Date(now - 10 * day)
      // An assignment moved to its start afterwards is worked out again (the update trigger).
      await t.db.update(assignments).set({ created_at: assignedAt }).where(eq(assignments.id, assignmentId))
      await completedInteraction(c.church, contact, c.leader.id, new Date(assignedAt.getTime() + gap * hour))
      // A later one does not change the first response.
      await completedInteraction(c.church, contact, c.leader.id, new Date(assignedAt.getTime() + (gap + 48) * hour))
    }
    // Visited before it was assigned: not outstanding, and no response to time.
    const visited = await buildContact(t, { teamId: c.church })
    await completedInteraction(c.church, visited, c.leader.id, new Date(now - 20 * day))
    const id = await assignContact(t, { teamId: c.church, contactId: visited, toId: c.leader.id })
    await t.db
      .update(assignments)
      .set({ created_at: new Date(now - 5 * day) })
      .where(eq(assignments.id, id))
    // Still waiting: outstanding, no response.
    await assignContact(t, { teamId: c.church, contactId: await buildContact(t, { teamId: c.church }), toId: c.leader.id })

    const report = await figures(c.church, c.owner.token)
    expect(report.followups.outstanding).toBe(1)
    expect(report.followups.response_time_average).toBe(12)
  })

  it('D3-2.3-08 active members: assignees with a completed interaction in the team in the last 30 days, not 31', async () => {
    const c = await buildChurch(t)
    const now = t.clock.now().getTime()
    const [today, thirtyOne, twentyNine, unassigned] = [await buildPerson(t), await buildPerson(t), await buildPerson(t), await buildPerson(t)]
    for (const person of [today, thirtyOne, twentyNine, unassigned]) await addMember(t, person.id, c.church, 'member')
    const contact = await buildContact(t, { teamId: c.church })
    for (const person of [today, thirtyOne, twentyNine]) await assignContact(t, { teamId: c.church, contactId: contact, toId: person.id })
    await completedInteraction(c.church, contact, today.id, new Date(now - hour))
    await completedInteraction(c.church, contact, thirtyOne.id, new Date(now - 31 * day))
    await completedInteraction(c.church, contact, twentyNine.id, new Date(now - 29 * day))
    // Not an assignee: not counted however busy.
    await completedInteraction(c.church, contact, unassigned.id, new Date(now - hour))
    // A planned interaction is not following up.
    const planned = await buildPerson(t)
    await assignContact(t, { teamId: c.church, contactId: contact, toId: planned.id })
    await t.db
      .insert(interactions)
      .values({ contact_id: contact, team_id: c.church, by_person_id: planned.id, type: 'visit', date: '2026-01-01', occurs_at: new Date(now + day) })
    expect((await figures(c.church, c.owner.token)).followups.active_members).toBe(2)
  })
})

describe('member_status, contacts counted, and a conference', () => {
  it('D3-2.3-01 member_status keeps only the contacts of that status; awaiting approval and archived contacts are never counted', async () => {
    const c = await buildChurch(t)
    await buildContact(t, { teamId: c.church, person: { member_status: 'member', source: 'online' } })
    await buildContact(t, { teamId: c.church, person: { member_status: 'member', source: 'online' } })
    const attendee = await buildContact(t, { teamId: c.church, person: { member_status: 'church-attendee', source: 'walk-in' } })
    await buildContact(t, { teamId: c.church, archived: true, person: { member_status: 'member' } })
    await buildContact(t, { teamId: c.church, state: 'awaiting_approval', person: { member_status: 'member' } })
    await assignContact(t, { teamId: c.church, contactId: attendee, toId: c.leader.id })

    const all = await figures(c.church, c.leader.token)
    expect(all.contacts.totals).toEqual({ contacts: 3 })
    expect(all.followups.outstanding).toBe(1)
    const members = await figures(c.church, c.leader.token, { member_status: 'member' })
    expect(members.contacts.totals).toEqual({ contacts: 2 })
    expect(members.contact_sources).toMatchObject({ keys: ['online'], totals: { online: 2 }, primary: 'online' })
    expect(members.followups.outstanding).toBe(0)
    const attendees = await figures(c.church, c.leader.token, { member_status: 'church-attendee' })
    expect(attendees.contacts.totals).toEqual({ contacts: 1 })
    expect(attendees.followups.outstanding).toBe(1)
    expect((await figures(c.church, c.leader.token, { member_status: 'no-such-status' })).contacts.totals).toEqual({ contacts: 0 })
  })

  it('D3-7.2-01 D3-2.3-02 a conference: for_team_id is that church alone, combined adds up its churches, neither is its own figures', async () => {
    const officer = await buildPerson(t)
    const conference = await buildTeam(t, { kind: 'conference' })
    await addMember(t, officer.id, conference, 'entity_admin')
    const north = await buildChurch(t, { conference })
    const south = await buildChurch(t, { conference })
    const counts = new Map([
      [north, 2],
      [south, 3],
    ])
    for (const [church, n] of counts) {
      for (let i = 0; i < n; i++) {
        const contact = await buildContact(t, { teamId: church.church, person: { source: i === 0 ? 'media' : 'school' } })
        await assignContact(t, { teamId: church.church, contactId: contact, toId: church.leader.id })
      }
      await completedInteraction(
        church.church,
        (await t.db.select().from(assignments).where(eq(assignments.team_id, church.church)))[0]!.contact_id,
        church.leader.id,
        t.clock.now(),
      )
    }

    const northReport = await figures(conference, officer.token, { for_team_id: north.church })
    expect(northReport.contacts.totals).toEqual({ contacts: 2 })
    expect(northReport.followups).toMatchObject({ outstanding: 1, active_members: 1 })
    const southReport = await figures(conference, officer.token, { for_team_id: south.church })
    expect(southReport.contacts.totals).toEqual({ contacts: 3 })

    const combined = await figures(conference, officer.token, { combined: 1 })
    expect(combined.contacts.totals).toEqual({ contacts: 5 })
    expect(combined.contacts.points.map((point) => point.values.contacts)).toEqual(
      northReport.contacts.points.map((point, i) => point.values.contacts! + southReport.contacts.points[i]!.values.contacts!),
    )
    expect(combined.followups).toMatchObject({ outstanding: 3, active_members: 2 })
    expect(combined.contact_sources).toMatchObject({ keys: ['school', 'media'], totals: { school: 3, media: 2 }, primary: 'school' })
    // combined=1 wins over a chosen church.
    expect((await figures(conference, officer.token, { combined: 1, for_team_id: north.church })).contacts.totals).toEqual({ contacts: 5 })
    // Neither: the conference's own contacts, none here.
    expect((await figures(conference, officer.token)).contacts.totals).toEqual({ contacts: 0 })

    // Another conference's church, and a church's group, are not this conference's churches.
    const stranger = await buildChurch(t)
    expect((await summary(conference, officer.token, { for_team_id: stranger.church })).statusCode).toBe(404)
    const group = await buildTeam(t, { kind: 'group', parentId: north.church })
    expect((await summary(conference, officer.token, { for_team_id: group })).statusCode).toBe(404)
    // A church's leader reads their church, not the conference's report.
    expect((await summary(conference, north.leader.token, { combined: 1 })).statusCode).toBe(404)
    // A conference member without read_own_report: 403.
    const member = await buildPerson(t)
    await addMember(t, member.id, conference, 'member')
    expect((await summary(conference, member.token, { combined: 1 })).statusCode).toBe(403)
  })

  it('D3-7.2-01 a conference without churches adds up to nothing', async () => {
    const officer = await buildPerson(t)
    const conference = await buildTeam(t, { kind: 'conference' })
    await addMember(t, officer.id, conference, 'entity_admin')
    const report = await figures(conference, officer.token, { combined: 1 })
    expect(report.contacts.totals).toEqual({ contacts: 0 })
    expect(report.followups).toEqual({ outstanding: 0, response_time_average: null, active_members: 0 })
  })
})
