import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultMapTiles, mapPageSize } from '@crm/domain'
import { readConfig } from '../../config'
import { people, teamContacts } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp, type TestPerson } from '../../../test/harness'
import { addToTeam, bornYearsAgo, buildChurch, buildContact, get } from '../../../test/contact-factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const sydney = { address_lat: -33.871234, address_lng: 151.206789 }

function mapOf(person: TestPerson, teamId: number, query: Record<string, string | number> = {}, groupId = teamId) {
  return get(t, 'contacts-for-map', person.token, { team_id: teamId, group_id: groupId, ...query })
}

async function markersOf(person: TestPerson, teamId: number, query: Record<string, string | number> = {}, groupId = teamId) {
  const response = await mapOf(person, teamId, query, groupId)
  expect(response.statusCode, response.body).toBe(200)
  return body<{ items: Array<{ id: number; name: string; address_lat: number; address_lng: number }>; has_more: boolean }>(response)
}

describe('GET /api/v1/contacts-for-map', () => {
  it("answers a marker for each of the group's contacts with coordinates, by id (D1-2.9-01)", async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t)
    const ann = await buildContact(t, { teamId: c.church, person: { first_name: 'Ann', last_name: 'Baker', ...sydney } })
    const ben = await buildContact(t, { teamId: c.church, person: { first_name: 'Ben', last_name: 'Cole', address_lat: -33.9, address_lng: 151.1 } })
    // No coordinates, or only one of them: no marker.
    await buildContact(t, { teamId: c.church, person: { first_name: 'No', last_name: 'Place' } })
    await buildContact(t, { teamId: c.church, person: { first_name: 'Half', last_name: 'Place', address_lat: -33.9 } })
    // Archived, awaiting approval, another church's: not on the list, so not on the map.
    await buildContact(t, { teamId: c.church, archived: true, person: sydney })
    await buildContact(t, { teamId: c.church, state: 'awaiting_approval', isOwner: false, person: sydney })
    await buildContact(t, { teamId: other.church, person: sydney })

    const answer = await markersOf(c.leader, c.church)
    expect(answer).toEqual({
      items: [
        { id: ann, name: 'Ann Baker', ...sydney },
        { id: ben, name: 'Ben Cole', address_lat: -33.9, address_lng: 151.1 },
      ],
      has_more: false,
    })
  })

  it("reads a group's contacts only, under the contacts list's filters and search", async () => {
    const c = await buildChurch(t)
    const group = await buildTeam(t, { kind: 'group', parentId: c.church })
    await addMember(t, c.leader.id, group, 'leader', { has_wwcc: true, has_adsafe: true })
    const inGroup = await buildContact(t, {
      teamId: c.church,
      groupIds: [group],
      person: { first_name: 'Grace', last_name: 'Group', member_status: 'member', ...sydney },
    })
    const attendee = await buildContact(t, { teamId: c.church, person: { first_name: 'Tom', last_name: 'Team', member_status: 'church-attendee', ...sydney } })

    expect((await markersOf(c.leader, c.church, {}, group)).items.map((m) => m.id)).toEqual([inGroup])
    expect((await markersOf(c.leader, c.church, { member_status: 'church-attendee' })).items.map((m) => m.id)).toEqual([attendee])
    expect((await markersOf(c.leader, c.church, { search: 'grace' })).items.map((m) => m.id)).toEqual([inGroup])
  })

  it('leaves a child out of the map of a caller under the child gate (issue 33)', async () => {
    const c = await buildChurch(t)
    const unchecked = await buildPerson(t)
    await addMember(t, unchecked.id, c.church, 'leader')
    const child = await buildContact(t, { teamId: c.church, person: { first_name: 'Kid', last_name: 'Young', ...bornYearsAgo(t, 9), ...sydney } })
    const adult = await buildContact(t, { teamId: c.church, person: { first_name: 'Ada', last_name: 'Grown', ...bornYearsAgo(t, 40), ...sydney } })

    // No marker at all: an id beside a place, however rounded, locates the child.
    expect((await markersOf(unchecked, c.church)).items).toEqual([{ id: adult, name: 'Ada Grown', ...sydney }])
    // With both checks, and as the owner (exempt), the child is shown as any contact.
    for (const reader of [c.leader, c.owner]) {
      expect((await markersOf(reader, c.church)).items[0]).toEqual({ id: child, name: 'Kid Young', ...sydney })
    }
  })

  it("follows the person's coordinates in every team that holds them, whoever writes the address (issue 39)", async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t)
    // Added without coordinates, then placed: a marker in both teams that hold the contact.
    const moved = await buildContact(t, { teamId: c.church, person: { first_name: 'Mo', last_name: 'Ving' } })
    await addToTeam(t, moved, { teamId: other.church, isOwner: false })
    expect((await markersOf(c.leader, c.church)).items).toEqual([])
    await t.db.update(people).set(sydney).where(eq(people.id, moved))
    for (const [reader, team] of [
      [c.leader, c.church],
      [other.leader, other.church],
    ] as const) {
      expect((await markersOf(reader, team)).items).toEqual([{ id: moved, name: 'Mo Ving', ...sydney }])
    }
    // Moved within the map: still there, at the new place; one coordinate cleared: gone everywhere.
    await t.db.update(people).set({ address_lat: -34.5 }).where(eq(people.id, moved))
    expect((await markersOf(c.leader, c.church)).items).toEqual([{ id: moved, name: 'Mo Ving', address_lat: -34.5, address_lng: sydney.address_lng }])
    await t.db.update(people).set({ address_lng: null }).where(eq(people.id, moved))
    expect((await markersOf(c.leader, c.church)).items).toEqual([])
    expect((await markersOf(other.leader, other.church)).items).toEqual([])
  })

  it('pages the markers by mapPageSize with has_more', async () => {
    const c = await buildChurch(t)
    const made = await t.db
      .insert(people)
      .values(
        Array.from({ length: mapPageSize + 1 }, (_, n) => ({ first_name: 'Map', last_name: `Person ${n}`, address_lat: -33 - n / 10_000, address_lng: 151 })),
      )
      .returning({ id: people.id })
    await t.db.insert(teamContacts).values(made.map(({ id }) => ({ team_id: c.church, person_id: id, is_owner: true })))
    const ids = made.map(({ id }) => id).sort((a, b) => a - b)

    const first = await markersOf(c.leader, c.church, { per_page: 20 })
    expect(first.items).toHaveLength(mapPageSize)
    expect(first.items[0]!.id).toBe(ids[0])
    expect(first.has_more).toBe(true)
    const second = await markersOf(c.leader, c.church, { page: 2 })
    expect(second).toEqual({ items: [expect.objectContaining({ id: ids[mapPageSize] })], has_more: false })
  })

  it("needs the group's read_contact (D2-6-03); another team or group is not found; bad input is 400", async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t)
    const otherGroup = await buildTeam(t, { kind: 'group', parentId: other.church })
    await buildContact(t, { teamId: c.church, person: sydney })

    expect((await mapOf(c.member, c.church)).statusCode).toBe(403)
    expect((await mapOf(c.leader, other.church)).statusCode).toBe(404)
    expect((await mapOf(c.leader, c.church, {}, otherGroup)).statusCode).toBe(404)
    const bad = await mapOf(c.leader, c.church, { page: 0 })
    expect(bad.statusCode).toBe(400)
    expect(body(bad).data.errors).toHaveProperty('page')
    expect((await t.call({ method: 'GET', url: `/api/v1/contacts-for-map?team_id=${c.church}&group_id=${c.church}` })).statusCode).toBe(401)
  })
})

describe('the map tiles setting', () => {
  it('reaches the web through GET site: OpenStreetMap unless MAP_TILES_URL and MAP_TILES_ATTRIBUTION say otherwise', async () => {
    expect(body(await t.call({ method: 'GET', url: '/api/v1/site' }))).toMatchObject({
      map_tiles_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      map_tiles_attribution: '© OpenStreetMap contributors',
    })
    const env = { APP_SECRET: 'a-secret-that-is-long-enough-for-the-config-test' }
    expect(readConfig(env)).toMatchObject({ mapTilesUrl: defaultMapTiles.url, mapTilesAttribution: defaultMapTiles.attribution })
    const own = readConfig({ ...env, MAP_TILES_URL: 'https://tiles.example.org/{z}/{x}/{y}.png', MAP_TILES_ATTRIBUTION: '© Example Maps' })
    expect(own).toMatchObject({ mapTilesUrl: 'https://tiles.example.org/{z}/{x}/{y}.png', mapTilesAttribution: '© Example Maps' })
    expect(() => readConfig({ ...env, MAP_TILES_URL: 'not a url' })).toThrow(/MAP_TILES_URL/)
  })
})
