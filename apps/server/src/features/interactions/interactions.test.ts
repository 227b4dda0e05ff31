import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, count, eq, inArray } from 'drizzle-orm'
import { activityLog, events, interactionPeople, interactions, people, teamContacts } from '../../db/schema/index'
import { addMember, body, buildPerson, createTestApp, type TestApp, type TestPerson } from '../../../test/harness'
import { activityOf, addToTeam, assignContact, bornYearsAgo, buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'
import { flagOverdueInteractions } from './interactions.jobs'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const day = 24 * 3_600_000

/** A date (YYYY-MM-DD) `days` from today, in Sydney (the teams' default time zone). */
function dateIn(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(t.clock.now().getTime() + days * day))
}

function scope(c: Church, contact: number) {
  return { team_id: c.church, group_id: c.church, user_id: contact }
}

function log(c: Church, token: string, contact: number, fields: Record<string, unknown>) {
  return post(t, 'add-contact-interaction', token, { ...scope(c, contact), type: 'visit', date: dateIn(-3), time: '10:00', ...fields })
}

function update(c: Church, token: string, contact: number, id: number, fields: Record<string, unknown>) {
  return post(t, 'update-contact-interaction', token, { ...scope(c, contact), id, ...fields })
}

function remove(c: Church, token: string, contact: number, id: number) {
  return post(t, 'delete-contact-interaction', token, { ...scope(c, contact), id })
}

async function list(c: Church, token: string, contact: number, query: Record<string, string | number> = {}) {
  const response = await get(t, `contact-interactions/${contact}`, token, { team_id: c.church, group_id: c.church, ...query })
  expect(response.statusCode).toBe(200)
  return body(response)
}

async function logged(c: Church, token: string, contact: number, fields: Record<string, unknown>): Promise<number> {
  const response = await log(c, token, contact, fields)
  expect(response.statusCode, response.body).toBe(200)
  return body(response).id as number
}

/** The ids of the team's contacts the contacts list shows with an interaction filter. */
async function filtered(c: Church, filter: string): Promise<number[]> {
  const response = await get(t, 'contacts', c.owner.token, { team_id: c.church, group_id: c.church, interaction: filter, per_page: 200 })
  expect(response.statusCode).toBe(200)
  return body(response).items.map((item: any) => item.id)
}

async function interactionCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(interactions)
  return row!.n
}

async function readModel(contact: number, teamId: number) {
  const [row] = await t.db
    .select()
    .from(teamContacts)
    .where(and(eq(teamContacts.person_id, contact), eq(teamContacts.team_id, teamId)))
  return row!
}

