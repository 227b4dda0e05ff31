import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { refreshContactReadModel } from '../../platform/read-model'
import { accounts, lookupItems, teams, transfers } from '../../db/schema/index'
import { syncLookups } from '../lookups/lookups.service'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp, type TestPerson } from '../../../test/harness'
import { assignContact, buildContact, shareContact } from '../../../test/contacts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

interface Church {
  team: number
  owner: TestPerson
  leader: TestPerson
  member: TestPerson
}

/** A church with an owner (no checks: exempt), a leader with both checks and a member without. */
async function buildChurch(): Promise<Church> {
  const team = await buildTeam(t)
  const owner = await buildPerson(t, { firstName: 'Olive', lastName: 'Owner' })
  const leader = await buildPerson(t, { firstName: 'Lee', lastName: 'Leader' })
  const member = await buildPerson(t, { firstName: 'Meg', lastName: 'Member' })
  await addMember(t, owner.id, team, 'owner')
  await addMember(t, leader.id, team, 'leader', { has_wwcc: true, has_adsafe: true })
  await addMember(t, member.id, team, 'member')
  await t.db.update(teams).set({ owner_id: owner.id }).where(eq(teams.id, team))
  return { team, owner, leader, member }
}

type Query = Record<string, string | number>

function list(path: 'contacts' | 'assigned-contacts' | 'archived-contacts', person: TestPerson, scope: { team: number; group?: number }, query: Query = {}) {
  const params = new URLSearchParams({ team_id: String(scope.team), group_id: String(scope.group ?? scope.team) })
  for (const [key, value] of Object.entries(query)) params.set(key, String(value))
  return t.call({ method: 'GET', url: `/api/v1/${path}?${params}`, token: person.token })
}

async function names(
  path: 'contacts' | 'assigned-contacts' | 'archived-contacts',
  person: TestPerson,
  scope: { team: number; group?: number },
  query: Query = {},
) {
  const response = await list(path, person, scope, query)
  expect(response.statusCode, response.body).toBe(200)
  return body(response).items.map((item: { name: string }) => item.name) as string[]
}

/** dob of someone `age` years old this month, or turning `age + 1` in `monthsToBirthday` months. */
function dobFor(age: number, monthsToBirthday = 0): { dob_year: number; dob_month: number } {
  const now = new Date()
  const index = now.getFullYear() * 12 + now.getMonth() - age * 12 - (monthsToBirthday ? 12 - monthsToBirthday : 0)
  return { dob_year: Math.floor(index / 12), dob_month: (index % 12) + 1 }
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000)

