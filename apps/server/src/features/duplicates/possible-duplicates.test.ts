import { eq, or } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PossibleDuplicate } from '@crm/domain'
import { contactDuplicateDismissals } from '../../db/schema/index'
import { addMember, body, buildPerson, createTestApp, type TestApp, type TestPerson } from '../../../test/harness'
import { addToTeam, buildChurch, buildContact, get, post } from '../../../test/contact-factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

interface DuplicateList {
  items: PossibleDuplicate[]
  count: number
  max_pages: number
}

async function pairsOf(person: TestPerson, teamId: number, query: Record<string, number> = {}): Promise<DuplicateList> {
  const response = await get(t, 'possible-duplicates', person.token, { team_id: teamId, ...query })
  expect(response.statusCode, response.body).toBe(200)
  return body<DuplicateList>(response)
}

/** Each pair as "first id-second id: reasons", in the list's order. */
const summary = (list: DuplicateList) => list.items.map((pair) => `${pair.contact.id}-${pair.other_contact.id}: ${pair.reasons.join(',')}`)

describe('GET /api/v1/possible-duplicates (issue 40 §1)', () => {
  it("pairs the team's contacts that may be one person, with every reason, the strongest first", async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t, { conference: c.conference })
    const person = (first_name: string, last_name: string, more: Record<string, unknown> = {}) =>
      buildContact(t, { teamId: c.church, person: { first_name, last_name, ...more } })
    // The same email (however it is written) and the same name with the same birth.
    const ann = await person('Ann', 'Baker', { email: 'ann@example.org', dob_year: 1980, dob_month: 5, gender: 'female' })
    const ann2 = await person('ann', 'BAKER', { email: ' ANN@example.org', dob_year: 1980, gender: 'female' })
    // The same phone.
    const tom = await person('Tom', 'Hill', { phone: '+61412555001' })
    const thomas = await person('Thomas', 'Hill', { phone: '+61412555001' })
    // Names alike (a spelling difference): the same last name and first initial.
    const jon = await person('Jonathon', 'Smith')
    const jonathan = await person('Jonathan', 'Smith')
    // Alike but not these: another first initial; the same name but born in another year.
    await person('Bonathon', 'Smith')
    const born1990 = await person('Mary', 'Lee', { dob_year: 1990 })
    const born1991 = await person('Mary', 'Lee', { dob_year: 1991 })
    // Two people the records tell apart: a couple's shared phone; names alike, but another
    // gender and a birth thirty years later.
    await person('John', 'Ward', { phone: '+61412555999', gender: 'male' })
    await person('Jane', 'Ward', { phone: '+61412555999', gender: 'female' })
    await person('Minh', 'Brown', { gender: 'male', dob_year: 1971 })
    await person('Mia', 'Brown', { gender: 'female', dob_year: 2000 })
    // Another church's record of Ann, and one waiting for the owner's approval: not this list's.
    await buildContact(t, { teamId: other.church, person: { first_name: 'Ann', last_name: 'Baker', email: 'ann@example.org' } })
    await buildContact(t, {
      teamId: c.church,
      state: 'awaiting_approval',
      isOwner: false,
      person: { first_name: 'Tom', last_name: 'Hill', phone: '+61412555001' },
    })

    const list = await pairsOf(c.owner, c.church)
    expect(summary(list)).toEqual([`${ann}-${ann2}: email,name_birth`, `${tom}-${thomas}: phone`, `${jon}-${jonathan}: similar_name`])
    expect(list.count).toBe(3)
    expect(list.items[0]!.contact).toEqual({
      id: ann,
      name: 'Ann Baker',
      email: 'ann@example.org',
      phone: null,
      gender: 'female',
      dob_year: 1980,
      dob_month: 5,
      member_status: 'member',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
    expect(list.items[0]!.other_contact.name).toBe('ann BAKER')
    expect(summary(list).join(' ')).not.toContain(`${born1990}-${born1991}`)
  })

  it('does not pair by a phone or email more than ten records share (a household, an office, a placeholder)', async () => {
    const c = await buildChurch(t)
    for (let n = 0; n < 11; n += 1)
      await buildContact(t, { teamId: c.church, person: { first_name: `Member${n}`, last_name: `Office${n}`, phone: '+61290000000' } })
    const twins = [
      await buildContact(t, { teamId: c.church, person: { first_name: 'Ruth', last_name: 'Ward', email: 'ward.family@example.org' } }),
      await buildContact(t, { teamId: c.church, person: { first_name: 'Ruthie', last_name: 'Ward', email: 'ward.family@example.org' } }),
    ]
    expect(summary(await pairsOf(c.owner, c.church))).toEqual([`${twins[0]}-${twins[1]}: email,similar_name`])
  })

  it('pages the pairs with their count', async () => {
    const c = await buildChurch(t)
    const ids: number[] = []
    for (let n = 0; n < 5; n += 1) {
      const email = `pair${n}@example.org`
      ids.push(await buildContact(t, { teamId: c.church, person: { first_name: `First${n}`, last_name: `Pair${n}`, email } }))
      ids.push(await buildContact(t, { teamId: c.church, person: { first_name: `Second${n}`, last_name: `Other${n}`, email } }))
    }
    const first = await pairsOf(c.owner, c.church, { per_page: 4 })
    expect(first).toMatchObject({ count: 5, max_pages: 2 })
    expect(first.items.map((pair) => pair.contact.id)).toEqual([ids[0], ids[2], ids[4], ids[6]])
    const second = await pairsOf(c.owner, c.church, { per_page: 4, page: 2 })
    expect(summary(second)).toEqual([`${ids[8]}-${ids[9]}: email`])
  })

  it("shows a conference's staff the pairs across its churches, and a church only its own", async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t, { conference: c.conference })
    const staff = await buildPerson(t)
    await addMember(t, staff.id, c.conference, 'entity_admin')
    const here = await buildContact(t, { teamId: c.church, person: { first_name: 'Ivy', last_name: 'Stone', phone: '+61412555777' } })
    const there = await buildContact(t, { teamId: other.church, person: { first_name: 'Ivy', last_name: 'Stone', phone: '+61412555777' } })

    expect(summary(await pairsOf(staff, c.conference))).toEqual([`${here}-${there}: phone`])
    expect((await pairsOf(c.owner, c.church)).items).toEqual([])
    // Once the churches share the contact, the church's list compares both.
    await addToTeam(t, there, { teamId: c.church, isOwner: false })
    expect(summary(await pairsOf(c.owner, c.church))).toEqual([`${here}-${there}: phone`])
  })

  it('is for those who may remove contacts: a leader or member is refused, another team is 404', async () => {
    const c = await buildChurch(t)
    const outsider = await buildChurch(t)
    expect((await get(t, 'possible-duplicates', c.leader.token, { team_id: c.church })).statusCode).toBe(403)
    expect((await get(t, 'possible-duplicates', c.member.token, { team_id: c.church })).statusCode).toBe(403)
    expect((await get(t, 'possible-duplicates', outsider.owner.token, { team_id: c.church })).statusCode).toBe(404)
  })
})

