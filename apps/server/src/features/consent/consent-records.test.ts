import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { activityLog, assignments, parentalConsents, people } from '../../db/schema/index'
import { body, createTestApp, type TestApp } from '../../../test/harness'
import { assignContact, bornYearsAgo, buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'
import { buildChild, contactScopeOf, parentalKey, parentFields, submitAnswer } from '../../../test/consent-factories'
import { jpegWithGps, pngWithGps } from '../../../test/image-fixtures'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const consentsOf = (c: Church, token: string, contact: number) => get(t, `contact-consents/${contact}`, token, { team_id: c.church, group_id: c.church })

const verbal = (overrides: Record<string, unknown> = {}) => ({
  verbal_confirmed: 1,
  granted_permissions: { bible_studies: true, phone_calls: true, group_studies: false },
  parent_carer_first_name: 'Vera',
  parent_carer_last_name: 'Voice',
  parent_carer_relationship: 'guardian',
  parent_carer_phone: '0412 345 678',
  notes: 'Agreed at the door after church',
  date: '2026-04-02',
  ...overrides,
})

function submitVerbal(c: Church, token: string, contact: number, overrides: Record<string, unknown> = {}) {
  return post(t, 'submit-parental-consent-verbal', token, { ...contactScopeOf(c, contact), ...verbal(overrides) })
}

async function personOf(id: number) {
  const [row] = await t.db.select().from(people).where(eq(people.id, id))
  return row!
}

async function recordsOf(contact: number) {
  return t.db.select().from(parentalConsents).where(eq(parentalConsents.contact_id, contact)).orderBy(parentalConsents.id)
}

async function consentActivity(contact: number) {
  return t.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.contact_id, contact), eq(activityLog.subject_type, 'parental_consent')))
    .orderBy(activityLog.id)
}

/** A signed answer by the parent through a link the leader made; the record's id. */
async function signedConsent(c: Church, contact: number, granted: string[] = ['bible_studies']): Promise<number> {
  const key = await parentalKey(t, c, contact)
  const fields: Array<[string, string]> = [...parentFields, ...granted.map((key): [string, string] => ['granted_permissions', key])]
  const response = await submitAnswer(t, key, fields, { field: 'signature', bytes: pngWithGps().kept })
  expect(response.statusCode, response.body).toBe(200)
  const records = await recordsOf(contact)
  return records[records.length - 1]!.id
}

