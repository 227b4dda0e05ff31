import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { addDays, maxUpcomingItems } from '@crm/domain'
import { accounts, interactions, memberships, teamContacts, teams, transfers } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { bornYearsAgo, buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'
import { instantIn } from '../interactions/interaction-view'
import { buildTransferWorld, insertTransfer } from '../../../test/transfer-factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const zone = 'Australia/Sydney'

/** A date (YYYY-MM-DD) `days` from today, in Sydney (the teams' default time zone). */
function dateIn(days: number): string {
  // Calendar days: on the night Sydney's clocks go back, today + 24 h is still today.
  return addDays(new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(t.clock.now()), days)
}

/** '26 Nov 2026' for 2026-11-26, as an Australian reads it. */
function australian(date: string): string {
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number]
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
  return `${dayOfMonth} ${months[month - 1]} ${year}`
}

/** An interaction stored as add-contact-interaction stores it (factory). */
async function addInteraction(
  c: { church: number; conference?: number },
  values: { contact: number; by: number; days: number; time?: string | null } & Partial<typeof interactions.$inferInsert>,
) {
  const { contact, by, days, time = '10:00', ...rest } = values
  const date = dateIn(days)
  const [row] = await t.db
    .insert(interactions)
    .values({
      contact_id: contact,
      team_id: c.church,
      conference_id: c.conference ?? null,
      by_person_id: by,
      author_id: by,
      type: 'visit',
      date,
      time,
      occurs_at: instantIn(date, time, zone),
      ...rest,
    })
    .returning({ id: interactions.id })
  return row!.id
}

function upcoming(teamId: number, token: string) {
  return get(t, 'upcoming-interactions-for-current-user', token, { team_id: teamId })
}

async function upcomingItems(c: Church, token: string) {
  const response = await upcoming(c.church, token)
  expect(response.statusCode, response.body).toBe(200)
  return body(response).items as Array<Record<string, unknown>>
}