describe('add-contact-interaction and contact-interactions/{id}', () => {
  it('logs every type with its own fields and lists them newest first (D2-3.9-01, -03, -05..-08, D2-7.4-08..-10, D2-9-03)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church, person: { first_name: 'Ana', last_name: 'Lopez', grow_phase: 'plant' } })
    const friend = await buildContact(t, { teamId: c.church, person: { first_name: 'Ben', last_name: 'Cole' } })
    const visit = await logged(c, c.leader.token, contact, {
      date: dateIn(-1),
      content: 'Met the family',
      other_contacts: JSON.stringify([friend]),
      is_completed: 1,
    })
    await logged(c, c.leader.token, contact, { type: 'bible-study', date: dateIn(-2), bible_study: 'discover-3', reaction: 'happy', is_completed: true })
    await logged(c, c.leader.token, contact, { type: 'bible-study', date: dateIn(-3), bible_study: 'other', bible_study_other: 'Daniel' })
    await logged(c, c.leader.token, contact, { type: 'phone-call', date: dateIn(-4) })
    await logged(c, c.leader.token, contact, { type: 'message', date: dateIn(-5) })
    await logged(c, c.leader.token, contact, { type: 'share-literature', date: dateIn(-6) })
    await logged(c, c.leader.token, contact, { type: 'prayer', prayer_type: 'answer', date: dateIn(-7) })
    await logged(c, c.leader.token, contact, { type: 'other', type_other: 'Coffee', date: dateIn(-8), time: '' })

    const page = await list(c, c.leader.token, contact)
    expect(page.count).toBe(8)
    expect(page.items.map((item: any) => item.type)).toEqual([
      'visit',
      'bible-study',
      'bible-study',
      'phone-call',
      'message',
      'share-literature',
      'prayer_answer',
      'other',
    ])
    expect(page.items[0]).toMatchObject({
      id: visit,
      contact_id: contact,
      type_display: 'Visit',
      date: dateIn(-1),
      time: '10:00',
      is_future: false,
      by_user_id: c.leader.id,
      author_id: c.leader.id,
      content: 'Met the family',
      is_completed: true,
      grow_phase: 'plant',
      source: null,
      team_id: c.church,
      conference_id: c.conference,
      other_team_name: null,
      event_title: null,
      is_user_event: false,
      others_present: [{ id: expect.any(Number), user_id: friend, user_name: 'Ben Cole' }],
      can_update: true,
      can_delete: true,
    })
    expect(page.items[1]).toMatchObject({
      bible_study: 'discover-3',
      bible_study_display: 'Jesus: the Saviour',
      bible_study_parent: 'discover',
      reaction: 'happy',
    })
    expect(page.items[2]).toMatchObject({ bible_study: 'other', bible_study_other: 'Daniel', is_completed: false })
    expect(page.items[6]).toMatchObject({ type_display: 'Answered prayer', prayer_type: 'answer' })
    expect(page.items[7]).toMatchObject({ type_other: 'Coffee', type_display: 'Coffee', time: null })
    // The time on the locale's clock (Australian English: 12 hours), after the date; none without a time.
    expect(page.items[0].date_time_display).toBe(`${page.items[0].date_display}, 10:00 am`)
    expect(page.items[7].date_time_display).toBe(page.items[7].date_display)

    // The friend was present: the visit is theirs too, and so is its place in the lists.
    const friendsPage = await list(c, c.leader.token, friend)
    expect(friendsPage.items.map((item: any) => item.id)).toEqual([visit])
    expect((await readModel(friend, c.church)).last_visit_at).not.toBeNull()

    const paged = await list(c, c.leader.token, contact, { per_page: 4, page: 2, order: 'asc' })
    expect(paged).toMatchObject({ count: 8, max_pages: 2 })
    expect(paged.items.map((item: any) => item.type)).toEqual(['phone-call', 'bible-study', 'bible-study', 'visit'])
  })

  it('refuses bad input per field and changes nothing', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const before = await interactionCount()
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ type: 'party' }, ['type']],
      [{ date: '2026-02-30', time: '9am' }, ['date', 'time']],
      [{ date: undefined }, ['date']],
      [{ content: 'x'.repeat(20_001) }, ['content']],
      [{ type: 'prayer' }, ['prayer_type']],
      [{ type: 'other', type_other: ' ' }, ['type_other']],
      [{ type: 'bible-study' }, ['bible_study']],
      [{ type: 'bible-study', bible_study: 'other' }, ['bible_study_other']],
      [{ type: 'bible-study', bible_study: 'no-such-lesson' }, ['bible_study']],
      [{ other_contacts: 'not json' }, ['other_contacts']],
      [{ other_contacts: [contact] }, ['other_contacts']],
      [{ reaction: 'ecstatic' }, ['reaction']],
      [{ is_completed: 'maybe' }, ['is_completed']],
    ]
    for (const [fields, errors] of cases) {
      const response = await log(c, c.leader.token, contact, fields)
      expect(response.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(400)
      expect(body(response).code).toBe('invalid_request')
      expect(Object.keys(body(response).data.errors).sort()).toEqual(errors.sort())
    }
    expect(await interactionCount()).toBe(before)
    // 20,000 characters is allowed, stored as text.
    const id = await logged(c, c.leader.token, contact, { content: `<b>${'x'.repeat(19_993)}</b>` })
    const [row] = await t.db.select({ content: interactions.content }).from(interactions).where(eq(interactions.id, id))
    expect(row!.content).toHaveLength(20_000)
  })

  it("keeps others present within the team: another team's contact is 400 and nothing changes", async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t, { conference: c.conference })
    const contact = await buildContact(t, { teamId: c.church })
    const theirs = await buildContact(t, { teamId: other.church })
    const before = await interactionCount()
    const response = await log(c, c.leader.token, contact, { other_contacts: [theirs] })
    expect(response.statusCode).toBe(400)
    expect(body(response).data.errors).toHaveProperty('other_contacts')
    expect(await interactionCount()).toBe(before)
    expect((await readModel(theirs, other.church)).last_interaction_at).toBeNull()
    // Another team's contact itself is invisible: 404.
    expect((await log(c, c.leader.token, theirs, {})).statusCode).toBe(404)
    expect((await get(t, `contact-interactions/${theirs}`, c.leader.token, { team_id: c.church, group_id: c.church })).statusCode).toBe(404)
  })

  it('lets holders of read_dcrm_team_users act for a team user; others act as themselves (D2-6-02)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    await assignContact(t, { teamId: c.church, contactId: contact, toId: c.member.id })
    const forMember = await logged(c, c.leader.token, contact, { by_user_id: c.member.id })
    const [row] = await t.db.select().from(interactions).where(eq(interactions.id, forMember))
    expect(row).toMatchObject({ by_person_id: c.member.id, author_id: c.leader.id })
    const stranger = await buildPerson(t)
    const notInTeam = await log(c, c.leader.token, contact, { by_user_id: stranger.id })
    expect(notInTeam.statusCode).toBe(400)
    expect(body(notInTeam).data.errors).toHaveProperty('by_user_id')
    expect((await log(c, c.member.token, contact, { by_user_id: c.leader.id })).statusCode).toBe(403)
    const own = await logged(c, c.member.token, contact, { by_user_id: c.member.id })
    expect(own).toBeGreaterThan(forMember)
  })

  it('needs create_interaction to log and read_own_interaction to read (D2-6-14, D2-6-16)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    // A member not assigned to the contact cannot read it at all.
    expect((await log(c, c.member.token, contact, {})).statusCode).toBe(403)
    expect((await get(t, `contact-interactions/${contact}`, c.member.token, { team_id: c.church, group_id: c.church })).statusCode).toBe(403)
    const pending = await buildPerson(t)
    await addMember(t, pending.id, c.church, 'member_request')
    expect((await log(c, pending.token, contact, {})).statusCode).toBe(403)
  })
})