describe('submit-parental-consent-verbal', () => {
  it("records the parent's verbal consent, their details and the answer, with an activity row (D2-7.3-09, D2-3.4-02)", async () => {
    const c = await buildChurch(t)
    const child = await buildChild(t, c)
    const response = await submitVerbal(c, c.leader.token, child)
    expect(response.statusCode, response.body).toBe(200)
    const [record] = await recordsOf(child)
    expect(record).toMatchObject({
      id: body(response).id,
      type: 'verbal',
      team_id: c.church,
      by_name: 'Vera Voice',
      by_relationship: 'guardian',
      by_phone: '+61412345678',
      consent_date: '2026-04-02',
      notes: 'Agreed at the door after church',
      granted_permissions: ['bible_studies', 'phone_calls'],
      to_id: c.leader.id,
      recorded_by_id: c.leader.id,
      signature_file_id: null,
    })
    expect(record!.denied_permissions).toHaveLength(5)
    expect(await personOf(child)).toMatchObject({
      consent_type: 'verbal',
      consent_date: '2026-04-02',
      consent_declined: false,
      parent_carer_first_name: 'Vera',
      parent_carer_phone: '+61412345678',
    })
    expect(await consentActivity(child)).toEqual([expect.objectContaining({ action: 'add', author_id: c.leader.id, subject_id: record!.id })])
  })

  it('needs the tick, an email or phone and a date; refuses an adult; nothing is recorded', async () => {
    const c = await buildChurch(t)
    const child = await buildChild(t, c)
    const unticked = await submitVerbal(c, c.leader.token, child, { verbal_confirmed: 0 })
    expect(unticked.statusCode).toBe(400)
    expect(body(unticked).data.errors.verbal_confirmed).toBe('Confirm that other options are unavailable.')
    const noContact = await submitVerbal(c, c.leader.token, child, { parent_carer_phone: null })
    expect(body(noContact).data.errors.parent_carer_email).toBeDefined()
    expect((await submitVerbal(c, c.leader.token, child, { date: undefined })).statusCode).toBe(400)
    const adult = await buildContact(t, { teamId: c.church, person: bornYearsAgo(t, 40) })
    const grown = await submitVerbal(c, c.leader.token, adult)
    expect(grown.statusCode).toBe(400)
    expect(body(grown).data.errors.user_id).toBe('Parental consent is asked only for a contact under 18.')
    expect([...(await recordsOf(child)), ...(await recordsOf(adult))]).toEqual([])
  })

  it('is not available once a signed or photographed consent is on record; again after it is revoked (D2-4.2-11)', async () => {
    const c = await buildChurch(t)
    const child = await buildChild(t, c)
    const signed = await signedConsent(c, child)
    const refused = await submitVerbal(c, c.leader.token, child)
    expect(refused.statusCode).toBe(400)
    expect(body(refused).data.errors.type).toMatch(/verbal consent is not available/)
    expect(await recordsOf(child)).toHaveLength(1)
    expect((await post(t, 'revoke-parent-consent', c.leader.token, { ...contactScopeOf(c, child), consentia_id: signed })).statusCode).toBe(200)
    expect((await submitVerbal(c, c.leader.token, child)).statusCode).toBe(200)
  })
})

describe('revoke-parent-consent', () => {
  it('keeps the record with the date and who revoked it; the contact follows the consent left, or needs consent again (D2-4.2-10)', async () => {
    const c = await buildChurch(t)
    const child = await buildChild(t, c)
    const first = body(await submitVerbal(c, c.leader.token, child, { date: '2026-01-05' })).id as number
    // A later consent that denies everything: the contact has declined.
    const declined = body(await submitVerbal(c, c.leader.token, child, { date: '2026-02-05', granted_permissions: {} })).id as number
    expect(await personOf(child)).toMatchObject({ consent_type: 'verbal', consent_date: '2026-02-05', consent_declined: true })

    const revoke = (id: number) => post(t, 'revoke-parent-consent', c.owner.token, { ...contactScopeOf(c, child), consentia_id: id })
    expect((await revoke(declined)).statusCode).toBe(200)
    expect(await personOf(child)).toMatchObject({
      consent_type: 'verbal',
      consent_date: '2026-01-05',
      consent_declined: false,
      parental_consent_declined: false,
    })
    expect((await revoke(first)).statusCode).toBe(200)
    expect(await personOf(child)).toMatchObject({ consent_type: null, consent_date: null, consent_declined: false })
    const records = await recordsOf(child)
    expect(records.map((row) => [row.id, row.revoked_by_id, row.revoked_at !== null])).toEqual([
      [first, c.owner.id, true],
      [declined, c.owner.id, true],
    ])
    // Revoked already, unknown, or another contact's record: 404.
    expect((await revoke(first)).statusCode).toBe(404)
    expect((await revoke(99_999_999)).statusCode).toBe(404)
    const other = await buildChild(t, c)
    const othersRecord = body(await submitVerbal(c, c.leader.token, other)).id as number
    expect((await revoke(othersRecord)).statusCode).toBe(404)
    expect((await personOf(other)).consent_type).toBe('verbal')
    expect((await consentActivity(child)).map((row) => row.action)).toEqual(['add', 'add', 'update', 'update'])
    expect((await consentActivity(child))[3]!.after).toMatchObject({ revoked: true, type: 'verbal' })
    // The activity log shows them (under 'All types': the spec's type filter has no consent value).
    const log = body(await get(t, `activity-log-for-contact/${child}`, c.owner.token, { team_id: c.church, group_id: c.church, per_page: 50 }))
    expect(log.items.filter((item: any) => item.type === 'parental_consent')).toHaveLength(4)

    // Without consent again, the item offers only the fields kept without it.
    const item = body(await get(t, `contact/${child}`, c.leader.token, { team_id: c.church, group_id: c.church }))
    expect(item.auth.fields).not.toContain('email')
    expect(item.most_recent_consent).toBeNull()
  })
})

