import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { sourceRequiredStatuses } from '@crm/domain'
import { activityLog, groupContacts, people, teamContacts } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { activityOf, bornYearsAgo, buildChurch, post, type Church } from '../../../test/contact-factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const verbal = {
  consent_type: 'verbal',
  consent_date: '2026-11-01',
  consent_content: 'Happy to be visited and called.',
  consent_verbal_confirmed: 1,
}

/** The verbal consent fields left out. */
const verballess = { consent_type: undefined, consent_date: undefined, consent_content: undefined, consent_verbal_confirmed: undefined }

let n = 0
/** A create-user payload with verbal consent and a name of its own. */
function newContact(c: Church, extra: Record<string, unknown> = {}) {
  n += 1
  return { team_id: c.church, group_id: c.church, first_name: `Ann${n}`, last_name: 'Lee', gender: 'female', member_status: 'member', ...verbal, ...extra }
}

async function person(id: number) {
  const [row] = await t.db.select().from(people).where(eq(people.id, id))
  return row!
}

async function errorsOf(c: Church, extra: Record<string, unknown>, token = c.leader.token) {
  const response = await post(t, 'create-user', token, newContact(c, extra))
  expect(response.statusCode).toBe(400)
  expect(body(response).code).toBe('invalid_request')
  return body(response).data.errors as Record<string, string>
}

describe('POST /api/v1/create-user', () => {
  it('adds a contact the team owns, with its fields, in the read model and the activity log', async () => {
    const c = await buildChurch(t)
    const response = await post(
      t,
      'create-user',
      c.leader.token,
      newContact(c, {
        email: 'Ann.Lee@Example.org',
        phone: '0412 345 678',
        dob_month: 3,
        dob_year: 1990,
        religion: 'anglican',
        marital_status: 'married',
        member_status: 'lead-visited',
        source: 'friend-family',
        grow_phase: 'plant',
        social: { facebook: 'https://facebook.com/ann' },
        address_manual_input: 1,
        address_city: 'Ashfield',
        expect_follow_up: 1,
      }),
    )
    expect(response.statusCode).toBe(200)
    const { id } = body(response)
    expect(await person(id)).toMatchObject({
      email: 'ann.lee@example.org',
      phone: '+61412345678',
      dob_month: 3,
      dob_year: 1990,
      religion: 'anglican',
      marital_status: 'married',
      member_status: 'lead-visited',
      source: 'friend-family',
      grow_phase: 'plant',
      social: { facebook: 'https://facebook.com/ann' },
      address_manual_input: true,
      address_city: 'Ashfield',
      expect_follow_up: true,
      consent_type: 'verbal',
      consent_date: '2026-11-01',
      consent_content: 'Happy to be visited and called.',
      created_by_id: c.leader.id,
    })
    const [row] = await t.db.select().from(teamContacts).where(eq(teamContacts.person_id, id))
    expect(row).toMatchObject({ team_id: c.church, is_owner: true, state: 'active', added_by_id: c.leader.id, archived_at: null })
    expect(row!.sort_name).toMatch(/^ann\d+ lee$/)
    expect(row!.search_text).toContain('0412345678')
    expect(row!.member_status).toBe('lead-visited')
    expect(await t.db.select().from(groupContacts).where(eq(groupContacts.person_id, id))).toHaveLength(0)
    const log = await activityOf(t, id)
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({ subject_type: 'user', subject_id: id, action: 'add', author_id: c.leader.id, team_id: c.church })
    expect((log[0]!.after as Record<string, unknown>).email).toBe('ann.lee@example.org')
  })

  it('places a contact added in a group in that group too', async () => {
    const c = await buildChurch(t)
    const group = await buildTeam(t, { kind: 'group', parentId: c.church, isPublic: true })
    const response = await post(t, 'create-user', c.leader.token, { ...newContact(c), group_id: group })
    expect(response.statusCode).toBe(200)
    const rows = await t.db
      .select()
      .from(groupContacts)
      .where(eq(groupContacts.person_id, body(response).id))
    expect(rows.map((r) => r.group_id)).toEqual([group])
  })

  it('needs create_contact: a member is refused in the team but may add in their private group', async () => {
    const c = await buildChurch(t)
    const refused = await post(t, 'create-user', c.member.token, newContact(c))
    expect(refused.statusCode).toBe(403)
    const privateGroup = await buildTeam(t, { kind: 'group', parentId: c.church, isPublic: false, isolatedOwnerId: c.member.id })
    await addMember(t, c.member.id, privateGroup, 'owner')
    const allowed = await post(t, 'create-user', c.member.token, { ...newContact(c), group_id: privateGroup })
    expect(allowed.statusCode).toBe(200)
  })

  it("answers 404 in another team's scope", async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t)
    const response = await post(t, 'create-user', c.leader.token, newContact(other))
    expect(response.statusCode).toBe(404)
  })

  it('requires first_name and member_status, from the list (D2-5-01, D2-5-02)', async () => {
    const c = await buildChurch(t)
    expect(Object.keys(await errorsOf(c, { first_name: '  ' }))).toEqual(['first_name'])
    expect(Object.keys(await errorsOf(c, { first_name: undefined }))).toEqual(['first_name'])
    expect(Object.keys(await errorsOf(c, { member_status: undefined }))).toEqual(['member_status'])
    expect(await errorsOf(c, { member_status: 'pope' })).toEqual({ member_status: 'Choose a value from the list.' })
  })

  it('requires a source for each of the 7 statuses that need one, and no other (D2-5-03, D2-5-04)', async () => {
    const c = await buildChurch(t)
    expect(sourceRequiredStatuses).toHaveLength(7)
    for (const status of sourceRequiredStatuses) {
      expect(await errorsOf(c, { member_status: status }), status).toEqual({ source: 'Required' })
      expect((await post(t, 'create-user', c.leader.token, newContact(c, { member_status: status, source: 'media' }))).statusCode).toBe(200)
    }
    for (const status of ['member', 'former-member', 'not-interested']) {
      expect((await post(t, 'create-user', c.leader.token, newContact(c, { member_status: status }))).statusCode, status).toBe(200)
    }
    expect(await errorsOf(c, { member_status: 'lead-visited', source: 'a-rumour' })).toEqual({ source: 'Choose a value from the list.' })
  })

  it('checks religion against its list and stores phones in E.164', async () => {
    const c = await buildChurch(t)
    expect(await errorsOf(c, { religion: 'jedi' })).toEqual({ religion: 'Choose a value from the list.' })
    expect(await errorsOf(c, { phone: '12' })).toEqual({ phone: 'Invalid phone number' })
    expect(await errorsOf(c, { phone: '021 123 4567', phone_country: 'ZZ' })).toEqual({ phone: 'Invalid phone number' })
    const nz = await post(t, 'create-user', c.leader.token, newContact(c, { phone: '021 123 4567', phone_country: 'NZ' }))
    expect((await person(body(nz).id)).phone).toBe('+64211234567')
  })

  it('takes an age alone as the year of birth, and needs a year with a month', async () => {
    const c = await buildChurch(t)
    const response = await post(t, 'create-user', c.leader.token, newContact(c, { age: 40 }))
    expect(await person(body(response).id)).toMatchObject({ dob_year: t.clock.now().getFullYear() - 40, dob_month: null })
    expect(await errorsOf(c, { dob_month: 4 })).toEqual({ dob_year: 'Enter the year of birth.' })
    expect(await errorsOf(c, { dob_year: t.clock.now().getFullYear() + 1 })).toEqual({ dob_year: 'The date of birth is in the future.' })
  })
})