describe('the event link (spec 2 §3 "Event link")', () => {
  async function teamEvent(teamId: number, title: string): Promise<number> {
    const [row] = await t.db
      .insert(events)
      .values({ team_id: teamId, title, start_date: dateIn(-10), end_date: dateIn(-10), span_days: 1, is_recurring: false })
      .returning({ id: events.id })
    return row!.id
  }

  async function decision(c: Church, contact: number): Promise<number> {
    const response = await post(t, 'add-contact-event', c.leader.token, { ...scope(c, contact), type: 'baptism', date: dateIn(-10) })
    expect(response.statusCode, response.body).toBe(200)
    return body(response).id as number
  }

  it("names the team's event or the contact's own event it happened at, and follows changes (D2-3.9-04)", async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church, person: { first_name: 'Eli', last_name: 'Ruiz' } })
    const series = await teamEvent(c.church, 'Hope evangelistic series')
    const baptism = await decision(c, contact)
    const atSeries = await logged(c, c.leader.token, contact, { date: dateIn(-1), event_id: series })
    const atBaptism = await logged(c, c.leader.token, contact, { date: dateIn(-2), contact_event_id: String(baptism) })
    const unlinked = await logged(c, c.leader.token, contact, { date: dateIn(-3), event_id: '' })

    const linkOf = async () =>
      (await list(c, c.leader.token, contact)).items.map((item: any) => [item.id, item.event_id, item.contact_event_id, item.event_title, item.is_user_event])
    expect(await linkOf()).toEqual([
      [atSeries, series, null, 'Hope evangelistic series', false],
      [atBaptism, null, baptism, 'Baptism', true],
      [unlinked, null, null, null, false],
    ])
    const spanish = await t.call({
      method: 'GET',
      url: `/api/v1/contact-interactions/${contact}?team_id=${c.church}&group_id=${c.church}`,
      token: c.leader.token,
      headers: { 'accept-language': 'es' },
    })
    expect(body(spanish).items[1].event_title).toBe('Bautismo')

    // Linking to the other kind replaces the link; null unlinks; a deleted event leaves none.
    expect((await update(c, c.leader.token, contact, atSeries, { contact_event_id: baptism })).statusCode).toBe(200)
    expect((await update(c, c.leader.token, contact, atBaptism, { contact_event_id: null })).statusCode).toBe(200)
    expect((await update(c, c.leader.token, contact, unlinked, { event_id: series })).statusCode).toBe(200)
    await t.db.delete(events).where(eq(events.id, series))
    expect(await linkOf()).toEqual([
      [atSeries, null, baptism, 'Baptism', true],
      [atBaptism, null, null, null, false],
      [unlinked, null, null, null, false],
    ])
    const [change] = await t.db
      .select({ after: activityLog.after })
      .from(activityLog)
      .where(and(eq(activityLog.subject_type, 'interaction'), eq(activityLog.subject_id, atSeries), eq(activityLog.action, 'update')))
    expect(change?.after).toMatchObject({ event_id: null, contact_event_id: baptism })
  })

  it("refuses another team's event, another contact's event and two links, and changes nothing", async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const neighbour = await buildContact(t, { teamId: c.church })
    const theirs = await teamEvent(other.church, 'Their camp')
    const ours = await teamEvent(c.church, 'Our camp')
    const neighboursBaptism = await decision(c, neighbour)
    const [count0] = await t.db.select({ n: count() }).from(interactions)

    const foreign = await log(c, c.leader.token, contact, { event_id: theirs })
    expect(foreign.statusCode).toBe(400)
    expect(body(foreign).data.errors).toEqual({ event_id: 'Choose an event of this team.' })
    const notTheirs = await log(c, c.leader.token, contact, { contact_event_id: neighboursBaptism })
    expect(notTheirs.statusCode).toBe(400)
    expect(body(notTheirs).data.errors).toEqual({ contact_event_id: 'Choose one of this contact’s decisions or events.' })
    const both = await log(c, c.leader.token, contact, { event_id: ours, contact_event_id: neighboursBaptism })
    expect(both.statusCode).toBe(400)
    expect(body(both).data.errors).toMatchObject({ event_id: 'Link the interaction to one event.' })
    expect((await log(c, c.leader.token, contact, { event_id: 2 ** 40 })).statusCode).toBe(400)
    expect((await t.db.select({ n: count() }).from(interactions))[0]!.n).toBe(count0!.n)

    const id = await logged(c, c.leader.token, contact, { event_id: ours })
    const moved = await update(c, c.leader.token, contact, id, { event_id: theirs })
    expect(moved.statusCode).toBe(400)
    const [row] = await t.db.select({ event_id: interactions.event_id }).from(interactions).where(eq(interactions.id, id))
    expect(row?.event_id).toBe(ours)
  })
})

