import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { capabilityMap, contactFieldsSchema } from '@crm/domain'
import { activityLog, teams } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp, type TestPerson } from '../../../test/harness'
import { assignContact, buildContact, shareContact } from '../../../test/contacts'

let t: TestApp
let team: number
let owner: TestPerson
let leader: TestPerson
let member: TestPerson
beforeAll(async () => {
  t = await createTestApp()
  team = await buildTeam(t, { title: 'Hope Street Church' })
  owner = await buildPerson(t, { firstName: 'Olivia', lastName: 'Owner', email: `olivia-${Date.now()}@crm.test` })
  leader = await buildPerson(t, { firstName: 'Liam', lastName: 'Leader' })
  member = await buildPerson(t, { firstName: 'Mia', lastName: 'Member' })
  await addMember(t, owner.id, team, 'owner')
  await addMember(t, leader.id, team, 'leader', { has_wwcc: true, has_adsafe: true })
  await addMember(t, member.id, team, 'member')
  await t.db
    .update(teams)
    .set({ owner_id: owner.id, settings: { time_zone: 'Australia/Perth', public_notes: true } })
    .where(eq(teams.id, team))
})
afterAll(async () => t.close())

function getContact(id: number, person: TestPerson, scope: { team: number; group?: number } = { team }, extra = '') {
  return t.call({ method: 'GET', url: `/api/v1/contact/${id}?team_id=${scope.team}&group_id=${scope.group ?? scope.team}${extra}`, token: person.token })
}

async function item(id: number, person: TestPerson, scope?: { team: number; group?: number }) {
  const response = await getContact(id, person, scope)
  expect(response.statusCode, response.body).toBe(200)
  return body(response)
}

function dobFor(age: number): { dob_year: number; dob_month: number } {
  const now = new Date()
  return { dob_year: now.getFullYear() - age, dob_month: now.getMonth() + 1 }
}

