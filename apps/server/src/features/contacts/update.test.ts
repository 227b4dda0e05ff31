import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { people, teamContacts } from '../../db/schema/index'
import { addMember, body, buildPerson, createTestApp, type TestApp } from '../../../test/harness'
import { activityOf, assignContact, bornYearsAgo, buildChurch, buildContact, post, type Church } from '../../../test/contact-factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

async function person(id: number) {
  const [row] = await t.db.select().from(people).where(eq(people.id, id))
  return row!
}

function update(c: Church, token: string, contact: number, fields: Record<string, unknown>) {
  return post(t, 'update-user', token, { team_id: c.church, group_id: c.church, user_id: contact, ...fields })
}

/** A contact of the church with verbal consent on record. */
function consented(c: Church, person: Record<string, unknown> = {}) {
  return buildContact(t, { teamId: c.church, person: { consent_type: 'verbal', consent_date: '2026-01-01', ...person } })
}

describe('POST /api/v1/update-user', () => {
  it('changes only the given fields and records them before and after (D2-3.1-06)', async () => {
    const c = await buildChurch(t)
    const contact = await consented(c, { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.org', email_is_verified: true, religion: 'anglican' })
    const response = await update(c, c.leader.token, contact, {
      first_name: 'Anne',
      marital_status: 'widowed',
      email: 'anne@example.org',
      phone: '0412 345 678',
    })
    expect(response.statusCode).toBe(200)
    expect(body(response)).toEqual({ success: true })
    expect(await person(contact)).toMatchObject({
      first_name: 'Anne',
      last_name: 'Lee',
      marital_status: 'widowed',
      email: 'anne@example.org',
      email_is_verified: false,
      phone: '+61412345678',
      religion: 'anglican',
    })
    const [row] = await t.db.select().from(teamContacts).where(eq(teamContacts.person_id, contact))
    expect(row!.sort_name).toBe('anne lee')
    const log = await activityOf(t, contact)
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({ subject_type: 'user', action: 'update', author_id: c.leader.id, team_id: c.church })
    expect(log[0]!.before).toEqual({ first_name: 'Ann', marital_status: null, email: 'ann@example.org', phone: null, email_is_verified: true })
    expect(log[0]!.after).toEqual({ first_name: 'Anne', marital_status: 'widowed', email: 'anne@example.org', phone: '+61412345678', email_is_verified: false })
  })

  it("stamps the list's copy with the app's clock, not the database's", async () => {
    const c = await buildChurch(t)
    const contact = await consented(c, { first_name: 'Ann', last_name: 'Lee' })
    // Within the test session's hour.
    const later = 30 * 60_000
    t.clock.advance(later)
    try {
      const before = t.clock.now().getTime()
      expect((await update(c, c.leader.token, contact, { last_name: 'Long' })).statusCode).toBe(200)
      const [row] = await t.db.select().from(teamContacts).where(eq(teamContacts.person_id, contact))
      expect(row!.sort_name).toBe('ann long')
      expect(row!.updated_at.getTime()).toBeGreaterThanOrEqual(before)
      expect(row!.updated_at.getTime()).toBeLessThanOrEqual(t.clock.now().getTime())
    } finally {
      t.clock.advance(-later)
    }
  })

  it('lets the assigned member edit, not another member (D2-6-06)', async () => {
    const c = await buildChurch(t)
    const contact = await consented(c)
    expect((await update(c, c.member.token, contact, { last_name: 'Brown' })).statusCode).toBe(403)
    await assignContact(t, { teamId: c.church, contactId: contact, toId: c.member.id })
    expect((await update(c, c.member.token, contact, { last_name: 'Brown' })).statusCode).toBe(200)
    expect((await person(contact)).last_name).toBe('Brown')
  })

  it('is for the team that owns the contact, and not for a user of the team', async () => {
    const c = await buildChurch(t)
    const notOwned = await buildContact(t, { teamId: c.church, isOwner: false })
    expect(body(await update(c, c.leader.token, notOwned, { last_name: 'X' }))).toMatchObject({ code: 'forbidden', data: { reason: 'not_owner' } })
    const user = await buildPerson(t)
    await addMember(t, user.id, c.church, 'member')
    await t.db.insert(teamContacts).values({ team_id: c.church, person_id: user.id, is_owner: true })
    expect(body(await update(c, c.leader.token, user.id, { last_name: 'X' }))).toMatchObject({ code: 'forbidden', data: { reason: 'member_of_team' } })
  })

  it("answers 404 for another team's contact", async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t, { conference: c.conference })
    const contact = await consented(other)
    expect((await update(c, c.leader.token, contact, { last_name: 'X' })).statusCode).toBe(404)
  })

  it('checks the fields as create-user does, against the contact as it will be', async () => {
    const c = await buildChurch(t)
    const contact = await consented(c, { member_status: 'member' })
    const response = await update(c, c.leader.token, contact, { member_status: 'lead-unvisited' })
    expect(body(response)).toMatchObject({ code: 'invalid_request', data: { errors: { source: 'Required' } } })
    expect((await update(c, c.leader.token, contact, { member_status: 'lead-unvisited', source: 'online' })).statusCode).toBe(200)
    expect((await update(c, c.leader.token, contact, { member_status: 'lead-visited' })).statusCode).toBe(200)
    expect((await update(c, c.leader.token, contact, { first_name: '' })).statusCode).toBe(400)
    expect((await person(contact)).member_status).toBe('lead-visited')
  })

  it('changes nothing and records nothing without fields or when refused', async () => {
    const c = await buildChurch(t)
    const contact = await consented(c)
    expect((await update(c, c.leader.token, contact, {})).statusCode).toBe(200)
    expect((await update(c, c.leader.token, contact, { phone: 'not a phone', last_name: 'Changed' })).statusCode).toBe(400)
    expect((await person(contact)).last_name).not.toBe('Changed')
    expect(await activityOf(t, contact)).toHaveLength(0)
  })
})

