import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContactImportMapping } from '@crm/domain'
import { rowsOf } from '../../db/client'
import { body, createTestApp, type TestApp } from '../../../test/harness'
import { buildChurch, get, post, type Church } from '../../../test/contact-factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const scopeOf = (c: Church) => ({ team_id: c.church, group_id: c.church })
const mappings = (c: Church, token = c.leader.token) => get(t, 'contact-import-mappings', token, scopeOf(c))
const save = (c: Church, payload: Record<string, unknown>, token = c.leader.token) =>
  post(t, 'save-contact-import-mapping', token, { ...scopeOf(c), ...payload })
const stored = async (team: number) =>
  rowsOf<{ system: string; columns: Record<string, string | null> }>(
    await t.db.execute(sql`select system, columns from contact_import_mappings where team_id = ${team} order by system`),
  )

const planningCenter = { 'First Name': 'first_name', 'Last Name': 'last_name', 'Home Email': 'email', 'Remote ID': null }

describe('the column matches a team remembers (issue 41 item 1)', () => {
  it('keeps the last matches of each system for whoever may import, replacing the earlier ones', async () => {
    const c = await buildChurch(t)
    expect(body<{ items: ContactImportMapping[] }>(await mappings(c)).items).toEqual([])

    const values = { member_status: { 'Regular Attender': 'church-attendee', Visitor: null } }
    const saved = await save(c, { system: 'planning_center', columns: planningCenter, values })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(body<ContactImportMapping>(saved)).toMatchObject({ system: 'planning_center', columns: planningCenter, values })
    await save(c, { system: 'other', columns: { Nombre: 'first_name' } }, c.owner.token)
    // The next Planning Center file's matches replace the first's, whole.
    const next = { 'First Name': 'first_name', 'Last Name': 'last_name', 'Work Email': 'email' }
    expect((await save(c, { system: 'planning_center', columns: next })).statusCode).toBe(200)

    const items = body<{ items: ContactImportMapping[] }>(await mappings(c, c.owner.token)).items
    // Without values, none are kept (the earlier ones go with the earlier matches).
    expect(items.map(({ system, columns, values }) => ({ system, columns, values }))).toEqual([
      { system: 'other', columns: { Nombre: 'first_name' }, values: {} },
      { system: 'planning_center', columns: next, values: {} },
    ])
    expect(await stored(c.church)).toHaveLength(2)
  })

  it('is not for a member without import_contact, and another team is not found', async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t)
    expect((await mappings(c, c.member.token)).statusCode).toBe(403)
    expect((await save(c, { system: 'breeze', columns: planningCenter }, c.member.token)).statusCode).toBe(403)
    expect((await mappings(c, other.owner.token)).statusCode).toBe(404)
    expect((await save(c, { system: 'breeze', columns: planningCenter }, other.owner.token)).statusCode).toBe(404)
    expect(await stored(c.church)).toEqual([])
  })

  it('refuses a system it does not know, a column that is not an import column and too many headers, and keeps nothing', async () => {
    const c = await buildChurch(t)
    const refusals = [
      { system: 'fellowship_one', columns: planningCenter },
      { system: 'rock', columns: { 'First Name': 'password' } },
      { system: 'rock', columns: { '': 'first_name' } },
      { system: 'rock', columns: Object.fromEntries(Array.from({ length: 301 }, (_, i) => [`Column ${i}`, null])) },
      { system: 'rock', columns: { 'First Name': 'first_name', 'A long one': 'x'.repeat(10) } },
      { system: 'rock', columns: { Status: 'member_status' }, values: { religion: { Catholic: 'catholic' } } },
      { system: 'rock', columns: { Status: 'member_status' }, values: { member_status: { ['x'.repeat(201)]: 'member' } } },
    ]
    for (const payload of refusals) {
      const response = await save(c, payload)
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400)
    }
    // The JSON reader refuses a body with __proto__; a header named like an object's property is only a header.
    const poisoned = await t.call({
      method: 'POST',
      url: '/api/v1/save-contact-import-mapping',
      token: c.leader.token,
      payload: `{"team_id":${c.church},"group_id":${c.church},"system":"rock","columns":{"__proto__":"email"}}`,
      headers: { 'content-type': 'application/json' },
    })
    expect(poisoned.statusCode).toBe(400)
    expect(await stored(c.church)).toEqual([])
    expect((await save(c, { system: 'rock', columns: { constructor: 'email', toString: null } })).statusCode).toBe(200)
    expect(await stored(c.church)).toEqual([{ system: 'rock', columns: { constructor: 'email', toString: null } }])
  })
})
