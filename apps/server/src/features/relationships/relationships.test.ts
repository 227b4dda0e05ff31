import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { contactRelationships, dismissedInferredRelationships } from '../../db/schema/index'
import { addMember, body, buildPerson, createTestApp, type TestApp } from '../../../test/harness'
import { activityOf, assignContact, bornYearsAgo, buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'
import { notInferredMessage, relatedOutsideTeamMessage, relatedToSelfMessage } from './relationship-writes.service'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const scopeOf = (c: Church) => ({ team_id: c.church, group_id: c.church })

function relationships(c: Church, token: string, contact: number, query: Record<string, number> = {}) {
  return get(t, `contact-relationships/${contact}`, token, { ...scopeOf(c), ...query })
}

function relate(c: Church, token: string, contact: number, related: unknown, type: unknown = 'father') {
  return post(t, 'add-contact-relationship', token, { ...scopeOf(c), user_id: contact, related_user_id: related, relationship_type: type })
}

async function storedFor(team: number) {
  return t.db.select().from(contactRelationships).where(eq(contactRelationships.team_id, team))
}

async function family(c: Church) {
  const person = (first: string, gender: 'male' | 'female' | null) =>
    buildContact(t, { teamId: c.church, person: { first_name: first, last_name: 'Lee', gender } })
  return { amy: await person('Amy', 'female'), max: await person('Max', 'male'), sam: await person('Sam', null), ben: await person('Ben', 'male') }
}

describe('POST add-contact-relationship and GET contact-relationships/{id}', () => {
  it('lists the relationship directly on the contact and its gendered inverse on the other (D2-3.12-01, D2-3.12-02, D2-7.5-03)', async () => {
    const c = await buildChurch(t)
    const { amy, max, sam } = await family(c)
    const added = await relate(c, c.leader.token, amy, max, 'father')
    expect(added.statusCode).toBe(200)
    const id = body(added).id
    expect((await relate(c, c.leader.token, sam, max, 'father')).statusCode).toBe(200)

    const onAmy = body(await relationships(c, c.leader.token, amy))
    expect(onAmy).toEqual({
      items: [{ id, related_user_id: max, relationship_type: 'father', relationship_type_display: 'Father', user_name: 'Max Lee' }],
      count: 1,
      max_pages: 1,
      inverse: [],
      // Amy's father's other child: her sibling (Sam's gender is unknown).
      inferred: [
        {
          related_user_id: sam,
          relationship_type: 'sibling',
          relationship_type_display: 'Sibling',
          user_name: 'Sam Lee',
          via_user_id: max,
          via_user_name: 'Max Lee',
        },
      ],
    })
    const onMax = body(await relationships(c, c.leader.token, max))
    expect(onMax.items).toEqual([])
    // Max sees a daughter (Amy is female) and a child (Sam's gender is unknown), newest first.
    expect(onMax.inverse.map((item: any) => [item.user_name, item.relationship_type, item.relationship_type_display])).toEqual([
      ['Sam Lee', 'child', 'Child'],
      ['Amy Lee', 'daughter', 'Daughter'],
    ])
  })

  it('answers in the caller’s language', async () => {
    const c = await buildChurch(t)
    const { amy, max } = await family(c)
    await relate(c, c.leader.token, amy, max, 'uncle_aunt')
    const response = await t.call({
      method: 'GET',
      url: `/api/v1/contact-relationships/${max}?team_id=${c.church}&group_id=${c.church}`,
      token: c.leader.token,
      headers: { 'accept-language': 'es' },
    })
    expect(body(response).inverse[0]).toMatchObject({ relationship_type: 'niece', relationship_type_display: 'Sobrina' })
  })

  it('pages the direct list with the paging query (D2-7.1-06)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    for (let i = 0; i < 5; i++) {
      const friend = await buildContact(t, { teamId: c.church })
      expect((await relate(c, c.leader.token, contact, friend, 'friend')).statusCode).toBe(200)
    }
    const first = body(await relationships(c, c.leader.token, contact, { per_page: 4 }))
    expect(first).toMatchObject({ count: 5, max_pages: 2 })
    expect(first.items).toHaveLength(4)
    expect(body(await relationships(c, c.leader.token, contact, { per_page: 4, page: 2 })).items).toHaveLength(1)
  })

  it('refuses the contact itself and a contact outside the team: 400, nothing stored', async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t, { conference: c.conference })
    const contact = await buildContact(t, { teamId: c.church })
    const theirs = await buildContact(t, { teamId: other.church })
    const self = await relate(c, c.leader.token, contact, contact)
    expect(self.statusCode).toBe(400)
    expect(body(self)).toMatchObject({ code: 'invalid_request', data: { errors: { related_user_id: relatedToSelfMessage } } })
    const outside = await relate(c, c.leader.token, contact, theirs)
    expect(outside.statusCode).toBe(400)
    expect(body(outside).data.errors).toEqual({ related_user_id: relatedOutsideTeamMessage })
    // An id that is nobody at all reads the same.
    expect((await relate(c, c.leader.token, contact, 2_000_000_000)).statusCode).toBe(400)
    expect(await storedFor(c.church)).toEqual([])
    expect(await activityOf(t, contact)).toEqual([])
  })

  it('refuses a contact the caller may not read, though the team holds it', async () => {
    const c = await buildChurch(t)
    const mine = await buildContact(t, { teamId: c.church })
    const notMine = await buildContact(t, { teamId: c.church })
    await assignContact(t, { teamId: c.church, contactId: mine, toId: c.member.id })
    const response = await relate(c, c.member.token, mine, notMine, 'friend')
    expect(response.statusCode).toBe(400)
    expect(body(response).data.errors).toEqual({ related_user_id: relatedOutsideTeamMessage })
  })

  it('answers 404 for another team’s contact and 403 to a member who cannot read the contact (D2-6-15)', async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t, { conference: c.conference })
    const theirs = await buildContact(t, { teamId: other.church })
    const mine = await buildContact(t, { teamId: c.church })
    expect((await relationships(c, c.leader.token, theirs)).statusCode).toBe(404)
    expect((await relate(c, c.leader.token, theirs, mine)).statusCode).toBe(404)
    expect((await relationships(c, c.member.token, mine)).statusCode).toBe(403)
    expect((await relate(c, c.member.token, mine, theirs)).statusCode).toBe(403)
  })

  it('names each bad field: 400 invalid_request, nothing stored', async () => {
    const c = await buildChurch(t)
    const { amy, max } = await family(c)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ related_user_id: max, relationship_type: 'stepfather' }, 'relationship_type'],
      [{ related_user_id: max }, 'relationship_type'],
      [{ relationship_type: 'father' }, 'related_user_id'],
      [{ related_user_id: 'x', relationship_type: 'father' }, 'related_user_id'],
      [{ related_user_id: 2 ** 31, relationship_type: 'father' }, 'related_user_id'],
      [{ related_user_id: max, relationship_type: 'a'.repeat(5000) }, 'relationship_type'],
    ]
    for (const [fields, field] of cases) {
      const response = await post(t, 'add-contact-relationship', c.leader.token, { ...scopeOf(c), user_id: amy, ...fields })
      expect(response.statusCode, JSON.stringify(fields)).toBe(400)
      expect(body(response).code).toBe('invalid_request')
      expect(Object.keys(body(response).data.errors), JSON.stringify(fields)).toContain(field)
    }
    expect(await storedFor(c.church)).toEqual([])
  })

  it('relates a pair once, whichever way round: 409', async () => {
    const c = await buildChurch(t)
    const { amy, max } = await family(c)
    expect((await relate(c, c.leader.token, amy, max, 'father')).statusCode).toBe(200)
    const again = await relate(c, c.leader.token, max, amy, 'daughter')
    expect(again.statusCode).toBe(409)
    expect(body(again).data.reason).toBe('already_related')
    expect(await storedFor(c.church)).toHaveLength(1)
  })

  it('keeps a child’s relationships from a leader without the checks (child data gate)', async () => {
    const c = await buildChurch(t)
    const unchecked = await buildPerson(t)
    await addMember(t, unchecked.id, c.church, 'leader')
    const child = await buildContact(t, { teamId: c.church, person: { ...bornYearsAgo(t, 9), consent_type: 'verbal' } })
    const adult = await buildContact(t, { teamId: c.church })
    const refused = await relate(c, unchecked.token, adult, child, 'son')
    expect(refused.statusCode).toBe(403)
    expect(body(refused).code).toBe('child_data_gate')
    expect((await relationships(c, unchecked.token, child)).statusCode).toBe(403)
    expect(await storedFor(c.church)).toEqual([])
    // The checked leader may.
    expect((await relate(c, c.leader.token, adult, child, 'son')).statusCode).toBe(200)
  })
})