describe('update-user and consent', () => {
  it('keeps only name and gender changes while there is no consent', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church, person: { first_name: 'Sam', gender: null } })
    const response = await update(c, c.leader.token, contact, { first_name: 'Samuel', gender: 'male', email: 'sam@example.org', member_status: 'member' })
    expect(response.statusCode).toBe(200)
    expect(await person(contact)).toMatchObject({ first_name: 'Samuel', gender: 'male', email: null })
  })

  it('edits a contact without consent whose member status is not kept (issue 8 item 11)', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church, person: { first_name: 'Nell', member_status: null } })
    const named = await update(c, c.leader.token, contact, { first_name: 'Nelly', consent_type: 'none' })
    expect(named.statusCode).toBe(200)
    expect(body(named)).toEqual({ success: true })
    const status = await update(c, c.leader.token, contact, { member_status: 'lead-visited', consent_type: 'automatic' })
    expect(status.statusCode).toBe(200)
    // The answer says what was not kept (issue 13 item 4).
    expect(body(status)).toEqual({ success: true, fields_not_kept: ['member_status'] })
    expect(await person(contact)).toMatchObject({ first_name: 'Nelly', member_status: null, source: null })
    // Consent given now asks for the status.
    const withConsent = await update(c, c.leader.token, contact, {
      consent_type: 'verbal',
      consent_date: '2026-10-10',
      consent_content: 'Yes',
      consent_verbal_confirmed: 1,
    })
    expect(withConsent.statusCode).toBe(400)
    expect(body(withConsent).data.errors).toEqual({ member_status: 'Required' })
  })

  it('refuses unsafe social links and names, and changes nothing (issue 8 item 9)', async () => {
    const c = await buildChurch(t)
    const contact = await consented(c, { first_name: 'Ann', social: { facebook: 'https://facebook.com/ann' } })
    const before = await person(contact)
    const response = await update(c, c.leader.token, contact, {
      first_name: 'A\u202enn',
      parent_carer_last_name: 'Carer\u0007',
      social: { facebook: 'javascript:alert(1)', linkedin: 'https://linkedin.com.evil.example/in/ann' },
    })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(body(response).data.errors).sort()).toEqual(['first_name', 'parent_carer_last_name', 'social.facebook', 'social.linkedin'])
    expect(await person(contact)).toEqual(before)
    expect(await activityOf(t, contact)).toHaveLength(0)
  })

  it('keeps every field once verbal consent comes with the change', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church })
    const response = await update(c, c.leader.token, contact, {
      email: 'ok@example.org',
      consent_type: 'verbal',
      consent_date: '2026-10-10',
      consent_content: 'Agreed on the phone',
      consent_verbal_confirmed: 'on',
    })
    expect(response.statusCode).toBe(200)
    expect(await person(contact)).toMatchObject({ email: 'ok@example.org', consent_type: 'verbal', consent_date: '2026-10-10' })
  })

  it('offers no verbal consent once a consent of another kind is on record', async () => {
    const c = await buildChurch(t)
    const contact = await buildContact(t, { teamId: c.church, person: { consent_type: 'direct' } })
    const response = await update(c, c.leader.token, contact, {
      consent_type: 'verbal',
      consent_date: '2026-10-10',
      consent_content: 'x',
      consent_verbal_confirmed: 1,
    })
    expect(body(response).data.errors).toEqual({ consent_type: 'A consent of another kind is on record.' })
    // 'none' leaves the recorded consent alone.
    expect((await update(c, c.leader.token, contact, { consent_type: 'none', email: 'still@example.org' })).statusCode).toBe(200)
    expect(await person(contact)).toMatchObject({ consent_type: 'direct', email: 'still@example.org' })
  })
})

