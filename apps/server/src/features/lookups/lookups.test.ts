import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lookupLists } from '@crm/domain'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp, type TestPerson } from '../../../test/harness'

let t: TestApp
let member: TestPerson
beforeAll(async () => {
  t = await createTestApp()
  member = await buildPerson(t)
})
afterAll(async () => t.close())

const lookup = (path: string, token?: string) => t.call({ method: 'GET', url: `/api/v1/lookups/${path}`, ...(token ? { token } : {}) })

describe('GET /api/v1/lookups/{list}', () => {
  it('answers every list of spec 1 §7 with id and title items', async () => {
    const conference = await buildTeam(t, { kind: 'conference', title: 'Lookup Conference' })
    await buildTeam(t, { kind: 'team', parentId: conference, title: 'Lookup Church' })
    for (const list of lookupLists) {
      const query = { 'bible-studies-for-parent': '?parent=discover', 'conference-teams': `?parent=${conference}` }[list as string] ?? ''
      const response = await lookup(`${list}${query}`, member.token)
      expect(response.statusCode, list).toBe(200)
      const { items } = body(response)
      expect(items.length, list).toBeGreaterThan(0)
      for (const item of items) {
        expect(typeof item.title).toBe('string')
        expect(item.id).toBeDefined()
      }
    }
  })

  it('has the interaction types and member statuses the spec names', async () => {
    const ids = async (list: string) => body(await lookup(list, member.token)).items.map((item: { id: string }) => item.id)
    expect(await ids('interaction-types')).toEqual(
      expect.arrayContaining(['visit', 'bible-study', 'phone-call', 'message', 'share-literature', 'prayer', 'other']),
    )
    expect(await ids('member-status-types')).toEqual(
      expect.arrayContaining([
        'member',
        'church-attendee',
        'event-interest',
        'lead-unvisited',
        'lead-visited',
        'study-in-person',
        'study-correspondence',
        'baptismal-candidate',
      ]),
    )
    expect(await ids('user-event-types')).toContain('baptism')
  })

  it("marks the 'other' choices that take free text", async () => {
    for (const list of ['religion-types', 'interest-types', 'event-types']) {
      const other = body(await lookup(list, member.token)).items.find((item: { id: string }) => item.id === 'other')
      expect(other, list).toMatchObject({ is_other: true })
    }
  })

  it('answers the studies of one parent only', async () => {
    const { items } = body(await lookup('bible-studies-for-parent?parent=gospels', member.token))
    expect(items.length).toBeGreaterThan(0)
    expect(items.every((item: { parent: string }) => item.parent === 'gospels')).toBe(true)
    expect((await lookup('bible-studies-for-parent', member.token)).statusCode).toBe(400)
  })

  it('translates titles to the locale asked for', async () => {
    const { items } = body(await lookup('interaction-types?locale=es', member.token))
    expect(items.find((item: { id: string }) => item.id === 'visit').title).toBe('Visita')
  })

  it('lists the conferences before sign-in, and nothing else', async () => {
    const conference = await buildTeam(t, { kind: 'conference', title: 'Public Conference' })
    await buildTeam(t, { kind: 'team', parentId: conference, title: 'Not A Conference' })
    const response = await lookup('conferences')
    expect(response.statusCode).toBe(200)
    const titles = body(response).items.map((item: { title: string }) => item.title)
    expect(titles).toContain('Public Conference')
    expect(titles).not.toContain('Not A Conference')
    expect((await lookup('interest-types')).statusCode).toBe(401)
  })

  it("lists a conference's churches before sign-in, ordered by title, without groups or other conferences' churches", async () => {
    const conference = await buildTeam(t, { kind: 'conference', title: 'Churches Conference' })
    const zion = await buildTeam(t, { kind: 'team', parentId: conference, title: 'Zion Chapel' })
    const antioch = await buildTeam(t, { kind: 'team', parentId: conference, title: 'Antioch Church' })
    await buildTeam(t, { kind: 'group', parentId: zion, title: 'A group' })
    await buildTeam(t, { kind: 'team', parentId: await buildTeam(t, { kind: 'conference' }), title: 'Elsewhere' })
    const response = await lookup(`conference-teams?parent=${conference}`)
    expect(response.statusCode).toBe(200)
    expect(body(response).items).toEqual([
      { id: antioch, title: 'Antioch Church' },
      { id: zion, title: 'Zion Chapel' },
    ])
    // A church is not a conference: it has no churches to list.
    expect(body(await lookup(`conference-teams?parent=${zion}`)).items).toEqual([])
    expect(body(await lookup('conference-teams?parent=999999')).items).toEqual([])
    expect(body(await lookup('conference-teams?parent=abc')).items).toEqual([])
    const missing = await lookup('conference-teams')
    expect(missing.statusCode).toBe(400)
    expect(body(missing).data.errors).toHaveProperty('parent')
  })

  it('refuses an unknown list', async () => {
    expect((await lookup('nonsense', member.token)).statusCode).toBe(400)
  })
})