describe('GET /api/v1/contacts', () => {
  it("lists the team's active contacts by name, with their details (D2-2.1-04, D2-9-01)", async () => {
    const church = await buildChurch()
    const other = await buildTeam(t)
    await buildContact(t, { teamId: church.team, first_name: 'Zoe', last_name: 'Adams' })
    const ann = await buildContact(t, {
      teamId: church.team,
      first_name: 'Ann',
      last_name: 'Baker',
      gender: 'female',
      ...dobFor(34),
      email: 'ann.baker@example.org',
      phone: '+61412345678',
      member_status: 'lead-visited',
      source: 'friend-family',
      grow_phase: 'preserve',
      createdAt: new Date('2026-03-04T01:00:00Z'),
    })
    await buildContact(t, { teamId: church.team, first_name: 'Archie', last_name: 'Gone', archivedAt: daysAgo(1) })
    await buildContact(t, { teamId: church.team, first_name: 'Awaiting', last_name: 'Approval', state: 'awaiting_approval', isOwner: false })
    await buildContact(t, { teamId: other, first_name: 'Other', last_name: 'Church' })

    const response = await list('contacts', church.leader, { team: church.team })
    expect(response.statusCode).toBe(200)
    const answer = body(response)
    expect(answer.items.map((item: { name: string }) => item.name)).toEqual(['Ann Baker', 'Zoe Adams'])
    expect(answer).toMatchObject({ count: 2, max_pages: 1 })
    expect(answer.items[0]).toEqual({
      id: ann,
      name: 'Ann Baker',
      first_name: 'Ann',
      last_name: 'Baker',
      gender: 'female',
      // Spec 2 §3 "dob (month and year)" (issue 8 item 13).
      dob: `${dobFor(34).dob_year}-${String(dobFor(34).dob_month).padStart(2, '0')}`,
      age: 34,
      is_child: false,
      is_restricted: false,
      email: 'ann.baker@example.org',
      phone: '+61 412 345 678',
      member_status: 'lead-visited',
      member_status_display: 'Lead (visited)',
      grow_phase: 'preserve',
      grow_phase_display: 'Multiply',
      source_display: 'Friend or family',
      status: 'active',
      is_assigned: false,
      is_awaiting_approval: false,
      has_incomplete_interaction: false,
      last_interaction_days_ago: null,
      created_display: '4 Mar 2026',
      archived_display: null,
    })
  })

  it("shows the lookups in the caller's locale", async () => {
    const church = await buildChurch()
    await buildContact(t, { teamId: church.team, member_status: 'member', source: 'walk-in', grow_phase: 'preserve' })
    expect(body(await list('contacts', church.owner, { team: church.team })).items[0]).toMatchObject({
      member_status_display: 'Member',
      source_display: 'Walked in to church',
    })
    await t.db.update(accounts).set({ locale: 'es' }).where(eq(accounts.person_id, church.owner.id))
    expect(body(await list('contacts', church.owner, { team: church.team })).items[0]).toMatchObject({
      member_status_display: 'Miembro',
      source_display: 'Llegó a la iglesia',
      grow_phase_display: 'Multiplicar',
    })
  })

  it('speaks the language on screen (Accept-Language) over the account’s: lookups, grow phase and dates', async () => {
    const church = await buildChurch()
    await buildContact(t, {
      teamId: church.team,
      member_status: 'lead-unvisited',
      grow_phase: 'plant',
      createdAt: new Date('2026-07-09T03:00:00Z'),
    })
    const url = `/api/v1/contacts?team_id=${church.team}&group_id=${church.team}`
    const spanish = await t.call({ method: 'GET', url, token: church.owner.token, headers: { 'accept-language': 'es-AR,es;q=0.9,en;q=0.8' } })
    const item = body(spanish).items[0]
    expect(item).toMatchObject({ grow_phase_display: 'Sembrar', created_display: expect.stringMatching(/jul/i) })
    expect(item.member_status_display).not.toMatch(/Lead|visited/)
    expect(item.created_display).not.toMatch(/July/)
    // A language the app does not speak leaves the account's (English here).
    const german = await t.call({ method: 'GET', url, token: church.owner.token, headers: { 'accept-language': 'de-DE' } })
    expect(body(german).items[0]).toMatchObject({ grow_phase_display: 'Plant', created_display: '9 July 2026' })
  })

  it('lists only the contacts of a group when a group is selected', async () => {
    const church = await buildChurch()
    const youth = await buildTeam(t, { kind: 'group', parentId: church.team, title: 'Youth' })
    await buildContact(t, { teamId: church.team, first_name: 'In', last_name: 'Group', groupIds: [youth] })
    await buildContact(t, { teamId: church.team, first_name: 'Not', last_name: 'Grouped' })
    expect(await names('contacts', church.leader, { team: church.team, group: youth })).toEqual(['In Group'])
    expect(await names('contacts', church.leader, { team: church.team })).toEqual(['In Group', 'Not Grouped'])
  })

  it('needs read_contact in the group: 403 for a member of the team, allowed in their own private group (D2-6-03)', async () => {
    const church = await buildChurch()
    const own = await buildTeam(t, { kind: 'group', parentId: church.team, isPublic: false, isolatedOwnerId: church.member.id })
    await addMember(t, church.member.id, own, 'owner')
    await buildContact(t, { teamId: church.team, first_name: 'Private', last_name: 'Care', groupIds: [own] })
    const refused = await list('contacts', church.member, { team: church.team })
    expect(refused.statusCode).toBe(403)
    expect(body(refused).code).toBe('forbidden')
    expect(await names('contacts', church.member, { team: church.team, group: own })).toEqual(['Private Care'])
  })

  it('answers 404 to a member of another team, on every list', async () => {
    const church = await buildChurch()
    const stranger = await buildPerson(t)
    await addMember(t, stranger.id, await buildTeam(t), 'owner')
    for (const path of ['contacts', 'assigned-contacts', 'archived-contacts'] as const) {
      const response = await list(path, stranger, { team: church.team })
      expect(response.statusCode, path).toBe(404)
      expect(body(response).code).toBe('not_found')
    }
  })

  it('D2-7.1-04 transfer_team_id: the pastor of an upcoming transfer lists their assigned contacts in its from-church; anyone else is not found', async () => {
    const from = await buildChurch()
    const other = await buildChurch()
    const mine = await buildContact(t, { teamId: from.team, first_name: 'Mine', last_name: 'Assigned' })
    await buildContact(t, { teamId: from.team, first_name: 'Not', last_name: 'Mine' })
    await assignContact(t, from.team, mine, from.owner.id)
    // The pastor owns another church too, selected in the app: team_id and group_id name it.
    await addMember(t, from.owner.id, other.team, 'owner')
    const [transfer] = await t.db
      .insert(transfers)
      .values({ from_conference_id: from.team, to_conference_id: other.team, from_team_id: from.team, to_team_id: other.team, person_id: from.owner.id })
      .returning({ id: transfers.id })
    expect(await names('assigned-contacts', from.owner, { team: other.team }, { transfer_team_id: from.team })).toEqual(['Mine Assigned'])
    // It replaces team_id and group_id: alone, it names the scope itself.
    const alone = await t.call({ method: 'GET', url: `/api/v1/assigned-contacts?transfer_team_id=${from.team}`, token: from.owner.token })
    expect(alone.statusCode, alone.body).toBe(200)
    expect(body(alone).items.map((item: { name: string }) => item.name)).toEqual(['Mine Assigned'])
    const strangerAlone = await t.call({ method: 'GET', url: `/api/v1/assigned-contacts?transfer_team_id=${from.team}`, token: other.owner.token })
    expect(strangerAlone.statusCode).toBe(404)
    expect((await t.call({ method: 'GET', url: `/api/v1/assigned-contacts?transfer_team_id=${from.team}` })).statusCode).toBe(401)
    // Not the pastor, another church, or no upcoming transfer any more: not found.
    await addMember(t, from.leader.id, other.team, 'leader')
    expect((await list('assigned-contacts', from.leader, { team: other.team }, { transfer_team_id: from.team })).statusCode).toBe(404)
    expect((await list('assigned-contacts', from.owner, { team: from.team }, { transfer_team_id: other.team })).statusCode).toBe(404)
    expect((await list('assigned-contacts', from.owner, { team: other.team }, { transfer_team_id: 'x' })).statusCode).toBe(400)
    // The other lists ignore it and stay the selected team's; a camelCase key is ignored like any unknown one.
    expect(await names('contacts', from.owner, { team: other.team }, { transfer_team_id: from.team })).toEqual([])
    expect(await names('assigned-contacts', from.owner, { team: other.team }, { transferTeamId: from.team })).toEqual([])
    await t.db.update(transfers).set({ is_processed: true }).where(eq(transfers.id, transfer!.id))
    expect((await list('assigned-contacts', from.owner, { team: other.team }, { transfer_team_id: from.team })).statusCode).toBe(404)
    expect((await t.call({ method: 'GET', url: `/api/v1/assigned-contacts?transfer_team_id=${from.team}`, token: from.owner.token })).statusCode).toBe(404)
  })
})

