import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, desc, eq, inArray } from 'drizzle-orm'
import { noteCiphertextMessage } from '@crm/domain'
import {
  accounts,
  activityLog,
  churchRosterMembers,
  memberships,
  notes,
  people,
  sessions,
  teamContacts,
  teams,
  twoFactorRemembered,
} from '../../db/schema/index'
import { accountThrottle } from '../auth/sign-in-throttle'
import { syncedFieldsMessage } from './profile.service'
import {
  addMember,
  body,
  buildPerson,
  buildTeam,
  createTestApp,
  elevenCharacters,
  linkIn,
  mailTo,
  strongPassword,
  testPassword,
  totpCode,
  type TestApp,
  type TestPerson,
} from '../../../test/harness'

let t: TestApp
let church: number
let mdChurch: number
beforeAll(async () => {
  t = await createTestApp({ twoFactorRequiredRoles: ['owner'] })
  church = await buildTeam(t)
  mdChurch = await buildTeam(t, { title: 'MD Church' })
  await t.db.update(teams).set({ has_md_integration: true }).where(eq(teams.id, mdChurch))
})
afterAll(async () => t.close())

const update = (person: TestPerson, payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/v1/update-account', token: person.token, payload })
const profile = (person: TestPerson) => t.call({ method: 'GET', url: '/api/v1/profile', token: person.token })
const login = (email: string, password: string) => t.call({ method: 'POST', url: '/api/v1/login', payload: { email, password } })

async function personRow(id: number) {
  const [row] = await t.db
    .select({ person: people, account: accounts })
    .from(people)
    .innerJoin(accounts, eq(accounts.person_id, people.id))
    .where(eq(people.id, id))
  return row!
}

/** Ciphertext as the browser makes it: 'v1:' + base64(IV + sealed text + tag). */
function ciphertext(bytes = 48): string {
  return `v1:${randomBytes(bytes).toString('base64')}`
}

/** A note on a contact of the church; private notes are ciphertext. */
async function addNote(authorId: number, options: { encrypted: boolean; content?: string }): Promise<number> {
  const [contact] = await t.db.insert(people).values({ first_name: 'Contact' }).returning({ id: people.id })
  const [note] = await t.db
    .insert(notes)
    .values({ contact_id: contact!.id, team_id: church, author_id: authorId, content: options.content ?? 'v1:cipher', is_encrypted: options.encrypted })
    .returning({ id: notes.id })
  return note!.id
}

describe('GET /api/v1/profile', () => {
  it('is 401 without a session', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v1/profile' })).statusCode).toBe(401)
  })

  it('answers the profile form of the signed-in account', async () => {
    const person = await buildPerson(t, { firstName: 'Lydia', lastName: 'Purple' })
    const response = await profile(person)
    expect(response.statusCode).toBe(200)
    const { account } = await personRow(person.id)
    expect(body(response)).toEqual({
      first_name: 'Lydia',
      last_name: 'Purple',
      email: person.email,
      phone: '',
      locale: 'en',
      sync_with_md: false,
      can_sync_with_md: false,
      two_factor_enabled: false,
      two_factor_required: false,
      encryption_key: account.encryption_salt,
    })
  })

  it('offers MD sync to owners of a team with the integration only; says when two-factor is required', async () => {
    const mdOwner = await buildPerson(t)
    await addMember(t, mdOwner.id, mdChurch, 'owner')
    expect(body(await profile(mdOwner))).toMatchObject({ can_sync_with_md: true, two_factor_required: true })
    const mdLeader = await buildPerson(t)
    await addMember(t, mdLeader.id, mdChurch, 'leader')
    const plainOwner = await buildPerson(t)
    await addMember(t, plainOwner.id, church, 'owner')
    expect(body(await profile(mdLeader)).can_sync_with_md).toBe(false)
    expect(body(await profile(plainOwner))).toMatchObject({ can_sync_with_md: false, two_factor_required: true })
  })
})