describe('GET /api/v1/contact/{id}', () => {
  it('answers the item with every key of spec 2 §3 (D2-3.2-01, D2-3.1-01, -04, -05, -07..-12)', async () => {
    const contact = await buildContact(t, {
      teamId: team,
      first_name: 'Ann',
      last_name: 'Baker',
      gender: 'female',
      dob_year: 1990,
      dob_month: 7,
      email: 'ann@example.org',
      email_is_verified: true,
      phone: '+61412345678',
      religion: 'christian',
      marital_status: 'married',
      member_status: 'lead-visited',
      source: 'friend-family',
      grow_phase: 'preserve',
      social: { facebook: 'https://facebook.com/ann' },
      address_formatted: '12 Hope Street, Ashfield NSW 2131, Australia',
      address_street: '12 Hope Street',
      address_city: 'Ashfield',
      address_state: 'NSW',
      address_postcode: '2131',
      address_country: 'AU',
      address_lat: -33.8889,
      address_lng: 151.1248,
      expect_follow_up: true,
      expect_follow_up_completed: true,
      expect_baptism: true,
      consent_type: 'verbal',
      consent_date: '2026-02-03',
      consent_content: 'Happy to be contacted.',
      consent_url_sent_at: new Date('2026-02-01T03:00:00Z'),
      consent_url_sent_to: 'ann@example.org',
      createdAt: new Date('2026-01-10T02:00:00Z'),
      accessFrom: new Date('2026-01-10T02:00:00Z'),
      accessTo: new Date('2027-01-10T02:00:00Z'),
      interactions: { last_interaction_at: new Date(Date.now() - 3 * 86_400_000 - 3_600_000) },
    })
    await assignContact(t, team, contact, leader.id, owner.id)
    const answer = await item(contact, leader)
    expect(Object.keys(answer).sort()).toEqual(
      [
        'auth',
        'child_gate',
        'data_edit',
        'data_view',
        'data_view_simple',
        'expect',
        'most_recent_consent',
        'ownership',
        'parental_consent_for_current_user',
      ].sort(),
    )
    expect(answer.data_view).toMatchObject({
      id: contact,
      name: 'Ann Baker',
      gender: 'female',
      dob_month: 7,
      dob_year: 1990,
      age: expect.any(Number),
      avatar: null,
      email: 'ann@example.org',
      email_is_verified: true,
      phone: '+61 412 345 678',
      religion: 'christian',
      marital_status: 'married',
      member_status: 'lead-visited',
      member_status_display: 'Lead (visited)',
      source: 'friend-family',
      source_display: 'Friend or family',
      grow_phase: 'preserve',
      grow_phase_display: 'Multiply',
      social: { facebook: 'https://facebook.com/ann', instagram: null, linkedin: null, twitter: null, youtube: null },
      address_formatted_break: '12 Hope Street\nAshfield NSW 2131\nAustralia',
      address_directions_link: 'https://www.google.com/maps/dir/?api=1&destination=-33.8889,151.1248',
      address_manual_input: false,
      status: 'active',
      hidden_in_contacts: false,
      is_awaiting_approval: false,
      has_incomplete_interaction: false,
      is_assigned: true,
      is_child: false,
      // No other team held the person first.
      is_new: true,
      is_existing: false,
      consent_given: true,
      consent_declined: false,
      consent_type: 'verbal',
      consent_date: '2026-02-03',
      consent_content: 'Happy to be contacted.',
      consent_url_sent: true,
      consent_url_sent_date: '2026-02-01',
      consent_url_sent_date_display: '1 Feb 2026',
      consent_url_viewed: false,
      consent_url_submitted: false,
      consent_url_sent_to: 'ann@example.org',
      expect_follow_up: true,
      expect_follow_up_completed: true,
      expect_bible_study: false,
      expect_baptism: true,
      expect_baptism_completed: false,
      // The team's time zone is Perth.
      access_from_date_display: '10 Jan 2026',
      access_to_date_display: '10 Jan 2027',
      next_future_incomplete_interaction: null,
      last_interaction: { days_ago: 3, hours_ago: 73 },
      created_display: '10 Jan 2026',
    })
    expect(answer.data_view.religion_display).toEqual(expect.any(String))
    for (const key of [
      'parent_carer_first_name',
      'parent_carer_last_name',
      'parent_carer_name',
      'parent_carer_relationship',
      'parent_carer_email',
      'parent_carer_phone',
      'is_visitor',
      'parental_consent_declined',
      'consent_photo',
    ]) {
      expect(answer.data_view, key).toHaveProperty(key)
    }
    // data_edit keeps the phone as stored.
    expect(answer.data_edit).toMatchObject({ id: contact, phone: '+61412345678', email: 'ann@example.org' })
    // Spec 2 §3 "dob (month and year)" (issue 8 item 13).
    expect(answer.data_view.dob).toBe('1990-07')
    expect(answer.data_edit.dob).toBe('1990-07')
    expect(answer.data_view_simple).toEqual({
      id: contact,
      name: 'Ann Baker',
      first_name: 'Ann',
      last_name: 'Baker',
      gender: 'female',
      avatar: null,
      is_child: false,
    })
    expect(answer.expect).toEqual({
      follow_up: true,
      follow_up_completed: true,
      bible_study: false,
      bible_study_completed: false,
      baptism: true,
      baptism_completed: false,
    })
    // An adult's consent given in the form has no record: spec 2 §3.4's fields, given by the person (issue 35 item 4).
    expect(answer.most_recent_consent).toEqual({
      id: null,
      consentia_id: null,
      type: 'verbal',
      by_name: 'Ann Baker',
      by_relationship: null,
      by_email: 'ann@example.org',
      by_phone: '+61412345678',
      created_display: '3 Feb 2026',
      consent_date: '3 Feb 2026',
      notes: 'Happy to be contacted.',
      signature: null,
      photo_evidence: null,
      to_id: null,
      to_name: null,
      granted_permissions: [],
      denied_permissions: [],
      other_team_members: ['Liam Leader'],
      revoked_display: null,
      revoked_by_name: null,
      date: '2026-02-03',
      content: 'Happy to be contacted.',
    })
    expect(answer.child_gate).toBeNull()
  })

  it('serves dob as the year alone without a month, and null without a year (issue 8 item 13)', async () => {
    const yearOnly = await buildContact(t, { teamId: team, dob_year: 1985, dob_month: null })
    const unknown = await buildContact(t, { teamId: team })
    expect((await item(yearOnly, leader)).data_view).toMatchObject({ dob: '1985', dob_year: 1985, dob_month: null })
    expect((await item(unknown, leader)).data_edit).toMatchObject({ dob: null })
  })

  it("shows 'archive' for an archived contact, and the parts of an address without a formatted one", async () => {
    const contact = await buildContact(t, {
      teamId: team,
      archivedAt: new Date(),
      address_street: '48 River Road',
      address_city: 'Parramatta',
      address_state: 'NSW',
      address_postcode: '2150',
      address_manual_input: true,
    })
    const { data_view } = await item(contact, leader)
    expect(data_view).toMatchObject({
      status: 'archive',
      address_formatted_break: '48 River Road\nParramatta NSW 2150',
      address_directions_link: null,
      address_manual_input: true,
      access_to_date_display: null,
    })
  })

  it("answers 404 for another team's contact and 403 to a member it is not assigned to (D2-6-05)", async () => {
    const other = await buildTeam(t)
    const elsewhere = await buildContact(t, { teamId: other })
    const notFound = await getContact(elsewhere, leader)
    expect(notFound.statusCode).toBe(404)
    expect(body(notFound).code).toBe('not_found')
    // A team the caller has nothing to do with is not named.
    expect(body(notFound).data).toEqual({ status: 404 })

    const contact = await buildContact(t, { teamId: team })
    const refused = await getContact(contact, member)
    expect(refused.statusCode).toBe(403)
    expect(body(refused).code).toBe('forbidden')
    await assignContact(t, team, contact, member.id)
    expect((await getContact(contact, member)).statusCode).toBe(200)
  })

  it("names the caller's other team that holds the contact, with the switch only for a member (D2-2.2-26, D2-2.2-27)", async () => {
    const riverside = await buildTeam(t, { title: 'Riverside Chapel' })
    const asked = await buildTeam(t, { title: 'Anchor Church' })
    await addMember(t, leader.id, riverside, 'leader')
    await addMember(t, leader.id, asked, 'member_request')
    const theirs = await buildContact(t, { teamId: riverside })
    const requested = await buildContact(t, { teamId: asked })

    const inRiverside = await getContact(theirs, leader)
    expect(inRiverside.statusCode).toBe(404)
    expect(body(inRiverside)).toMatchObject({
      code: 'not_found',
      data: { status: 404, contact_team: { id: riverside, title: 'Riverside Chapel', user_has_access: true } },
    })
    // Switching to Riverside opens it.
    expect((await getContact(theirs, leader, { team: riverside })).statusCode).toBe(200)

    const inAsked = await getContact(requested, leader)
    expect(body(inAsked).data.contact_team).toEqual({ id: asked, title: 'Anchor Church', user_has_access: false })
    // Nobody else learns where the contact is.
    expect(body(await getContact(theirs, owner)).data).toEqual({ status: 404 })
  })

  it('tells a contact created by the team (new) from an existing person the team added (existing)', async () => {
    const other = await buildTeam(t)
    const createdHere = await buildContact(t, { teamId: team })
    const createdElsewhere = await buildContact(t, { teamId: other })
    await shareContact(t, createdElsewhere, team)
    expect((await item(createdHere, leader)).data_view).toMatchObject({ is_new: true, is_existing: false })
    expect((await item(createdElsewhere, leader)).data_view).toMatchObject({ is_new: false, is_existing: true })
  })

  it('lets the person who added a contact read it', async () => {
    const contact = await buildContact(t, { teamId: team, addedById: member.id })
    expect((await item(contact, member)).auth.user_role).toBe('member')
  })
})

