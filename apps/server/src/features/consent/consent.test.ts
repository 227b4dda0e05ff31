import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { consentKeyTtlMs, maxConsentFileSize } from '@crm/domain'
import { activityLog, consentRequests, files, mailOutbox, parentalConsents, people } from '../../db/schema/index'
import { body, createTestApp, mailTo, storedFileNames, type TestApp } from '../../../test/harness'
import { assignContact, bornYearsAgo, buildChurch, buildContact, get, post } from '../../../test/contact-factories'
import { buildChild, contactScopeOf, keyOf, parentalKey, parentFields, submitAnswer } from '../../../test/consent-factories'
import { jpegWithGps, pngOfSize, pngWithGps } from '../../../test/image-fixtures'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const png = () => pngWithGps().kept
const openPage = (key: string) => t.call({ method: 'GET', url: `/api/v1/consent-page/${key}` })
const signed = (key: string, granted: string[], file = { field: 'signature', bytes: png(), type: 'image/png' }) =>
  submitAnswer(t, key, [...parentFields, ...granted.map((key): [string, string] => ['granted_permissions', key])], file)

async function personOf(id: number) {
  const [row] = await t.db.select().from(people).where(eq(people.id, id))
  return row!
}

async function requestsOf(contact: number) {
  return t.db.select().from(consentRequests).where(eq(consentRequests.contact_id, contact)).orderBy(consentRequests.id)
}

async function recordsOf(contact: number) {
  return t.db.select().from(parentalConsents).where(eq(parentalConsents.contact_id, contact))
}

async function storedFileCount(): Promise<number> {
  return (await storedFileNames(t)).length
}

describe('asking a parent: consentia-qr-for-parent, consentia-embed-url-for-parental-consent, consentia-embed-url', () => {
  it('gives the link of a new parental request and its QR code; the embed links carry ?embed=1 (D2-7.3-01, D2-7.3-02, D2-7.3-03)', async () => {
    const c = await buildChurch(t)
    const child = await buildChild(t, c)
    const qr = body(await post(t, 'consentia-qr-for-parent', c.leader.token, contactScopeOf(c, child)))
    expect(qr.url).toMatch(new RegExp(`^${t.config.publicUrl}/consent/[A-Za-z0-9_-]{43}$`))
    expect(qr.qr_code).toMatch(/^data:image\/png;base64,/)
    const embed = body(await post(t, 'consentia-embed-url-for-parental-consent', c.leader.token, contactScopeOf(c, child)))
    expect(embed.url).toMatch(/\/consent\/[A-Za-z0-9_-]{43}\?embed=1$/)
    const photo = body(await post(t, 'consentia-embed-url', c.leader.token, contactScopeOf(c, child)))
    expect(photo.url).toMatch(/\?embed=1$/)
    const requests = await requestsOf(child)
    expect(requests.map((row) => [row.purpose, row.settings.mode, row.status, row.requested_by_id])).toEqual([
      ['parental', 'signature', 'requested', c.leader.id],
      ['parental', 'signature', 'requested', c.leader.id],
      ['parental', 'photo', 'requested', c.leader.id],
    ])
    // Only the key's hash is kept.
    expect(requests[0]!.key_hash).not.toContain(keyOf(qr.url))
    expect(requests[0]!.expires_at.getTime() - requests[0]!.created_at.getTime()).toBeGreaterThan(consentKeyTtlMs - 60_000)
  })

  it("needs the parent's first name and an email or phone first (400 with the fields); a photo form needs neither (D2-4.2-02)", async () => {
    const c = await buildChurch(t)
    const child = await buildChild(t, c, { parent_carer_first_name: null, parent_carer_email: null, parent_carer_phone: null })
    for (const path of ['consentia-qr-for-parent', 'consentia-embed-url-for-parental-consent', 'email-consentia-qr-url-to-parent']) {
      const response = await post(t, path, c.leader.token, contactScopeOf(c, child))
      expect(response.statusCode, path).toBe(400)
      expect(Object.keys(body(response).data.errors).sort(), path).toEqual(['parent_carer_email', 'parent_carer_first_name'])
    }
    expect(await requestsOf(child)).toEqual([])
    expect((await post(t, 'consentia-embed-url', c.leader.token, contactScopeOf(c, child))).statusCode).toBe(200)
  })

  it('refuses parental calls on an adult (400 with a message) but makes a photo form for one', async () => {
    const c = await buildChurch(t)
    const adult = await buildContact(t, {
      teamId: c.church,
      person: { ...bornYearsAgo(t, 30), parent_carer_first_name: 'Pam', parent_carer_email: 'p@example.com' },
    })
    for (const path of ['consentia-qr-for-parent', 'consentia-embed-url-for-parental-consent', 'email-consentia-qr-url-to-parent']) {
      const response = await post(t, path, c.leader.token, contactScopeOf(c, adult))
      expect(response.statusCode, path).toBe(400)
      expect(body(response).data.errors.user_id, path).toBe('Parental consent is asked only for a contact under 18.')
    }
    expect((await post(t, 'consentia-embed-url', c.leader.token, contactScopeOf(c, adult))).statusCode).toBe(200)
  })

  it("another team's contact is 404; a member without the child checks is refused a minor (403 child_data_gate); a plain member cannot ask", async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t)
    const child = await buildChild(t, c)
    const foreign = await post(t, 'consentia-qr-for-parent', other.owner.token, { team_id: other.church, group_id: other.church, user_id: child })
    expect(foreign.statusCode).toBe(404)
    expect((await post(t, 'consentia-qr-for-parent', c.member.token, contactScopeOf(c, child))).statusCode).toBe(403)
    await assignContact(t, { teamId: c.church, contactId: child, toId: c.member.id })
    const gated = await post(t, 'consentia-qr-for-parent', c.member.token, contactScopeOf(c, child))
    expect(gated.statusCode).toBe(403)
    expect(body(gated).code).toBe('child_data_gate')
    expect(await requestsOf(child)).toEqual([])
  })
})

