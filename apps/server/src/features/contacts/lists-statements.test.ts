import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { teams } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
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

describe('GET contacts: one team scope per request', () => {
  it('reads the team row once and takes its time zone from the scope', async () => {
    const team = await buildTeam(t)
    await t.db
      .update(teams)
      .set({ settings: { time_zone: 'America/New_York' } })
      .where(eq(teams.id, team))
    const owner = await buildPerson(t)
    await addMember(t, owner.id, team, 'owner')
    await buildContact(t, { teamId: team, first_name: 'Ann', last_name: 'Able', createdAt: new Date('2026-03-01T02:00:00Z') })
    let response: Awaited<ReturnType<TestApp['call']>> | undefined
    const statements = await statementsOf(async () => {
      response = await t.call({ method: 'GET', url: `/api/v1/contacts?team_id=${team}&group_id=${team}`, token: owner.token })
    })
    expect(response!.statusCode, response!.body).toBe(200)
    // 2026-03-01 02:00 UTC is still 28 February in New York: the scope's time zone is used.
    expect(body(response!).items[0].created_display).toMatch(/28/)
    const teamReads = statements.filter((sql) => /from "teams"/i.test(sql))
    expect(teamReads, teamReads.join('\n')).toHaveLength(1)
    // Measured: 6 statements before the scope carried the settings (the 7th, a session touch, comes at most once a minute), 5 after.
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(5)
  })

  it('reads a gated caller’s child data gate with the scope, not in a statement of its own', async () => {
    const team = await buildTeam(t)
    const leader = await buildPerson(t)
    // A leader without the Working with Children Check and AdSafe: the gate applies.
    await addMember(t, leader.id, team, 'leader')
    const year = t.clock.now().getFullYear()
    await buildContact(t, { teamId: team, first_name: 'Kit', last_name: 'Young', dob_year: year - 9, dob_month: 1, email: 'kit@example.org' })
    let response: Awaited<ReturnType<TestApp['call']>> | undefined
    const statements = await statementsOf(async () => {
      response = await t.call({ method: 'GET', url: `/api/v1/contacts?team_id=${team}&group_id=${team}`, token: leader.token })
    })
    expect(response!.statusCode, response!.body).toBe(200)
    expect(body(response!).items[0]).toMatchObject({ name: '', is_restricted: true, email: null })
    // Measured: 6 statements while the gate was read on its own, 5 with the scope.
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(5)
  })
})