describe('update-contact-interaction and delete-contact-interaction (spec 2 §6)', () => {
  async function setUp() {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    await assignContact(t, { teamId: c.church, contactId: contact, toId: c.member.id })
    const members = await logged(c, c.member.token, contact, { content: 'member' })
    const leaders = await logged(c, c.leader.token, contact, { content: 'leader' })
    return { c, contact, members, leaders }
  }

  it('own: a member edits and deletes their own, never the leader’s (D2-6-27, D2-6-31)', async () => {
    const { c, contact, members, leaders } = await setUp()
    expect((await update(c, c.member.token, contact, members, { content: 'edited' })).statusCode).toBe(200)
    expect((await update(c, c.member.token, contact, leaders, { content: 'no' })).statusCode).toBe(403)
    expect((await remove(c, c.member.token, contact, leaders)).statusCode).toBe(403)
    const [row] = await t.db.select({ content: interactions.content }).from(interactions).where(eq(interactions.id, leaders))
    expect(row!.content).toBe('leader')
    // The by-user counts as their own too.
    const forMember = await logged(c, c.leader.token, contact, { by_user_id: c.member.id })
    expect((await update(c, c.member.token, contact, forMember, { content: 'mine' })).statusCode).toBe(200)
    expect((await remove(c, c.member.token, contact, members)).statusCode).toBe(200)
    expect((await list(c, c.owner.token, contact)).items.map((item: any) => item.content)).toEqual(['mine', 'leader'])
  })

  it("own team: a leader edits a member's interaction of the team but may not delete it (D2-6-30)", async () => {
    const { c, contact, members } = await setUp()
    expect((await update(c, c.leader.token, contact, members, { content: 'by leader' })).statusCode).toBe(200)
    expect((await remove(c, c.leader.token, contact, members)).statusCode).toBe(403)
  })

  it('any: an owner edits and deletes anyone’s (D2-6-28)', async () => {
    const { c, contact, members, leaders } = await setUp()
    expect((await update(c, c.owner.token, contact, leaders, { content: 'by owner' })).statusCode).toBe(200)
    expect((await remove(c, c.owner.token, contact, members)).statusCode).toBe(200)
    expect((await list(c, c.owner.token, contact)).items.map((item: any) => item.content)).toEqual(['by owner'])
  })

  it("sub-team: the conference's entity admin edits a church's interaction on a contact the conference holds (D2-6-29)", async () => {
    const { c, contact, leaders } = await setUp()
    await addToTeam(t, contact, { teamId: c.conference, isOwner: false })
    const admin = await buildPerson(t)
    await addMember(t, admin.id, c.conference, 'entity_admin')
    const atConference = { team_id: c.conference, group_id: c.conference, user_id: contact }
    const seen = body(await get(t, `contact-interactions/${contact}`, admin.token, { team_id: c.conference, group_id: c.conference }))
    expect(seen.items.find((item: any) => item.id === leaders)).toMatchObject({ other_team_name: expect.any(String), can_update: true, can_delete: true })
    expect((await post(t, 'update-contact-interaction', admin.token, { ...atConference, id: leaders, content: 'by conference' })).statusCode).toBe(200)
    // Another conference's church does not see it at all: 404.
    const elsewhere = await buildChurch(t)
    await addToTeam(t, contact, { teamId: elsewhere.church, isOwner: false })
    const response = await post(t, 'update-contact-interaction', elsewhere.owner.token, { ...scope(elsewhere, contact), id: leaders, content: 'x' })
    expect(response.statusCode).toBe(404)
    expect((await post(t, 'delete-contact-interaction', elsewhere.owner.token, { ...scope(elsewhere, contact), id: leaders })).statusCode).toBe(404)
  })

  it('refuses a bad update per field and changes nothing', async () => {
    const { c, contact, leaders } = await setUp()
    for (const [fields, field] of [
      [{ type: 'prayer' }, 'prayer_type'],
      [{ date: 'tomorrow' }, 'date'],
      [{ content: 'x'.repeat(20_001) }, 'content'],
      [{ other_contacts: [999_999] }, 'other_contacts'],
    ] as const) {
      const response = await update(c, c.owner.token, contact, leaders, fields)
      expect(response.statusCode).toBe(400)
      expect(body(response).data.errors).toHaveProperty(field)
    }
    expect((await update(c, c.owner.token, contact, 999_999, { content: 'x' })).statusCode).toBe(404)
    const [row] = await t.db.select().from(interactions).where(eq(interactions.id, leaders))
    expect(row).toMatchObject({ type: 'visit', content: 'leader' })
  })

  it('records each change in the activity log with a readable before and after (D2-3.13-01)', async () => {
    const { c, contact, leaders } = await setUp()
    await update(c, c.owner.token, contact, leaders, { content: 'changed', is_completed: true })
    await remove(c, c.owner.token, contact, leaders)
    const rows = (await activityOf(t, contact)).filter((row) => row.subject_type === 'interaction' && row.subject_id === leaders)
    expect(rows.map((row) => row.action)).toEqual(['add', 'update', 'delete'])
    expect(rows[1]!.before).toMatchObject({ type: 'visit', content: 'leader', is_completed: false, by_user_id: c.leader.id })
    expect(rows[1]!.after).toMatchObject({ content: 'changed', is_completed: true })
    expect(rows[2]!.before).toMatchObject({ content: 'changed' })
    expect(rows[2]!.author_id).toBe(c.owner.id)
  })
})