describe('email-consentia-qr-url-to-parent', () => {
  it('queues a mail naming who asks and the child by first name only, and marks the link sent (D2-7.3-06)', async () => {
    const c = await buildChurch(t, { title: 'Hillside Church' })
    const child = await buildChild(t, c, { parent_carer_email: 'mum@example.com', email: 'mia@example.com', phone: '+61400000001' })
    const response = await post(t, 'email-consentia-qr-url-to-parent', c.owner.token, contactScopeOf(c, child))
    expect(response.statusCode, response.body).toBe(200)
    const [mail] = await mailTo(t, 'mum@example.com')
    expect(mail).toMatchObject({ template: 'consent_request', subject: 'Hillside Church: consent for Mia' })
    expect(mail!.text_body).toContain('Olive Owner of Hillside Church asks for your consent to stay in touch with Mia.')
    expect(mail!.text_body).toMatch(/\/consent\/[A-Za-z0-9_-]{43}\n/)
    expect(mail!.text_body).toMatch(/The link works once, until \d{1,2} \w{3} \d{4}\./)
    // Nothing of the child beyond the first name.
    for (const detail of ['Child', 'mia@example.com', '+61400000001', String(bornYearsAgo(t, 10).dob_year)]) expect(mail!.text_body).not.toContain(detail)
    const person = await personOf(child)
    expect(person.consent_url_sent_to).toBe('mum@example.com')
    expect(person.consent_url_sent_at).not.toBeNull()
    const [request] = await requestsOf(child)
    expect(request).toMatchObject({ sent_to: 'mum@example.com', status: 'requested' })
  })

  it("needs the parent's email (a phone alone is 400)", async () => {
    const c = await buildChurch(t)
    const child = await buildChild(t, c, { parent_carer_email: null, parent_carer_phone: '+61400000002' })
    const response = await post(t, 'email-consentia-qr-url-to-parent', c.leader.token, contactScopeOf(c, child))
    expect(response.statusCode).toBe(400)
    expect(body(response).data.errors.parent_carer_email).toBeDefined()
    expect(
      await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.template, 'consent_request'))
        .then((rows) => rows.filter((row) => row.to_address === '+61400000002')),
    ).toEqual([])
    expect(await requestsOf(child)).toEqual([])
  })
})