describe('auth', () => {
  it('holds the capabilities and role on the contact, and the fields allowed (D2-3.2-02, D2-3.2-03)', async () => {
    const withConsent = await buildContact(t, { teamId: team, consent_type: 'direct', consent_date: '2026-01-01' })
    const withoutConsent = await buildContact(t, { teamId: team })
    await assignContact(t, team, withConsent, member.id)
    await assignContact(t, team, withoutConsent, member.id)

    const consented = await item(withConsent, member)
    expect(consented.auth.user_role).toBe('assigned_member')
    expect(consented.auth.user_capabilities).toEqual(capabilityMap('assigned_member'))
    expect(consented.auth.user_capabilities.update_assigned_contact).toBe(true)
    expect(consented.auth.fields).toEqual(Object.keys(contactFieldsSchema.shape))

    const unconsented = await item(withoutConsent, member)
    expect(unconsented.auth.fields).toEqual([
      'first_name',
      'last_name',
      'gender',
      'consent_type',
      'consent_date',
      'consent_content',
      'consent_verbal_confirmed',
    ])
    expect(unconsented.most_recent_consent).toBeNull()

    // Declined consent is no consent.
    const declined = await buildContact(t, { teamId: team, consent_type: 'verbal', consent_declined: true })
    expect((await item(declined, leader)).auth.fields).toHaveLength(7)

    // Read without an update capability: no field at all.
    const added = await buildContact(t, { teamId: team, addedById: member.id, consent_type: 'direct' })
    expect((await item(added, member)).auth).toMatchObject({ user_role: 'member', fields: [] })
    expect((await item(withConsent, leader)).auth).toMatchObject({ user_role: 'leader', fields: Object.keys(contactFieldsSchema.shape) })
  })
})