describe('filters', () => {
  let church: Church
  const scope = () => ({ team: church.team })
  beforeAll(async () => {
    church = await buildChurch()
    const ages: Array<[string, { dob_year: number; dob_month: number } | object]> = [
      ['Newborn', dobFor(0)],
      ['Twelve', dobFor(12)],
      ['AlmostThirteen', dobFor(12, 1)],
      ['Thirteen', dobFor(13)],
      ['TwentyOne', dobFor(21)],
      ['TwentyTwo', dobFor(22)],
      ['Forty', dobFor(40)],
      ['FortyOne', dobFor(41)],
      ['SixtyFive', dobFor(65)],
      ['SixtySix', dobFor(66)],
      ['Hundred', dobFor(100)],
      ['Ageless', {}],
    ]
    for (const [first, dob] of ages) await buildContact(t, { teamId: church.team, first_name: first, last_name: 'Age', ...dob })
  })

  it('filters each age band at its edges (D2-9-06)', async () => {
    const band = async (age: string) => (await names('contacts', church.leader, scope(), { age })).map((name) => name.split(' ')[0])
    expect(await band('0-12')).toEqual(['AlmostThirteen', 'Newborn', 'Twelve'])
    expect(await band('13-21')).toEqual(['Thirteen', 'TwentyOne'])
    expect(await band('22-40')).toEqual(['Forty', 'TwentyTwo'])
    expect(await band('41-65')).toEqual(['FortyOne', 'SixtyFive'])
    expect(await band('66+')).toEqual(['Hundred', 'SixtySix'])
    expect((await list('contacts', church.leader, scope(), { age: '5-10' })).statusCode).toBe(400)
  })

  it('filters by member status, grow phase, source and gender', async () => {
    const other = await buildChurch()
    const s = { team: other.team }
    await buildContact(t, { teamId: other.team, first_name: 'Mem', member_status: 'member', gender: 'male', grow_phase: 'plant' })
    await buildContact(t, { teamId: other.team, first_name: 'Lead', member_status: 'lead-visited', source: 'online', gender: 'female', grow_phase: 'harvest' })
    await buildContact(t, { teamId: other.team, first_name: 'Att', member_status: 'church-attendee', source: 'walk-in', gender: 'declined' })
    const first = async (query: Query) => (await names('contacts', other.leader, s, query)).map((name) => name.split(' ')[0])
    expect(await first({ member_status: 'lead-visited' })).toEqual(['Lead'])
    expect(await first({ grow_phase: 'plant' })).toEqual(['Mem'])
    expect(await first({ source: 'walk-in' })).toEqual(['Att'])
    expect(await first({ gender: 'female' })).toEqual(['Lead'])
    expect(await first({ gender: 'declined' })).toEqual(['Att'])
    expect(await first({ member_status: 'lead-visited', gender: 'male' })).toEqual([])
  })

  it('filters by interactions: overdue, none, months since the last, never visited (D2-9-07)', async () => {
    const other = await buildChurch()
    const s = { team: other.team }
    await buildContact(t, {
      teamId: other.team,
      first_name: 'Overdue',
      interactions: { has_overdue_interaction: true, last_interaction_at: daysAgo(200), next_interaction_at: daysAgo(2) },
    })
    await buildContact(t, { teamId: other.team, first_name: 'Never' })
    await buildContact(t, { teamId: other.team, first_name: 'Planned', interactions: { next_interaction_at: daysAgo(-5) } })
    await buildContact(t, { teamId: other.team, first_name: 'Recent', interactions: { last_interaction_at: daysAgo(10), last_visit_at: daysAgo(10) } })
    await buildContact(t, { teamId: other.team, first_name: 'TwoMonths', interactions: { last_interaction_at: daysAgo(62), last_visit_at: daysAgo(400) } })
    await buildContact(t, { teamId: other.team, first_name: 'FourMonths', interactions: { last_interaction_at: daysAgo(124) } })
    const first = async (interaction: string) => (await names('contacts', other.leader, s, { interaction })).map((name) => name.split(' ')[0])
    expect(await first('missed')).toEqual(['Overdue'])
    expect(await first('none')).toEqual(['Never'])
    expect(await first('1')).toEqual(['FourMonths', 'Never', 'Overdue', 'Planned', 'TwoMonths'])
    expect(await first('3')).toEqual(['FourMonths', 'Never', 'Overdue', 'Planned'])
    expect(await first('6')).toEqual(['Never', 'Overdue', 'Planned'])
    expect(await first('unvisited')).toEqual(['FourMonths', 'Never', 'Overdue', 'Planned'])
  })
})