describe('GET upcoming-interactions-for-current-user', () => {
  it("D1-7-10 D1-3-12 D1-2.8-04 lists the caller's own future interactions in the team, soonest first, with the item's keys", async () => {
    const c = await buildChurch(t)
    const ana = await buildContact(t, { teamId: c.church, person: { first_name: 'Ana', last_name: 'Lopez' } })
    const ben = await buildContact(t, { teamId: c.church, person: { first_name: 'Ben', last_name: 'Cole' } })
    // Through the call a person makes: a planned visit by the leader in two days.
    const logged = await post(t, 'add-contact-interaction', c.leader.token, {
      team_id: c.church,
      group_id: c.church,
      user_id: ana,
      type: 'visit',
      date: dateIn(2),
      time: '10:00',
    })
    expect(logged.statusCode, logged.body).toBe(200)
    await addInteraction(c, { contact: ben, by: c.leader.id, days: 1, time: null, type: 'bible-study', bible_study: 'discover-3' })
    await addInteraction(c, { contact: ben, by: c.leader.id, days: 5, type: 'other', type_other: 'Coffee' })
    await addInteraction(c, { contact: ana, by: c.leader.id, days: 6, type: 'bible-study', bible_study: 'other', bible_study_other: 'Daniel' })
    // Not listed: another user's, a past one, a completed one.
    await addInteraction(c, { contact: ana, by: c.owner.id, days: 3 })
    await addInteraction(c, { contact: ana, by: c.leader.id, days: -2 })
    await addInteraction(c, { contact: ben, by: c.leader.id, days: 4, is_completed: true, completed_at: t.clock.now() })

    const items = await upcomingItems(c, c.leader.token)
    expect(items).toEqual([
      {
        user_id: ben,
        user_name: 'Ben Cole',
        date_display: australian(dateIn(1)),
        type_display: 'Bible study',
        bible_study: 'discover-3',
        bible_study_display: 'Jesus: the Saviour',
      },
      {
        user_id: ana,
        user_name: 'Ana Lopez',
        date_display: `${australian(dateIn(2))}, 10:00 am`,
        type_display: 'Visit',
        bible_study: null,
        bible_study_display: null,
      },
      {
        user_id: ben,
        user_name: 'Ben Cole',
        date_display: `${australian(dateIn(5))}, 10:00 am`,
        type_display: 'Coffee',
        bible_study: null,
        bible_study_display: null,
      },
      {
        user_id: ana,
        user_name: 'Ana Lopez',
        date_display: `${australian(dateIn(6))}, 10:00 am`,
        type_display: 'Bible study',
        bible_study: 'other',
        bible_study_display: 'Daniel',
      },
    ])
    // The owner sees only theirs.
    expect((await upcomingItems(c, c.owner.token)).map((item) => item.date_display)).toEqual([`${australian(dateIn(3))}, 10:00 am`])
    // A member with none: an empty list.
    expect(await upcomingItems(c, c.member.token)).toEqual([])
  })

  it("keeps to the team asked for: the caller's interactions in another of their teams are not listed", async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t, { conference: c.conference })
    await addMember(t, c.leader.id, other.church, 'leader')
    const here = await buildContact(t, { teamId: c.church, person: { first_name: 'Here', last_name: 'Contact' } })
    const there = await buildContact(t, { teamId: other.church, person: { first_name: 'There', last_name: 'Contact' } })
    await addInteraction(c, { contact: here, by: c.leader.id, days: 2 })
    await addInteraction(other, { contact: there, by: c.leader.id, days: 1 })
    expect((await upcomingItems(c, c.leader.token)).map((item) => item.user_name)).toEqual(['Here Contact'])
    expect((await upcomingItems(other, c.leader.token)).map((item) => item.user_name)).toEqual(['There Contact'])
  })

  it('lists no contact the team no longer holds (its link would lead nowhere)', async () => {
    const c = await buildChurch(t)
    const gone = await buildContact(t, { teamId: c.church })
    await addInteraction(c, { contact: gone, by: c.leader.id, days: 2 })
    expect(await upcomingItems(c, c.leader.token)).toHaveLength(1)
    await t.db.delete(teamContacts).where(and(eq(teamContacts.team_id, c.church), eq(teamContacts.person_id, gone)))
    expect(await upcomingItems(c, c.leader.token)).toEqual([])
  })

  it(`lists at most ${maxUpcomingItems}, the soonest`, async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    for (let days = maxUpcomingItems + 2; days >= 1; days -= 1) await addInteraction(c, { contact, by: c.leader.id, days })
    const items = await upcomingItems(c, c.leader.token)
    expect(items).toHaveLength(maxUpcomingItems)
    expect(items[0]!.date_display).toBe(`${australian(dateIn(1))}, 10:00 am`)
    expect(items.at(-1)!.date_display).toBe(`${australian(dateIn(maxUpcomingItems))}, 10:00 am`)
  })

  it('does not name a minor, nor their Bible study, to a caller under the child data gate', async () => {
    const c = await buildChurch(t)
    const child = await buildContact(t, { teamId: c.church, person: { first_name: 'Timmy', last_name: 'Minorson', ...bornYearsAgo(t, 10) } })
    // The member has no checks; a leader logged the study with the member as the acting user.
    await addInteraction(c, { contact: child, by: c.member.id, days: 2, type: 'bible-study', bible_study: 'discover-3' })
    const [gated] = await upcomingItems(c, c.member.token)
    expect(gated).toEqual({
      user_id: child,
      user_name: '',
      date_display: `${australian(dateIn(2))}, 10:00 am`,
      type_display: 'Bible study',
      bible_study: null,
      bible_study_display: null,
    })
    expect(JSON.stringify(gated)).not.toContain('Timmy')

    // With both checks the same member sees the child's name and study.
    await t.db
      .update(memberships)
      .set({ has_wwcc: true, has_adsafe: true })
      .where(and(eq(memberships.person_id, c.member.id), eq(memberships.team_id, c.church)))
    expect(await upcomingItems(c, c.member.token)).toEqual([
      expect.objectContaining({ user_name: 'Timmy Minorson', bible_study: 'discover-3', bible_study_display: 'Jesus: the Saviour' }),
    ])
  })

  it("reads in the caller's language", async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    await addInteraction(c, { contact, by: c.leader.id, days: 2, time: null, type: 'phone-call' })
    await t.db.update(accounts).set({ locale: 'es' }).where(eq(accounts.person_id, c.leader.id))
    const [item] = await upcomingItems(c, c.leader.token)
    expect(item!.type_display).toBe('Llamada telefónica')
    expect(item!.date_display).toMatch(/^\d{1,2} [a-z]+\.? \d{4}$/)
  })

  it('needs a session (401), a member of the team (another team → 404, a pending member → 403) and a valid team_id (400)', async () => {
    const c = await buildChurch(t)
    const stranger = await buildPerson(t)
    const pending = await buildPerson(t)
    await addMember(t, pending.id, c.church, 'member_request')
    expect((await t.call({ method: 'GET', url: `/api/v1/upcoming-interactions-for-current-user?team_id=${c.church}` })).statusCode).toBe(401)
    expect((await upcoming(c.church, stranger.token)).statusCode).toBe(404)
    expect((await upcoming(c.church, pending.token)).statusCode).toBe(403)
    const missing = await get(t, 'upcoming-interactions-for-current-user', c.leader.token, {})
    expect(missing.statusCode).toBe(400)
    expect(body(missing).data.errors).toHaveProperty('team_id')
    expect((await upcoming(Number.MAX_SAFE_INTEGER, c.leader.token)).statusCode).toBe(400)
    const bad = await get(t, 'upcoming-interactions-for-current-user', c.leader.token, { team_id: 'abc' })
    expect(bad.statusCode).toBe(400)
    expect(body(bad).data.errors).toHaveProperty('team_id')
  })
})