describe('under the child data gate (spec 2 §5)', () => {
  // Walt's son Kid (a child) has a brother Bro and a mother Mo; Walt's daughter Sis is grown up.
  async function familyWithChild(c: Church) {
    const person = (first: string, gender: 'male' | 'female', years: number) =>
      buildContact(t, { teamId: c.church, person: { first_name: first, last_name: 'Quill', gender, ...bornYearsAgo(t, years) } })
    const f = {
      walt: await person('Walt', 'male', 45),
      kid: await person('Zephyr', 'male', 9),
      bro: await person('Bro', 'male', 19),
      mo: await person('Mo', 'female', 44),
      sis: await person('Sis', 'female', 20),
      friend: await person('Fred', 'male', 50),
    }
    const add = async (contact: number, related: number, type: string) => body(await relate(c, c.owner.token, contact, related, type)).id as number
    const ids = {
      waltKid: await add(f.walt, f.kid, 'son'),
      kidMo: await add(f.kid, f.mo, 'mother'),
      sisWalt: await add(f.sis, f.walt, 'father'),
      waltFriend: await add(f.walt, f.friend, 'friend'),
      kidBro: await add(f.kid, f.bro, 'brother'),
    }
    return { ...f, ids }
  }

  const named = (list: any[]) => list.map((item) => item.user_name)

  it('leaves relationships with a child out of an adult’s lists, both ways and inferred; the checked leader sees them', async () => {
    const c = await buildChurch(t)
    const f = await familyWithChild(c)
    for (const contact of [f.walt, f.sis, f.mo, f.bro]) await assignContact(t, { teamId: c.church, contactId: contact, toId: c.member.id })
    const gatedLeader = await buildPerson(t)
    await addMember(t, gatedLeader.id, c.church, 'leader')
    for (const person of [c.member, gatedLeader]) {
      const read = async (contact: number) => {
        const response = await relationships(c, person.token, contact)
        expect(response.statusCode).toBe(200)
        expect(response.body).not.toContain('Zephyr')
        expect(response.body).not.toContain(`:${f.kid},`)
        return body(response)
      }
      const walt = await read(f.walt)
      expect([named(walt.items), walt.count, named(walt.inverse), walt.inferred]).toEqual([['Fred Quill'], 1, ['Sis Quill'], []])
      const sis = await read(f.sis)
      expect([named(sis.items), sis.inferred]).toEqual([['Walt Quill'], []])
      const mo = await read(f.mo)
      expect([mo.items, mo.inverse, mo.inferred]).toEqual([[], [], []])
      const bro = await read(f.bro)
      expect([bro.inverse, bro.inferred]).toEqual([[], []])
    }
    const walt = body(await relationships(c, c.leader.token, f.walt))
    expect(named(walt.items).sort()).toEqual(['Fred Quill', 'Zephyr Quill'])
    expect(walt.inferred).toEqual([expect.objectContaining({ related_user_id: f.bro, via_user_id: f.kid, via_user_name: 'Zephyr Quill' })])
    expect(body(await relationships(c, c.leader.token, f.sis)).inferred).toEqual([
      expect.objectContaining({ related_user_id: f.kid, user_name: 'Zephyr Quill' }),
    ])
    expect(named(body(await relationships(c, c.leader.token, f.mo)).inverse)).toEqual(['Zephyr Quill'])
  })

  it('refuses every write naming a child on either side (child_data_gate) and changes nothing; the checked leader writes', async () => {
    const c = await buildChurch(t)
    const f = await familyWithChild(c)
    const gated = await buildPerson(t)
    await addMember(t, gated.id, c.church, 'leader')
    const stored = async () =>
      JSON.stringify([
        await t.db.select().from(contactRelationships).where(eq(contactRelationships.team_id, c.church)).orderBy(contactRelationships.id),
        await t.db.select().from(dismissedInferredRelationships).where(eq(dismissedInferredRelationships.team_id, c.church)),
      ])
    const write = (path: string, contact: number, fields: Record<string, unknown>) => post(t, path, gated.token, { ...scopeOf(c), user_id: contact, ...fields })
    const before = await stored()
    const refusals = [
      await relate(c, gated.token, f.friend, f.kid, 'friend'),
      await relate(c, gated.token, f.kid, f.friend, 'friend'),
      await write('update-contact-relationship', f.walt, { id: f.ids.waltKid, relationship_type: 'nephew' }),
      await write('update-contact-relationship', f.walt, { id: f.ids.waltFriend, related_user_id: f.kid, relationship_type: 'friend' }),
      await write('update-contact-relationship', f.kid, { id: f.ids.kidMo, relationship_type: 'guardian' }),
      await write('delete-contact-relationship', f.walt, { id: f.ids.waltKid }),
      // Entered on the child, deleted from the adult's page.
      await write('delete-contact-relationship', f.mo, { id: f.ids.kidMo }),
      await write('confirm-inferred-contact-relationship', f.sis, { related_user_id: f.kid }),
      await write('remove-inferred-contact-relationship', f.sis, { related_user_id: f.kid }),
    ]
    expect(refusals.map((response) => [response.statusCode, body(response).code])).toEqual(refusals.map(() => [403, 'child_data_gate']))
    // Suggested only through the child: not offered to the gated caller, so not confirmed.
    expect((await write('confirm-inferred-contact-relationship', f.walt, { related_user_id: f.bro })).statusCode).toBe(400)
    expect(await stored()).toBe(before)

    const checked = (path: string, contact: number, fields: Record<string, unknown>) =>
      post(t, path, c.leader.token, { ...scopeOf(c), user_id: contact, ...fields })
    expect((await checked('update-contact-relationship', f.walt, { id: f.ids.waltKid, relationship_type: 'child' })).statusCode).toBe(200)
    expect((await checked('confirm-inferred-contact-relationship', f.sis, { related_user_id: f.kid })).statusCode).toBe(200)
    expect((await checked('delete-contact-relationship', f.mo, { id: f.ids.kidMo })).statusCode).toBe(200)
    expect(await stored()).not.toBe(before)
  })
})