describe('search', () => {
  let church: Church
  beforeAll(async () => {
    church = await buildChurch()
    await buildContact(t, { teamId: church.team, first_name: 'Annabel', last_name: 'Lee', email: 'annabel@example.org' })
    await buildContact(t, { teamId: church.team, first_name: 'Joanne', last_name: 'Smith', email: 'jo@example.org', phone: '+61412345678' })
    await buildContact(t, { teamId: church.team, first_name: 'Bob', last_name: 'Brown', email: 'bob_100%@example.org', phone: '+61298765432' })
    await buildContact(t, { teamId: church.team, first_name: 'Grace', last_name: 'Ng', email: 'g.walker-ng@example.org' })
    await buildContact(t, { teamId: church.team, first_name: 'Mary-Jane', last_name: 'O’Brien' })
  })
  const search = (text: string) => names('contacts', church.leader, { team: church.team }, { search: text })

  it('finds names case-insensitively where a word of the name starts, the words in the order typed (D2-2.1-06)', async () => {
    expect(await search('ANN')).toEqual(['Annabel Lee'])
    expect(await search('annabel lee')).toEqual(['Annabel Lee'])
    expect(await search('smi')).toEqual(['Joanne Smith'])
    expect(await search('joanne sm')).toEqual(['Joanne Smith'])
    // Inside a word, or the words out of order, is not a match.
    expect(await search('oanne')).toEqual([])
    expect(await search('smith joanne')).toEqual([])
    expect(await search('zzzzqq')).toEqual([])
  })

  it('finds the words of a hyphenated name, an apostrophe either way; an email by its punctuation', async () => {
    expect(await search('jane')).toEqual(['Mary-Jane O’Brien'])
    expect(await search('mary-jane')).toEqual(['Mary-Jane O’Brien'])
    expect(await search("o'bri")).toEqual(['Mary-Jane O’Brien'])
    expect(await search('O’Brien')).toEqual(['Mary-Jane O’Brien'])
    // A name search looks at names; an email is found with its punctuation, anywhere in it.
    expect(await search('walker')).toEqual([])
    expect(await search('.walker')).toEqual(['Grace Ng'])
    expect(await search('@example.org')).toHaveLength(4)
  })

  it('finds emails, with LIKE characters taken literally', async () => {
    expect(await search('jo@example')).toEqual(['Joanne Smith'])
    expect(await search('_100%')).toEqual(['Bob Brown'])
    expect(await search('%')).toEqual(['Bob Brown'])
  })

  it('finds phone numbers however they are written', async () => {
    expect(await search('0412 345 678')).toEqual(['Joanne Smith'])
    expect(await search('+61 412 345')).toEqual(['Joanne Smith'])
    expect(await search('9876')).toEqual(['Bob Brown'])
    expect(await search('02 9876 5432')).toEqual(['Bob Brown'])
  })
})