describe('GET consent-page/{key} and submit-consent/{key}: requested → viewed → submitted', () => {
  it('shows only what the page needs, marks the link viewed, and records the signed answer (D2-4.2-03, D2-3.4-01, D2-3.4-03)', async () => {
    const c = await buildChurch(t, { title: 'Riverside Church' })
    const child = await buildChild(t, c, { email: 'mia@example.com' })
    const key = await parentalKey(t, c, child)
    const page = await openPage(key)
    expect(page.statusCode, page.body).toBe(200)
    expect(body(page)).toEqual({
      purpose: 'parental',
      mode: 'signature',
      team_name: 'Riverside Church',
      requested_by_name: expect.any(String),
      contact_first_name: 'Mia',
      parent: { first_name: 'Pam', last_name: 'Parent', relationship: 'mother', email: 'pam@example.com', phone: null },
      fields: [],
      decisions: [],
      permissions: [
        'bible_studies',
        'spiritual_discussions',
        'counseling_sessions',
        'one_on_one_meetings',
        'group_studies',
        'phone_calls',
        'electronic_messages',
      ],
    })
    expect(page.body).not.toContain('mia@example.com')
    expect((await requestsOf(child))[0]).toMatchObject({ status: 'viewed', viewed_at: expect.any(Date) })
    expect((await personOf(child)).consent_url_viewed_at).not.toBeNull()

    const answer = await signed(key, ['bible_studies', 'phone_calls'])
    expect(answer.statusCode, answer.body).toBe(200)
    const [request] = await requestsOf(child)
    expect(request).toMatchObject({ status: 'submitted', submitted_at: expect.any(Date) })
    const [record] = await recordsOf(child)
    expect(record).toMatchObject({
      type: 'direct',
      team_id: c.church,
      request_id: request!.id,
      by_name: 'Paula Parent',
      by_relationship: 'mother',
      by_email: 'paula@example.com',
      granted_permissions: ['bible_studies', 'phone_calls'],
      denied_permissions: ['spiritual_discussions', 'counseling_sessions', 'one_on_one_meetings', 'group_studies', 'electronic_messages'],
      to_id: c.leader.id,
      photo_file_id: null,
      revoked_at: null,
    })
    const [file] = await t.db.select().from(files).where(eq(files.id, record!.signature_file_id!))
    expect(file).toMatchObject({ mime_type: 'image/png', team_id: c.church })
    expect(file!.filename).not.toContain('upload')
    const person = await personOf(child)
    expect(person).toMatchObject({
      consent_type: 'direct',
      consent_declined: false,
      parental_consent_declined: false,
      parent_carer_first_name: 'Paula',
      parent_carer_email: 'paula@example.com',
      consent_url_submitted_at: expect.any(Date),
    })
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.contact_id, child), eq(activityLog.subject_type, 'parental_consent')))
    expect(logged).toEqual([expect.objectContaining({ action: 'add', author_id: null, subject_id: record!.id, team_id: c.church })])

    // The contact's page shows each step.
    const consents = body(await get(t, `contact-consents/${child}`, c.leader.token, { team_id: c.church, group_id: c.church }))
    expect(consents.request).toMatchObject({ status: 'submitted', viewed_display: expect.any(String), submitted_display: expect.any(String) })
  })

  it('a consent that denies every permission is a declined consent', async () => {
    const c = await buildChurch(t)
    const child = await buildChild(t, c)
    const answer = await signed(await parentalKey(t, c, child), [])
    expect(answer.statusCode, answer.body).toBe(200)
    expect(await personOf(child)).toMatchObject({ consent_type: 'direct', consent_declined: true, parental_consent_declined: true })
  })

  it('a used, expired or unknown key is 400 key_invalid and changes nothing; a used one says it was answered, expired since or not (issue 35 item 11)', async () => {
    const c = await buildChurch(t)
    const child = await buildChild(t, c)
    const used = await parentalKey(t, c, child)
    expect((await signed(used, ['phone_calls'])).statusCode).toBe(200)
    for (const response of [await openPage(used), await signed(used, ['bible_studies'])]) {
      expect(response.statusCode).toBe(400)
      expect(body(response)).toMatchObject({ code: 'key_invalid', data: { answered: true } })
    }
    const expired = await parentalKey(t, c, child)
    t.clock.advance(consentKeyTtlMs + 1000)
    try {
      for (const key of [used, expired, 'A'.repeat(43)]) {
        for (const response of [await openPage(key), await signed(key, ['bible_studies'])]) {
          expect(response.statusCode, key).toBe(400)
          expect(body(response).code).toBe('key_invalid')
          expect(body(response).data.answered, key).toBe(key === used ? true : undefined)
        }
      }
    } finally {
      t.clock.advance(-(consentKeyTtlMs + 1000))
    }
    expect(await recordsOf(child)).toHaveLength(1)
    expect((await requestsOf(child)).map((row) => row.status)).toEqual(['submitted', 'requested'])
    expect((await openPage('short')).statusCode).toBe(400)
  })

  it('of two answers sent at once, one is recorded and the other is key_invalid', async () => {
    const c = await buildChurch(t)
    const child = await buildChild(t, c)
    const key = await parentalKey(t, c, child)
    const before = await storedFileCount()
    const answers = await Promise.all([signed(key, ['bible_studies']), signed(key, ['phone_calls'])])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400])
    expect(answers.map((answer) => body(answer).code).filter(Boolean)).toEqual(['key_invalid'])
    expect(await recordsOf(child)).toHaveLength(1)
    expect(await storedFileCount()).toBe(before + 1)
  })

  it('refuses a signature that is not a PNG by its content, a missing one, and a file over 10 MB: 400/413, nothing stored', async () => {
    const c = await buildChurch(t)
    const child = await buildChild(t, c)
    const key = await parentalKey(t, c, child)
    const before = await storedFileCount()
    const jpeg = await signed(key, ['bible_studies'], { field: 'signature', bytes: jpegWithGps().bytes, type: 'image/png' })
    expect(jpeg.statusCode).toBe(400)
    expect(body(jpeg).data.errors.signature).toBe('The file must be one of: PNG')
    const missing = await submitAnswer(t, key, parentFields)
    expect(missing.statusCode).toBe(400)
    expect(body(missing).data.errors.signature).toBe('Sign in the box.')
    const large = Buffer.concat([png(), Buffer.alloc(11 * 1024 * 1024 - png().length)])
    const tooLarge = await signed(key, [], { field: 'signature', bytes: large, type: 'image/png' })
    expect(tooLarge.statusCode).toBe(413)
    expect(large.length).toBeGreaterThan(maxConsentFileSize)
    const noContact = await submitAnswer(t, key, [['parent_carer_first_name', 'Paula']], { field: 'signature', bytes: png() })
    expect(noContact.statusCode).toBe(400)
    expect(body(noContact).data.errors.parent_carer_email).toBeDefined()
    expect(await recordsOf(child)).toEqual([])
    expect(await storedFileCount()).toBe(before)
    expect((await requestsOf(child))[0]!.status).toBe('requested')
    // The key still works after refused answers.
    expect((await signed(key, ['bible_studies'])).statusCode).toBe(200)
  })

  it('refuses a signature that is an image bomb (a 60000 × 60000 PNG): 400 on the signature, nothing stored, the key still usable', async () => {
    const c = await buildChurch(t)
    const child = await buildChild(t, c)
    const key = await parentalKey(t, c, child)
    const rowsBefore = (await t.db.select({ id: files.id }).from(files)).length
    const before = await storedFileCount()
    const bomb = await signed(key, ['bible_studies'], { field: 'signature', bytes: pngOfSize(60_000, 60_000), type: 'image/png' })
    expect(bomb.statusCode).toBe(400)
    expect(body(bomb)).toEqual({
      code: 'invalid_request',
      message: expect.any(String),
      data: {
        status: 400,
        errors: { signature: expect.stringMatching(/^The picture is too large \(60000 × 60000 pixels\)/) },
        error_codes: { signature: { code: 'image_too_large', params: expect.objectContaining({ width: 60_000, height: 60_000 }) } },
      },
    })
    expect(await recordsOf(child)).toEqual([])
    expect((await t.db.select({ id: files.id }).from(files)).length).toBe(rowsBefore)
    expect(await storedFileCount()).toBe(before)
    expect((await requestsOf(child))[0]!.status).toBe('requested')
    expect((await signed(key, ['bible_studies'])).statusCode).toBe(200)
  })

  it('photo mode: a photo of the signed form (JPEG, PNG, HEIC or PDF) and its date; a text file is 400 (D2-4.2-04)', async () => {
    const c = await buildChurch(t)
    const child = await buildChild(t, c)
    const key = await parentalKey(t, c, child, 'photo')
    expect(body(await openPage(key)).mode).toBe('photo')
    const before = await storedFileCount()
    const text = await submitAnswer(t, key, [...parentFields, ['date', '2026-03-01']], {
      field: 'photo',
      bytes: Buffer.from('not a photo'),
      type: 'image/jpeg',
    })
    expect(text.statusCode).toBe(400)
    expect(body(text).data.errors.photo).toBe('The file must be one of: JPG, PNG, HEIC, PDF')
    const undated = await submitAnswer(t, key, parentFields, { field: 'photo', bytes: jpegWithGps().bytes })
    expect(body(undated).data.errors.date).toBe('Required')
    expect(await storedFileCount()).toBe(before)
    const answer = await submitAnswer(t, key, [...parentFields, ['date', '2026-03-01'], ['granted_permissions', 'group_studies']], {
      field: 'photo',
      bytes: jpegWithGps().bytes,
    })
    expect(answer.statusCode, answer.body).toBe(200)
    const [record] = await recordsOf(child)
    expect(record).toMatchObject({ type: 'photo', consent_date: '2026-03-01', signature_file_id: null, granted_permissions: ['group_studies'] })
    const [file] = await t.db.select().from(files).where(eq(files.id, record!.photo_file_id!))
    expect(file!.mime_type).toBe('image/jpeg')
    // Location metadata was removed.
    expect(file!.size).toBe(jpegWithGps().kept.length)
    expect(await personOf(child)).toMatchObject({ consent_type: 'photo', consent_date: '2026-03-01', consent_photo_file_id: file!.id })
  })
})

