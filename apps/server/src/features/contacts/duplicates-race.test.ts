import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { people, teamContacts } from '../../db/schema/index'
import { body, createTestApp, type TestApp } from '../../../test/harness'
import { activityOf, buildChurch, buildContact, post, type Church } from '../../../test/contact-factories'

// Issue 8 item 5: the duplicate check and the insert take turns, so concurrent calls leave
// one contact and answer the duplicate codes, never a 500 (run on PostgreSQL as on PGlite).

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const verbal = { consent_type: 'verbal', consent_date: '2026-11-01', consent_content: 'Yes', consent_verbal_confirmed: 1 }

let n = 0
function newContact(c: Church, extra: Record<string, unknown>) {
  n += 1
  return { team_id: c.church, group_id: c.church, first_name: `Racer${n}`, last_name: 'Fast', gender: 'male', member_status: 'member', ...verbal, ...extra }
}

/** Fires the calls at once and answers their status codes and error codes. */
async function atOnce(calls: Array<() => Promise<{ statusCode: number; body: string }>>) {
  const responses = await Promise.all(calls.map((call) => call()))
  return responses.map((response) => ({ status: response.statusCode, code: response.statusCode === 200 ? null : (JSON.parse(response.body).code as string) }))
}

function tally(results: Array<{ status: number; code: string | null }>) {
  const counts: Record<string, number> = {}
  for (const { status, code } of results) counts[code ?? String(status)] = (counts[code ?? String(status)] ?? 0) + 1
  return counts
}

describe('concurrent create-user', () => {
  it('leaves one contact for one email, phone, or name and gender', async () => {
    const c = await buildChurch(t)
    for (const [extra, where] of [
      [{ email: 'race@example.org' }, eq(people.email, 'race@example.org')],
      [{ phone: '0412 600 700' }, eq(people.phone, '+61412600700')],
      [{ first_name: 'Same', last_name: 'Name', gender: 'female' }, and(eq(people.first_name, 'Same'), eq(people.last_name, 'Name'))],
    ] as const) {
      const results = await atOnce(Array.from({ length: 20 }, () => () => post(t, 'create-user', c.leader.token, newContact(c, extra))))
      expect(tally(results), JSON.stringify(extra)).toEqual({ '200': 1, user_exists_in_this_team: 19 })
      expect(await t.db.select({ id: people.id }).from(people).where(where)).toHaveLength(1)
    }
  })

  it('leaves one contact when two churches of a conference add the same person at once', async () => {
    const a = await buildChurch(t)
    const b = await buildChurch(t, { conference: a.conference })
    const results = await atOnce(
      Array.from({ length: 20 }, (_, i) => () => {
        const c = i % 2 === 0 ? a : b
        return post(t, 'create-user', c.leader.token, newContact(c, { email: 'both@example.org' }))
      }),
    )
    const counts = tally(results)
    expect(counts['200']).toBe(1)
    expect((counts.user_exists_in_this_team ?? 0) + (counts.user_exists_in_other_team ?? 0)).toBe(19)
    expect(await t.db.select({ id: people.id }).from(people).where(eq(people.email, 'both@example.org'))).toHaveLength(1)
  })
})

describe('concurrent add-existing-user', () => {
  it("adds another team's contact once and answers every call", async () => {
    const a = await buildChurch(t)
    const b = await buildChurch(t, { conference: a.conference })
    const contact = await buildContact(t, { teamId: b.church, person: { email: 'shared.race@example.org' } })
    const shown = await post(t, 'create-user', a.leader.token, newContact(a, { email: 'shared.race@example.org' }))
    const matchToken = body(shown).data.match_token as string
    const results = await atOnce(
      Array.from(
        { length: 20 },
        () => () => post(t, 'add-existing-user', a.leader.token, { team_id: a.church, group_id: a.church, user_id: contact, match_token: matchToken }),
      ),
    )
    expect(tally(results)).toEqual({ '200': 20 })
    const rows = await t.db
      .select()
      .from(teamContacts)
      .where(and(eq(teamContacts.team_id, a.church), eq(teamContacts.person_id, contact)))
    expect(rows).toHaveLength(1)
    expect(await activityOf(t, contact)).toHaveLength(1)
  })
})