describe('GET upcoming-transfers-for-current-user', () => {
  it('D1-2.8-05 D1-3-13 lists the conference’s upcoming transfers, soonest first and undated last, with the item’s fields', async () => {
    const w = await buildTransferWorld(t)
    const admin = w.entity
    const empty = await get(t, 'upcoming-transfers-for-current-user', admin.token, { team_id: w.conference })
    expect(empty.statusCode, empty.body).toBe(200)
    expect(body(empty)).toEqual({ items: [] })
    const undated = await insertTransfer(t, w)
    const second = await buildTransferWorld(t)
    // The to-church's owner goes the other way, on a date.
    const [soon] = await t.db
      .insert(transfers)
      .values({
        from_conference_id: w.conference,
        to_conference_id: w.conference,
        from_team_id: w.to,
        to_team_id: w.from,
        person_id: w.toOwner.id,
        date: dateIn(9),
      })
      .returning({ id: transfers.id })
    // A processed transfer and another conference's are not listed.
    await t.db.insert(transfers).values({
      from_conference_id: w.conference,
      to_conference_id: w.conference,
      from_team_id: w.from,
      to_team_id: w.to,
      person_id: w.leader.id,
      date: dateIn(8),
      is_processed: true,
    })
    await insertTransfer(t, second, dateIn(8))
    const response = await get(t, 'upcoming-transfers-for-current-user', admin.token, { team_id: w.conference })
    expect(response.statusCode, response.body).toBe(200)
    const [fromTitle, toTitle] = await Promise.all(
      [w.from, w.to].map(async (id) => (await t.db.select({ title: teams.title }).from(teams).where(eq(teams.id, id)))[0]!.title),
    )
    expect(body(response).items).toEqual([
      { id: soon!.id, user_name: 'Tess Toowner', date: dateIn(9), date_display: australian(dateIn(9)), from_team_name: toTitle, to_team_name: fromTitle },
      // Processed by hand: no date, which the reader's side words (the English stays for scripts).
      { id: undated, user_name: 'Paul Pastor', date: null, date_display: 'No date (processed by hand)', from_team_name: fromTitle, to_team_name: toTitle },
    ])
  })

  it('shows a transfer into the conference’s church from another conference too, at most maxUpcomingItems', async () => {
    const w = await buildTransferWorld(t)
    const other = await buildTransferWorld(t)
    await t.db
      .insert(transfers)
      .values({ from_conference_id: other.conference, to_conference_id: w.conference, from_team_id: other.from, to_team_id: w.to, person_id: other.pastor.id })
    expect(body(await get(t, 'upcoming-transfers-for-current-user', w.entity.token, { team_id: w.conference })).items).toHaveLength(1)
    for (let n = 0; n < maxUpcomingItems + 1; n++) {
      const pastor = await buildPerson(t)
      await t.db.insert(transfers).values({
        from_conference_id: w.conference,
        to_conference_id: w.conference,
        from_team_id: w.from,
        to_team_id: w.to,
        person_id: pastor.id,
        date: dateIn(10 + n),
      })
    }
    expect(body(await get(t, 'upcoming-transfers-for-current-user', w.entity.token, { team_id: w.conference })).items).toHaveLength(maxUpcomingItems)
  })

  it('is for conference teams only: a church is 403, another conference 404, no session 401', async () => {
    const c = await buildChurch(t)
    const otherConference = await buildTeam(t, { kind: 'conference' })
    expect((await get(t, 'upcoming-transfers-for-current-user', c.owner.token, { team_id: c.church })).statusCode).toBe(403)
    expect((await get(t, 'upcoming-transfers-for-current-user', c.owner.token, { team_id: otherConference })).statusCode).toBe(404)
    expect((await t.call({ method: 'GET', url: `/api/v1/upcoming-transfers-for-current-user?team_id=${otherConference}` })).statusCode).toBe(401)
    expect((await get(t, 'upcoming-transfers-for-current-user', c.owner.token, { team_id: 'x' })).statusCode).toBe(400)
  })
})