describe('update and delete', () => {
  it('changes the type and records a readable before and after on both contacts (D2-7.5-04)', async () => {
    const c = await buildChurch(t)
    const { amy, max } = await family(c)
    const id = body(await relate(c, c.leader.token, amy, max, 'friend')).id
    const updated = await post(t, 'update-contact-relationship', c.leader.token, { ...scopeOf(c), user_id: amy, id, relationship_type: 'neighbor' })
    expect(updated.statusCode).toBe(200)
    expect(body(await relationships(c, c.leader.token, amy)).items[0]).toMatchObject({ id, relationship_type: 'neighbor' })
    const onAmy = await activityOf(t, amy)
    expect(onAmy.map((row) => `${row.subject_type}:${row.action}`)).toEqual(['user_relationship:add', 'user_relationship:update'])
    expect(onAmy[1]).toMatchObject({
      author_id: c.leader.id,
      team_id: c.church,
      subject_id: id,
      before: { related_user_id: max, user_name: 'Max Lee', relationship_type: 'friend', relationship_type_display: 'Friend' },
      after: { related_user_id: max, user_name: 'Max Lee', relationship_type: 'neighbor', relationship_type_display: 'Neighbor' },
    })
    const onMax = await activityOf(t, max)
    expect(onMax[1]).toMatchObject({ action: 'update', after: { related_user_id: amy, user_name: 'Amy Lee', relationship_type: 'neighbor' } })
  })

  it('refuses to change a relationship of another contact (404) and checks a new person like a new one', async () => {
    const c = await buildChurch(t)
    const { amy, max, ben } = await family(c)
    const id = body(await relate(c, c.leader.token, amy, max, 'friend')).id
    const elsewhere = await post(t, 'update-contact-relationship', c.leader.token, { ...scopeOf(c), user_id: ben, id, relationship_type: 'neighbor' })
    expect(elsewhere.statusCode).toBe(404)
    const toSelf = await post(t, 'update-contact-relationship', c.leader.token, {
      ...scopeOf(c),
      user_id: amy,
      id,
      related_user_id: amy,
      relationship_type: 'friend',
    })
    expect(toSelf.statusCode).toBe(400)
    expect((await storedFor(c.church))[0]).toMatchObject({ related_id: max, relationship_type: 'friend' })
  })

  it('deletes a relationship from either contact’s page (D2-7.5-05)', async () => {
    const c = await buildChurch(t)
    const { amy, max } = await family(c)
    const id = body(await relate(c, c.leader.token, amy, max, 'father')).id
    const other = await buildChurch(t, { conference: c.conference })
    const theirs = await buildContact(t, { teamId: other.church })
    expect((await post(t, 'delete-contact-relationship', c.leader.token, { ...scopeOf(c), user_id: theirs, id })).statusCode).toBe(404)
    const deleted = await post(t, 'delete-contact-relationship', c.leader.token, { ...scopeOf(c), user_id: max, id })
    expect(deleted.statusCode).toBe(200)
    expect(await storedFor(c.church)).toEqual([])
    expect(body(await relationships(c, c.leader.token, amy)).items).toEqual([])
    expect((await activityOf(t, amy)).at(-1)).toMatchObject({ action: 'delete', before: { user_name: 'Max Lee', relationship_type: 'father' }, after: null })
  })
})