describe('sorting', () => {
  let church: Church
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    church = await buildChurch()
    const sameMoment = daysAgo(2)
    const rows = [
      {
        first_name: 'Carl',
        ...dobFor(30),
        member_status: 'lead-visited',
        source: 'online',
        grow_phase: 'harvest',
        createdAt: daysAgo(3),
        interactions: { last_interaction_at: daysAgo(1) },
      },
      {
        first_name: 'Amy',
        ...dobFor(50),
        member_status: 'member',
        grow_phase: 'prepare',
        createdAt: daysAgo(1),
        interactions: { last_interaction_at: daysAgo(30) },
      },
      { first_name: 'Bea', ...dobFor(20), member_status: 'church-attendee', source: 'online', grow_phase: 'preserve', createdAt: sameMoment },
      { first_name: 'Dan', member_status: 'member', createdAt: sameMoment },
    ]
    for (const row of rows) ids[row.first_name] = await buildContact(t, { teamId: church.team, last_name: 'Sort', ...row })
  })
  const sorted = async (query: Query, path: 'contacts' | 'assigned-contacts' | 'archived-contacts' = 'contacts') =>
    (await names(path, church.leader, { team: church.team }, query)).map((name) => name.split(' ')[0])

  it('sorts by each column, both ways, with nulls last and a unique tie-breaker', async () => {
    expect(await sorted({})).toEqual(['Amy', 'Bea', 'Carl', 'Dan'])
    expect(await sorted({ order_by: 'name', order: 'desc' })).toEqual(['Dan', 'Carl', 'Bea', 'Amy'])
    // Bea and Dan were added at the same moment: the id decides, in the same direction.
    expect(await sorted({ order_by: 'created', order: 'asc' })).toEqual(['Carl', 'Bea', 'Dan', 'Amy'])
    expect(await sorted({ order_by: 'created', order: 'desc' })).toEqual(['Amy', 'Dan', 'Bea', 'Carl'])
    expect(await sorted({ order_by: 'age', order: 'asc' })).toEqual(['Bea', 'Carl', 'Amy', 'Dan'])
    expect(await sorted({ order_by: 'age', order: 'desc' })).toEqual(['Amy', 'Carl', 'Bea', 'Dan'])
    // Member statuses in the order of their list: member, …, church attendee, …, lead (visited).
    expect(await sorted({ order_by: 'member_status', order: 'asc' })).toEqual(['Amy', 'Dan', 'Bea', 'Carl'])
    expect(await sorted({ order_by: 'grow_phase', order: 'asc' })).toEqual(['Amy', 'Carl', 'Bea', 'Dan'])
    expect(await sorted({ order_by: 'grow_phase', order: 'desc' })).toEqual(['Bea', 'Carl', 'Amy', 'Dan'])
    expect(await sorted({ order_by: 'last_interaction', order: 'desc' })).toEqual(['Carl', 'Amy', 'Dan', 'Bea'])
    expect(await sorted({ order_by: 'last_interaction', order: 'asc' })).toEqual(['Amy', 'Carl', 'Bea', 'Dan'])
    expect((await list('contacts', church.leader, { team: church.team }, { order_by: 'email' })).statusCode).toBe(400)
  })

  it('sorts newest first when only order_by=created is given', async () => {
    expect((await sorted({ order_by: 'created' }))[0]).toBe('Amy')
  })

  it('sorts assigned and archived contacts newest first by default (D2-9-02)', async () => {
    for (const id of Object.values(ids)) await assignContact(t, church.team, id, church.leader.id)
    expect(await sorted({}, 'assigned-contacts')).toEqual(['Amy', 'Dan', 'Bea', 'Carl'])
  })
})

