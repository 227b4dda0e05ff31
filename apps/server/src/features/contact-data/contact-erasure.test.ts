import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { erasureGraceDays, type ContactErasure } from '@crm/domain'
import { rowsOf } from '../../db/client'
import { fileStoreOf } from '../../platform/files'
import { addMember, body, buildPerson, createTestApp, type TestApp } from '../../../test/harness'
import { addToTeam, buildContact, get, post } from '../../../test/contact-factories'
import { buildPersonWithEveryKind } from '../../../test/every-kind'
import { rowsNaming } from '../../../test/rows-naming'
import { carryOutDueErasures } from './contact-data.jobs'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const dayMs = 24 * 60 * 60_000
const jobDeps = () => ({ db: t.db, config: t.config, now: t.clock.now })
const rows = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(statement))

function erase(token: string, teamId: number, personId: number, reason = 'The person asked us to remove their details') {
  return post(t, 'erase-contact', token, { team_id: teamId, group_id: teamId, user_id: personId, mode: 'erase', reason })
}

describe('POST /api/v1/erase-contact and the erasures job (issue 40 §2)', () => {
  it(`erases the person and everything about them ${erasureGraceDays} days after it is asked, files included, and keeps the record`, async () => {
    const w = await buildPersonWithEveryKind(t)
    const keys = await rows<{ key: string }>(
      sql`select storage_key as key from files where id in (select avatar_file_id from people where id = ${w.person}
        union select photo_file_id from parental_consents where contact_id = ${w.person})`,
    )
    expect(keys).toHaveLength(2)
    const words = ['Zebedee', 'Quarrington', w.email, '61412999888']
    expect((await rowsNaming(t, words)).length).toBeGreaterThan(10)

    const asked = await erase(w.c.owner.token, w.c.church, w.person)
    expect(asked.statusCode, asked.body).toBe(200)
    const erasure = body<ContactErasure>(asked)
    expect(erasure).toMatchObject({
      contact_id: w.person,
      contact_name: 'Zebedee Quarrington',
      mode: 'erase',
      status: 'pending',
      requested_by_name: 'Olive Owner',
      cancelled_at: null,
    })
    expect(new Date(erasure.due_at).getTime() - new Date(erasure.requested_at).getTime()).toBe(erasureGraceDays * dayMs)
    // Asked again, the same erasure.
    const again = await erase(w.c.owner.token, w.c.church, w.person, 'Asked twice')
    expect(body<ContactErasure>(again).id).toBe(erasure.id)

    // Not before it is due.
    t.clock.advance(erasureGraceDays * dayMs - 60_000)
    expect(await carryOutDueErasures(jobDeps())).toBeUndefined()
    expect(await rows(sql`select id from people where id = ${w.person}`)).toHaveLength(1)

    t.clock.advance(2 * 60_000)
    expect(await carryOutDueErasures(jobDeps())).toBe('erased 1 contact')
    expect(await rowsNaming(t, words)).toEqual([])
    for (const { key } of keys) expect(await fileStoreOf(t).read(key)).toBeNull()
    // The sibling stays, and no longer names him in her activity.
    expect(await rows(sql`select id from people where id = ${w.ruth}`)).toHaveLength(1)

    // The record: who asked, when and why, and that it was done; undoing it is too late.
    const owner = await buildPerson(t)
    await addMember(t, owner.id, w.c.church, 'owner')
    const listed = await get(t, 'contact-erasures', owner.token, { team_id: w.c.church })
    expect(listed.statusCode, listed.body).toBe(200)
    expect(body<{ items: ContactErasure[] }>(listed).items).toEqual([
      expect.objectContaining({
        id: erasure.id,
        status: 'carried_out',
        reason: 'The person asked us to remove their details',
        requested_by_name: 'Olive Owner',
      }),
    ])
    const late = await post(t, 'cancel-contact-erasure', owner.token, { team_id: w.c.church, erasure_id: erasure.id })
    expect(late.statusCode).toBe(410)
    expect(await carryOutDueErasures(jobDeps())).toBeUndefined()
  })

  it('can be called off until it is due: the contact is kept', async () => {
    const w = await buildPersonWithEveryKind(t)
    const erasure = body<ContactErasure>(await erase(w.c.owner.token, w.c.church, w.person))
    // Meanwhile he is not merged into another record, which the erasure would miss.
    const merge = await post(t, 'merge-contacts', w.c.owner.token, { team_id: w.c.church, contact_id: w.ruth, other_contact_id: w.person })
    expect(merge.statusCode).toBe(409)
    expect(merge.json()).toMatchObject({ code: 'contact_erasure_pending' })
    const cancelled = await post(t, 'cancel-contact-erasure', w.c.owner.token, { team_id: w.c.church, erasure_id: erasure.id })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const listed = await get(t, 'contact-erasures', w.c.owner.token, { team_id: w.c.church, contact_id: w.person })
    expect(body<{ items: ContactErasure[] }>(listed).items).toEqual([
      expect.objectContaining({ id: erasure.id, status: 'cancelled', cancelled_by_name: 'Olive Owner' }),
    ])
    // Called off twice is still called off; asked again, a new erasure.
    expect((await post(t, 'cancel-contact-erasure', w.c.owner.token, { team_id: w.c.church, erasure_id: erasure.id })).statusCode).toBe(200)
    const second = body<ContactErasure>(await erase(w.c.owner.token, w.c.church, w.person))
    expect(second.id).not.toBe(erasure.id)
    await post(t, 'cancel-contact-erasure', w.c.owner.token, { team_id: w.c.church, erasure_id: second.id })

    t.clock.advance((erasureGraceDays + 1) * dayMs)
    expect(await carryOutDueErasures(jobDeps())).toBeUndefined()
    expect(await rows(sql`select id from people where id = ${w.person}`)).toHaveLength(1)
  })

  it('is asked by the owning team’s owners only, never for a person who signs in, and with a reason', async () => {
    const w = await buildPersonWithEveryKind(t)
    // The second church holds him shared: it does not decide for the church that owns him.
    await addMember(t, w.c.owner.id, w.otherChurch, 'owner')
    const shared = await erase(w.c.owner.token, w.otherChurch, w.person)
    expect(shared.statusCode).toBe(403)
    expect(shared.json()).toMatchObject({ code: 'erase_not_owner' })
    expect((await erase(w.c.leader.token, w.c.church, w.person)).statusCode).toBe(403)
    const blank = await erase(w.c.owner.token, w.c.church, w.person, '  ')
    expect(blank.statusCode).toBe(400)
    expect(blank.json()).toMatchObject({ data: { errors: { reason: expect.any(String) } } })

    const user = await buildPerson(t)
    await addToTeam(t, user.id, { teamId: w.c.church, isOwner: true })
    const account = await erase(w.c.owner.token, w.c.church, user.id)
    expect(account.statusCode).toBe(409)
    expect(account.json()).toMatchObject({ code: 'erase_has_account' })
    // Another church's erasures are not found from this one.
    const other = await buildContact(t, { teamId: w.otherChurch })
    const theirs = body<ContactErasure>(await erase(w.c.owner.token, w.otherChurch, other))
    const cross = await post(t, 'cancel-contact-erasure', w.c.owner.token, { team_id: w.c.church, erasure_id: theirs.id })
    expect(cross.statusCode).toBe(404)
    expect(await rows(sql`select id from contact_erasures where contact_id in (${w.person}, ${user.id})`)).toEqual([])
  })
})