describe('ownership (D2-3.5-01, D2-3.5-02)', () => {
  let riverside: number
  let riversideOwner: TestPerson
  beforeAll(async () => {
    riverside = await buildTeam(t, { title: 'Riverside Community Church' })
    riversideOwner = await buildPerson(t, { firstName: 'Rita', lastName: 'River' })
    await addMember(t, riversideOwner.id, riverside, 'owner')
  })

  it('lists the owning teams, the earliest first, and the member flag', async () => {
    const contact = await buildContact(t, { teamId: team, createdAt: new Date('2026-01-01T00:00:00Z') })
    await shareContact(t, contact, riverside, { isOwner: true, createdAt: new Date('2026-02-01T00:00:00Z') })
    const asHope = await item(contact, leader)
    expect(asHope.ownership).toEqual({
      has_owner: true,
      is_owned_by_current_team: true,
      is_member_of_current_team: false,
      has_multiple_owners: true,
      primary_owner: { id: team, title: 'Hope Street Church' },
      owners: [
        { id: team, title: 'Hope Street Church' },
        { id: riverside, title: 'Riverside Community Church' },
      ],
      current_team_is_awaiting_approval: false,
      other_team_is_awaiting_approval_data: [],
    })

    const user = await buildContact(t, { teamId: team, isOwner: false })
    await addMember(t, user, team, 'member')
    expect((await item(user, leader)).ownership).toMatchObject({
      has_owner: false,
      is_owned_by_current_team: false,
      is_member_of_current_team: true,
      has_multiple_owners: false,
      primary_owner: null,
      owners: [],
    })
  })

  it('hides the data from a team awaiting approval and shows the owner who asked (D2-2.2-24, D2-2.2-25)', async () => {
    const contact = await buildContact(t, { teamId: team, first_name: 'Asked', last_name: 'For', email: 'asked@example.org' })
    await shareContact(t, contact, riverside, { state: 'awaiting_approval', requestedById: riversideOwner.id })

    const asked = await item(contact, riversideOwner, { team: riverside })
    expect(asked.data_view).toBeNull()
    expect(asked.data_edit).toBeNull()
    expect(asked.most_recent_consent).toBeNull()
    expect(asked.auth.fields).toEqual([])
    expect(asked.data_view_simple).toMatchObject({ id: contact, name: 'Asked For' })
    expect(JSON.stringify(asked)).not.toContain('asked@example.org')
    expect(asked.ownership).toMatchObject({
      current_team_is_awaiting_approval: true,
      is_owned_by_current_team: false,
      other_team_is_awaiting_approval_data: [],
    })

    const owning = await item(contact, leader)
    expect(owning.data_view).not.toBeNull()
    expect(owning.ownership.other_team_is_awaiting_approval_data).toEqual([
      { team: { id: riverside, title: 'Riverside Community Church' }, requested_by: { id: riversideOwner.id, name: 'Rita River' } },
    ])
  })
})