describe('sorting by member status and grow phase (ranks stored in the read model)', () => {
  let church: Church
  const ids: number[] = []
  beforeAll(async () => {
    church = await buildChurch()
    const rows = [
      { first_name: 'Ann', member_status: 'not-interested', grow_phase: 'cultivate' },
      { first_name: 'Ben', member_status: 'member', grow_phase: null },
      { first_name: 'Cat', member_status: 'baptismal-candidate', grow_phase: 'plant' },
      { first_name: 'Dee', member_status: null, grow_phase: 'preserve' },
    ]
    for (const row of rows) ids.push(await buildContact(t, { teamId: church.team, last_name: 'Rank', ...row }))
  })
  const sorted = async (query: Query) => (await names('contacts', church.leader, { team: church.team }, query)).map((name) => name.split(' ')[0])

  it('follows the lookup list and the grow cycle, not the alphabet, both ways, unknown last', async () => {
    // Alphabetically: baptismal-candidate, member, not-interested; the list puts member first.
    expect(await sorted({ order_by: 'member_status', order: 'asc' })).toEqual(['Ben', 'Cat', 'Ann', 'Dee'])
    expect(await sorted({ order_by: 'member_status', order: 'desc' })).toEqual(['Ann', 'Cat', 'Ben', 'Dee'])
    // Alphabetically: cultivate, plant, preserve.
    expect(await sorted({ order_by: 'grow_phase', order: 'asc' })).toEqual(['Cat', 'Ann', 'Dee', 'Ben'])
    expect(await sorted({ order_by: 'grow_phase', order: 'desc' })).toEqual(['Dee', 'Ann', 'Cat', 'Ben'])
  })

  it('re-ranks the contacts when the lookups sync changes the order of member statuses', async () => {
    // A database written under another order (an older seed file): not interested first.
    const notInterested = and(eq(lookupItems.list, 'member-status-types'), eq(lookupItems.value, 'not-interested'))
    await t.db.update(lookupItems).set({ sort_order: -1 }).where(notInterested)
    for (const id of ids) await refreshContactReadModel(t.db, id, t.clock.now())
    expect(await sorted({ order_by: 'member_status' })).toEqual(['Ann', 'Ben', 'Cat', 'Dee'])
    // The start-up sync brings the seed file's order back, and the ranks with it.
    await syncLookups(t.db)
    expect(await sorted({ order_by: 'member_status' })).toEqual(['Ben', 'Cat', 'Ann', 'Dee'])
  })
})

describe('paging', () => {
  let church: Church
  beforeAll(async () => {
    church = await buildChurch()
    for (let i = 1; i <= 10; i++) await buildContact(t, { teamId: church.team, first_name: `P${String(i).padStart(2, '0')}`, last_name: 'Page' })
  })

  it('pages with per_page, and counts every row (D1-9-04)', async () => {
    const page = async (query: Query) => body(await list('contacts', church.leader, { team: church.team }, query))
    const first = await page({ per_page: 4 })
    expect(first.items.map((item: { first_name: string }) => item.first_name)).toEqual(['P01', 'P02', 'P03', 'P04'])
    expect(first).toMatchObject({ count: 10, max_pages: 3 })
    const third = await page({ per_page: 4, page: 3 })
    expect(third.items.map((item: { first_name: string }) => item.first_name)).toEqual(['P09', 'P10'])
    expect(await page({ per_page: 4, page: 4 })).toEqual({ items: [], count: 10, max_pages: 3 })
    expect(await page({})).toMatchObject({ count: 10, max_pages: 1 })
    expect((await list('contacts', church.leader, { team: church.team }, { per_page: 7 })).statusCode).toBe(400)
  })

  it('answers max_pages 1 for an empty list', async () => {
    const empty = await buildChurch()
    expect(body(await list('contacts', empty.leader, { team: empty.team }))).toEqual({ items: [], count: 0, max_pages: 1 })
  })
})