describe('POST /api/v1/update-account', () => {
  it('is 401 without a session', async () => {
    expect((await t.call({ method: 'POST', url: '/api/v1/update-account', payload: { first_name: 'X' } })).statusCode).toBe(401)
  })

  it('a user who is also a contact is found in the contacts lists by the name they change to', async () => {
    const person = await buildPerson(t, { firstName: 'Before', lastName: 'Rename' })
    await t.db.insert(teamContacts).values({ team_id: church, person_id: person.id, is_owner: true, sort_name: 'before rename', search_text: 'before rename' })
    expect((await update(person, { first_name: 'After', sync_with_md: 0 })).statusCode).toBe(200)
    const [held] = await t.db
      .select({ sort_name: teamContacts.sort_name, search_text: teamContacts.search_text })
      .from(teamContacts)
      .where(eq(teamContacts.person_id, person.id))
    expect(held).toMatchObject({ sort_name: 'after rename', search_text: expect.stringContaining('after rename') })
  })

  it('changes names, phone and locale, with an activity entry and no logout', async () => {
    const person = await buildPerson(t, { firstName: 'Old', lastName: 'Name' })
    const response = await update(person, { first_name: 'New', last_name: 'Person', phone: '0412 345 678', locale: 'es', sync_with_md: 0 })
    expect(response.statusCode).toBe(200)
    expect(body(response)).toEqual({ force_logout: false, errors: [] })
    const { person: row, account } = await personRow(person.id)
    expect(row).toMatchObject({ first_name: 'New', last_name: 'Person', phone: '+61412345678' })
    expect(account.locale).toBe('es')
    const user = await t.call({ method: 'GET', url: '/api/v1/user', token: person.token })
    expect(body(user).name).toBe('New Person')
    const [log] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subject_type, 'account'), eq(activityLog.subject_id, person.id)))
    expect(log!.before).toMatchObject({ first_name: 'Old', last_name: 'Name', phone: null, locale: 'en' })
    expect(log!.after).toMatchObject({ first_name: 'New', last_name: 'Person', phone: '+61412345678', locale: 'es' })
    expect(body(await profile(person)).phone).toBe('+61412345678')
    expect(body(await update(person, { phone: '' }))).toEqual({ force_logout: false, errors: [] })
    expect((await personRow(person.id)).person.phone).toBeNull()
  })

  it('refuses an invalid phone or a malformed field and changes nothing', async () => {
    const person = await buildPerson(t, { firstName: 'Keep' })
    for (const payload of [{ phone: '12', first_name: 'Changed' }, { locale: 'fr', first_name: 'Changed' }, { first_name: '' }, { email: 'nope' }]) {
      const response = await update(person, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(body(response).code).toBe('invalid_request')
    }
    expect(body(await update(person, { phone: '12' })).data.errors).toHaveProperty('phone')
    expect((await personRow(person.id)).person.first_name).toBe('Keep')
  })

  it('refuses names with control or bidi-override characters and emails with invisible ones', async () => {
    const person = await buildPerson(t, { firstName: 'Keep', lastName: 'Same' })
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ first_name: 'Evil\u001b]8;;x' }, 'first_name'],
      [{ first_name: 'Be\u0007ll' }, 'first_name'],
      [{ last_name: 'Same\u202etxt.exe' }, 'last_name'],
      [{ email: `new\u200b-${person.email}`, old_password: testPassword }, 'email'],
      [{ email: `new\ufeff-${person.email}`, old_password: testPassword }, 'email'],
    ]
    for (const [payload, field] of cases) {
      const response = await update(person, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(body(response).data.errors).toHaveProperty(field)
    }
    const { person: row, account } = await personRow(person.id)
    expect(row).toMatchObject({ first_name: 'Keep', last_name: 'Same' })
    expect(account.email).toBe(person.email)
  })

  it('lets only owners of a team with the integration turn MD sync on', async () => {
    const person = await buildPerson(t)
    await addMember(t, person.id, church, 'owner')
    const refused = await update(person, { sync_with_md: 1 })
    expect(refused.statusCode).toBe(403)
    expect(body(refused).code).toBe('forbidden')
    expect((await personRow(person.id)).account.sync_with_md).toBe(false)
  })

  it('ignores name and phone changes while synced with MD, and says so', async () => {
    const person = await buildPerson(t, { firstName: 'Synced', lastName: 'Owner' })
    await addMember(t, person.id, mdChurch, 'owner')
    expect(body(await update(person, { sync_with_md: true, first_name: 'Changed', locale: 'es' }))).toEqual({
      force_logout: false,
      errors: [syncedFieldsMessage],
    })
    let row = await personRow(person.id)
    expect(row.account).toMatchObject({ sync_with_md: true, locale: 'es' })
    expect(row.person.first_name).toBe('Synced')
    expect(body(await update(person, { first_name: 'Synced', last_name: 'Owner' })).errors).toEqual([])
    expect(body(await update(person, { phone: '0412 345 678' })).errors).toEqual([syncedFieldsMessage])
    // Turning sync off in the same request lets the change through.
    expect(body(await update(person, { sync_with_md: false, first_name: 'Free' })).errors).toEqual([])
    row = await personRow(person.id)
    expect(row.account.sync_with_md).toBe(false)
    expect(row.person).toMatchObject({ first_name: 'Free', phone: null })
  })

  it('D3-2.6-03 turning Sync with MD on copies the name and phone the church roster holds; each GET profile refreshes them', async () => {
    const person = await buildPerson(t, { firstName: 'Local', lastName: 'Name' })
    await addMember(t, person.id, mdChurch, 'owner')
    const conference = await buildTeam(t, { kind: 'conference' })
    await t.db
      .insert(churchRosterMembers)
      .values({ conference_id: conference, church_acms_id: 'MD1', email: person.email, first_name: 'Roster', last_name: 'Person', phone: '+61412345678' })
    expect(body(await profile(person))).toMatchObject({ first_name: 'Local', sync_with_md: false })
    expect(body(await profile(person)).md_member_found).toBeUndefined()

    expect((await update(person, { sync_with_md: 1 })).statusCode).toBe(200)
    expect((await personRow(person.id)).person).toMatchObject({ first_name: 'Roster', last_name: 'Person', phone: '+61412345678' })
    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subject_type, 'account'), eq(activityLog.subject_id, person.id)))
      .orderBy(desc(activityLog.id))
      .limit(1)
    expect(entry?.after).toMatchObject({ first_name: 'Roster', synced_with_md: true })

    // MD changes; the next GET profile shows it and stores it. Edits stay refused.
    await t.db.update(churchRosterMembers).set({ first_name: 'Renamed', phone: '' }).where(eq(churchRosterMembers.email, person.email))
    expect(body(await profile(person))).toMatchObject({
      first_name: 'Renamed',
      last_name: 'Person',
      phone: '+61412345678',
      sync_with_md: true,
      md_member_found: true,
    })
    expect(body(await update(person, { first_name: 'Mine' })).errors).toEqual([syncedFieldsMessage])
    expect((await personRow(person.id)).person.first_name).toBe('Renamed')
  })

  it('D3-2.6-03 while synced, a person MD does not know keeps their details and the profile says MD did not find them', async () => {
    const person = await buildPerson(t, { firstName: 'Unknown', lastName: 'ToMd' })
    await addMember(t, person.id, mdChurch, 'owner')
    expect((await update(person, { sync_with_md: true })).statusCode).toBe(200)
    expect(body(await profile(person))).toMatchObject({ first_name: 'Unknown', last_name: 'ToMd', sync_with_md: true, md_member_found: false })
  })

  it('changes the email with the old password: unverified, activation mail, every session ends', async () => {
    const person = await buildPerson(t, { firstName: 'Priscilla' })
    const taken = await buildPerson(t)
    const newEmail = `moved-${person.id}@crm.test`
    for (const old_password of [undefined, 'wrong password']) {
      const response = await update(person, { email: newEmail, ...(old_password ? { old_password } : {}) })
      expect(response.statusCode).toBe(400)
      expect(body(response).code).toBe('incorrect_old_password')
    }
    const conflict = await update(person, { email: taken.email, old_password: testPassword })
    expect(conflict.statusCode).toBe(409)
    expect(body(conflict).code).toBe('email_exists')
    expect((await personRow(person.id)).account.email).toBe(person.email)

    const response = await update(person, { email: newEmail.toUpperCase(), old_password: testPassword })
    expect(response.statusCode).toBe(200)
    expect(body(response)).toEqual({ force_logout: true, errors: [] })
    const { person: row, account } = await personRow(person.id)
    expect(account).toMatchObject({ email: newEmail, email_verified_at: null })
    expect(row).toMatchObject({ email: newEmail, email_is_verified: false })
    expect(await t.db.select().from(sessions).where(eq(sessions.person_id, person.id))).toHaveLength(0)
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: person.token })).statusCode).toBe(401)
    expect((await mailTo(t, person.email)).map((mail) => mail.template)).toEqual(['email_changed'])

    const [activation] = await mailTo(t, newEmail)
    expect(body(await login(newEmail, testPassword)).code).toBe('email_not_verified')
    const key = linkIn(activation!.text_body, '/activate').searchParams.get('key')
    expect((await t.call({ method: 'POST', url: '/api/v1/activate', payload: { key } })).statusCode).toBe(200)
    expect((await login(newEmail, testPassword)).statusCode).toBe(200)
  })

  it('changes the password with the old one and every private note re-encrypted', async () => {
    const person = await buildPerson(t)
    const stranger = await buildPerson(t)
    const mine = [await addNote(person.id, { encrypted: true }), await addNote(person.id, { encrypted: true })]
    const publicNote = await addNote(person.id, { encrypted: false, content: 'public words' })
    const theirs = await addNote(stranger.id, { encrypted: true, content: 'their cipher' })
    await t.db
      .insert(twoFactorRemembered)
      .values({ person_id: person.id, token_hash: `h-${person.id}`, expires_at: new Date(t.clock.now().getTime() + 3600_000) })
    const reencrypted = mine.map((id) => ({ id, content: ciphertext() }))

    const wrongOld = await update(person, { old_password: 'wrong password', password: 'NewStrongPass123!', private_notes: reencrypted })
    expect(body(wrongOld).code).toBe('incorrect_old_password')
    expect(body(await login(person.email, 'NewStrongPass123!')).code).toBe('login_failed')

    const weak = await update(person, { old_password: testPassword, password: elevenCharacters, private_notes: reencrypted })
    expect(weak.statusCode).toBe(400)
    expect(body(weak).data.errors).toHaveProperty('password')

    for (const given of [
      undefined,
      reencrypted.slice(1),
      [...reencrypted, { id: theirs, content: ciphertext() }],
      [...reencrypted, { id: publicNote, content: ciphertext() }],
      [reencrypted[0], reencrypted[0]],
    ]) {
      const response = await update(person, { old_password: testPassword, password: strongPassword, ...(given ? { private_notes: given } : {}) })
      expect(response.statusCode).toBe(400)
      expect(body(response).data.errors).toHaveProperty('private_notes')
    }
    expect((await login(person.email, testPassword)).statusCode).toBe(200)

    const response = await update(person, { old_password: testPassword, password: strongPassword, private_notes: reencrypted })
    expect(response.statusCode).toBe(200)
    expect(body(response).force_logout).toBe(true)
    const stored = await t.db
      .select()
      .from(notes)
      .where(inArray(notes.id, [...mine, publicNote, theirs]))
    const content = Object.fromEntries(stored.map((note) => [note.id, note.content]))
    expect(content).toEqual({
      [mine[0]!]: reencrypted[0]!.content,
      [mine[1]!]: reencrypted[1]!.content,
      [publicNote]: 'public words',
      [theirs]: 'their cipher',
    })
    expect(await t.db.select().from(sessions).where(eq(sessions.person_id, person.id))).toHaveLength(0)
    expect(await t.db.select().from(twoFactorRemembered).where(eq(twoFactorRemembered.person_id, person.id))).toHaveLength(0)
    expect(body(await login(person.email, testPassword)).code).toBe('login_failed')
    expect((await login(person.email, strongPassword)).statusCode).toBe(200)
    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subject_type, 'account'), eq(activityLog.subject_id, person.id)))
    expect(log).toHaveLength(1)
    expect(JSON.stringify(log)).not.toContain(strongPassword)
    for (const note of reencrypted) expect(JSON.stringify(log)).not.toContain(note.content)
  })

  it('refuses the whole change when a re-encrypted private note is not ciphertext, as add-contact-note does; nothing changes', async () => {
    const person = await buildPerson(t)
    const mine = [await addNote(person.id, { encrypted: true, content: ciphertext() }), await addNote(person.id, { encrypted: true, content: ciphertext() })]
    const notesBefore = await t.db.select().from(notes).where(inArray(notes.id, mine))
    const before = await personRow(person.id)
    // Plain text, a wrong prefix, broken base64, too short to hold an IV and a tag.
    for (const content of ['my secret about Tom', `v2:${randomBytes(48).toString('base64')}`, 'v1:not base64!!', 'v1:AAAA']) {
      const response = await update(person, {
        first_name: 'Renamed',
        old_password: testPassword,
        password: strongPassword,
        private_notes: [
          { id: mine[0], content: ciphertext() },
          { id: mine[1], content },
        ],
      })
      expect(response.statusCode, content).toBe(400)
      expect(body(response)).toEqual({
        code: 'invalid_request',
        message: expect.any(String),
        data: {
          status: 400,
          errors: { 'private_notes.1.content': noteCiphertextMessage },
          error_codes: { 'private_notes.1.content': { code: 'note_not_encrypted', params: {} } },
        },
      })
    }
    expect(await t.db.select().from(notes).where(inArray(notes.id, mine))).toEqual(notesBefore)
    expect(await personRow(person.id)).toEqual(before)
    expect(await t.db.select().from(sessions).where(eq(sessions.person_id, person.id))).not.toHaveLength(0)
    expect(
      await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.subject_type, 'account'), eq(activityLog.subject_id, person.id))),
    ).toEqual([])
    expect((await login(person.email, testPassword)).statusCode).toBe(200)
  })

  it('accepts re-encrypted private notes that are ciphertext, of any length a note may have', async () => {
    const person = await buildPerson(t)
    const mine = [await addNote(person.id, { encrypted: true }), await addNote(person.id, { encrypted: true })]
    // The shortest ciphertext (an empty text: IV and tag) and a long one.
    const reencrypted = [
      { id: mine[0]!, content: ciphertext(28) },
      { id: mine[1]!, content: ciphertext(30_000) },
    ]
    const response = await update(person, { old_password: testPassword, password: strongPassword, private_notes: reencrypted })
    expect(response.statusCode).toBe(200)
    const stored = await t.db.select({ id: notes.id, content: notes.content }).from(notes).where(inArray(notes.id, mine)).orderBy(notes.id)
    expect(stored).toEqual(reencrypted)
  })

  it('changes the password of a person without private notes', async () => {
    const person = await buildPerson(t)
    expect(body(await update(person, { old_password: testPassword, password: strongPassword })).force_logout).toBe(true)
    expect((await login(person.email, strongPassword)).statusCode).toBe(200)
  })
})