describe('create-user for a child (spec 2 §5)', () => {
  it('needs the parent or carer first name and an email or phone (D2-5-05, D2-5-06, D2-5-07)', async () => {
    const c = await buildChurch(t)
    const child = bornYearsAgo(t, 10)
    expect(await errorsOf(c, { ...child, parent_carer_phone: '0412 000 111' })).toEqual({ parent_carer_first_name: 'Required' })
    expect(await errorsOf(c, { ...child, parent_carer_first_name: 'Pat' })).toEqual({
      parent_carer_email: 'Note: An email or phone number is required.',
    })
    const phoneOnly = await post(
      t,
      'create-user',
      c.leader.token,
      newContact(c, { ...child, parent_carer_first_name: 'Pat', parent_carer_phone: '0412 000 111' }),
    )
    expect(phoneOnly.statusCode).toBe(200)
    expect(await person(body(phoneOnly).id)).toMatchObject({ parent_carer_first_name: 'Pat', parent_carer_phone: '+61412000111' })
    const emailOnly = await post(
      t,
      'create-user',
      c.leader.token,
      newContact(c, { ...child, parent_carer_first_name: 'Pat', parent_carer_email: 'pat@example.org' }),
    )
    expect(emailOnly.statusCode).toBe(200)
  })

  it('counts 17 years and 11 months as a child and exactly 18 as an adult', async () => {
    const c = await buildChurch(t)
    const now = t.clock.now()
    // Born next month, 18 years ago: 17 years and 11 months old.
    const nextMonth = now.getMonth() + 2
    const almost18 =
      nextMonth > 12 ? { dob_year: now.getFullYear() - 17, dob_month: nextMonth - 12 } : { dob_year: now.getFullYear() - 18, dob_month: nextMonth }
    expect(await errorsOf(c, almost18)).toHaveProperty('parent_carer_first_name')
    const adult = await post(t, 'create-user', c.leader.token, newContact(c, bornYearsAgo(t, 18)))
    expect(adult.statusCode).toBe(200)
    expect(await errorsOf(c, { age: 17 })).toHaveProperty('parent_carer_first_name')
  })

  it('keeps a gated caller from adding a child: WWCC or AdSafe missing (D2-5-17, D2-5-18, D2-5-19, D2-5-20)', async () => {
    const c = await buildChurch(t)
    const noWwcc = await buildPerson(t)
    const noAdsafe = await buildPerson(t)
    await addMember(t, noWwcc.id, c.church, 'leader', { has_adsafe: true })
    await addMember(t, noAdsafe.id, c.church, 'leader', { has_wwcc: true })
    const child = { ...bornYearsAgo(t, 9), parent_carer_first_name: 'Pat', parent_carer_email: 'pat@example.org' }

    const refused = await post(t, 'create-user', noWwcc.token, newContact(c, child))
    expect(refused.statusCode).toBe(403)
    expect(body(refused)).toMatchObject({
      code: 'child_data_gate',
      data: { missing: ['wwcc'], primary_owner_name: 'Olive Owner', primary_owner_email: c.owner.email },
    })
    const refusedToo = await post(t, 'create-user', noAdsafe.token, newContact(c, child))
    expect(body(refusedToo)).toMatchObject({ code: 'child_data_gate', data: { missing: ['adsafe'] } })
    // The gate comes before the field rules: a gated caller learns nothing more.
    expect(body(await post(t, 'create-user', noWwcc.token, newContact(c, bornYearsAgo(t, 9)))).code).toBe('child_data_gate')
    // Adults are not gated.
    expect((await post(t, 'create-user', noWwcc.token, newContact(c))).statusCode).toBe(200)

    expect((await post(t, 'create-user', c.leader.token, newContact(c, child))).statusCode).toBe(200)
    // The owner holds neither check and is exempt.
    expect((await post(t, 'create-user', c.owner.token, newContact(c, child))).statusCode).toBe(200)
    const before = await t.db.select().from(activityLog).where(eq(activityLog.author_id, noWwcc.id))
    expect(before).toHaveLength(1)
  })
})