describe('GET contact-consents/{id}', () => {
  it('lists the records newest first with names, the other people following the contact, and the latest link (D2-3.4-01)', async () => {
    const c = await buildChurch(t)
    const child = await buildChild(t, c)
    await assignContact(t, { teamId: c.church, contactId: child, toId: c.owner.id })
    await assignContact(t, { teamId: c.church, contactId: child, toId: c.leader.id })
    const signed = await signedConsent(c, child, ['phone_calls', 'bible_studies'])
    const revokedVerbal = body(await post(t, 'submit-parental-consent-verbal', c.owner.token, { ...contactScopeOf(c, child), ...verbal() })).id
    expect(revokedVerbal).toBeUndefined() // verbal is refused beside a signed consent
    await post(t, 'revoke-parent-consent', c.owner.token, { ...contactScopeOf(c, child), consentia_id: signed })
    const verbalId = body(await submitVerbal(c, c.owner.token, child)).id as number

    const answer = await consentsOf(c, c.leader.token, child)
    expect(answer.statusCode, answer.body).toBe(200)
    const list = body(answer)
    expect(list.can_update).toBe(true)
    expect(list.items.map((item: any) => item.id)).toEqual([verbalId, signed])
    expect(list.items[1]).toMatchObject({
      consentia_id: signed,
      type: 'direct',
      by_name: 'Paula Parent',
      signature: expect.any(Number),
      photo_evidence: null,
      to_id: c.leader.id,
      to_name: expect.any(String),
      granted_permissions: ['bible_studies', 'phone_calls'],
      other_team_members: ['Olive Owner'],
      revoked_display: expect.any(String),
      revoked_by_name: 'Olive Owner',
    })
    expect(list.items[0]).toMatchObject({ type: 'verbal', to_name: 'Olive Owner', revoked_display: null, revoked_by_name: null, consent_date: '2 Apr 2026' })
    expect(list.items[0].other_team_members).toHaveLength(1)
    expect(list.request).toMatchObject({ status: 'submitted', sent_to: null, expires_display: expect.any(String) })

    // The item: the caller's own consent on record, and the latest consent.
    const asOwner = body(await get(t, `contact/${child}`, c.owner.token, { team_id: c.church, group_id: c.church }))
    expect(asOwner.parental_consent_for_current_user).toMatchObject({ id: verbalId, type: 'verbal' })
    // most_recent_consent carries spec 2 §3.4's record in full (issue 35 item 4), as the Consent tab lists it.
    const specKeys = [
      'id',
      'consentia_id',
      'type',
      'by_name',
      'by_relationship',
      'by_email',
      'by_phone',
      'created_display',
      'notes',
      'signature',
      'photo_evidence',
      'to_id',
      'to_name',
      'granted_permissions',
      'denied_permissions',
      'other_team_members',
    ]
    expect(Object.keys(asOwner.most_recent_consent)).toEqual(expect.arrayContaining(specKeys))
    expect(asOwner.most_recent_consent).toEqual({ ...list.items[0], date: '2026-04-02', content: 'Agreed at the door after church' })
    expect(asOwner.most_recent_consent).toMatchObject({
      id: verbalId,
      consentia_id: verbalId,
      by_name: 'Vera Voice',
      to_id: c.owner.id,
      to_name: 'Olive Owner',
    })
    const asLeader = body(await get(t, `contact/${child}`, c.leader.token, { team_id: c.church, group_id: c.church }))
    expect(asLeader.parental_consent_for_current_user).toBeNull()
  })

  it("gives a member without the child checks an empty answer for a minor; another team's contact is 404", async () => {
    const c = await buildChurch(t)
    const child = await buildChild(t, c)
    await submitVerbal(c, c.leader.token, child)
    await assignContact(t, { teamId: c.church, contactId: child, toId: c.member.id })
    const gated = await consentsOf(c, c.member.token, child)
    expect(gated.statusCode).toBe(200)
    expect(body(gated)).toEqual({ items: [], request: null, can_update: false })
    expect(gated.body).not.toContain('Vera')
    const other = await buildChurch(t)
    expect((await get(t, `contact-consents/${child}`, other.owner.token, { team_id: other.church, group_id: other.church })).statusCode).toBe(404)
    // The gated member may not record either (the update-user rule and the child gate).
    expect(body(await submitVerbal(c, c.member.token, child)).code).toBe('child_data_gate')
  })
})