describe('the read model and the contacts-list interaction filters (issue 12 item 2)', () => {
  it('follows logging, completing and deleting: none, unvisited, 1/3/6 months, missed; the upcoming one on the contact (D2-4.4-01, D2-3.1-13, D2-2.2-14)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    expect(await filtered(c, 'none')).toContain(contact)
    expect(await filtered(c, 'unvisited')).toContain(contact)

    // A call two months ago, completed: no longer 'none'; still unvisited; quiet for a month.
    const call = await logged(c, c.leader.token, contact, { type: 'phone-call', date: dateIn(-60), is_completed: true })
    expect(await filtered(c, 'none')).not.toContain(contact)
    expect(await filtered(c, 'unvisited')).toContain(contact)
    expect(await filtered(c, '1')).toContain(contact)
    expect(await filtered(c, '3')).not.toContain(contact)

    // An upcoming visit: not missed yet; the contact view shows it as upcoming.
    const visit = await logged(c, c.leader.token, contact, { date: dateIn(2) })
    expect(await filtered(c, 'missed')).not.toContain(contact)
    const item = body(await get(t, `contact/${contact}`, c.leader.token, { team_id: c.church, group_id: c.church }))
    expect(item.data_view.has_incomplete_interaction).toBe(true)
    expect(item.data_view.next_future_incomplete_interaction).toEqual({
      date_display: expect.any(String),
      type_display: 'Visit',
      bible_study: null,
      bible_study_display: null,
      content: null,
    })
    expect(item.data_view.last_interaction.days_ago).toBeGreaterThanOrEqual(59)
    expect((await list(c, c.leader.token, contact, { date_filter: 'scheduled' })).items.map((i: any) => i.id)).toEqual([visit])

    // Its moment passes without completion: missed once the job notices.
    await flagOverdueInteractions({ ...t.app.deps, now: () => new Date(t.clock.now().getTime() + 3 * day) })
    expect(await filtered(c, 'missed')).toContain(contact)

    // Marking it complete (the link's call): visited now, not missed, last interaction moves.
    expect((await update(c, c.leader.token, contact, visit, { is_completed: true })).statusCode).toBe(200)
    expect(await filtered(c, 'missed')).not.toContain(contact)
    expect(await filtered(c, 'unvisited')).not.toContain(contact)
    expect(await filtered(c, '1')).not.toContain(contact)
    expect((await list(c, c.leader.token, contact)).items[0]).toMatchObject({ id: visit, is_completed: true })

    // Deleting both: back to none.
    await remove(c, c.owner.token, contact, visit)
    await remove(c, c.owner.token, contact, call)
    expect(await filtered(c, 'none')).toContain(contact)
    expect(await readModel(contact, c.church)).toMatchObject({ last_interaction_at: null, next_interaction_at: null, has_overdue_interaction: false })
  })

  it('a future interaction completed early counts as done now: the last-interaction column changes', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const visit = await logged(c, c.leader.token, contact, { date: dateIn(10) })
    expect((await readModel(contact, c.church)).last_interaction_at).toBeNull()
    await update(c, c.leader.token, contact, visit, { is_completed: 'true' })
    const model = await readModel(contact, c.church)
    expect(Math.abs(model.last_interaction_at!.getTime() - t.clock.now().getTime())).toBeLessThan(60_000)
    expect(model.next_interaction_at).toBeNull()
  })

  it('two completes at once leave a consistent read model', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const first = await logged(c, c.leader.token, contact, { date: dateIn(-2) })
    const second = await logged(c, c.leader.token, contact, { date: dateIn(-1) })
    await flagOverdueInteractions(t.app.deps)
    expect((await readModel(contact, c.church)).has_overdue_interaction).toBe(true)
    const answers = await Promise.all([
      update(c, c.leader.token, contact, first, { is_completed: true }),
      update(c, c.owner.token, contact, second, { is_completed: true }),
      update(c, c.owner.token, contact, second, { is_completed: true }),
    ])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200])
    const model = await readModel(contact, c.church)
    expect(model).toMatchObject({ next_interaction_at: null, has_overdue_interaction: false })
    const [latest] = await t.db.select({ occurs_at: interactions.occurs_at }).from(interactions).where(eq(interactions.id, second))
    expect(model.last_interaction_at).toEqual(latest!.occurs_at)
  })
})