describe('DELETE /api/v1/delete-account', () => {
  it('is 401 without a session', async () => {
    expect((await t.call({ method: 'DELETE', url: '/api/v1/delete-account' })).statusCode).toBe(401)
  })

  const remove = (person: TestPerson, payload?: Record<string, unknown>) =>
    t.call({ method: 'DELETE', url: '/api/v1/delete-account', token: person.token, ...(payload ? { payload } : {}) })

  it('needs the password: none is 400, a wrong one is incorrect_password; nothing is removed', async () => {
    const person = await buildPerson(t)
    const missing = await remove(person)
    expect(missing.statusCode).toBe(400)
    expect(body(missing).data.errors).toHaveProperty('password')
    const wrong = await remove(person, { password: 'not my password' })
    expect(wrong.statusCode).toBe(400)
    expect(body(wrong)).toMatchObject({ code: 'incorrect_password', data: { status: 400 } })
    expect(await t.db.select().from(people).where(eq(people.id, person.id))).toHaveLength(1)
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: person.token })).statusCode).toBe(200)
  })

  it('needs the code while two-factor sign-in is on', async () => {
    const person = await buildPerson(t)
    const setup = body(await t.call({ method: 'POST', url: '/api/v1/two-factor-setup', token: person.token, payload: {} }))
    const secret = setup.secret_grouped.replace(/ /g, '')
    expect((await t.call({ method: 'POST', url: '/api/v1/two-factor-enable', token: person.token, payload: { totp: totpCode(t, secret) } })).statusCode).toBe(
      200,
    )
    const noCode = await remove(person, { password: testPassword })
    expect(noCode.statusCode).toBe(400)
    expect(body(noCode).code).toBe('2fa_required')
    const wrongCode = await remove(person, { password: testPassword, totp: totpCode(t, secret) === '000000' ? '111111' : '000000' })
    expect(body(wrongCode).code).toBe('incorrect_totp')
    expect(await t.db.select().from(people).where(eq(people.id, person.id))).toHaveLength(1)
    t.clock.advance(30_000)
    expect((await remove(person, { password: testPassword, totp: totpCode(t, secret) })).statusCode).toBe(200)
    expect(await t.db.select().from(people).where(eq(people.id, person.id))).toHaveLength(0)
  })

  it('counts wrong passwords towards the sign-in throttle', async () => {
    const person = await buildPerson(t)
    for (let i = 0; i <= accountThrottle.free; i++) expect(body(await remove(person, { password: `guess ${i}` })).code).toBe('incorrect_password')
    const refused = await remove(person, { password: testPassword })
    expect(refused.statusCode).toBe(429)
    expect(body(refused).data.retry_after).toBe(accountThrottle.baseSeconds)
    expect(await t.db.select().from(people).where(eq(people.id, person.id))).toHaveLength(1)
  })

  it("removes the person's private groups with the account: no group is left without its owner", async () => {
    const person = await buildPerson(t)
    const other = await buildPerson(t)
    await addMember(t, person.id, church, 'member')
    await addMember(t, other.id, church, 'member')
    const created = await t.call({
      method: 'POST',
      url: '/api/v1/add-group',
      token: person.token,
      payload: { team_id: church, title: 'My own group', is_private: 1 },
    })
    const privateGroup = body(created).id as number
    const othersGroup = await buildTeam(t, { kind: 'group', parentId: church, isPublic: false, isolatedOwnerId: other.id })
    const publicGroup = await buildTeam(t, { kind: 'group', parentId: church })
    await addMember(t, person.id, publicGroup, 'member')
    expect((await remove(person, { password: testPassword })).statusCode).toBe(200)
    expect(await t.db.select().from(teams).where(eq(teams.id, privateGroup))).toHaveLength(0)
    expect(await t.db.select().from(memberships).where(eq(memberships.team_id, privateGroup))).toHaveLength(0)
    expect(
      await t.db
        .select()
        .from(teams)
        .where(inArray(teams.id, [othersGroup, publicGroup, church])),
    ).toHaveLength(3)
    const log = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subject_type, 'account'), eq(activityLog.subject_id, person.id), eq(activityLog.action, 'delete')))
    expect(log[0]!.after).toEqual({ private_groups_removed: [privateGroup] })
  })

  it('is refused while the person is the last owner of a team; with a second owner it goes ahead', async () => {
    const person = await buildPerson(t)
    const team = await buildTeam(t, { title: `Sole owner church ${person.id}` })
    await addMember(t, person.id, team, 'owner')
    const refused = await remove(person, { password: testPassword })
    expect(refused.statusCode).toBe(409)
    expect(body(refused).message).toBe('The last owner cannot leave or be demoted; make someone else an owner first.')
    expect(await t.db.select().from(people).where(eq(people.id, person.id))).toHaveLength(1)
    const second = await buildPerson(t)
    await addMember(t, second.id, team, 'owner')
    expect((await remove(person, { password: testPassword })).statusCode).toBe(200)
    expect(await t.db.select().from(memberships).where(eq(memberships.team_id, team))).toHaveLength(1)
  })

  it('removes the person with account, sessions, memberships and private notes', async () => {
    const person = await buildPerson(t)
    await addMember(t, person.id, church, 'member')
    const privateNote = await addNote(person.id, { encrypted: true })
    const publicNote = await addNote(person.id, { encrypted: false })
    const response = await remove(person, { password: testPassword })
    expect(response.statusCode).toBe(200)
    expect(body(response)).toEqual({ success: true })
    expect(await t.db.select().from(people).where(eq(people.id, person.id))).toHaveLength(0)
    expect(await t.db.select().from(accounts).where(eq(accounts.person_id, person.id))).toHaveLength(0)
    expect(await t.db.select().from(sessions).where(eq(sessions.person_id, person.id))).toHaveLength(0)
    expect(await t.db.select().from(memberships).where(eq(memberships.person_id, person.id))).toHaveLength(0)
    expect(await t.db.select().from(notes).where(eq(notes.id, privateNote))).toHaveLength(0)
    const [kept] = await t.db.select().from(notes).where(eq(notes.id, publicNote))
    expect(kept!.author_id).toBeNull()
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: person.token })).statusCode).toBe(401)
    expect((await login(person.email, testPassword)).statusCode).toBe(401)
  })
})

describe('GET /api/v1/my-private-notes', () => {
  it('is 401 without a session', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v1/my-private-notes' })).statusCode).toBe(401)
  })

  it("lists the person's own private notes as ciphertext, nothing else", async () => {
    const person = await buildPerson(t)
    const other = await buildPerson(t)
    const first = await addNote(person.id, { encrypted: true, content: 'v1:aaa' })
    await addNote(person.id, { encrypted: false, content: 'public' })
    await addNote(other.id, { encrypted: true, content: 'v1:theirs' })
    const second = await addNote(person.id, { encrypted: true, content: 'v1:bbb' })
    const response = await t.call({ method: 'GET', url: '/api/v1/my-private-notes', token: person.token })
    expect(response.statusCode).toBe(200)
    expect(body(response)).toEqual({
      items: [
        { id: first, content: 'v1:aaa' },
        { id: second, content: 'v1:bbb' },
      ],
    })
  })
})
