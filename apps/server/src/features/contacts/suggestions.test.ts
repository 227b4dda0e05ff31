import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp, type TestPerson } from '../../../test/harness'
import { buildContact, shareContact } from '../../../test/contacts'

let t: TestApp
let team: number
let leader: TestPerson
let member: TestPerson
let youth: number
const ids: Record<string, number> = {}
beforeAll(async () => {
  t = await createTestApp()
  team = await buildTeam(t)
  leader = await buildPerson(t)
  member = await buildPerson(t)
  await addMember(t, leader.id, team, 'leader', { has_wwcc: true, has_adsafe: true })
  await addMember(t, member.id, team, 'member')
  youth = await buildTeam(t, { kind: 'group', parentId: team, title: 'Youth' })
  const now = new Date()
  ids.annInYouth = await buildContact(t, { teamId: team, first_name: 'Ann', last_name: 'Youth', groupIds: [youth] })
  ids.annabel = await buildContact(t, { teamId: team, first_name: 'Annabel', last_name: 'Lee', email: 'annabel@example.org' })
  ids.joanne = await buildContact(t, { teamId: team, first_name: 'Joanne', last_name: 'Smith', phone: '+61412345678' })
  ids.child = await buildContact(t, {
    teamId: team,
    first_name: 'Kid',
    last_name: 'Annand',
    email: 'kid@example.org',
    dob_year: now.getFullYear() - 8,
    dob_month: 1,
  })
  ids.archived = await buildContact(t, { teamId: team, first_name: 'Anna', last_name: 'Archived', archivedAt: new Date() })
  ids.awaiting = await buildContact(t, { teamId: team, first_name: 'Anne', last_name: 'Awaiting', state: 'awaiting_approval', isOwner: false })
  const other = await buildTeam(t)
  ids.elsewhere = await buildContact(t, { teamId: other, first_name: 'Annie', last_name: 'Elsewhere' })
  ids.shared = await buildContact(t, { teamId: other, first_name: 'Anouk', last_name: 'Shared' })
  await shareContact(t, ids.shared, team)
})
afterAll(async () => t.close())

function suggest(person: TestPerson, query: Record<string, string | number>, scope: { team: number; group?: number } = { team }) {
  const params = new URLSearchParams({ team_id: String(scope.team), group_id: String(scope.group ?? scope.team) })
  for (const [key, value] of Object.entries(query)) params.set(key, String(value))
  return t.call({ method: 'GET', url: `/api/v1/input-suggestions/team-contacts?${params}`, token: person.token })
}

async function titles(person: TestPerson, query: Record<string, string | number>) {
  const response = await suggest(person, query)
  expect(response.statusCode, response.body).toBe(200)
  return body(response).items.map((item: { title: string }) => item.title) as string[]
}

describe('GET /api/v1/input-suggestions/team-contacts', () => {
  it("offers the team's active contacts whose name, email or phone matches, as id and title, and as user_id and user_name (D1-3-21)", async () => {
    const response = await suggest(leader, { search: 'ann' })
    expect(body(response).items).toEqual([
      { id: ids.annInYouth, title: 'Ann Youth', user_id: ids.annInYouth, user_name: 'Ann Youth' },
      { id: ids.annabel, title: 'Annabel Lee', user_id: ids.annabel, user_name: 'Annabel Lee' },
      { id: ids.child, title: 'Kid Annand', user_id: ids.child, user_name: 'Kid Annand' },
    ])
    expect(await titles(leader, { search: 'anouk' })).toEqual(['Anouk Shared'])
    expect(await titles(leader, { search: 'smith' })).toEqual(['Joanne Smith'])
    expect(await titles(leader, { search: 'annabel@' })).toEqual(['Annabel Lee'])
    expect(await titles(leader, { search: '0412 345' })).toEqual(['Joanne Smith'])
  })

  it('leaves out the contacts of the group and the contact itself (D2-5-12, D2-5-13)', async () => {
    expect(await titles(leader, { search: 'ann', exclude_group_id: youth })).toEqual(['Annabel Lee', 'Kid Annand'])
    expect(await titles(leader, { search: 'ann', exclude_id: ids.annabel! })).toEqual(['Ann Youth', 'Kid Annand'])
    // A group of another team excludes nothing.
    const otherGroup = await buildTeam(t, { kind: 'group', parentId: await buildTeam(t) })
    expect(await titles(leader, { search: 'ann', exclude_group_id: otherGroup })).toHaveLength(3)
  })

  it('offers at most 20', async () => {
    const crowd = await buildTeam(t)
    const owner = await buildPerson(t)
    await addMember(t, owner.id, crowd, 'owner')
    for (let i = 0; i < 25; i++) await buildContact(t, { teamId: crowd, first_name: `Crowd${String(i).padStart(2, '0')}` })
    const response = await suggest(owner, { search: 'crowd' }, { team: crowd })
    expect(body(response).items).toHaveLength(20)
    expect(body(response).items[0].title).toMatch(/^Crowd00/)
  })

  it('never suggests a child to a caller under the child data gate (issue 33)', async () => {
    const gated = await buildPerson(t)
    await addMember(t, gated.id, team, 'leader', { has_wwcc: true })
    expect(await titles(gated, { search: 'kid' })).toEqual([])
    expect(await titles(gated, { search: 'kid@example' })).toEqual([])
    expect(await titles(leader, { search: 'kid' })).toEqual(['Kid Annand'])
    expect(await titles(leader, { search: 'kid@example' })).toEqual(['Kid Annand'])
  })

  it('offers a caller without read_contact in the team only the contacts the team lets them read', async () => {
    expect(await titles(member, { search: 'ann' })).toEqual([])
    const mine = await buildContact(t, { teamId: team, first_name: 'Annalise', last_name: 'Mine', addedById: member.id })
    expect(await titles(member, { search: 'ann' })).toEqual(['Annalise Mine'])
    // Owning a private group opens nothing more (issue 8 item 2).
    const own = await buildTeam(t, { kind: 'group', parentId: team, isPublic: false, isolatedOwnerId: member.id })
    await addMember(t, member.id, own, 'owner')
    const inGroup = await suggest(member, { search: 'ann' }, { team, group: own })
    expect(body(inGroup).items).toEqual([{ id: mine, title: 'Annalise Mine', user_id: mine, user_name: 'Annalise Mine' }])
    const pending = await buildPerson(t)
    await addMember(t, pending.id, team, 'member_request')
    expect((await suggest(pending, { search: 'ann' })).statusCode).toBe(403)
  })

  it('takes group_id as optional: the team is enough (spec 1 §7, issue 8 item 12)', async () => {
    const response = await t.call({ method: 'GET', url: `/api/v1/input-suggestions/team-contacts?search=annabel&team_id=${team}`, token: leader.token })
    expect(response.statusCode).toBe(200)
    expect(body(response).items).toEqual([{ id: ids.annabel, title: 'Annabel Lee', user_id: ids.annabel, user_name: 'Annabel Lee' }])
    // A group named must be one of the team the caller can see.
    const hidden = await buildTeam(t, { kind: 'group', parentId: team, isPublic: false })
    expect((await suggest(leader, { search: 'ann' }, { team, group: hidden })).statusCode).toBe(404)
    expect((await suggest(leader, { search: 'ann' }, { team, group: youth })).statusCode).toBe(200)
  })

  it('answers 404 to another team', async () => {
    const stranger = await buildPerson(t)
    await addMember(t, stranger.id, await buildTeam(t), 'owner')
    const response = await suggest(stranger, { search: 'ann' })
    expect(response.statusCode).toBe(404)
    expect(body(response).code).toBe('not_found')
  })
})