describe('inferred relationships', () => {
  // Amy's mother is Sam; Sam's husband is Max: Max is offered as Amy's father.
  async function stepFamily(c: Church) {
    const people = await family(c)
    await relate(c, c.leader.token, people.amy, people.sam, 'mother')
    await relate(c, c.leader.token, people.sam, people.max, 'husband')
    return people
  }

  it('confirms a suggestion into the direct list (D2-7.5-07)', async () => {
    const c = await buildChurch(t)
    const { amy, max } = await stepFamily(c)
    const before = body(await relationships(c, c.leader.token, amy))
    expect(before.inferred).toEqual([expect.objectContaining({ related_user_id: max, relationship_type: 'father', via_user_name: 'Sam Lee' })])
    const confirmed = await post(t, 'confirm-inferred-contact-relationship', c.leader.token, { ...scopeOf(c), user_id: amy, related_user_id: max })
    expect(confirmed.statusCode).toBe(200)
    const after = body(await relationships(c, c.leader.token, amy))
    expect(after.inferred).toEqual([])
    expect(after.items.map((item: any) => [item.related_user_id, item.relationship_type])).toContainEqual([max, 'father'])
    // Confirming something not suggested (any more) is refused.
    const again = await post(t, 'confirm-inferred-contact-relationship', c.leader.token, { ...scopeOf(c), user_id: amy, related_user_id: max })
    expect(again.statusCode).toBe(400)
    expect(body(again).data.errors).toEqual({ related_user_id: notInferredMessage })
  })

  it('confirms with another type when the form sends one', async () => {
    const c = await buildChurch(t)
    const { amy, max } = await stepFamily(c)
    const confirmed = await post(t, 'confirm-inferred-contact-relationship', c.leader.token, {
      ...scopeOf(c),
      user_id: amy,
      related_user_id: max,
      relationship_type: 'guardian',
    })
    expect(confirmed.statusCode).toBe(200)
    expect(body(await relationships(c, c.leader.token, amy)).items[0]).toMatchObject({ related_user_id: max, relationship_type: 'guardian' })
  })

  it('removes a suggestion for good, and records it (D2-7.5-06)', async () => {
    const c = await buildChurch(t)
    const { amy, max, ben } = await stepFamily(c)
    const removed = await post(t, 'remove-inferred-contact-relationship', c.leader.token, { ...scopeOf(c), user_id: amy, related_user_id: max })
    expect(removed.statusCode).toBe(200)
    expect(body(await relationships(c, c.leader.token, amy)).inferred).toEqual([])
    expect((await activityOf(t, amy)).at(-1)).toMatchObject({
      subject_type: 'user_relationship',
      action: 'delete',
      before: { related_user_id: max, relationship_type: 'father', inferred: true },
    })
    // Still offered on Max's page: the removal was Amy's.
    expect(body(await relationships(c, c.leader.token, max)).inferred).toEqual([expect.objectContaining({ related_user_id: amy })])
    const notSuggested = await post(t, 'remove-inferred-contact-relationship', c.leader.token, { ...scopeOf(c), user_id: amy, related_user_id: ben })
    expect(notSuggested.statusCode).toBe(400)
  })
})