describe('consentia-get-signature-url and consentia-get-parental-consent-photo-url', () => {
  it('serves the stored bytes with their type, uncached, to those who may read the contact (D2-7.3-10)', async () => {
    const c = await buildChurch(t)
    const child = await buildChild(t, c)
    const id = await signedConsent(c, child)
    const [record] = await recordsOf(child)
    const query = { team_id: c.church, group_id: c.church, consentia_id: id, signature_id: record!.signature_file_id! }
    const response = await get(t, 'consentia-get-signature-url', c.leader.token, query)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/png')
    expect(response.headers['cache-control']).toBe('private, no-store')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.rawPayload.equals(pngWithGps().kept)).toBe(true)

    // A file id of another record, the photo call for a signature, another team, a gated member: 404.
    expect((await get(t, 'consentia-get-signature-url', c.leader.token, { ...query, signature_id: query.signature_id + 1 })).statusCode).toBe(404)
    expect((await get(t, 'consentia-get-signature-url', c.leader.token, { ...query, consentia_id: id + 1000 })).statusCode).toBe(404)
    const asPhoto = { team_id: c.church, group_id: c.church, consentia_id: id, photo_id: query.signature_id }
    expect((await get(t, 'consentia-get-parental-consent-photo-url', c.leader.token, asPhoto)).statusCode).toBe(404)
    const other = await buildChurch(t)
    expect((await get(t, 'consentia-get-signature-url', other.owner.token, { ...query, team_id: other.church, group_id: other.church })).statusCode).toBe(404)
    await assignContact(t, { teamId: c.church, contactId: child, toId: c.member.id })
    expect((await get(t, 'consentia-get-signature-url', c.member.token, query)).statusCode).toBe(404)
    // A member who may not read the contact at all learns nothing either.
    await t.db.delete(assignments).where(eq(assignments.to_person_id, c.member.id))
    expect((await get(t, 'consentia-get-signature-url', c.member.token, query)).statusCode).toBe(404)
  })

  it("serves a photo consent's form (D2-7.3-11)", async () => {
    const c = await buildChurch(t)
    const child = await buildChild(t, c)
    const key = await parentalKey(t, c, child, 'photo')
    const upload = await submitAnswer(t, key, [...parentFields, ['date', '2026-05-01']], { field: 'photo', bytes: jpegWithGps().bytes })
    expect(upload.statusCode, upload.body).toBe(200)
    const [record] = await recordsOf(child)
    const response = await get(t, 'consentia-get-parental-consent-photo-url', c.owner.token, {
      team_id: c.church,
      group_id: c.church,
      consentia_id: record!.id,
      photo_id: record!.photo_file_id!,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/jpeg')
    expect(response.rawPayload.equals(jpegWithGps().kept)).toBe(true)
  })
})

describe("the gate is the server's (issue 13 item 4)", () => {
  const childFields = (t: TestApp) => ({
    first_name: 'Kit',
    last_name: 'Young',
    gender: 'male',
    ...bornYearsAgo(t, 11),
    parent_carer_first_name: 'Pat',
    parent_carer_email: 'pat@example.org',
    email: 'kit@example.org',
    phone: '0412 111 222',
    address_city: 'Ashfield',
    member_status: 'member',
  })

  it("a minor created or updated with 'photo' keeps only name, gender, birth and parent until a consent is on record (D2-4.2-12)", async () => {
    const c = await buildChurch(t)
    const created = await post(t, 'create-user', c.leader.token, {
      team_id: c.church,
      group_id: c.church,
      ...childFields(t),
      consent_type: 'photo',
      consent_date: '2026-06-01',
    })
    expect(created.statusCode, created.body).toBe(200)
    const id = body(created).id as number
    expect(await personOf(id)).toMatchObject({
      first_name: 'Kit',
      gender: 'male',
      dob_year: bornYearsAgo(t, 11).dob_year,
      parent_carer_first_name: 'Pat',
      parent_carer_email: 'pat@example.org',
      email: null,
      phone: null,
      address_city: null,
      member_status: null,
      consent_type: null,
    })
    const updated = await post(t, 'update-user', c.leader.token, {
      ...contactScopeOf(c, id),
      consent_type: 'automatic',
      email: 'kit@example.org',
      last_name: 'Younger',
    })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(await personOf(id)).toMatchObject({ last_name: 'Younger', email: null })
    expect(await recordsOf(id)).toEqual([])

    // Once the parent's consent is on record, the fields are kept.
    await signedConsent(c, id)
    expect((await post(t, 'update-user', c.leader.token, { ...contactScopeOf(c, id), email: 'kit@example.org', member_status: 'member' })).statusCode).toBe(200)
    expect(await personOf(id)).toMatchObject({ email: 'kit@example.org' })
  })

  it("a child's verbal consent in the form is also a consent on record, once", async () => {
    const c = await buildChurch(t)
    const consent = { consent_type: 'verbal', consent_date: '2026-06-02', consent_content: 'Mum said yes by phone', consent_verbal_confirmed: 1 }
    const created = await post(t, 'create-user', c.leader.token, { team_id: c.church, group_id: c.church, ...childFields(t), ...consent })
    expect(created.statusCode, created.body).toBe(200)
    const id = body(created).id as number
    expect(await personOf(id)).toMatchObject({ email: 'kit@example.org', consent_type: 'verbal' })
    expect((await post(t, 'update-user', c.leader.token, { ...contactScopeOf(c, id), ...consent, last_name: 'Y' })).statusCode).toBe(200)
    const records = await recordsOf(id)
    expect(records).toHaveLength(1)
    expect(records[0]).toMatchObject({ type: 'verbal', by_name: 'Pat', notes: 'Mum said yes by phone', consent_date: '2026-06-02', to_id: c.leader.id })
    expect(records[0]!.granted_permissions).toHaveLength(7)
    expect(await consentActivity(id)).toHaveLength(1)
    // An adult's verbal consent stays on the person only.
    const adult = await post(t, 'create-user', c.leader.token, {
      team_id: c.church,
      group_id: c.church,
      first_name: 'Ada',
      gender: 'female',
      member_status: 'member',
      ...consent,
    })
    expect(adult.statusCode, adult.body).toBe(200)
    expect(await recordsOf(body(adult).id)).toEqual([])
  })

  it('a parent who denies every permission: contact events are refused (D2-4.2-13)', async () => {
    const c = await buildChurch(t)
    const child = await buildChild(t, c)
    await signedConsent(c, child, [])
    const event = await post(t, 'add-contact-event', c.leader.token, { ...contactScopeOf(c, child), type: 'decision-for-bible-studies', date: '2026-03-01' })
    expect(event.statusCode).toBe(400)
    expect(body(event).data.reason).toBe('consent_declined')
    const item = body(await get(t, `contact/${child}`, c.leader.token, { team_id: c.church, group_id: c.church }))
    expect(item.data_view).toMatchObject({ consent_declined: true, parental_consent_declined: true, consent_given: false })
  })
})