describe('the interaction date filter (D2-9-08)', () => {
  it('keeps the interactions of the chosen period, in the team’s time zone', async () => {
    // Today's 00:30 must have passed: in Sydney's first half hour it has not yet.
    t.clock.clearOfMidnight(35)
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const today = await logged(c, c.leader.token, contact, { date: dateIn(0), time: '00:30' })
    const longAgo = await logged(c, c.leader.token, contact, { date: '2019-06-01' })
    const upcoming = await logged(c, c.leader.token, contact, { date: dateIn(40) })
    const ids = async (filter: string) => (await list(c, c.leader.token, contact, { date_filter: filter })).items.map((item: any) => item.id)
    expect(await ids('all')).toEqual([upcoming, today, longAgo])
    expect(await ids('this_week')).toEqual([today])
    expect(await ids('this_year')).not.toContain(longAgo)
    expect(await ids('last_year')).toEqual([])
    expect(await ids('scheduled')).toEqual([upcoming])
    expect(
      (await get(t, `contact-interactions/${contact}`, c.leader.token, { team_id: c.church, group_id: c.church, date_filter: 'someday' })).statusCode,
    ).toBe(400)
  })
})

describe('contact-interactions-studies/{id} (D2-7.1-08)', () => {
  it('lists the lessons done with their reactions, and the other studies', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    await logged(c, c.leader.token, contact, { type: 'bible-study', bible_study: 'discover-1', reaction: 'neutral', date: dateIn(-20), is_completed: true })
    await logged(c, c.leader.token, contact, { type: 'bible-study', bible_study: 'discover-1', reaction: 'happy', date: dateIn(-10), is_completed: true })
    await logged(c, c.leader.token, contact, { type: 'bible-study', bible_study: 'discover-2', date: dateIn(5) })
    await logged(c, c.leader.token, contact, {
      type: 'bible-study',
      bible_study: 'other',
      bible_study_other: 'Daniel',
      reaction: 'unhappy',
      date: dateIn(-5),
      is_completed: true,
    })
    const response = await get(t, `contact-interactions-studies/${contact}`, c.leader.token, { team_id: c.church, group_id: c.church })
    expect(response.statusCode).toBe(200)
    expect(body(response)).toEqual({
      items: { 'discover-1': { date: dateIn(-10), date_display: expect.any(String), reaction: 'happy' } },
      items_other: [{ bible_study_other: 'Daniel', date: dateIn(-5), date_display: expect.any(String), reaction: 'unhappy' }],
    })
  })
})