describe('GET /api/v1/assigned-contacts', () => {
  it('lists the contacts assigned to the caller, in the team or the group (D2-2.1-03)', async () => {
    const church = await buildChurch()
    const youth = await buildTeam(t, { kind: 'group', parentId: church.team, title: 'Youth' })
    const mine = await buildContact(t, { teamId: church.team, first_name: 'Mine', last_name: 'Assigned', groupIds: [youth] })
    const mineToo = await buildContact(t, { teamId: church.team, first_name: 'Also', last_name: 'Mine' })
    const theirs = await buildContact(t, { teamId: church.team, first_name: 'Leaders', last_name: 'Only' })
    const archived = await buildContact(t, { teamId: church.team, first_name: 'Old', last_name: 'Mine', archivedAt: daysAgo(3) })
    for (const id of [mine, mineToo, archived]) await assignContact(t, church.team, id, church.member.id)
    await assignContact(t, church.team, theirs, church.leader.id)
    const { items } = body(await list('assigned-contacts', church.member, { team: church.team }, { order_by: 'name' }))
    expect(items.map((item: { name: string }) => item.name)).toEqual(['Also Mine', 'Mine Assigned'])
    expect(items.every((item: { is_assigned: boolean }) => item.is_assigned)).toBe(true)
    expect(await names('assigned-contacts', church.member, { team: church.team, group: youth })).toEqual(['Mine Assigned'])
    expect(await names('assigned-contacts', church.leader, { team: church.team })).toEqual(['Leaders Only'])
  })

  it('is refused to a pending member', async () => {
    const church = await buildChurch()
    const pending = await buildPerson(t)
    await addMember(t, pending.id, church.team, 'member_request')
    expect((await list('assigned-contacts', pending, { team: church.team })).statusCode).toBe(403)
  })
})

describe('GET /api/v1/archived-contacts', () => {
  it('lists every archived contact with read_contact, else those assigned to or added by the caller (D2-2.1-05)', async () => {
    const church = await buildChurch()
    const assigned = await buildContact(t, {
      teamId: church.team,
      first_name: 'Assigned',
      last_name: 'Archived',
      archivedAt: daysAgo(2),
      createdAt: daysAgo(9),
    })
    await buildContact(t, {
      teamId: church.team,
      first_name: 'Added',
      last_name: 'Archived',
      archivedAt: daysAgo(2),
      addedById: church.member.id,
      createdAt: daysAgo(8),
    })
    await buildContact(t, {
      teamId: church.team,
      first_name: 'Created',
      last_name: 'Archived',
      archivedAt: daysAgo(2),
      created_by_id: church.member.id,
      createdAt: daysAgo(7),
    })
    await buildContact(t, { teamId: church.team, first_name: 'Other', last_name: 'Archived', archivedAt: daysAgo(2), createdAt: daysAgo(6) })
    await buildContact(t, { teamId: church.team, first_name: 'Still', last_name: 'Active' })
    await assignContact(t, church.team, assigned, church.member.id)
    expect(await names('archived-contacts', church.leader, { team: church.team })).toEqual([
      'Other Archived',
      'Created Archived',
      'Added Archived',
      'Assigned Archived',
    ])
    expect(await names('archived-contacts', church.member, { team: church.team })).toEqual(['Created Archived', 'Added Archived', 'Assigned Archived'])
    const [first] = body(await list('archived-contacts', church.leader, { team: church.team })).items
    expect(first).toMatchObject({ status: 'archive', archived_display: expect.any(String) })
    expect(await names('contacts', church.leader, { team: church.team })).toEqual(['Still Active'])
  })
})