describe("an adult's own signed form (photo mode)", () => {
  it('records the consent; the contact then keeps all its fields, and no parent is written', async () => {
    const c = await buildChurch(t)
    const adult = await buildContact(t, { teamId: c.church, person: { ...bornYearsAgo(t, 35), member_status: null } })
    const key = await parentalKey(t, c, adult, 'photo')
    // The page names no parent or carer: an adult signs their own form.
    expect(body(await openPage(key))).toMatchObject({ mode: 'photo', parent: null })
    const answer = await submitAnswer(
      t,
      key,
      [
        ['parent_carer_first_name', 'Adam'],
        ['parent_carer_phone', '0412 000 111'],
        ['date', '2026-02-02'],
        ['granted_permissions', 'phone_calls'],
      ],
      {
        field: 'photo',
        bytes: pngWithGps().kept,
      },
    )
    expect(answer.statusCode, answer.body).toBe(200)
    expect(await personOf(adult)).toMatchObject({ consent_type: 'photo', parent_carer_first_name: null, parent_carer_phone: null })
    const update = await post(t, 'update-user', c.leader.token, { ...contactScopeOf(c, adult), email: 'adult@example.org', member_status: 'member' })
    expect(update.statusCode, update.body).toBe(200)
    expect((await personOf(adult)).email).toBe('adult@example.org')
  })
})

describe('rate limit of the public page', () => {
  it('slows down a client trying keys (429)', async () => {
    const limited = await createTestApp({ loginRateLimit: 1 })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) statuses.push((await limited.call({ method: 'GET', url: `/api/v1/consent-page/${'B'.repeat(43)}` })).statusCode)
      expect(statuses).toEqual([400, 400, 400, 429])
    } finally {
      await limited.close()
    }
  })
})