describe("a child's interactions (spec 2 §5; issue 12 item 5)", () => {
  async function childOf(c: Church) {
    return buildContact(t, { teamId: c.church, person: { ...bornYearsAgo(t, 10), consent_type: 'direct', consent_date: '2026-01-01', consent_content: 'ok' } })
  }

  it('are withheld from a caller under the child data gate, and a read by anyone else is recorded', async () => {
    const c = await buildChurch(t)
    const child = await childOf(c)
    const adult = await buildContact(t, { teamId: c.church })
    await logged(c, c.owner.token, child, { content: 'about the child' })
    await logged(c, c.owner.token, adult, { content: 'with the child', other_contacts: [child] })
    const unchecked: TestPerson = await buildPerson(t)
    await addMember(t, unchecked.id, c.church, 'leader')
    const gated = await get(t, `contact-interactions/${child}`, unchecked.token, { team_id: c.church, group_id: c.church })
    expect(gated.statusCode).toBe(403)
    expect(body(gated).code).toBe('child_data_gate')
    expect((await get(t, `contact-interactions-studies/${child}`, unchecked.token, { team_id: c.church, group_id: c.church })).statusCode).toBe(403)
    expect((await log(c, unchecked.token, child, {})).statusCode).toBe(403)
    const present = await log(c, unchecked.token, adult, { other_contacts: [child] })
    expect(present.statusCode).toBe(403)
    expect(body(present).code).toBe('child_data_gate')

    const views = async () => (await t.db.select().from(activityLog).where(eq(activityLog.contact_id, child))).filter((row) => row.action === 'view')
    expect(await views()).toHaveLength(0)
    expect((await list(c, c.leader.token, child)).items.map((item: any) => item.content)).toEqual(['with the child', 'about the child'])
    const recorded = await views()
    expect(recorded).toHaveLength(1)
    expect(recorded[0]).toMatchObject({ author_id: c.leader.id, subject_type: 'interaction', team_id: c.church })
  })

  it("leaves a child out of another contact's interactions for a caller under the gate; the checked leader sees them", async () => {
    const c = await buildChurch(t)
    const child = await buildContact(t, { teamId: c.church, person: { first_name: 'Zeph', last_name: 'Kidd', ...bornYearsAgo(t, 10), consent_type: 'verbal' } })
    const adult = await buildContact(t, { teamId: c.church })
    const friend = await buildContact(t, { teamId: c.church, person: { first_name: 'Fran', last_name: 'Friend' } })
    await assignContact(t, { teamId: c.church, contactId: adult, toId: c.member.id })
    const withChild = await logged(c, c.owner.token, adult, { content: 'family visit', other_contacts: [child, friend] })
    await logged(c, c.owner.token, child, { content: 'on the child', other_contacts: [adult] })
    await logged(c, c.owner.token, child, { type: 'bible-study', content: 'a study', bible_study: 'discover-2', is_completed: true, other_contacts: [adult] })
    const gatedLeader = await buildPerson(t)
    await addMember(t, gatedLeader.id, c.church, 'leader')

    for (const person of [c.member, gatedLeader]) {
      const response = await get(t, `contact-interactions/${adult}`, person.token, { team_id: c.church, group_id: c.church })
      expect(response.statusCode).toBe(200)
      expect(response.body).not.toContain('Zeph')
      expect(body(response).items.map((item: any) => [item.content, item.others_present.map((other: any) => other.user_id)])).toEqual([
        ['family visit', [friend]],
      ])
      const studies = await get(t, `contact-interactions-studies/${adult}`, person.token, { team_id: c.church, group_id: c.church })
      expect(body(studies).items).toEqual({})
    }
    const checked = await list(c, c.leader.token, adult)
    expect(checked.items.map((item: any) => item.content).sort()).toEqual(['a study', 'family visit', 'on the child'])
    expect(checked.items.find((item: any) => item.id === withChild).others_present.map((other: any) => other.user_name)).toEqual(['Zeph Kidd', 'Fran Friend'])
    expect(Object.keys(body(await get(t, `contact-interactions-studies/${adult}`, c.leader.token, { team_id: c.church, group_id: c.church })).items)).toEqual([
      'discover-2',
    ])
  })

  it('refuses every write naming a child to a caller under the gate (child_data_gate) and changes nothing; the checked leader writes', async () => {
    const c = await buildChurch(t)
    const child = await childOf(c)
    const adult = await buildContact(t, { teamId: c.church })
    const friend = await buildContact(t, { teamId: c.church })
    await assignContact(t, { teamId: c.church, contactId: adult, toId: c.member.id })
    const gatedLeader = await buildPerson(t)
    await addMember(t, gatedLeader.id, c.church, 'leader')
    // The member's own interaction, which the owner then notes the child was at.
    const own = await logged(c, c.member.token, adult, { content: 'mine', other_contacts: [friend] })
    expect((await update(c, c.owner.token, adult, own, { other_contacts: [friend, child] })).statusCode).toBe(200)
    const leaders = await logged(c, gatedLeader.token, adult, { content: 'the leader’s' })
    const snapshot = async () => {
      const rows = await t.db.select().from(interactions).where(eq(interactions.contact_id, adult)).orderBy(asc(interactions.id))
      const present = await t.db
        .select()
        .from(interactionPeople)
        .where(
          inArray(
            interactionPeople.interaction_id,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(interactionPeople.id))
      return JSON.stringify({ rows, present })
    }
    const before = await snapshot()
    const refusals = [
      await log(c, c.member.token, adult, { other_contacts: [child] }),
      await log(c, gatedLeader.token, adult, { other_contacts: [friend, child] }),
      await update(c, gatedLeader.token, adult, leaders, { other_contacts: [child] }),
      // A child already present: the interaction is the child's too.
      await update(c, c.member.token, adult, own, { content: 'changed' }),
      await update(c, c.member.token, adult, own, { other_contacts: [friend] }),
      await update(c, gatedLeader.token, adult, own, { is_completed: true }),
      await remove(c, c.member.token, adult, own),
    ]
    expect(refusals.map((response) => [response.statusCode, body(response).code])).toEqual(refusals.map(() => [403, 'child_data_gate']))
    expect(await snapshot()).toBe(before)

    // Without the child they still write; the checked leader writes with it.
    expect((await update(c, gatedLeader.token, adult, leaders, { other_contacts: [friend] })).statusCode).toBe(200)
    expect((await update(c, c.leader.token, adult, own, { content: 'changed' })).statusCode).toBe(200)
    expect((await log(c, c.leader.token, adult, { other_contacts: [child] })).statusCode).toBe(200)
    expect((await update(c, c.leader.token, adult, leaders, { other_contacts: [friend, child] })).statusCode).toBe(200)
  })

  it("needs consent on record before a minor's interaction is logged (D1-1-03)", async () => {
    const c = await buildChurch(t)
    const child = await buildContact(t, { teamId: c.church, person: bornYearsAgo(t, 9) })
    const response = await log(c, c.owner.token, child, {})
    expect(response.statusCode).toBe(400)
    expect(body(response).data.reason).toBe('minor_without_consent')
    await t.db.update(people).set({ consent_type: 'verbal' }).where(eq(people.id, child))
    expect((await log(c, c.owner.token, child, {})).statusCode).toBe(200)
  })
})
