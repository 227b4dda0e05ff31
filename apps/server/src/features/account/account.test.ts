import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { capabilityNames } from '@crm/domain'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp } from '../../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const getUser = (token: string, query = '?return_teams=1') => t.call({ method: 'GET', url: `/api/v1/user${query}`, token })

describe('GET /api/v1/user', () => {
  it('is 401 without a token or with a bad one', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v1/user' })).statusCode).toBe(401)
    expect((await getUser('not-a-token')).statusCode).toBe(401)
  })

  it('answers the account of spec 1 §3 with its teams and groups', async () => {
    const person = await buildPerson(t, { firstName: 'Grace', lastName: 'Hopper' })
    const conference = await buildTeam(t, { kind: 'conference', title: 'North Conference' })
    const church = await buildTeam(t, { kind: 'team', parentId: conference, title: 'Grace Church' })
    const youth = await buildTeam(t, { kind: 'group', parentId: church, title: 'Youth', isPublic: true })
    const secret = await buildTeam(t, { kind: 'group', parentId: church, title: 'Elders', isPublic: false })
    const mine = await buildTeam(t, { kind: 'group', parentId: church, title: 'Care', isPublic: false })
    await addMember(t, person.id, church, 'leader')
    await addMember(t, person.id, mine, 'member')

    const response = await getUser(person.token)
    expect(response.statusCode).toBe(200)
    const account = body(response)
    for (const key of ['user_id', 'name', 'name_initials', 'avatar', 'avatar_data', 'role', 'locale', 'teams', 'teams_number', 'sync_with_md', 'email']) {
      expect(account).toHaveProperty(key)
    }
    for (const key of ['url', 'no_bg', 'srcset', 'webp', 'srcset_webp', 'sizes', 'alt', 'width', 'height']) {
      expect(account.avatar).toHaveProperty(key)
    }
    expect(account).toMatchObject({ user_id: person.id, name: 'Grace Hopper', name_initials: 'GH', role: 'user', teams_number: 1 })

    const team = account.teams[church]
    expect(Object.keys(account.teams)).toEqual([String(church)])
    expect(team).toMatchObject({ id: church, title: 'Grace Church', user_role: 'leader', user_role_display_name: 'Leader', is_conference: false })
    for (const key of ['address_lat', 'address_lng', 'address_country', 'groups', 'user_capabilities']) expect(team).toHaveProperty(key)
    // A team without a time zone of its own shows dates in the default one.
    expect(team.time_zone).toBe('Australia/Sydney')
    expect(Object.keys(team.user_capabilities).sort()).toEqual([...capabilityNames].sort())
    expect(Object.values(team.user_capabilities).every((value) => typeof value === 'boolean')).toBe(true)
    expect(team.user_capabilities.read_contact).toBe(true)
    expect(team.user_capabilities.update_team).toBe(false)

    // The primary group shares the team's id; a private group shows only to its members.
    expect(team.groups[church]).toMatchObject({ id: church, is_main_group: true, title: 'Grace Church' })
    expect(team.groups[youth]).toMatchObject({ id: youth, is_main_group: false, is_public: true, user_role: 'leader' })
    expect(team.groups[mine]).toMatchObject({ id: mine, is_public: false, user_role: 'member' })
    expect(team.groups[secret]).toBeUndefined()
    for (const [key, group] of Object.entries<any>(team.groups)) {
      expect(group.id).toBe(Number(key))
      for (const field of ['title', 'is_main_group', 'is_public', 'is_temp_private_group', 'user_role_display_name', 'user_capabilities']) {
        expect(group).toHaveProperty(field)
      }
    }
    // Without a private group of one's own, one is offered.
    expect(team.groups['0']).toMatchObject({ id: 0, is_temp_private_group: true, is_public: false })
  })

  it('leaves the teams out without return_teams but still counts them', async () => {
    const person = await buildPerson(t)
    await addMember(t, person.id, await buildTeam(t), 'member')
    const account = body(await getUser(person.token, ''))
    expect(account.teams).toBeUndefined()
    expect(account.teams_number).toBe(1)
  })

  it('shows a pending membership as member_request with no capabilities and no private group offer', async () => {
    const person = await buildPerson(t)
    const church = await buildTeam(t)
    await addMember(t, person.id, church, 'member_request')
    const team = body(await getUser(person.token)).teams[church]
    expect(team.user_role).toBe('member_request')
    expect(Object.values(team.user_capabilities).some(Boolean)).toBe(false)
    expect(team.groups['0']).toBeUndefined()
  })

  it('D3-1-01 names each team role: entity_admin at a conference, owner, leader and member at churches', async () => {
    const person = await buildPerson(t)
    const conference = await buildTeam(t, { kind: 'conference', title: 'Role Conference' })
    const churches = { owner: await buildTeam(t), leader: await buildTeam(t), member: await buildTeam(t) }
    await addMember(t, person.id, conference, 'entity_admin')
    for (const [role, church] of Object.entries(churches)) await addMember(t, person.id, church, role as 'owner' | 'leader' | 'member')
    const teams = body(await getUser(person.token)).teams
    expect(teams[conference]).toMatchObject({ is_conference: true, user_role: 'entity_admin', user_role_display_name: 'Entity admin' })
    for (const [role, church] of Object.entries(churches)) expect(teams[church].user_role).toBe(role)
  })

  it('gives site admins every conference, as admin', async () => {
    const admin = await buildPerson(t, { siteRole: 'admin' })
    const conference = await buildTeam(t, { kind: 'conference', title: 'Admin Conference' })
    const account = body(await getUser(admin.token))
    expect(account.role).toBe('admin')
    expect(account.teams[conference]).toMatchObject({ is_conference: true, user_role: 'admin' })
    expect(account.teams_number).toBe(Object.keys(account.teams).length)
  })

  it('has no teams for a person without memberships', async () => {
    const person = await buildPerson(t)
    const account = body(await getUser(person.token))
    expect(account.teams).toEqual({})
    expect(account.teams_number).toBe(0)
  })
})