describe('update-user for a child', () => {
  async function childOf(c: Church) {
    return consented(c, { ...bornYearsAgo(t, 11), parent_carer_first_name: 'Pat', parent_carer_email: 'pat@example.org' })
  }

  it("keeps the parent or carer's email or phone (D2-5-07)", async () => {
    const c = await buildChurch(t)
    const child = await childOf(c)
    const response = await update(c, c.leader.token, child, { parent_carer_email: '' })
    expect(body(response).data.errors).toEqual({ parent_carer_email: 'Note: An email or phone number is required.' })
    expect((await update(c, c.leader.token, child, { parent_carer_email: '', parent_carer_phone: '0412 555 666' })).statusCode).toBe(200)
  })

  it('needs both checks below owner: WWCC or AdSafe missing is refused, the owner is exempt (D2-5-17, D2-5-18, D2-5-20)', async () => {
    const c = await buildChurch(t)
    const child = await childOf(c)
    const noWwcc = await buildPerson(t)
    const noAdsafe = await buildPerson(t)
    await addMember(t, noWwcc.id, c.church, 'leader', { has_adsafe: true })
    await addMember(t, noAdsafe.id, c.church, 'leader', { has_wwcc: true })
    expect(body(await update(c, noWwcc.token, child, { last_name: 'X' }))).toMatchObject({ code: 'child_data_gate', data: { missing: ['wwcc'] } })
    expect(body(await update(c, noAdsafe.token, child, { last_name: 'X' }))).toMatchObject({
      code: 'child_data_gate',
      data: { missing: ['adsafe'], primary_owner_email: c.owner.email },
    })
    expect((await update(c, c.leader.token, child, { last_name: 'Checked' })).statusCode).toBe(200)
    expect((await update(c, c.owner.token, child, { last_name: 'Owner' })).statusCode).toBe(200)
    // Making an adult a child is adding a child's details.
    const adult = await consented(c)
    expect(body(await update(c, noWwcc.token, adult, bornYearsAgo(t, 8))).code).toBe('child_data_gate')
    expect(
      await t.db
        .select()
        .from(people)
        .where(and(eq(people.id, adult), eq(people.dob_year, bornYearsAgo(t, 8).dob_year))),
    ).toHaveLength(0)
  })
})
