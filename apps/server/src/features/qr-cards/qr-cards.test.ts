import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, count, eq } from 'drizzle-orm'
import { consentKeyTtlMs } from '@crm/domain'
import {
  activityLog,
  assignments,
  consentRequests,
  contactEvents,
  contactInterests,
  groupContacts,
  memberships,
  people,
  teamContacts,
} from '../../db/schema/index'
import { hashToken } from '../../platform/tokens'
import { addMember, body, buildPerson, buildTeam, createTestApp, mailTo, type TestApp, type TestPerson } from '../../../test/harness'
import { activityOf, bornYearsAgo, buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'
import { thanksMessage } from './qr-card-answers.service'
import { childDetailsMessage } from './qr-cards.service'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const teamScope = (c: Church, group = c.church) => ({ team_id: c.church, group_id: group })
const contactScope = (c: Church, contact: number) => ({ team_id: c.church, group_id: c.church, user_id: contact })

function keyOf(url: string): string {
  return new URL(url).pathname.split('/').pop()!
}

async function newCard(c: Church, who: TestPerson, settings: Record<string, unknown>, group = c.church): Promise<string> {
  const response = await post(t, 'consentia-qr-new', who.token, { ...teamScope(c, group), settings })
  expect(response.statusCode, response.body).toBe(200)
  const answer = body(response)
  expect(answer.qr_code).toMatch(/^data:image\/png;base64,/)
  expect(answer.url).toMatch(/^http:\/\/crm\.test\/consent\/[A-Za-z0-9_-]{43}$/)
  return keyOf(answer.url)
}

function visit(key: string, payload: Record<string, unknown>) {
  return t.call({ method: 'POST', url: `/api/v1/submit-consent-new-contact/${key}`, payload })
}

function answerUpdate(key: string, payload: Record<string, unknown>) {
  return t.call({ method: 'POST', url: `/api/v1/submit-consent-contact/${key}`, payload })
}

async function contactsOfTeam(teamId: number) {
  return t.db
    .select({ id: people.id, first_name: people.first_name })
    .from(people)
    .innerJoin(teamContacts, eq(teamContacts.person_id, people.id))
    .where(eq(teamContacts.team_id, teamId))
}

async function personNamed(teamId: number, firstName: string) {
  const [row] = await t.db
    .select({ person: people })
    .from(people)
    .innerJoin(teamContacts, eq(teamContacts.person_id, people.id))
    .where(and(eq(teamContacts.team_id, teamId), eq(people.first_name, firstName)))
  return row?.person
}

const today = () => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Australia/Sydney' }).format(t.clock.now())

async function eventsOf(contact: number) {
  return (await t.db.select({ type: contactEvents.type, kind: contactEvents.kind }).from(contactEvents).where(eq(contactEvents.contact_id, contact))).map(
    (row) => `${row.kind}:${row.type}`,
  )
}

async function interestsOf(contact: number) {
  return (await t.db.select({ interest: contactInterests.interest }).from(contactInterests).where(eq(contactInterests.person_id, contact)))
    .map((row) => row.interest)
    .sort()
}

describe('consentia-qr-new and submit-consent-new-contact/{key}', () => {
  it('a visitor becomes a contact of the card’s team and group: direct consent today, the decisions recorded, assigned to the creator (D2-7.3-05, D2-9-11)', async () => {
    const c = await buildChurch(t)
    const group = await buildTeam(t, { kind: 'group', parentId: c.church })
    await addMember(t, c.leader.id, group, 'leader')
    const key = await newCard(c, c.leader, { decisions: ['follow_jesus', 'learn_more', 'prayer', 'serve', 'newsletter'], assign: 'self' }, group)
    const [card] = await t.db
      .select()
      .from(consentRequests)
      .where(eq(consentRequests.key_hash, hashToken(key)))
    expect(card).toMatchObject({ purpose: 'new_contact', team_id: c.church, group_id: group, contact_id: null, requested_by_id: c.leader.id })
    expect(card!.settings).toEqual({ decisions: ['follow_jesus', 'learn_more', 'prayer', 'serve', 'newsletter'], assign: 'self', group_id: group })
    // The page (H1's call) shows the decisions the card offers.
    const page = await t.call({ method: 'GET', url: `/api/v1/consent-page/${key}` })
    expect(body(page)).toMatchObject({
      purpose: 'new_contact',
      decisions: ['follow_jesus', 'learn_more', 'prayer', 'serve', 'newsletter'],
      contact_first_name: null,
    })

    const response = await visit(key, {
      first_name: 'Vera',
      last_name: 'Visitor',
      email: 'Vera@Example.com',
      phone: '0412 345 678',
      gender: 'female',
      dob_month: 3,
      dob_year: 1990,
      address_formatted: '1 Main St, Bath',
      consent: true,
      decisions: ['follow_jesus', 'prayer', 'newsletter', 'learn_more'],
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(body(response)).toEqual({ success: true, success_message: thanksMessage })
    const vera = (await personNamed(c.church, 'Vera'))!
    expect(vera).toMatchObject({
      last_name: 'Visitor',
      email: 'vera@example.com',
      phone: '+61412345678',
      gender: 'female',
      dob_year: 1990,
      dob_month: 3,
      address_formatted: '1 Main St, Bath',
      consent_type: 'direct',
      consent_date: today(),
      created_by_id: c.leader.id,
    })
    const [held] = await t.db.select().from(teamContacts).where(eq(teamContacts.person_id, vera.id))
    expect(held).toMatchObject({ team_id: c.church, is_owner: true, added_by_id: c.leader.id })
    expect(await t.db.select({ id: groupContacts.id }).from(groupContacts).where(eq(groupContacts.person_id, vera.id))).toHaveLength(1)
    const [assignment] = await t.db.select().from(assignments).where(eq(assignments.contact_id, vera.id))
    expect(assignment).toMatchObject({ team_id: c.church, to_person_id: c.leader.id })
    expect((await eventsOf(vera.id)).sort()).toEqual(['decision:decision-to-follow-jesus', 'event:prayer-request'])
    expect(await interestsOf(vera.id)).toEqual(['bible-study', 'newsletter'])
    const activity = (await activityOf(t, vera.id)).map((row) => `${row.subject_type}:${row.action}`)
    expect(activity).toEqual(expect.arrayContaining(['user:add', 'user_assignment:add', 'user_event:add', 'user:update']))

    // The team sees the contact, its decisions and its interests.
    const item = body(await get(t, `contact/${vera.id}`, c.leader.token, { team_id: c.church, group_id: c.church }))
    expect(item.data_view).toMatchObject({ consent_given: true, consent_type: 'direct', is_assigned: true })
    expect(item.data_view.interests.map((interest: { value: string }) => interest.value).sort()).toEqual(['bible-study', 'newsletter'])

    // The card serves the next visitor too, until it expires; the second has no assignment wish.
    expect((await visit(key, { first_name: 'Walt', gender: 'male', consent: '1', decisions: 'serve' })).statusCode).toBe(200)
    const walt = (await personNamed(c.church, 'Walt'))!
    expect(await eventsOf(walt.id)).toEqual(['decision:decision-for-service'])
  })

  it('only the decisions the card offers are kept, and nobody is assigned without assign=self', async () => {
    const c = await buildChurch(t)
    const key = await newCard(c, c.leader, { decisions: ['newsletter'] })
    expect((await visit(key, { first_name: 'Nell', email: 'nell@example.com', consent: true, decisions: ['follow_jesus', 'newsletter'] })).statusCode).toBe(200)
    const nell = (await personNamed(c.church, 'Nell'))!
    expect(await eventsOf(nell.id)).toEqual([])
    expect(await interestsOf(nell.id)).toEqual(['newsletter'])
    expect(await t.db.select().from(assignments).where(eq(assignments.contact_id, nell.id))).toEqual([])
  })

  it('a visitor under 18 keeps only a child’s fields without consent: no contact details, no consent, no decisions, no assignment', async () => {
    const c = await buildChurch(t)
    const key = await newCard(c, c.leader, { decisions: ['follow_jesus', 'newsletter'], assign: 'self' })
    const born = bornYearsAgo(t, 15)
    const response = await visit(key, {
      first_name: 'Kim',
      last_name: 'Young',
      gender: 'male',
      email: 'kim@example.com',
      phone: '0412 000 111',
      address_formatted: '2 School Rd',
      ...born,
      consent: true,
      decisions: ['follow_jesus', 'newsletter'],
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(body(response)).toEqual({ success: true, success_message: thanksMessage })
    const kim = (await personNamed(c.church, 'Kim'))!
    expect(kim).toMatchObject({
      last_name: 'Young',
      gender: 'male',
      ...born,
      email: null,
      phone: null,
      address_formatted: null,
      consent_type: null,
      consent_date: null,
    })
    expect(await eventsOf(kim.id)).toEqual([])
    expect(await interestsOf(kim.id)).toEqual([])
    expect(await t.db.select().from(assignments).where(eq(assignments.contact_id, kim.id))).toEqual([])
    const item = body(await get(t, `contact/${kim.id}`, c.leader.token, { team_id: c.church, group_id: c.church }))
    expect(item.data_view).toMatchObject({ is_child: true, consent_given: false })
  })

  it('a visitor whose email or phone is a contact of the team makes no second record and changes no details; the decisions go on that contact', async () => {
    const c = await buildChurch(t)
    const known = await buildContact(t, {
      teamId: c.church,
      person: { first_name: 'Kate', email: 'kate@example.com', phone: '+61412999888', consent_type: 'direct', consent_date: '2026-01-01' },
    })
    const key = await newCard(c, c.leader, { decisions: ['prayer'], assign: 'self' })
    const before = (await contactsOfTeam(c.church)).length
    for (const identity of [{ email: 'KATE@example.com' }, { phone: '0412 999 888' }]) {
      const response = await visit(key, { first_name: 'Someone', last_name: 'Else', ...identity, consent: true, decisions: ['prayer'] })
      expect(response.statusCode).toBe(200)
      expect(body(response)).toEqual({ success: true, success_message: thanksMessage })
    }
    expect((await contactsOfTeam(c.church)).length).toBe(before)
    const [kate] = await t.db.select().from(people).where(eq(people.id, known))
    expect(kate).toMatchObject({ first_name: 'Kate', email: 'kate@example.com' })
    expect(await eventsOf(known)).toEqual(['event:prayer-request', 'event:prayer-request'])
    expect(await t.db.select().from(assignments).where(eq(assignments.contact_id, known))).toEqual([])
    // The same person known in another team only: a contact of this team is made (the teams may share or merge).
    const other = await buildChurch(t, { conference: c.conference })
    const otherKey = await newCard(other, other.leader, { decisions: [] })
    expect((await visit(otherKey, { first_name: 'Kate', email: 'kate@example.com', consent: true })).statusCode).toBe(200)
    expect(await personNamed(other.church, 'Kate')).toBeDefined()
  })

  it('refuses a visit without the consent tick or a first name, or with a bad phone, storing nothing', async () => {
    const c = await buildChurch(t)
    const key = await newCard(c, c.leader, {})
    const before = (await contactsOfTeam(c.church)).length
    const noTick = await visit(key, { first_name: 'Tia' })
    expect(noTick.statusCode).toBe(400)
    expect(body(noTick).data.errors).toHaveProperty('consent')
    expect((await visit(key, { consent: true })).statusCode).toBe(400)
    const phone = await visit(key, { first_name: 'Tia', phone: 'not a phone', consent: true })
    expect(phone.statusCode).toBe(400)
    expect(body(phone).data.errors).toEqual({ phone: 'Invalid phone number' })
    expect((await contactsOfTeam(c.church)).length).toBe(before)
  })

  it('an unknown or expired card, a parental link, or a card whose creator left the team: key_invalid, nothing stored', async () => {
    const c = await buildChurch(t)
    const creator = await buildPerson(t)
    await addMember(t, creator.id, c.church, 'leader')
    const leaving = await newCard(c, creator, {})
    const expiring = await newCard(c, c.leader, {})
    const updateLink = keyOf(
      body(await post(t, 'consentia-qr-for-user', c.leader.token, { ...contactScope(c, await buildContact(t, { teamId: c.church })), fields: ['email'] })).url,
    )
    const before = (await contactsOfTeam(c.church)).length
    const unknown = 'A'.repeat(43)
    await t.db.delete(memberships).where(and(eq(memberships.person_id, creator.id), eq(memberships.team_id, c.church)))
    for (const key of [unknown, leaving, updateLink]) {
      const response = await visit(key, { first_name: 'Ivy', consent: true })
      expect(response.statusCode, key).toBe(400)
      expect(body(response).code).toBe('key_invalid')
    }
    t.clock.advance(consentKeyTtlMs + 1000)
    try {
      const expired = await visit(expiring, { first_name: 'Ivy', consent: true })
      expect(body(expired).code).toBe('key_invalid')
    } finally {
      t.clock.advance(-(consentKeyTtlMs + 1000))
    }
    expect((await visit('short', { first_name: 'Ivy', consent: true })).statusCode).toBe(400)
    expect((await contactsOfTeam(c.church)).length).toBe(before)
  })

  it('needs create_contact in the group; another team’s group is 404', async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t)
    expect((await post(t, 'consentia-qr-new', other.leader.token, { ...teamScope(c), settings: {} })).statusCode).toBe(404)
    const bad = await post(t, 'consentia-qr-new', c.leader.token, { ...teamScope(c), settings: { decisions: ['dance'], assign: 'everyone' } })
    expect(bad.statusCode).toBe(400)
  })
})

describe('email-consentia-qr-url-to-new-user', () => {
  it('mails the card’s link to the person, greeting them by name; the link makes a contact (D2-7.3-07)', async () => {
    const c = await buildChurch(t)
    const response = await post(t, 'email-consentia-qr-url-to-new-user', c.leader.token, {
      ...teamScope(c),
      user_name: 'Nora New',
      user_email: 'nora@example.com',
      settings: { decisions: ['learn_more'], assign: 'self' },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(body(response)).toEqual({ success: true, success_message: 'The link has been sent.' })
    const [mail] = await mailTo(t, 'nora@example.com')
    expect(mail).toMatchObject({ template: 'consent_new_contact' })
    expect(mail!.text_body).toContain('Hello Nora New,')
    const url = mail!.text_body.match(/http:\/\/crm\.test\/consent\/[A-Za-z0-9_-]{43}/)![0]
    const [card] = await t.db
      .select()
      .from(consentRequests)
      .where(eq(consentRequests.key_hash, hashToken(keyOf(url))))
    expect(card).toMatchObject({ purpose: 'new_contact', sent_to: 'nora@example.com' })
    expect((await visit(keyOf(url), { first_name: 'Nora', email: 'nora@example.com', consent: true, decisions: ['learn_more'] })).statusCode).toBe(200)
    const nora = (await personNamed(c.church, 'Nora'))!
    expect(await interestsOf(nora.id)).toEqual(['bible-study'])
    // Without settings: no decisions, no assignment.
    expect(
      (await post(t, 'email-consentia-qr-url-to-new-user', c.leader.token, { ...teamScope(c), user_name: 'X', user_email: 'x@example.com' })).statusCode,
    ).toBe(200)
    expect((await post(t, 'email-consentia-qr-url-to-new-user', c.leader.token, { ...teamScope(c), user_name: 'X', user_email: 'not-mail' })).statusCode).toBe(
      400,
    )
  })
})

describe('consentia-qr-for-user, email-consentia-qr-url-to-user and submit-consent-contact/{key}', () => {
  async function adult(c: Church, person: Partial<typeof people.$inferInsert> = {}) {
    return buildContact(t, { teamId: c.church, person: { first_name: 'Ada', last_name: 'Adult', email: 'ada@old.example', phone: '+61400000001', ...person } })
  }

  it('the contact consents and updates only the fields asked for, once (D2-7.3-04, D2-4.2-03)', async () => {
    const c = await buildChurch(t)
    const contact = await adult(c)
    const response = await post(t, 'consentia-qr-for-user', c.leader.token, { ...contactScope(c, contact), fields: ['email', 'dob'] })
    expect(response.statusCode, response.body).toBe(200)
    expect(body(response).qr_code).toMatch(/^data:image\/png;base64,/)
    const key = keyOf(body(response).url)
    const [link] = await t.db
      .select()
      .from(consentRequests)
      .where(eq(consentRequests.key_hash, hashToken(key)))
    expect(link).toMatchObject({ purpose: 'contact', contact_id: contact, settings: { fields: ['email', 'dob'] } })
    const page = body(await t.call({ method: 'GET', url: `/api/v1/consent-page/${key}` }))
    expect(page).toMatchObject({ purpose: 'contact', fields: ['email', 'dob'], contact_first_name: 'Ada' })

    const answer = await answerUpdate(key, {
      first_name: 'Changed',
      email: 'ada@new.example',
      phone: '0499 999 999',
      dob_month: 6,
      dob_year: 1980,
      consent: true,
    })
    expect(answer.statusCode, answer.body).toBe(200)
    const [ada] = await t.db.select().from(people).where(eq(people.id, contact))
    expect(ada).toMatchObject({
      first_name: 'Ada',
      email: 'ada@new.example',
      phone: '+61400000001',
      dob_month: 6,
      dob_year: 1980,
      consent_type: 'direct',
      consent_date: today(),
    })
    expect(ada!.consent_url_submitted_at).not.toBeNull()
    const activity = await activityOf(t, contact)
    expect(activity.at(-1)).toMatchObject({
      subject_type: 'user',
      action: 'update',
      author_id: contact,
      after: expect.objectContaining({ email: 'ada@new.example', consent_type: 'direct' }),
    })

    // Single use: a second answer is refused and changes nothing.
    const again = await answerUpdate(key, { email: 'ada@third.example', consent: true })
    expect(again.statusCode).toBe(400)
    expect(body(again).code).toBe('key_invalid')
    const [still] = await t.db.select({ email: people.email }).from(people).where(eq(people.id, contact))
    expect(still!.email).toBe('ada@new.example')
  })

  it('refuses an answer without the consent tick or with a wrong value, keeping the link usable', async () => {
    const c = await buildChurch(t)
    const contact = await adult(c)
    const key = keyOf(body(await post(t, 'consentia-qr-for-user', c.leader.token, { ...contactScope(c, contact), fields: ['phone'] })).url)
    expect((await answerUpdate(key, { phone: '0499 999 999' })).statusCode).toBe(400)
    const wrong = await answerUpdate(key, { phone: 'call me', consent: true })
    expect(wrong.statusCode).toBe(400)
    expect(body(wrong).data.errors).toEqual({ phone: 'Invalid phone number' })
    const [unchanged] = await t.db.select().from(people).where(eq(people.id, contact))
    expect(unchanged).toMatchObject({ phone: '+61400000001', consent_type: null })
    expect((await answerUpdate(key, { phone: '0499 999 999', consent: true })).statusCode).toBe(200)
  })

  it('mails the link; the contact’s page shows it sent (D2-7.3-08)', async () => {
    const c = await buildChurch(t)
    const contact = await adult(c)
    const response = await post(t, 'email-consentia-qr-url-to-user', c.leader.token, {
      ...contactScope(c, contact),
      user_name: 'Ada Adult',
      user_email: 'ada@mail.example',
      fields: ['first_name', 'address'],
    })
    expect(response.statusCode, response.body).toBe(200)
    const [mail] = await mailTo(t, 'ada@mail.example')
    expect(mail).toMatchObject({ template: 'consent_contact_update' })
    expect(mail!.text_body).toContain('Hello Ada Adult,')
    const [ada] = await t.db.select().from(people).where(eq(people.id, contact))
    expect(ada).toMatchObject({ consent_url_sent_to: 'ada@mail.example' })
    const key = mail!.text_body.match(/\/consent\/([A-Za-z0-9_-]{43})/)![1]!
    expect((await answerUpdate(key, { first_name: 'Adaline', address_formatted: '3 New St', consent: true })).statusCode).toBe(200)
    const [updated] = await t.db.select().from(people).where(eq(people.id, contact))
    expect(updated).toMatchObject({ first_name: 'Adaline', address_formatted: '3 New St', consent_type: 'direct' })
  })

  it('a child’s details are the parent’s to give (400); another team’s contact is 404; a member may not ask (403)', async () => {
    const c = await buildChurch(t)
    const child = await buildContact(t, {
      teamId: c.church,
      person: { first_name: 'Cal', ...bornYearsAgo(t, 11), parent_carer_first_name: 'Pat', parent_carer_email: 'pat@example.com' },
    })
    for (const path of ['consentia-qr-for-user', 'email-consentia-qr-url-to-user']) {
      const response = await post(t, path, c.leader.token, { ...contactScope(c, child), fields: ['email'], user_name: 'Cal', user_email: 'cal@example.com' })
      expect(response.statusCode, path).toBe(400)
      expect(body(response).data.errors).toEqual({ user_id: childDetailsMessage })
    }
    const contact = await adult(c)
    const other = await buildChurch(t)
    expect((await post(t, 'consentia-qr-for-user', other.leader.token, { ...contactScope(c, contact), fields: ['email'] })).statusCode).toBe(404)
    expect((await post(t, 'consentia-qr-for-user', c.member.token, { ...contactScope(c, contact), fields: ['email'] })).statusCode).toBe(403)
    expect((await post(t, 'consentia-qr-for-user', c.leader.token, { ...contactScope(c, contact), fields: [] })).statusCode).toBe(400)
    const [requests] = await t.db.select({ n: count() }).from(consentRequests).where(eq(consentRequests.team_id, c.church))
    expect(requests!.n).toBe(0)
  })

  it('an unknown, used or expired link, or a QR card’s key: key_invalid and nothing changes', async () => {
    const c = await buildChurch(t)
    const contact = await adult(c)
    const fresh = async () => keyOf(body(await post(t, 'consentia-qr-for-user', c.leader.token, { ...contactScope(c, contact), fields: ['email'] })).url)
    const expiring = await fresh()
    const card = await newCard(c, c.leader, {})
    for (const key of ['B'.repeat(43), card]) {
      const response = await answerUpdate(key, { email: 'x@example.com', consent: true })
      expect(response.statusCode).toBe(400)
      expect(body(response).code).toBe('key_invalid')
    }
    t.clock.advance(consentKeyTtlMs + 1000)
    try {
      expect(body(await answerUpdate(expiring, { email: 'x@example.com', consent: true })).code).toBe('key_invalid')
    } finally {
      t.clock.advance(-(consentKeyTtlMs + 1000))
    }
    const [ada] = await t.db.select().from(people).where(eq(people.id, contact))
    expect(ada).toMatchObject({ email: 'ada@old.example', consent_type: null })
    const logged = await t.db
      .select({ n: count() })
      .from(activityLog)
      .where(and(eq(activityLog.contact_id, contact), eq(activityLog.subject_type, 'user')))
    expect(logged[0]!.n).toBe(0)
  })
})

describe('the public answers are rate-limited per client address', () => {
  it('answers 429 once an address has sent its share in a minute, without storing the visit', async () => {
    const limited = await createTestApp({ loginRateLimit: 2 })
    try {
      const c = await buildChurch(limited)
      const response = await post(limited, 'consentia-qr-new', c.leader.token, { ...teamScope(c), settings: {} })
      const key = keyOf(body(response).url as string)
      const send = (name: string) =>
        limited.call({ method: 'POST', url: `/api/v1/submit-consent-new-contact/${key}`, payload: { first_name: name, consent: true } })
      expect((await send('One')).statusCode).toBe(200)
      expect((await send('Two')).statusCode).toBe(200)
      const third = await send('Three')
      expect(third.statusCode).toBe(429)
      expect(body(third).code).toBe('too_many_requests')
      const update = await limited.call({ method: 'POST', url: `/api/v1/submit-consent-contact/${'C'.repeat(43)}`, payload: { consent: true } })
      expect(update.statusCode).toBe(400)
      const names = await limited.db
        .select({ first_name: people.first_name })
        .from(people)
        .innerJoin(teamContacts, eq(teamContacts.person_id, people.id))
        .where(eq(teamContacts.team_id, c.church))
      expect(names.map((row) => row.first_name).sort()).toEqual(['One', 'Two'])
    } finally {
      await limited.close()
    }
  })
})