describe('the child data gate in lists (D2-5-17, D2-5-18, D2-5-20)', () => {
  let church: Church
  let unchecked: TestPerson
  beforeAll(async () => {
    church = await buildChurch()
    unchecked = await buildPerson(t)
    await addMember(t, unchecked.id, church.team, 'leader', { has_wwcc: true })
    const child = await buildContact(t, {
      teamId: church.team,
      first_name: 'Kid',
      last_name: 'Young',
      ...dobFor(10),
      gender: 'male',
      email: 'kid@example.org',
      phone: '+61411111111',
      member_status: 'church-attendee',
      source: 'school',
    })
    const adult = await buildContact(t, {
      teamId: church.team,
      first_name: 'Grown',
      last_name: 'Up',
      ...dobFor(18),
      email: 'grown@example.org',
      member_status: 'church-attendee',
    })
    await assignContact(t, church.team, child, church.member.id)
    await assignContact(t, church.team, adult, church.member.id)
  })

  it('sends a gated caller a neutral row for a child: no name, no details, still counted (issue 33)', async () => {
    const { items } = body(await list('contacts', unchecked, { team: church.team }))
    expect(items[0]).toEqual({
      id: expect.any(Number),
      name: 'Grown Up',
      first_name: 'Grown',
      last_name: 'Up',
      gender: null,
      dob: `${dobFor(18).dob_year}-${String(dobFor(18).dob_month).padStart(2, '0')}`,
      age: 18,
      is_child: false,
      is_restricted: false,
      email: 'grown@example.org',
      phone: null,
      member_status: 'church-attendee',
      member_status_display: 'Church attendee',
      grow_phase: null,
      grow_phase_display: null,
      source_display: null,
      status: 'active',
      is_assigned: false,
      is_awaiting_approval: false,
      has_incomplete_interaction: false,
      last_interaction_days_ago: null,
      created_display: expect.any(String),
      archived_display: null,
    })
    expect(items[1]).toEqual({
      id: expect.any(Number),
      name: '',
      first_name: '',
      last_name: '',
      is_child: true,
      is_restricted: true,
      gender: null,
      dob: null,
      age: null,
      email: null,
      phone: null,
      member_status: null,
      member_status_display: null,
      grow_phase: null,
      grow_phase_display: null,
      source_display: null,
      status: 'active',
      is_assigned: false,
      is_awaiting_approval: false,
      has_incomplete_interaction: false,
      last_interaction_days_ago: null,
      created_display: '',
      archived_display: null,
    })
    const assigned = body(await list('assigned-contacts', church.member, { team: church.team })).items
    expect(assigned.find((item: { is_child: boolean }) => item.is_child)).toMatchObject({ name: '', is_restricted: true, email: null })
  })

  it('never matches a child for a gated caller: search by name, email or phone, filters, sorts', async () => {
    const gatedNames = (query: Query) => names('contacts', unchecked, { team: church.team }, query)
    expect(await gatedNames({ search: 'kid' })).toEqual([])
    expect(await gatedNames({ search: 'young' })).toEqual([])
    expect(await gatedNames({ search: 'kid@example' })).toEqual([])
    expect(await gatedNames({ search: '0411 111 111' })).toEqual([])
    expect(await gatedNames({ member_status: 'church-attendee' })).toEqual(['Grown Up'])
    expect(await gatedNames({ age: '0-12' })).toEqual([])
    expect(await gatedNames({ order_by: 'age', order: 'asc' })).toEqual(['Grown Up', ''])
    expect(body(await list('contacts', unchecked, { team: church.team })).count).toBe(2)
  })

  it('shows a child to a leader with both checks, and to the owner without any (exempt)', async () => {
    for (const person of [church.leader, church.owner]) {
      const { items } = body(await list('contacts', person, { team: church.team }, { search: 'kid@example' }))
      expect(items).toHaveLength(1)
      expect(items[0]).toMatchObject({ is_child: true, is_restricted: false, age: 10, email: 'kid@example.org', phone: '+61 411 111 111', gender: 'male' })
    }
  })
})

describe('shared contacts', () => {
  it("lists a contact shared with another team in both teams' lists", async () => {
    const a = await buildChurch()
    const b = await buildChurch()
    const shared = await buildContact(t, { teamId: a.team, first_name: 'Shared', last_name: 'Person' })
    await shareContact(t, shared, b.team)
    expect(await names('contacts', a.leader, { team: a.team })).toEqual(['Shared Person'])
    expect(await names('contacts', b.leader, { team: b.team })).toEqual(['Shared Person'])
  })
})