describe('GET /api/v1/input-suggestions/{area}', () => {
  it('team-users: matching users of the team only, as id and title', async () => {
    const leader = await buildPerson(t, { firstName: 'Lydia', lastName: 'Leader' })
    const joanna = await buildPerson(t, { firstName: 'Joanna', lastName: 'Smith' })
    const pending = await buildPerson(t, { firstName: 'Jonah', lastName: 'Waiting' })
    const stranger = await buildPerson(t, { firstName: 'Jonas', lastName: 'Elsewhere' })
    const church = await buildTeam(t)
    await addMember(t, leader.id, church, 'leader')
    await addMember(t, joanna.id, church, 'member')
    await addMember(t, pending.id, church, 'member_request')
    await addMember(t, stranger.id, await buildTeam(t), 'member')
    const response = await t.call({ method: 'GET', url: `/api/v1/input-suggestions/team-users?search=Jo&team_id=${church}`, token: leader.token })
    expect(response.statusCode).toBe(200)
    expect(body(response).items).toEqual([{ id: joanna.id, title: 'Joanna Smith' }])
  })

  it('entity-teams: the churches of the conference', async () => {
    const officer = await buildPerson(t)
    const conference = await buildTeam(t, { kind: 'conference' })
    const hope = await buildTeam(t, { kind: 'team', parentId: conference, title: 'Hope Chapel' })
    await buildTeam(t, { kind: 'team', parentId: conference, title: 'Grace Chapel' })
    await buildTeam(t, { kind: 'team', parentId: await buildTeam(t, { kind: 'conference' }), title: 'Hope Elsewhere' })
    await addMember(t, officer.id, conference, 'entity_admin')
    const response = await t.call({ method: 'GET', url: `/api/v1/input-suggestions/entity-teams?search=hope&team_id=${conference}`, token: officer.token })
    expect(body(response).items).toEqual([{ id: hope, title: 'Hope Chapel' }])
  })

  it("entity-team-owners: a church's owners, and 404 for a church of another conference", async () => {
    const officer = await buildPerson(t)
    const pastor = await buildPerson(t, { firstName: 'Peter', lastName: 'Pastor' })
    const conference = await buildTeam(t, { kind: 'conference' })
    const church = await buildTeam(t, { kind: 'team', parentId: conference })
    const foreign = await buildTeam(t, { kind: 'team', parentId: await buildTeam(t, { kind: 'conference' }) })
    await addMember(t, officer.id, conference, 'entity_admin')
    await addMember(t, pastor.id, church, 'owner')
    const url = (teamId: number) => `/api/v1/input-suggestions/entity-team-owners?team_id=${teamId}&conference_team_id=${conference}`
    expect(body(await t.call({ method: 'GET', url: url(church), token: officer.token })).items).toEqual([{ id: pastor.id, title: 'Peter Pastor' }])
    expect((await t.call({ method: 'GET', url: url(foreign), token: officer.token })).statusCode).toBe(404)
  })
})