describe('POST /api/v1/dismiss-possible-duplicate (issue 40 §1)', () => {
  it('marks two contacts as not the same person: the pair is not offered again, in any team', async () => {
    const c = await buildChurch(t)
    const staff = await buildPerson(t)
    await addMember(t, staff.id, c.conference, 'entity_admin')
    const a = await buildContact(t, { teamId: c.church, person: { first_name: 'Sam', last_name: 'Reed', email: 'reed@example.org' } })
    const b = await buildContact(t, { teamId: c.church, person: { first_name: 'Sue', last_name: 'Reed', email: 'reed@example.org' } })
    expect((await pairsOf(c.owner, c.church)).count).toBe(1)

    // Either order names the same pair; saying it twice changes nothing.
    for (const [contact_id, other_contact_id] of [
      [b, a],
      [a, b],
    ]) {
      const response = await post(t, 'dismiss-possible-duplicate', c.owner.token, { team_id: c.church, contact_id, other_contact_id })
      expect(response.statusCode, response.body).toBe(200)
      expect(body(response)).toEqual({ success: true })
    }
    expect(await pairsOf(c.owner, c.church)).toMatchObject({ items: [], count: 0 })
    expect((await pairsOf(staff, c.conference)).items).toEqual([])
    const rows = await t.db.select().from(contactDuplicateDismissals).where(eq(contactDuplicateDismissals.contact_id, a))
    expect(rows).toEqual([{ contact_id: a, other_contact_id: b, team_id: c.church, dismissed_by_id: c.owner.id, created_at: expect.any(Date) }])
  })

  it('refuses a contact the team does not hold (404) or a leader (403), and stores nothing', async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t)
    const mine = await buildContact(t, { teamId: c.church, person: { email: 'same@example.org' } })
    const theirs = await buildContact(t, { teamId: other.church, person: { email: 'same@example.org' } })
    const alsoMine = await buildContact(t, { teamId: c.church, person: { email: 'same@example.org' } })

    const foreign = await post(t, 'dismiss-possible-duplicate', c.owner.token, { team_id: c.church, contact_id: mine, other_contact_id: theirs })
    expect(foreign.statusCode).toBe(404)
    const self = await post(t, 'dismiss-possible-duplicate', c.owner.token, { team_id: c.church, contact_id: mine, other_contact_id: mine })
    expect(self.statusCode).toBe(404)
    const leader = await post(t, 'dismiss-possible-duplicate', c.leader.token, { team_id: c.church, contact_id: mine, other_contact_id: alsoMine })
    expect(leader.statusCode).toBe(403)
    const stored = await t.db
      .select()
      .from(contactDuplicateDismissals)
      .where(or(eq(contactDuplicateDismissals.contact_id, mine), eq(contactDuplicateDismissals.other_contact_id, mine)))
    expect(stored).toEqual([])
  })
})
