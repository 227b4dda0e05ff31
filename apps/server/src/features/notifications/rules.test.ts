import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { missedInteractionRules, unassignedContactRules } from '../../db/schema/index'
import { addMember, body, buildPerson, createTestApp, type TestApp, type TestPerson } from '../../../test/harness'
import { buildChurch, get, post } from '../../../test/contact-factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

async function conferenceWithAdmin(): Promise<{ conference: number; church: number; entity: TestPerson; owner: TestPerson; member: TestPerson }> {
  const { conference, church, owner, member } = await buildChurch(t)
  const entity = await buildPerson(t, { firstName: 'Erin', lastName: 'Entity' })
  await addMember(t, entity.id, conference, 'entity_admin')
  return { conference, church, entity, owner, member }
}

const kinds = [
  { name: 'missed-interaction', days: 'after_days', table: missedInteractionRules },
  { name: 'unassigned-contacts', days: 'every_days', table: unassignedContactRules },
] as const

describe.each(kinds)('$name rules', ({ name, days, table }) => {
  const list = (person: TestPerson, team: number) => get(t, `manage-${name}-notifications`, person.token, { team_id: team })
  const add = (person: TestPerson, fields: Record<string, unknown>) => post(t, `add-${name}-notification`, person.token, fields)
  const update = (person: TestPerson, fields: Record<string, unknown>) => post(t, `update-${name}-notification`, person.token, fields)
  const remove = (person: TestPerson, fields: Record<string, unknown>) => post(t, `delete-${name}-notification`, person.token, fields)

  it('D3-3-13 D3-3-14 D3-7.7-05 D3-7.7-06 D3-7.7-07 D3-7.7-08 adds, lists by days ascending, updates and deletes a rule', async () => {
    const { conference, entity } = await conferenceWithAdmin()
    const first = await add(entity, { team_id: conference, [days]: 7, to: 'email', to_email: 'a@x.test' })
    expect(first.statusCode).toBe(200)
    const second = await add(entity, { team_id: conference, [days]: 3, to: 'leader' })
    expect(second.statusCode).toBe(200)
    const listed = body<{ items: Array<Record<string, unknown>> }>(await list(entity, conference)).items
    expect(listed).toEqual([
      { id: body(second).id, [days]: 3, to: 'leader', to_email: null },
      { id: body(first).id, [days]: 7, to: 'email', to_email: 'a@x.test' },
    ])

    // update {id, days} changes only the days.
    const changed = await update(entity, { team_id: conference, id: body(first).id, [days]: 5 })
    expect(changed.statusCode).toBe(200)
    expect(body<{ items: unknown[] }>(await list(entity, conference)).items).toEqual([
      { id: body(second).id, [days]: 3, to: 'leader', to_email: null },
      { id: body(first).id, [days]: 5, to: 'email', to_email: 'a@x.test' },
    ])
    // Away from email: the address goes.
    expect((await update(entity, { team_id: conference, id: body(first).id, to: 'owner' })).statusCode).toBe(200)
    const [row] = await t.db
      .select()
      .from(table)
      .where(eq(table.id, body(first).id))
    expect(row).toMatchObject({ to: 'owner', to_email: null })

    const deleted = await remove(entity, { team_id: conference, id: body(second).id })
    expect(deleted.statusCode).toBe(200)
    expect(body<{ items: unknown[] }>(await list(entity, conference)).items).toHaveLength(1)
    expect((await remove(entity, { team_id: conference, id: body(second).id })).statusCode).toBe(404)
  })

  it('D3-5-21 D3-5-22 refuses days that are not whole numbers from 1 to 365 and email without an address; ignores to_email otherwise', async () => {
    const { conference, entity } = await conferenceWithAdmin()
    for (const value of ['abc', 0, 366, 2.5, -1]) {
      const response = await add(entity, { team_id: conference, [days]: value, to: 'leader' })
      expect(response.statusCode).toBe(400)
      expect(body(response)).toMatchObject({ code: 'invalid_request', data: { errors: { [days]: expect.any(String) } } })
    }
    for (const toEmail of [undefined, '', 'not-an-address']) {
      const response = await add(entity, { team_id: conference, [days]: 2, to: 'email', to_email: toEmail })
      expect(response.statusCode).toBe(400)
      expect(body(response)).toMatchObject({ data: { errors: { to_email: expect.any(String) } } })
    }
    const ok = await add(entity, { team_id: conference, [days]: 365, to: 'leader', to_email: 'kept@x.test' })
    expect(ok.statusCode).toBe(200)
    const [row] = await t.db
      .select()
      .from(table)
      .where(eq(table.id, body(ok).id))
    expect(row).toMatchObject({ [days]: 365, to: 'leader', to_email: null })
    // An update to email without any address is refused, and changes nothing.
    const refused = await update(entity, { team_id: conference, id: body(ok).id, to: 'email' })
    expect(refused.statusCode).toBe(400)
    const [after] = await t.db
      .select()
      .from(table)
      .where(eq(table.id, body(ok).id))
    expect(after).toMatchObject({ to: 'leader' })
  })

  it('D3-6-15 D3-6-16 needs the capability on a conference: a church is 403 and stores nothing; another conference 404', async () => {
    const { conference, church, entity, owner, member } = await conferenceWithAdmin()
    const other = await conferenceWithAdmin()
    const before = (await t.db.select().from(table)).length
    const onChurch = await add(owner, { team_id: church, [days]: 3, to: 'leader' })
    expect(onChurch.statusCode).toBe(403)
    expect((await list(owner, church)).statusCode).toBe(403)
    // A member of the conference without the capability.
    await addMember(t, member.id, conference, 'member')
    expect((await add(member, { team_id: conference, [days]: 3, to: 'leader' })).statusCode).toBe(403)
    expect((await t.db.select().from(table)).length).toBe(before)
    expect((await list(entity, other.conference)).statusCode).toBe(404)

    // Another conference's rule: 404 on update and delete, untouched.
    const { id } = body(await add(other.entity, { team_id: other.conference, [days]: 4, to: 'owner' }))
    expect((await update(entity, { team_id: conference, id, [days]: 9 })).statusCode).toBe(404)
    expect((await remove(entity, { team_id: conference, id })).statusCode).toBe(404)
    const [row] = await t.db.select().from(table).where(eq(table.id, id))
    expect(row).toMatchObject({ [days]: 4 })
    expect((await list(entity, conference)).statusCode).toBe(200)
    expect((await t.call({ method: 'GET', url: `/api/v1/manage-${name}-notifications?team_id=${conference}` })).statusCode).toBe(401)
  })
})