describe('create-user consent (spec 2 §4)', () => {
  it('needs a date, the content and the confirmation for verbal consent (D2-5-09)', async () => {
    const c = await buildChurch(t)
    expect(await errorsOf(c, { consent_date: undefined, consent_content: '', consent_verbal_confirmed: 0 })).toEqual({
      consent_date: 'Required',
      consent_content: 'Required',
      consent_verbal_confirmed: 'Confirm that other options are unavailable.',
    })
  })

  it("an adult's photo of their signed form needs its date, and keeps the data then (the photo is uploaded after saving)", async () => {
    const c = await buildChurch(t)
    expect(await errorsOf(c, { consent_type: 'photo', consent_date: undefined, consent_content: undefined })).toEqual({ consent_date: 'Required' })
    const response = await post(t, 'create-user', c.leader.token, newContact(c, { consent_type: 'photo', consent_content: '', email: 'photo@example.org' }))
    expect(response.statusCode).toBe(200)
    expect(await person(body(response).id)).toMatchObject({ consent_type: 'photo', email: 'photo@example.org', member_status: 'member' })
  })

  it("a child's photo chosen in the form is consent being requested: only the child's fields are kept until the parent's form is on record (issue 13 item 4)", async () => {
    const c = await buildChurch(t)
    const child = { ...bornYearsAgo(t, 12), parent_carer_first_name: 'Pat', parent_carer_email: 'pat@example.org' }
    const response = await post(
      t,
      'create-user',
      c.leader.token,
      newContact(c, { consent_type: 'photo', consent_content: '', email: 'kid@example.org', ...child }),
    )
    expect(response.statusCode).toBe(200)
    expect(await person(body(response).id)).toMatchObject({
      consent_type: null,
      consent_date: null,
      email: null,
      member_status: null,
      parent_carer_first_name: 'Pat',
    })
  })

  it('keeps only the name and gender without consent: none, automatic or no choice', async () => {
    const c = await buildChurch(t)
    for (const consent of [{ consent_type: 'none' }, { consent_type: 'automatic' }, { consent_type: undefined }]) {
      const payload = newContact(c, {
        ...consent,
        consent_date: undefined,
        consent_content: undefined,
        email: `x${n}@example.org`,
        phone: '0412 999 888',
        dob_year: 1980,
        member_status: 'lead-visited',
        source: 'media',
        address_city: 'Ashfield',
      })
      const response = await post(t, 'create-user', c.leader.token, payload)
      expect(response.statusCode).toBe(200)
      // The answer says what was not kept.
      expect([...body(response).fields_not_kept].sort()).toEqual(['address_city', 'dob_year', 'email', 'member_status', 'phone', 'source'])
      const row = await person(body(response).id)
      expect(row).toMatchObject({ first_name: payload.first_name, last_name: 'Lee', gender: 'female' })
      expect(row).toMatchObject({ email: null, phone: null, dob_year: null, member_status: null, source: null, address_city: null, consent_type: null })
    }
  })

  it('saves without consent without a member status, for adults and children alike (issue 8 item 11)', async () => {
    const c = await buildChurch(t)
    const child = { ...bornYearsAgo(t, 12), parent_carer_first_name: 'Pat', parent_carer_email: 'pat@example.org' }
    for (const consent of [{ consent_type: 'none' }, { consent_type: 'automatic' }, {}]) {
      for (const age of [{}, child]) {
        const payload = { team_id: c.church, group_id: c.church, first_name: `Nobody${++n}`, last_name: 'Yet', gender: 'male', ...consent, ...age }
        const response = await post(t, 'create-user', c.leader.token, payload)
        expect(response.statusCode, JSON.stringify({ consent, age })).toBe(200)
        expect(await person(body(response).id)).toMatchObject({ first_name: payload.first_name, member_status: null, source: null, consent_type: null })
      }
      // A status sent anyway, even one that wants a source, is neither checked for it nor kept.
      const sent = await post(t, 'create-user', c.leader.token, { ...newContact(c), ...verballess, ...consent, member_status: 'lead-visited' })
      expect(sent.statusCode).toBe(200)
      expect(await person(body(sent).id)).toMatchObject({ member_status: null, source: null })
    }
    // With consent the status is required, as before.
    expect(await errorsOf(c, { member_status: undefined })).toEqual({ member_status: 'Required' })
    expect(await errorsOf(c, { member_status: '' })).toEqual({ member_status: 'Required' })
  })

  it("keeps a child's birth and parent or carer without consent: consent is asked of them", async () => {
    const c = await buildChurch(t)
    const response = await post(
      t,
      'create-user',
      c.leader.token,
      newContact(c, {
        consent_type: 'none',
        ...bornYearsAgo(t, 12),
        parent_carer_first_name: 'Pat',
        parent_carer_email: 'pat@example.org',
        email: 'kid@example.org',
      }),
    )
    expect(response.statusCode).toBe(200)
    expect(await person(body(response).id)).toMatchObject({
      dob_year: bornYearsAgo(t, 12).dob_year,
      parent_carer_first_name: 'Pat',
      parent_carer_email: 'pat@example.org',
      email: null,
      consent_type: null,
    })
  })

  it('refuses unsafe social links and names, field by field, and writes nothing (issue 8 item 9)', async () => {
    const c = await buildChurch(t)
    const response = await post(
      t,
      'create-user',
      c.leader.token,
      newContact(c, {
        first_name: 'Evil\u202eNa',
        last_name: 'Bell\u0007',
        social: { facebook: 'javascript:alert(1)', instagram: 'data:text/html,x', twitter: 'vbscript:msgbox(1)', youtube: 'https://youtube.com/@fine' },
        parent_carer_first_name: 'Esc\u001b[31m',
      }),
    )
    expect(response.statusCode).toBe(400)
    expect(body(response).code).toBe('invalid_request')
    expect(Object.keys(body(response).data.errors).sort()).toEqual(
      ['first_name', 'last_name', 'parent_carer_first_name', 'social.facebook', 'social.instagram', 'social.twitter'].sort(),
    )
    expect(await t.db.select().from(people).where(eq(people.created_by_id, c.leader.id))).toHaveLength(0)
  })

  it('writes no row and no activity when the call fails', async () => {
    const c = await buildChurch(t)
    const payload = newContact(c, { member_status: 'lead-visited' })
    expect((await post(t, 'create-user', c.leader.token, payload)).statusCode).toBe(400)
    expect(await t.db.select().from(people).where(eq(people.first_name, payload.first_name))).toHaveLength(0)
    expect(
      await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.author_id, c.leader.id))),
    ).toHaveLength(0)
  })
})
