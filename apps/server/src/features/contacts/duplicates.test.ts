import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { activityLog, groupContacts, memberships, people, teamContacts } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { activityOf, addToTeam, bornYearsAgo, buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const verbal = { consent_type: 'verbal', consent_date: '2026-11-01', consent_content: 'Yes', consent_verbal_confirmed: 1 }

function payload(c: Church, extra: Record<string, unknown>) {
  return { team_id: c.church, group_id: c.church, first_name: 'New', last_name: 'Person', gender: 'male', member_status: 'member', ...verbal, ...extra }
}

async function teamTitle(id: number) {
  const row = await t.db.query.teams.findFirst({ where: (teams, { eq: equal }) => equal(teams.id, id) })
  return row!.title
}

let emails = 0
/** Another team's contact with an email of its own, to be found by a create attempt. */
async function findableContact(teamId: number, person: Record<string, unknown> = {}) {
  emails += 1
  const email = `found${emails}@example.org`
  const id = await buildContact(t, { teamId, person: { email, ...person } })
  return { id, email }
}

/** The match token of the create attempt that showed the contact to the caller (spec 2 §8). */
async function shownBy(c: Church, token: string, email: string, groupId = c.church): Promise<string> {
  const response = await post(t, 'create-user', token, { ...payload(c, { email }), group_id: groupId })
  expect(body(response).code).toBe('user_exists_in_other_team')
  return body(response).data.match_token as string
}

async function teamRow(teamId: number, personId: number) {
  const [row] = await t.db
    .select()
    .from(teamContacts)
    .where(and(eq(teamContacts.team_id, teamId), eq(teamContacts.person_id, personId)))
  return row
}

describe('create-user duplicates in this team (spec 2 §8)', () => {
  it('finds the same email, whatever its case (D2-8-01)', async () => {
    const c = await buildChurch(t)
    const existing = await buildContact(t, { teamId: c.church, person: { first_name: 'Ann', last_name: 'Lee', email: 'ann.lee@example.org' } })
    const response = await post(t, 'create-user', c.leader.token, payload(c, { email: 'ANN.Lee@example.org' }))
    expect(response.statusCode).toBe(409)
    expect(body(response)).toEqual({
      code: 'user_exists_in_this_team',
      message: expect.any(String),
      data: { status: 409, field: 'email', data: { id: existing, name: 'Ann Lee' }, team_id: c.church, team_name: await teamTitle(c.church) },
    })
    // Nothing was written.
    expect(await t.db.select().from(people).where(eq(people.first_name, 'New'))).toHaveLength(0)
    expect(await t.db.select().from(activityLog).where(eq(activityLog.author_id, c.leader.id))).toHaveLength(0)
  })

  it('finds the same phone, however it is written', async () => {
    const c = await buildChurch(t)
    const existing = await buildContact(t, { teamId: c.church, person: { phone: '+61412345678' } })
    const response = await post(t, 'create-user', c.leader.token, payload(c, { phone: '0412 345 678' }))
    expect(body(response)).toMatchObject({ code: 'user_exists_in_this_team', data: { field: 'phone', data: { id: existing } } })
  })

  it('finds the same name and gender, whatever their case, with field gender (D2-8-03)', async () => {
    const c = await buildChurch(t)
    const existing = await buildContact(t, { teamId: c.church, person: { first_name: 'Mary', last_name: 'Jones', gender: 'female' } })
    const same = await post(t, 'create-user', c.leader.token, payload(c, { first_name: 'MARY', last_name: 'jones', gender: 'female' }))
    expect(body(same)).toMatchObject({ code: 'user_exists_in_this_team', data: { field: 'gender', data: { id: existing, name: 'Mary Jones' } } })
    const otherGender = await post(t, 'create-user', c.leader.token, payload(c, { first_name: 'Mary', last_name: 'Jones', gender: 'male' }))
    expect(otherGender.statusCode).toBe(200)
  })

  it('finds archived contacts too, and disregard_existing does not pass a match in this team', async () => {
    const c = await buildChurch(t)
    await buildContact(t, { teamId: c.church, archived: true, person: { email: 'kept@example.org' } })
    const response = await post(t, 'create-user', c.leader.token, payload(c, { email: 'kept@example.org', disregard_existing: 1 }))
    expect(response.statusCode).toBe(409)
    expect(body(response).code).toBe('user_exists_in_this_team')
  })
})

describe('create-user duplicates in another team', () => {
  it("names the other team and only the contact's id and name (D2-8-02)", async () => {
    const a = await buildChurch(t)
    const b = await buildChurch(t, { conference: a.conference })
    const existing = await buildContact(t, {
      teamId: b.church,
      person: { first_name: 'Bob', last_name: 'Smith', phone: '+61412000999', email: 'bob@example.org' },
    })
    const response = await post(t, 'create-user', a.leader.token, payload(a, { phone: '+61 412 000 999' }))
    expect(response.statusCode).toBe(409)
    expect(body(response)).toEqual({
      code: 'user_exists_in_other_team',
      message: expect.any(String),
      data: {
        status: 409,
        field: 'phone',
        data: { id: existing, name: 'Bob Smith' },
        team_id: b.church,
        team_name: await teamTitle(b.church),
        match_token: expect.stringMatching(/^\d+\.[\w-]+$/),
      },
    })
  })

  it('creates a new contact when told to disregard it (D2-4.6-03)', async () => {
    const a = await buildChurch(t)
    const b = await buildChurch(t, { conference: a.conference })
    const existing = await buildContact(t, { teamId: b.church, person: { email: 'twin@example.org' } })
    const response = await post(t, 'create-user', a.leader.token, payload(a, { email: 'twin@example.org', disregard_existing: 1 }))
    expect(response.statusCode).toBe(200)
    expect(body(response).id).not.toBe(existing)
    expect(await teamRow(b.church, body(response).id)).toBeUndefined()
  })

  it("does not look into another conference's teams", async () => {
    const a = await buildChurch(t)
    const elsewhere = await buildChurch(t)
    await buildContact(t, { teamId: elsewhere.church, person: { email: 'far@example.org' } })
    expect((await post(t, 'create-user', a.leader.token, payload(a, { email: 'far@example.org' }))).statusCode).toBe(200)
  })
})

describe('POST /api/v1/add-existing-user (spec 2 §4 "Adding a contact")', () => {
  it("adds another team's contact directly with update_contact (D2-4.6-01, D2-4.6-02)", async () => {
    const a = await buildChurch(t)
    const b = await buildChurch(t, { conference: a.conference })
    const { id: contact, email } = await findableContact(b.church)
    const matchToken = await shownBy(a, a.leader.token, email)
    const response = await post(t, 'add-existing-user', a.leader.token, { team_id: a.church, group_id: a.church, user_id: contact, match_token: matchToken })
    expect(response.statusCode).toBe(200)
    expect(body(response)).toEqual({ id: contact, is_awaiting_approval: false })
    expect(await teamRow(a.church, contact)).toMatchObject({ state: 'active', is_owner: false, added_by_id: a.leader.id, requested_by_id: null })
    expect((await teamRow(a.church, contact))!.sort_name).not.toBe('')
    const log = await activityOf(t, contact)
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({ subject_type: 'team_contacts', action: 'add', team_id: a.church })
    // Readable at once.
    expect((await get(t, `contact-groups/${contact}`, a.leader.token, { team_id: a.church, group_id: a.church })).statusCode).toBe(200)
  })

  it('asks the owning team without update_contact: the team waits for approval (D2-4.6-02)', async () => {
    const a = await buildChurch(t)
    const b = await buildChurch(t, { conference: a.conference })
    const { id: contact, email } = await findableContact(b.church)
    // A member cannot create in the team, so asks from their own private group: the same
    // match token serves the team.
    const mine = await buildTeam(t, { kind: 'group', parentId: a.church, isPublic: false, isolatedOwnerId: a.member.id })
    await addMember(t, a.member.id, mine, 'owner')
    const scope = { team_id: a.church, group_id: a.church, user_id: contact, match_token: await shownBy(a, a.member.token, email, mine) }
    const response = await post(t, 'add-existing-user', a.member.token, scope)
    expect(body(response)).toEqual({ id: contact, is_awaiting_approval: true })
    expect(await teamRow(a.church, contact)).toMatchObject({ state: 'awaiting_approval', is_owner: false, requested_by_id: a.member.id })
    // Asking again changes nothing.
    expect(body(await post(t, 'add-existing-user', a.member.token, scope))).toEqual({ id: contact, is_awaiting_approval: true })
    expect(await activityOf(t, contact)).toHaveLength(1)
    // Until the owner agrees, the team cannot work with the contact.
    expect((await get(t, `contact-groups/${contact}`, a.owner.token, { team_id: a.church, group_id: a.church })).statusCode).toBe(403)
  })

  it("asks, too, from a member's private group: the team role decides", async () => {
    const a = await buildChurch(t)
    const b = await buildChurch(t, { conference: a.conference })
    const privateGroup = await buildTeam(t, { kind: 'group', parentId: a.church, isPublic: false, isolatedOwnerId: a.member.id })
    await addMember(t, a.member.id, privateGroup, 'owner')
    const { id: contact, email } = await findableContact(b.church)
    const matchToken = await shownBy(a, a.member.token, email, privateGroup)
    const response = await post(t, 'add-existing-user', a.member.token, {
      team_id: a.church,
      group_id: privateGroup,
      user_id: contact,
      match_token: matchToken,
    })
    expect(body(response).is_awaiting_approval).toBe(true)
    const placed = await t.db.select().from(groupContacts).where(eq(groupContacts.person_id, contact))
    expect(placed.map((row) => row.group_id)).toEqual([privateGroup])
  })

  it('puts a contact of this team into the selected group, once', async () => {
    const c = await buildChurch(t)
    const group = await buildTeam(t, { kind: 'group', parentId: c.church, isPublic: true })
    const contact = await buildContact(t, { teamId: c.church })
    const scope = { team_id: c.church, group_id: group, user_id: contact }
    expect(body(await post(t, 'add-existing-user', c.leader.token, scope))).toEqual({ id: contact, is_awaiting_approval: false })
    expect(body(await post(t, 'add-existing-user', c.leader.token, scope))).toEqual({ id: contact, is_awaiting_approval: false })
    expect(await t.db.select().from(groupContacts).where(eq(groupContacts.person_id, contact))).toHaveLength(1)
    expect(await activityOf(t, contact)).toHaveLength(1)
  })

  it('refuses a contact of this team the caller cannot read', async () => {
    const c = await buildChurch(t)
    const privateGroup = await buildTeam(t, { kind: 'group', parentId: c.church, isPublic: false, isolatedOwnerId: c.member.id })
    await addMember(t, c.member.id, privateGroup, 'owner')
    const contact = await buildContact(t, { teamId: c.church })
    const response = await post(t, 'add-existing-user', c.member.token, { team_id: c.church, group_id: privateGroup, user_id: contact })
    expect(response.statusCode).toBe(403)
    expect(await t.db.select().from(groupContacts).where(eq(groupContacts.person_id, contact))).toHaveLength(0)
  })

  it("answers 404 for another conference's contact, an unknown id, or another team's scope", async () => {
    const a = await buildChurch(t)
    const elsewhere = await buildChurch(t)
    const far = await buildContact(t, { teamId: elsewhere.church })
    expect((await post(t, 'add-existing-user', a.leader.token, { team_id: a.church, group_id: a.church, user_id: far })).statusCode).toBe(404)
    expect((await post(t, 'add-existing-user', a.leader.token, { team_id: a.church, group_id: a.church, user_id: 99999999 })).statusCode).toBe(404)
    expect((await post(t, 'add-existing-user', a.leader.token, { team_id: elsewhere.church, group_id: elsewhere.church, user_id: far })).statusCode).toBe(404)
    expect(await teamRow(a.church, far)).toBeUndefined()
  })
})

describe('POST /api/v1/add-user-from-parent-team', () => {
  it("brings the conference's contact into the church with the given fields", async () => {
    const c = await buildChurch(t)
    const { id: contact, email } = await findableContact(c.conference, { consent_type: 'verbal', member_status: 'member' })
    const response = await post(t, 'add-user-from-parent-team', c.leader.token, {
      team_id: c.church,
      group_id: c.church,
      user_id: contact,
      match_token: await shownBy(c, c.leader.token, email),
      marital_status: 'widowed',
      phone: '0412 111 222',
    })
    expect(response.statusCode).toBe(200)
    expect(body(response)).toEqual({ id: contact })
    expect(await teamRow(c.church, contact)).toMatchObject({ state: 'active', is_owner: false, added_by_id: c.leader.id })
    const [row] = await t.db.select().from(people).where(eq(people.id, contact))
    expect(row).toMatchObject({ marital_status: 'widowed', phone: '+61412111222' })
    const log = await activityOf(t, contact)
    expect(log.map((entry) => `${entry.subject_type}:${entry.action}`)).toEqual(['team_contacts:add', 'user:update'])
    expect(log[1]!.before).toEqual({ marital_status: null, phone: null })
  })

  it('refuses bad fields and adds nothing', async () => {
    const c = await buildChurch(t)
    const { id: contact, email } = await findableContact(c.conference, { consent_type: 'verbal' })
    const matchToken = await shownBy(c, c.leader.token, email)
    const response = await post(t, 'add-user-from-parent-team', c.leader.token, {
      team_id: c.church,
      group_id: c.church,
      user_id: contact,
      phone: '12',
      match_token: matchToken,
    })
    expect(response.statusCode).toBe(400)
    expect(await teamRow(c.church, contact)).toBeUndefined()
    expect(await activityOf(t, contact)).toHaveLength(0)
  })

  it("refuses a child once the caller's checks lapse, though the match token is still fresh (issue 33)", async () => {
    const c = await buildChurch(t)
    const { id: child, email } = await findableContact(c.conference, {
      ...bornYearsAgo(t, 9),
      parent_carer_first_name: 'Pat',
      parent_carer_email: 'pat@example.org',
    })
    const matchToken = await shownBy(c, c.leader.token, email)
    await t.db
      .update(memberships)
      .set({ has_adsafe: false })
      .where(and(eq(memberships.person_id, c.leader.id), eq(memberships.team_id, c.church)))
    const response = await post(t, 'add-user-from-parent-team', c.leader.token, {
      team_id: c.church,
      group_id: c.church,
      user_id: child,
      match_token: matchToken,
    })
    expect(response.statusCode).toBe(403)
    expect(body(response)).toMatchObject({ code: 'child_data_gate', data: { missing: ['adsafe'] } })
    expect(await teamRow(c.church, child)).toBeUndefined()
    expect(await activityOf(t, child)).toHaveLength(0)
  })

  it('answers 409 for a contact the church holds and 404 for one its conference does not', async () => {
    const c = await buildChurch(t)
    const sibling = await buildChurch(t, { conference: c.conference })
    const own = await buildContact(t, { teamId: c.church })
    await addToTeam(t, own, { teamId: c.conference })
    const scope = { team_id: c.church, group_id: c.church }
    expect((await post(t, 'add-user-from-parent-team', c.leader.token, { ...scope, user_id: own })).statusCode).toBe(409)
    const siblings = await buildContact(t, { teamId: sibling.church })
    expect((await post(t, 'add-user-from-parent-team', c.leader.token, { ...scope, user_id: siblings })).statusCode).toBe(404)
    expect((await post(t, 'add-user-from-parent-team', c.member.token, { ...scope, user_id: siblings })).statusCode).toBe(403)
  })
})

describe("another team's contact needs the duplicate answer's match token (issue 8 item 1)", () => {
  async function setUp() {
    const a = await buildChurch(t)
    const b = await buildChurch(t, { conference: a.conference })
    const found = await findableContact(b.church, { phone: '+61412777888', address_city: 'Harbour', religion: 'anglican' })
    return { a, b, ...found }
  }

  async function unchanged(teamId: number, contact: number) {
    expect(await teamRow(teamId, contact)).toBeUndefined()
    expect(await t.db.select().from(groupContacts).where(eq(groupContacts.person_id, contact))).toHaveLength(0)
    expect(await activityOf(t, contact)).toHaveLength(0)
  }

  it('answers 404, changing nothing, to a guessed id: as a leader (no copy) and as a member (no request)', async () => {
    const { a, id } = await setUp()
    for (const person of [a.leader, a.member, a.owner]) {
      const response = await post(t, 'add-existing-user', person.token, { team_id: a.church, group_id: a.church, user_id: id })
      expect(response.statusCode).toBe(404)
      expect(body(response)).toEqual({ code: 'not_found', message: expect.any(String), data: { status: 404 } })
    }
    await unchanged(a.church, id)
    // The contact stays another team's: not readable.
    expect((await get(t, `contact/${id}`, a.leader.token, { team_id: a.church, group_id: a.church })).statusCode).toBe(404)
  })

  it('refuses a token of another person, another contact, another team, a forged one and an expired one', async () => {
    const { a, b, id, email } = await setUp()
    const other = await findableContact(b.church)
    const leaders = await shownBy(a, a.leader.token, email)
    const forOther = await shownBy(a, a.leader.token, other.email)
    // The leader also leads a sibling church and was shown the contact there.
    const sibling = await buildChurch(t, { conference: a.conference })
    await addMember(t, a.leader.id, sibling.church, 'leader')
    const inSibling = await shownBy(sibling, a.leader.token, email)
    const add = (token: string, matchToken: string, userId = id) =>
      post(t, 'add-existing-user', token, { team_id: a.church, group_id: a.church, user_id: userId, match_token: matchToken })
    const [expiry, mac] = leaders.split('.') as [string, string]

    for (const attempt of [
      () => add(a.owner.token, leaders), // another person
      () => add(a.leader.token, forOther), // another contact
      () => add(a.leader.token, inSibling), // made in another team
      () => add(a.leader.token, `${Number(expiry) + 3_600_000}.${mac}`), // a later expiry
      // A forged signature: its first character changed (the last ones may carry padding bits, and were 'AA' one time in a thousand).
      () => add(a.leader.token, `${expiry}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`),
      () => add(a.leader.token, 'not-a-token'),
    ]) {
      const response = await attempt()
      expect(response.statusCode).toBe(404)
      expect(body(response).code).toBe('not_found')
    }
    // The token of the parent-team call is checked the same way.
    expect(
      (await post(t, 'add-user-from-parent-team', a.owner.token, { team_id: a.church, group_id: a.church, user_id: id, match_token: leaders })).statusCode,
    ).toBe(404)
    await unchanged(a.church, id)

    t.clock.advance(31 * 60 * 1000)
    expect((await add(a.leader.token, leaders)).statusCode).toBe(404)
    await unchanged(a.church, id)
  })

  it('lets the person shown the contact add it with the token, within 30 minutes', async () => {
    const { a, id, email } = await setUp()
    const matchToken = await shownBy(a, a.leader.token, email)
    t.clock.advance(29 * 60 * 1000)
    const response = await post(t, 'add-existing-user', a.leader.token, { team_id: a.church, group_id: a.church, user_id: id, match_token: matchToken })
    expect(body(response)).toEqual({ id, is_awaiting_approval: false })
    expect(await teamRow(a.church, id)).toMatchObject({ state: 'active', is_owner: false })
    // A contact of the team needs no token.
    const group = await buildTeam(t, { kind: 'group', parentId: a.church, isPublic: true })
    expect(body(await post(t, 'add-existing-user', a.leader.token, { team_id: a.church, group_id: group, user_id: id }))).toEqual({
      id,
      is_awaiting_approval: false,
    })
  })
})

describe('the duplicate answer under the child data gate (issue 8 item 3)', () => {
  const now = new Date()
  const child = { dob_year: now.getFullYear() - 9, dob_month: now.getMonth() + 1, parent_carer_first_name: 'Pat', parent_carer_email: 'pat@example.org' }

  async function setUp() {
    const a = await buildChurch(t)
    const b = await buildChurch(t, { conference: a.conference })
    const gated = await buildPerson(t)
    await addMember(t, gated.id, a.church, 'leader', { has_wwcc: true })
    return { a, b, gated }
  }

  it('names no child in this team: same code and field, no id, name or team', async () => {
    const { a, gated } = await setUp()
    await buildContact(t, {
      teamId: a.church,
      person: { first_name: 'Kid', last_name: 'Here', gender: 'male', email: 'kid.here@example.org', phone: '+61412555001', ...child },
    })
    for (const [extra, field] of [
      [{ email: 'kid.here@example.org' }, 'email'],
      [{ phone: '0412 555 001' }, 'phone'],
      [{ first_name: 'kid', last_name: 'HERE', gender: 'male' }, 'gender'],
    ] as const) {
      const response = await post(t, 'create-user', gated.token, payload(a, extra))
      expect(response.statusCode).toBe(409)
      expect(body(response)).toEqual({
        code: 'user_exists_in_this_team',
        message: expect.any(String),
        data: { status: 409, field, data: null, team_id: null, team_name: null },
      })
    }
    // A leader with both checks is told whom.
    const checked = await post(t, 'create-user', a.leader.token, payload(a, { email: 'kid.here@example.org' }))
    expect(body(checked).data).toMatchObject({ data: { name: 'Kid Here' }, team_id: a.church })
  })

  it('names no child of another team, and gives no match token', async () => {
    const { a, b, gated } = await setUp()
    const kid = await buildContact(t, {
      teamId: b.church,
      person: { first_name: 'Kid', last_name: 'There', gender: 'female', email: 'kid.there@example.org', phone: '+61412555002', ...child },
    })
    for (const [extra, field] of [
      [{ email: 'kid.there@example.org' }, 'email'],
      [{ phone: '0412 555 002' }, 'phone'],
      [{ first_name: 'Kid', last_name: 'There', gender: 'female' }, 'gender'],
    ] as const) {
      const response = await post(t, 'create-user', gated.token, payload(a, extra))
      expect(response.statusCode).toBe(409)
      expect(body(response)).toEqual({
        code: 'user_exists_in_other_team',
        message: expect.any(String),
        data: { status: 409, field, data: null, team_id: null, team_name: null },
      })
    }
    const checked = await post(t, 'create-user', a.leader.token, payload(a, { email: 'kid.there@example.org' }))
    expect(body(checked).data).toMatchObject({ data: { id: kid, name: 'Kid There' }, team_id: b.church, match_token: expect.any(String) })
    // An adult is named to the gated caller as to anyone.
    await buildContact(t, { teamId: b.church, person: { first_name: 'Grown', last_name: 'Up', email: 'grown.up@example.org' } })
    const adult = await post(t, 'create-user', gated.token, payload(a, { email: 'grown.up@example.org' }))
    expect(body(adult).data).toMatchObject({ data: { name: 'Grown Up' }, team_id: b.church, match_token: expect.any(String) })
    expect(await t.db.select().from(people).where(eq(people.email, 'kid.there@example.org'))).toHaveLength(1)
  })
})

describe('the duplicate answer to a caller who may not read the match', () => {
  it('names no contact of the team to a member adding in their own group, unless it is theirs', async () => {
    const c = await buildChurch(t)
    const mine = await buildTeam(t, { kind: 'group', parentId: c.church, isPublic: false, isolatedOwnerId: c.member.id })
    await addMember(t, c.member.id, mine, 'owner')
    await buildContact(t, { teamId: c.church, person: { first_name: 'Hidden', last_name: 'Person', email: 'hidden@example.org' } })
    const theirs = await buildContact(t, {
      teamId: c.church,
      addedById: c.member.id,
      person: { first_name: 'Known', last_name: 'Person', email: 'known@example.org' },
    })
    const hidden = await post(t, 'create-user', c.member.token, { ...payload(c, { email: 'hidden@example.org' }), group_id: mine })
    expect(body(hidden)).toEqual({
      code: 'user_exists_in_this_team',
      message: expect.any(String),
      data: { status: 409, field: 'email', data: null, team_id: null, team_name: null },
    })
    const known = await post(t, 'create-user', c.member.token, { ...payload(c, { email: 'known@example.org' }), group_id: mine })
    expect(body(known).data).toMatchObject({ data: { id: theirs, name: 'Known Person' }, team_id: c.church })
  })
})
