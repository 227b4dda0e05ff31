import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import type pg from 'pg'
import { buildApp } from '../../app'
import { openPostgres, type Database } from '../../db/client'
import { accounts, lookupItems, sessions, teams } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, testConfig, type TestApp, type TestPerson } from '../../../test/harness'
import { buildContact } from '../../../test/contacts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

interface Queryable {
  query: (text: unknown, ...rest: unknown[]) => Promise<unknown>
}

/** The SQL statements `run` sends through the database client (both engines take `query`). */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const client = (t.db as unknown as { $client: Queryable }).$client
  const original = client.query
  const seen: string[] = []
  client.query = function (this: Queryable, text: unknown, ...rest: unknown[]) {
    seen.push(typeof text === 'string' ? text : String((text as { text?: string }).text))
    return original.call(this, text, ...rest)
  }
  try {
    await run()
  } finally {
    client.query = original
  }
  return seen
}

function listContacts(person: TestPerson, team: number, group = team, app: Pick<TestApp, 'call'> = t) {
  return app.call({ method: 'GET', url: `/api/v1/contacts?team_id=${team}&group_id=${group}`, token: person.token })
}

/**
 * A list call's statements once the process has read the lookup lists (its first call reads
 * them): the session with the scope, the page, the count. The session's last_seen_at touch,
 * at most once in five minutes, is not due for the fresh sessions of these tests.
 */
async function statementsOfList(person: TestPerson, team: number, group = team) {
  await listContacts(person, team, group)
  let response: Awaited<ReturnType<TestApp['call']>> | undefined
  const statements = await statementsOf(async () => {
    response = await listContacts(person, team, group)
  })
  expect(response!.statusCode, response!.body).toBe(200)
  return { response: response!, statements }
}

describe('GET contacts: three statements', () => {
  it('reads the session, the team scope and its settings in one statement', async () => {
    const team = await buildTeam(t)
    await t.db
      .update(teams)
      .set({ settings: { time_zone: 'America/New_York' } })
      .where(eq(teams.id, team))
    const owner = await buildPerson(t)
    await addMember(t, owner.id, team, 'owner')
    await buildContact(t, { teamId: team, first_name: 'Ann', last_name: 'Able', createdAt: new Date('2026-03-01T02:00:00Z') })
    const { response, statements } = await statementsOfList(owner, team)
    // 2026-03-01 02:00 UTC is still 28 February in New York: the scope's time zone is used.
    expect(body(response).items[0].created_display).toMatch(/28/)
    const teamReads = statements.filter((sql) => /from "teams"/i.test(sql) || /join "teams"/i.test(sql))
    expect(teamReads, teamReads.join('\n')).toHaveLength(1)
    expect(statements.filter((sql) => /"lookup_items"/.test(sql))).toEqual([])
    // Measured: 6 statements before the scope carried the settings, 5 after, 3 with the session
    // and the scope in one statement and the lookups kept by the process.
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(3)
  })

  it('reads a group with the session and the team scope', async () => {
    const team = await buildTeam(t)
    const group = await buildTeam(t, { kind: 'group', parentId: team, isPublic: true })
    const leader = await buildPerson(t)
    await addMember(t, leader.id, team, 'leader', { has_wwcc: true, has_adsafe: true })
    await buildContact(t, { teamId: team, first_name: 'Gus', last_name: 'Grouped', groupIds: [group] })
    await buildContact(t, { teamId: team, first_name: 'Tom', last_name: 'Teamonly' })
    const { response, statements } = await statementsOfList(leader, team, group)
    expect(body(response).items.map((item: { name: string }) => item.name)).toEqual(['Gus Grouped'])
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(3)
  })

  it('reads a gated caller’s child data gate with the scope, not in a statement of its own', async () => {
    const team = await buildTeam(t)
    const leader = await buildPerson(t)
    // A leader without the Working with Children Check and AdSafe: the gate applies.
    await addMember(t, leader.id, team, 'leader')
    const year = t.clock.now().getFullYear()
    await buildContact(t, { teamId: team, first_name: 'Kit', last_name: 'Young', dob_year: year - 9, dob_month: 1, email: 'kit@example.org' })
    const { response, statements } = await statementsOfList(leader, team)
    expect(body(response).items[0]).toMatchObject({ name: '', is_restricted: true, email: null })
    // Measured: 6 statements while the gate was read on its own, 5 with the scope, 3 with the session.
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(3)
  })
})

