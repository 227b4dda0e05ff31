import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { hasCapability, isErrorCode, membershipRoles, type ErrorCode, type TeamRole } from '@crm/domain'
import { startSession } from '../src/features/auth/auth.service'
import type { Access } from '../src/platform/route'
import { canReadContact } from '../src/platform/contact-access'
import { memberships, people, teamContacts } from '../src/db/schema/index'
import { addMember, buildPerson, buildTeam, createTestApp, type TestApp } from './harness'
import { restoreHeldContact } from './contacts'

/**
 * The authorization walk: every registered route, called as anonymous, as each role and
 * as a member of another team. A route without an access entry fails the test.
 *
 * The routes are dealt to shards (authorization-*.test.ts), each a test file with its own
 * database, so the two test workers share the walk. This registers shard `index` (0-based)
 * of `count`, with state of its own.
 */
export function describeAuthorizationShard(index: number, count: number): void {
  let t: TestApp
  let conference: number
  let church: number
  let otherConference: number
  let otherChurch: number
  const roles = {} as Record<TeamRole, number>
  let outsider: number

  // Sample values for path parameters; team ids are filled in per call; :id is the contact.
  const samples: Record<string, string> = { list: 'interest-types', slug: 'privacy', id: '1', type: 'contact' }
  let contact: number

  beforeAll(async () => {
    t = await createTestApp()
    conference = await buildTeam(t, { kind: 'conference', title: 'Walk Conference' })
    church = await buildTeam(t, { kind: 'team', parentId: conference, title: 'Walk Church' })
    otherConference = await buildTeam(t, { kind: 'conference', title: 'Other Conference' })
    otherChurch = await buildTeam(t, { kind: 'team', parentId: otherConference, title: 'Other Church' })
    roles.admin = (await buildPerson(t, { siteRole: 'admin' })).id
    for (const role of membershipRoles) {
      const person = await buildPerson(t)
      roles[role] = person.id
      // entity admins hold their role on the conference and inherit it in its churches
      await addMember(t, person.id, conference, role)
      if (role !== 'entity_admin') await addMember(t, person.id, church, role)
    }
    outsider = (await buildPerson(t)).id
    // A contact of the church for the contact routes (`:id` and `user_id`).
    const [person] = await t.db.insert(people).values({ first_name: 'Walk', last_name: 'Contact', member_status: 'member' }).returning({ id: people.id })
    contact = person!.id
    samples.id = String(contact)
    // An event of the church with the same id, for the event routes' `:id` (event/:id, update-event/:id).
    await t.db.execute(
      sql`insert into events (id, team_id, title, start_date, end_date, is_all_day) overriding system value values (${contact}, ${church}, 'Walk event', '2026-01-07', '2026-01-07', true)`,
    )
    await t.db.insert(teamContacts).values({ team_id: church, person_id: contact, is_owner: true, sort_name: 'walk contact' })
    // A dated transfer of the church's owner with the same id, for the transfer routes' `:id` (a
    // date, so process-transfer leaves it for its day and no walk moves anyone).
    await t.db.execute(sql`insert into transfers (id, from_conference_id, to_conference_id, from_team_id, to_team_id, person_id, date) overriding system value
      values (${contact}, ${conference}, ${conference}, ${church}, ${otherChurch}, ${roles.owner}, '2099-01-01')`)
    await addMember(t, outsider, otherConference, 'entity_admin')
    await addMember(t, outsider, otherChurch, 'owner')
  })
  afterAll(async () => t.close())

  /**
   * Puts the walk's contact back as it was (a role allowed to remove or archive it may have), and
   * each role's place in the church and the conference (leave-team takes the caller's away).
   */
  async function restoreWalkContact() {
    await restoreHeldContact(t, { id: contact, teamId: church, firstName: 'Walk', lastName: 'Contact' })
    // An import of the conference with the same id, for the import-and-share routes' `:id` (a walk may delete it).
    await t.db.execute(
      sql`insert into user_imports (id, team_id, title) overriding system value values (${contact}, ${conference}, 'Walk import') on conflict do nothing`,
    )
    for (const role of membershipRoles) {
      const places = role === 'entity_admin' ? [conference] : [conference, church]
      for (const teamId of places) await t.db.insert(memberships).values({ person_id: roles[role], team_id: teamId, role }).onConflictDoNothing()
    }
  }

  async function tokenFor(personId: number): Promise<string> {
    return (await startSession(t.db, { config: t.config, now: t.clock.now }, personId, 'salt')).access_token
  }

  function urlOf(url: string): string {
    // manage-team/:id reads a team or group: the walk's church itself.
    if (url.includes('/manage-team/')) return url.replace(':id', String(church))
    return url.replace(/:(\w+)/g, (_m, name: string) => samples[name] ?? '1')
  }

  function scoped(access: Access, teamId: number, conferenceId: number): Record<string, number> {
    if (access.kind !== 'team' && access.kind !== 'group' && access.kind !== 'contact') return {}
    const payload: Record<string, number> = { team_id: teamId, group_id: teamId }
    if (access.kind === 'contact') payload.user_id = contact
    if (access.kind === 'team' && access.teamField) payload[access.teamField] = conferenceId
    return payload
  }

  async function send(method: string, url: string, payload: Record<string, number>, token?: string) {
    if (method === 'GET') {
      const query = new URLSearchParams(Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])))
      return t.call({ method: 'GET', url: `${urlOf(url)}?${query}`, ...(token ? { token } : {}) })
    }
    return t.call({ method: method as 'POST', url: urlOf(url), payload, ...(token ? { token } : {}) })
  }

  /**
   * An allowed call did its work (2xx) or named what is wrong with the payload (a 4xx with a
   * code of the call, never an access code); a 5xx fails the walk.
   */
  function expectAllowed(response: { statusCode: number; json(): unknown }, where: string) {
    if (response.statusCode >= 200 && response.statusCode < 300) return
    expect(response.statusCode, where).toBeGreaterThanOrEqual(400)
    expect(response.statusCode, where).toBeLessThan(500)
    const answer = response.json() as { code?: unknown; data?: { errors?: Record<string, string> } }
    expect(isErrorCode(answer.code) && !accessCodes.includes(answer.code), `${where}: ${String(answer.code)}`).toBe(true)
    if (answer.code === 'invalid_request') expect(Object.keys(answer.data?.errors ?? {}), where).not.toHaveLength(0)
  }

  const accessCodes: ErrorCode[] = ['unauthorized', 'forbidden', 'not_found']

  const allRoutes = () => t.app.routeTable.filter((route) => route.url.startsWith('/api/v1') && route.method !== 'HEAD')
  const apiRoutes = () => allRoutes().filter((_, position) => position % count === index)

  describe(`every API route (shard ${index + 1} of ${count})`, () => {
    // Once, over every route, not once a shard.
    if (index === 0) {
      it('declares its access', () => {
        const missing = allRoutes()
          .filter((route) => !route.access)
          .map((route) => `${route.method} ${route.url}`)
        expect(missing).toEqual([])
        expect(allRoutes().length).toBeGreaterThan(5)
      })
    }

    it('refuses anonymous callers unless the route is public', async () => {
      for (const route of apiRoutes()) {
        const access = route.access!
        const response = await send(route.method, route.url, scoped(access, church, conference))
        const open = access.kind === 'public' || (access.kind === 'signed_in' && access.allowAnonymous !== undefined)
        if (!open) expect(response.statusCode, `${route.method} ${route.url}`).toBe(401)
        else expect(response.statusCode, `${route.method} ${route.url}`).toBeLessThan(500)
      }
    })

    it('gives each role exactly what the capability table allows', async () => {
      for (const route of apiRoutes()) {
        const access = route.access!
        if (access.kind !== 'team' && access.kind !== 'group' && access.kind !== 'contact') continue
        const teamId = access.kind === 'team' && access.conferenceOnly && !access.teamField ? conference : church
        for (const role of Object.keys(roles) as TeamRole[]) {
          await restoreWalkContact()
          const response = await send(route.method, route.url, scoped(access, teamId, conference), await tokenFor(roles[role]))
          // Nobody is assigned to the walk's contact: reading it needs read_contact.
          const reads = access.kind !== 'contact' || (canReadContact(role, false, false) && !access.assignedOnly)
          const allowed = role !== 'member_request' && reads && (!access.capability || hasCapability(role, access.capability))
          const where = `${route.method} ${route.url} as ${role}`
          if (allowed) expectAllowed(response, where)
          else expect(response.statusCode, where).toBe(403)
        }
      }
      // Every route times every role: it grows with the routes (about 60 calls a second).
    }, 120_000)

    it('gives the site-admin routes to site admins only', async () => {
      for (const route of apiRoutes()) {
        if (route.access!.kind !== 'site_admin') continue
        for (const [role, personId] of [...Object.entries(roles), ['outsider', outsider] as const]) {
          const response = await send(route.method, route.url, {}, await tokenFor(personId))
          const where = `${route.method} ${route.url} as ${role}`
          if (role === 'admin') expectAllowed(response, where)
          else expect(response.statusCode, where).toBe(403)
        }
      }
    })

    it("hides another team's rows from its members: 404", async () => {
      const token = await tokenFor(outsider)
      for (const route of apiRoutes()) {
        const access = route.access!
        if (access.kind !== 'team' && access.kind !== 'group' && access.kind !== 'contact') continue
        const response = await send(route.method, route.url, scoped(access, church, conference), token)
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(404)
        expect(response.json().code).toBe('not_found')
      }
    })
  })
}