describe('the child data gate (D2-5-17..D2-5-21)', () => {
  let child: number
  beforeAll(async () => {
    child = await buildContact(t, {
      teamId: team,
      first_name: 'Kid',
      last_name: 'Young',
      gender: 'male',
      ...dobFor(9),
      email: 'kid@example.org',
      parent_carer_first_name: 'Pat',
      parent_carer_last_name: 'Young',
      parent_carer_relationship: 'mother',
      parent_carer_phone: '+61400111222',
      consent_type: 'verbal',
      consent_date: '2026-01-05',
      consent_content: 'Mother agreed by phone.',
    })
  })

  async function memberWith(checks: { has_wwcc?: boolean; has_adsafe?: boolean }, role: 'member' | 'leader' | 'owner' = 'member') {
    const person = await buildPerson(t)
    await addMember(t, person.id, team, role, checks)
    await assignContact(t, team, child, person.id)
    return person
  }

  it('withholds a child from a member without a Working with Children Check, its name too (issue 33)', async () => {
    const answer = await item(child, await memberWith({ has_adsafe: true }))
    expect(answer.data_view).toBeNull()
    expect(answer.data_edit).toBeNull()
    expect(answer.child_gate).toEqual({ missing: ['wwcc'], primary_owner_name: 'Olivia Owner', primary_owner_email: owner.email })
    expect(answer.data_view_simple).toEqual({ id: child, name: '', first_name: '', last_name: '', gender: null, avatar: null, is_child: true })
    expect(answer.most_recent_consent).toBeNull()
    expect(answer.expect.follow_up).toBe(false)
    expect(answer.auth.fields).toEqual([])
    const text = JSON.stringify(answer)
    for (const secret of ['Kid', 'Young', 'kid@example.org', 'Pat', '61400111222', 'Mother agreed']) expect(text).not.toContain(secret)
  })

  it('withholds a child from a member without AdSafe training, and names both when both are missing', async () => {
    expect((await item(child, await memberWith({ has_wwcc: true }))).child_gate.missing).toEqual(['adsafe'])
    expect((await item(child, await memberWith({}, 'leader'))).child_gate.missing).toEqual(['wwcc', 'adsafe'])
  })

  it('shows the child to a member with both checks, and to an owner without any', async () => {
    for (const person of [await memberWith({ has_wwcc: true, has_adsafe: true }), await memberWith({}, 'owner')]) {
      const answer = await item(child, person)
      expect(answer.child_gate).toBeNull()
      expect(answer.data_view).toMatchObject({
        is_child: true,
        age: 9,
        email: 'kid@example.org',
        parent_carer_name: 'Pat Young',
        parent_carer_relationship: 'mother',
        parent_carer_phone: '+61 400 111 222',
      })
      // A child's consent without a record is the parent's or carer's, as the contact names them.
      expect(answer.most_recent_consent).toMatchObject({
        id: null,
        type: 'verbal',
        by_name: 'Pat Young',
        by_relationship: 'mother',
        by_email: null,
        by_phone: '+61400111222',
        consent_date: '5 Jan 2026',
        notes: 'Mother agreed by phone.',
        date: '2026-01-05',
      })
    }
  })

  it("issue 12 item 5: opening a minor's record is recorded for the team's owners (Viewed by); an adult's is not", async () => {
    const viewer = await memberWith({ has_wwcc: true, has_adsafe: true })
    const viewsOf = async (contact: number) =>
      (await t.db.select().from(activityLog).where(eq(activityLog.contact_id, contact))).filter((row) => row.action === 'view' && row.author_id === viewer.id)
    await item(child, viewer)
    const [view] = await viewsOf(child)
    expect(view).toMatchObject({ team_id: team, subject_type: 'user', after: { list: 'record' } })
    const log = await t.call({ method: 'GET', url: `/api/v1/activity-log-for-contact/${child}?team_id=${team}&group_id=${team}`, token: owner.token })
    expect(log.statusCode, log.body).toBe(200)
    expect(body(log).viewed_by).toContainEqual(expect.objectContaining({ author_id: viewer.id, what: 'record' }))

    const adult = await buildContact(t, { teamId: team, ...dobFor(30) })
    await assignContact(t, team, adult, viewer.id)
    await item(adult, viewer)
    expect(await viewsOf(adult)).toEqual([])
  })

  it('does not gate an adult', async () => {
    const adult = await buildContact(t, { teamId: team, ...dobFor(18) })
    const person = await memberWith({})
    await assignContact(t, team, adult, person.id)
    const answer = await item(adult, person)
    expect(answer.child_gate).toBeNull()
    expect(answer.data_view).toMatchObject({ is_child: false, age: 18 })
  })
})

describe('GET /api/v1/contact-access-for-new', () => {
  const access = (person: TestPerson, scope: { team: number; group?: number } = { team }) =>
    t.call({ method: 'GET', url: `/api/v1/contact-access-for-new?team_id=${scope.team}&group_id=${scope.group ?? scope.team}`, token: person.token })

  it('lets a leader with both checks create, with every field and no gate', async () => {
    const response = await access(leader)
    expect(response.statusCode).toBe(200)
    expect(body(response)).toEqual({ can_create: true, fields: Object.keys(contactFieldsSchema.shape), child_gate: null, public_notes: true })
  })

  it('tells a member they cannot create here, and what they miss for children (D2-6-07)', async () => {
    expect(body(await access(member))).toEqual({
      can_create: false,
      fields: [],
      child_gate: { missing: ['wwcc', 'adsafe'], primary_owner_name: 'Olivia Owner', primary_owner_email: owner.email },
      public_notes: true,
    })
  })

  it('lets a member create in their own private group; the owner is exempt from the gate', async () => {
    const own = await buildTeam(t, { kind: 'group', parentId: team, isPublic: false, isolatedOwnerId: member.id })
    await addMember(t, member.id, own, 'owner')
    expect(body(await access(member, { team, group: own }))).toMatchObject({ can_create: true, child_gate: { missing: ['wwcc', 'adsafe'] } })
    expect(body(await access(owner))).toMatchObject({ can_create: true, child_gate: null })
  })

  it('answers public_notes false when the team keeps none, and 404 to another team', async () => {
    const other = await buildTeam(t)
    const otherOwner = await buildPerson(t)
    await addMember(t, otherOwner.id, other, 'owner')
    expect(body(await access(otherOwner, { team: other })).public_notes).toBe(false)
    expect((await access(otherOwner)).statusCode).toBe(404)
  })
})