describe('GET contacts: the rules the one statement keeps', () => {
  let team: number
  let owner: TestPerson
  beforeAll(async () => {
    team = await buildTeam(t)
    owner = await buildPerson(t)
    await addMember(t, owner.id, team, 'owner')
    await buildContact(t, { teamId: team, first_name: 'Rae', last_name: 'Rule' })
  })

  it('answers 401 to an expired session and to a locked account', async () => {
    const expired = await buildPerson(t)
    await addMember(t, expired.id, team, 'owner')
    await t.db
      .update(sessions)
      .set({ expires_at: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(sessions.person_id, expired.id))
    expect((await listContacts(expired, team)).statusCode).toBe(401)
    const locked = await buildPerson(t)
    await addMember(t, locked.id, team, 'owner')
    expect((await listContacts(locked, team)).statusCode).toBe(200)
    await t.db.update(accounts).set({ locked_reason: 'admin', locked_at: t.clock.now() }).where(eq(accounts.person_id, locked.id))
    expect((await listContacts(locked, team)).statusCode).toBe(401)
    expect((await t.call({ method: 'GET', url: `/api/v1/contacts?team_id=${team}&group_id=${team}`, token: 'not-a-session' })).statusCode).toBe(401)
  })

  it('answers 404 for another team, and for a private group the caller is not in', async () => {
    const other = await buildTeam(t)
    expect((await listContacts(owner, other)).statusCode).toBe(404)
    expect((await listContacts(owner, team, other)).statusCode).toBe(404)
    const leader = await buildPerson(t)
    await addMember(t, leader.id, team, 'leader')
    const privateGroup = await buildTeam(t, { kind: 'group', parentId: team, isPublic: false })
    expect((await listContacts(leader, team, privateGroup)).statusCode).toBe(404)
    // Its own members see it; a site admin sees every team and group.
    await addMember(t, leader.id, privateGroup, 'leader')
    expect((await listContacts(leader, team, privateGroup)).statusCode).toBe(200)
    const admin = await buildPerson(t, { siteRole: 'admin' })
    expect((await listContacts(admin, other)).statusCode).toBe(200)
    expect((await listContacts(admin, team, privateGroup)).statusCode).toBe(200)
  })

  it('gives an entity admin of the conference the sub-team', async () => {
    const conference = await buildTeam(t, { kind: 'conference' })
    const church = await buildTeam(t, { parentId: conference })
    const entityAdmin = await buildPerson(t)
    await addMember(t, entityAdmin.id, conference, 'entity_admin')
    expect((await listContacts(entityAdmin, church)).statusCode).toBe(200)
    const conferenceMember = await buildPerson(t)
    await addMember(t, conferenceMember.id, conference, 'member')
    expect((await listContacts(conferenceMember, church)).statusCode).toBe(404)
  })
})

describe('GET contacts: the lookup titles each process keeps', () => {
  const regular = and(eq(lookupItems.list, 'member-status-types'), eq(lookupItems.value, 'member'))
  let team: number
  let owner: TestPerson
  let title: string
  let other: { app: Pick<TestApp, 'call'>; database: Database | null; close(): Promise<void> }
  beforeAll(async () => {
    team = await buildTeam(t)
    owner = await buildPerson(t)
    await addMember(t, owner.id, team, 'owner')
    await buildContact(t, { teamId: team, first_name: 'Lou', last_name: 'Lookup', member_status: 'member' })
    title = (await t.db.select({ title: lookupItems.title }).from(lookupItems).where(regular))[0]!.title
    other = await openSecondProcess()
  })
  afterAll(async () => {
    await t.db.update(lookupItems).set({ title }).where(regular)
    await other.close()
  })

  const memberStatusShown = async (app: Pick<TestApp, 'call'>) => {
    const response = await listContacts(owner, team, team, app)
    expect(response.statusCode, response.body).toBe(200)
    return body(response).items[0].member_status_display as string
  }

  it('shows a title changed by another process on the next call', async () => {
    expect(await memberStatusShown(t)).toBe(title)
    expect(await memberStatusShown(other.app)).toBe(title)
    // The other process changes the title (as a start with a newer lookups file would).
    const db = other.database?.db ?? t.db
    await db.update(lookupItems).set({ title: 'Member (renamed)' }).where(regular)
    expect(await memberStatusShown(t)).toBe('Member (renamed)')
    expect(await memberStatusShown(other.app)).toBe('Member (renamed)')
  })

  it('reads the lists again only after a change', async () => {
    await memberStatusShown(t)
    const unchanged = await statementsOf(() => memberStatusShown(t))
    expect(unchanged.filter((sql) => /"lookup_items"/.test(sql))).toEqual([])
    await t.db.update(lookupItems).set({ title: 'Member (again)' }).where(regular)
    const changed = await statementsOf(async () => expect(await memberStatusShown(t)).toBe('Member (again)'))
    expect(changed.filter((sql) => /"lookup_items"/.test(sql))).toHaveLength(1)
  })
})

/**
 * Another process on the test's database: on PostgreSQL a second app with a pool of its own
 * that sends its statements unnamed (DATABASE_NAMED_STATEMENTS=false); PGlite has one
 * connection in this process, so there a second app shares the handle.
 */
async function openSecondProcess(): Promise<{ app: Pick<TestApp, 'call'>; database: Database | null; close(): Promise<void> }> {
  const pool = (t.db as unknown as { $client: pg.Pool }).$client
  const database = t.database.engine === 'postgres' ? openPostgres(pool.options.connectionString!, { poolSize: 2, namedStatements: false }) : null
  const app = await buildApp({ db: database?.db ?? t.db, config: testConfig(), now: t.clock.now })
  await app.ready()
  return {
    app: {
      call: ({ token, headers, ...options }) => app.inject({ ...options, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
    },
    database,
    close: async () => {
      await app.close()
      await database?.close()
    },
  }
}
