import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { daysFromToday, transferDateTooSoonMessage } from '@crm/domain'
import { activityLog, notifications, teams, transferContacts, transfers } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { get, post } from '../../../test/contact-factories'
import { assignContact, buildContact } from '../../../test/contacts'
import { buildTransferWorld, insertTransfer, transferForm, type TransferWorld } from '../../../test/transfer-factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

async function transferRow(id: number) {
  const [row] = await t.db.select().from(transfers).where(eq(transfers.id, id))
  return row
}

describe('POST /api/v1/create-transfer', () => {
  it('D3-7.3-02 D3-5-16 D3-6-04 plans a transfer 7 days ahead and logs it', async () => {
    const w = await buildTransferWorld(t)
    const response = await post(t, 'create-transfer', w.entity.token, transferForm(w, 7))
    expect(response.statusCode, response.body).toBe(200)
    const id = body(response).data.id
    expect(await transferRow(id)).toMatchObject({
      from_team_id: w.from,
      to_team_id: w.to,
      person_id: w.pastor.id,
      date: daysFromToday(7),
      is_processed: false,
      created_by_id: w.entity.id,
    })
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subject_type, 'transfer'), eq(activityLog.subject_id, id)))
    expect(logged).toMatchObject([{ action: 'add', team_id: w.conference, author_id: w.entity.id }])
    // The pastor is told that the choice of contacts is theirs, with the way to it.
    const told = await t.db.select().from(notifications).where(eq(notifications.recipient_user_id, w.pastor.id))
    expect(told).toMatchObject([{ team_id: w.from, link_url: `/transfers/view/${id}`, link_text: 'Choose contacts', kind: 'transfer_planned' }])
    expect(told[0]!.params).toEqual({ from: expect.any(String), to: expect.any(String) })
    expect(told[0]!.content).toContain('Choose which of your contacts move with you')
  })

  it('D3-5-15 takes an empty date (processed by hand)', async () => {
    const w = await buildTransferWorld(t)
    const response = await post(t, 'create-transfer', w.entity.token, transferForm(w, null))
    expect(response.statusCode, response.body).toBe(200)
    expect((await transferRow(body(response).data.id))!.date).toBeNull()
  })

  it('D3-5-16 refuses a date under 7 days ahead, in the contract’s words', async () => {
    const w = await buildTransferWorld(t)
    const response = await post(t, 'create-transfer', w.entity.token, transferForm(w, 6))
    expect(response.statusCode).toBe(400)
    expect(body(response).data.errors.date).toBe(transferDateTooSoonMessage)
    expect(await t.db.select().from(transfers).where(eq(transfers.person_id, w.pastor.id))).toEqual([])
  })

  it('D3-5-17 needs every church, conference and the pastor', async () => {
    const w = await buildTransferWorld(t)
    for (const field of ['from_conference_id', 'to_conference_id', 'from_team_id', 'to_team_id', 'user_id'] as const) {
      const { [field]: _left, ...form } = transferForm(w)
      const response = await post(t, 'create-transfer', w.entity.token, form)
      expect(response.statusCode, field).toBe(400)
      expect(body(response).data.errors[field], field).toBeTruthy()
    }
  })

  it('refuses the same church, a church of another conference, a pastor who is not an owner and a conference not administered', async () => {
    const w = await buildTransferWorld(t)
    const other = await buildTeam(t, { kind: 'conference' })
    const otherChurch = await buildTeam(t, { parentId: other })
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ to_team_id: w.from }, 'to_team_id'],
      [{ from_team_id: otherChurch }, 'from_team_id'],
      [{ to_team_id: otherChurch }, 'to_team_id'],
      [{ user_id: w.leader.id }, 'user_id'],
      [{ from_conference_id: other }, 'from_conference_id'],
      [{ to_conference_id: other, to_team_id: otherChurch }, 'to_conference_id'],
    ]
    for (const [change, field] of cases) {
      const response = await post(t, 'create-transfer', w.entity.token, { ...transferForm(w), ...change })
      expect(response.statusCode, field).toBe(400)
      expect(Object.keys(body(response).data.errors), field).toContain(field)
    }
    // An entity admin of both conferences may send the pastor to the other one.
    await addMember(t, w.entity.id, other, 'entity_admin')
    const across = await post(t, 'create-transfer', w.entity.token, { ...transferForm(w), to_conference_id: other, to_team_id: otherChurch })
    expect(across.statusCode, across.body).toBe(200)
  })

  it('refuses a second upcoming transfer of one pastor (409), and of two at once exactly one is written', async () => {
    const w = await buildTransferWorld(t)
    const [first, second] = await Promise.all([
      post(t, 'create-transfer', w.entity.token, transferForm(w, 10)),
      post(t, 'create-transfer', w.entity.token, transferForm(w, 12)),
    ])
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409])
    const refused = [first!, second!].find((response) => response.statusCode === 409)!
    expect(body(refused)).toMatchObject({
      code: 'conflict',
      message: 'This pastor already has an upcoming transfer.',
      data: { reason: 'pastor_has_upcoming_transfer' },
    })
    expect(await t.db.select().from(transfers).where(eq(transfers.person_id, w.pastor.id))).toHaveLength(1)
  })

  it('D3-6-04 answers 401 without a session, 403 to a church team and without create_transfer, 400 to a bad payload', async () => {
    const w = await buildTransferWorld(t)
    expect((await t.call({ method: 'POST', url: '/api/v1/create-transfer', payload: transferForm(w) })).statusCode).toBe(401)
    const conferenceOwner = await buildPerson(t)
    await addMember(t, conferenceOwner.id, w.conference, 'owner')
    expect((await post(t, 'create-transfer', conferenceOwner.token, transferForm(w))).statusCode).toBe(403)
    expect((await post(t, 'create-transfer', w.entity.token, { ...transferForm(w), team_id: w.from })).statusCode).toBe(403)
    expect((await post(t, 'create-transfer', w.pastor.token, { ...transferForm(w), team_id: w.from })).statusCode).toBe(403)
    const bad = await post(t, 'create-transfer', w.entity.token, { ...transferForm(w), user_id: 'x', date: 'soon', from_team_id: 99_999_999_999 })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(body(bad).data.errors).sort()).toEqual(['date', 'from_team_id', 'user_id'])
  })
})

describe('GET /api/v1/transfers', () => {
  let w: TransferWorld
  let ids: { upcoming: number; processed: number; other: number }
  beforeAll(async () => {
    w = await buildTransferWorld(t)
    const second = await buildPerson(t, { firstName: 'Sam', lastName: 'Second' })
    await addMember(t, second.id, w.to, 'owner')
    const upcoming = await insertTransfer(t, w, daysFromToday(20))
    const [processed] = await t.db
      .insert(transfers)
      .values({
        from_conference_id: w.conference,
        to_conference_id: w.conference,
        from_team_id: w.to,
        to_team_id: w.from,
        person_id: second.id,
        is_processed: true,
        processed_at: new Date(),
      })
      .returning({ id: transfers.id })
    const elsewhere = await buildTransferWorld(t)
    ids = { upcoming, processed: processed!.id, other: await insertTransfer(t, elsewhere) }
    await t.db.insert(transferContacts).values({ transfer_id: upcoming, contact_id: await buildContact(t, { teamId: w.from }), state: 'move' })
  })

  it('D3-2.2-01 D3-7.3-01 lists upcoming (processed=0) and processed ones apart, with items and count', async () => {
    const upcoming = body(await get(t, 'transfers', w.entity.token, { team_id: w.conference, processed: 0, page: 1, per_page: 20 }))
    expect(upcoming).toMatchObject({ count: 1, max_pages: 1 })
    expect(upcoming.items).toMatchObject([
      { id: ids.upcoming, user_name: 'Paul Pastor', move_count: 1, share_count: 0, is_processed: false, date: daysFromToday(20) },
    ])
    expect(upcoming.items[0].date_display).toMatch(/\d{4}/)
    const processed = body(await get(t, 'transfers', w.entity.token, { team_id: w.conference, processed: 1 }))
    expect(processed.items.map((item: { id: number }) => item.id)).toEqual([ids.processed])
  })

  it('searches by the pastor’s name or a church’s name, orders by created newest first by default, and pages', async () => {
    const names = async (query: Record<string, string | number>) =>
      body(await get(t, 'transfers', w.entity.token, { team_id: w.conference, ...query })).items.map((item: { id: number }) => item.id)
    expect(await names({ search: 'paul' })).toEqual([ids.upcoming])
    expect(await names({ search: 'zzz' })).toEqual([])
    const [from] = await t.db.select({ title: teams.title }).from(teams).where(eq(teams.id, w.from))
    expect(await names({ processed: 1, search: from!.title })).toEqual([ids.processed])
    // Another conference's transfer never shows.
    expect(await names({ search: 'pastor' })).not.toContain(ids.other)
    expect((await get(t, 'transfers', w.entity.token, { team_id: w.conference, per_page: 4, page: 3 })).statusCode).toBe(200)
    expect((await get(t, 'transfers', w.entity.token, { team_id: w.conference, order_by: 'nope' })).statusCode).toBe(400)
  })

  it('D3-6-04 answers 401, 403 in a church and without create_transfer', async () => {
    expect((await t.call({ method: 'GET', url: `/api/v1/transfers?team_id=${w.conference}` })).statusCode).toBe(401)
    expect((await get(t, 'transfers', w.pastor.token, { team_id: w.from })).statusCode).toBe(403)
    expect((await get(t, 'transfers', w.entity.token, { team_id: w.from })).statusCode).toBe(403)
  })
})

describe('GET /api/v1/transfer/{id}', () => {
  it('D3-2.2-03 D3-3-01 D3-3-03 shows the transfer to the conference with data_view, data_edit and what may be done', async () => {
    const w = await buildTransferWorld(t)
    await t.db.update(teams).set({ address_formatted: '1 From Street, Town NSW 2000' }).where(eq(teams.id, w.from))
    const id = await insertTransfer(t, w)
    const response = await get(t, `transfer/${id}`, w.entity.token, { team_id: w.conference })
    expect(response.statusCode, response.body).toBe(200)
    const item = body(response)
    expect(item.data_view).toMatchObject({
      id,
      user_id: w.pastor.id,
      user_name: 'Paul Pastor',
      user_email: w.pastor.email,
      from_conference_id: w.conference,
      from_team_id: w.from,
      from_team_address_formatted_break: '1 From Street\nTown NSW 2000',
      to_team_id: w.to,
      date: null,
      date_display: null,
      is_processed: false,
      move_contact_ids: [],
      share_contact_ids: [],
      contacts: [],
    })
    for (const key of ['created', 'to_team_name', 'to_team_address_formatted_break', 'from_team_name', 'to_conference_id'])
      expect(item.data_view).toHaveProperty(key)
    expect(item.data_edit).toMatchObject({ from_team_id: w.from, to_team_id: w.to, user_id: w.pastor.id, user_name: 'Paul Pastor', date: null })
    expect(item).toMatchObject({ can_update: true, can_select_contacts: false, can_read_contacts: true, can_process: true })
  })

  it('D3-6-06 shows it to the pastor in the from-church, not to a leader (403) nor to another conference (404)', async () => {
    const w = await buildTransferWorld(t)
    const id = await insertTransfer(t, w, daysFromToday(9))
    const mine = body(await get(t, `transfer/${id}`, w.pastor.token, { team_id: w.from }))
    expect(mine).toMatchObject({ data_edit: null, can_update: false, can_select_contacts: true, can_read_contacts: false, can_process: false })
    expect((await get(t, `transfer/${id}`, w.leader.token, { team_id: w.from })).statusCode).toBe(403)
    expect((await t.call({ method: 'GET', url: `/api/v1/transfer/${id}?team_id=${w.from}` })).statusCode).toBe(401)
    const elsewhere = await buildTransferWorld(t)
    const hidden = await get(t, `transfer/${id}`, elsewhere.entity.token, { team_id: elsewhere.conference })
    expect(hidden.statusCode).toBe(404)
    expect(body(hidden).code).toBe('not_found')
    // A church it does not concern: not found either.
    const third = await buildTeam(t, { parentId: w.conference })
    await addMember(t, w.pastor.id, third, 'owner')
    expect((await get(t, `transfer/${id}`, w.pastor.token, { team_id: third })).statusCode).toBe(404)
    expect((await get(t, 'transfer/0', w.entity.token, { team_id: w.conference })).statusCode).toBe(400)
  })
})

describe('POST /api/v1/update-transfer/{id}', () => {
  it('D3-7.3-03 changes the date and the church; a new from-church clears the chosen contacts', async () => {
    const w = await buildTransferWorld(t)
    const id = await insertTransfer(t, w, daysFromToday(8))
    const response = await post(t, `update-transfer/${id}`, w.entity.token, transferForm(w, 10))
    expect(response.statusCode, response.body).toBe(200)
    expect((await transferRow(id))!.date).toBe(daysFromToday(10))
    expect(body(await get(t, `transfer/${id}`, w.entity.token, { team_id: w.conference })).data_view.date).toBe(daysFromToday(10))

    const contact = await buildContact(t, { teamId: w.from })
    await t.db.insert(transferContacts).values({ transfer_id: id, contact_id: contact, state: 'share' })
    const otherChurch = await buildTeam(t, { parentId: w.conference })
    await addMember(t, w.pastor.id, otherChurch, 'owner')
    expect((await post(t, `update-transfer/${id}`, w.entity.token, { ...transferForm(w, 10), from_team_id: otherChurch })).statusCode).toBe(200)
    expect(await t.db.select().from(transferContacts).where(eq(transferContacts.transfer_id, id))).toEqual([])
  })

  it('D3-5-16 checks the date only when it changes', async () => {
    const w = await buildTransferWorld(t)
    const id = await insertTransfer(t, w, daysFromToday(3))
    const kept = await post(t, `update-transfer/${id}`, w.entity.token, { ...transferForm(w), date: daysFromToday(3) })
    expect(kept.statusCode, kept.body).toBe(200)
    const moved = await post(t, `update-transfer/${id}`, w.entity.token, { ...transferForm(w), date: daysFromToday(4) })
    expect(moved.statusCode).toBe(400)
    expect(body(moved)).toMatchObject({ message: transferDateTooSoonMessage, data: { errors: { date: transferDateTooSoonMessage } } })
    expect((await transferRow(id))!.date).toBe(daysFromToday(3))
  })

  it('D3-4-01 refuses a processed transfer (409), another conference’s (404), 401 and 403', async () => {
    const w = await buildTransferWorld(t)
    const id = await insertTransfer(t, w)
    await t.db.update(transfers).set({ is_processed: true, processed_at: new Date() }).where(eq(transfers.id, id))
    const refused = await post(t, `update-transfer/${id}`, w.entity.token, transferForm(w))
    expect(refused.statusCode).toBe(409)
    expect(body(refused)).toMatchObject({ code: 'conflict', message: 'This transfer has been processed.', data: { reason: 'transfer_processed' } })
    const elsewhere = await buildTransferWorld(t)
    expect((await post(t, `update-transfer/${id}`, elsewhere.entity.token, { ...transferForm(elsewhere) })).statusCode).toBe(404)
    expect((await t.call({ method: 'POST', url: `/api/v1/update-transfer/${id}`, payload: transferForm(w) })).statusCode).toBe(401)
    expect((await post(t, `update-transfer/${id}`, w.pastor.token, { ...transferForm(w), team_id: w.from })).statusCode).toBe(403)
  })
})

describe('POST /api/v1/delete-transfer', () => {
  it('D3-2.2-07 cancels an upcoming transfer and its chosen contacts, and nothing else', async () => {
    const w = await buildTransferWorld(t)
    const id = await insertTransfer(t, w)
    const contact = await buildContact(t, { teamId: w.from })
    await assignContact(t, w.from, contact, w.pastor.id)
    await t.db.insert(transferContacts).values({ transfer_id: id, contact_id: contact, state: 'move' })
    const elsewhere = await buildTransferWorld(t)
    expect((await post(t, 'delete-transfer', elsewhere.entity.token, { team_id: elsewhere.conference, id })).statusCode).toBe(404)
    expect((await post(t, 'delete-transfer', w.entity.token, { team_id: w.conference })).statusCode).toBe(400)
    const response = await post(t, 'delete-transfer', w.entity.token, { team_id: w.conference, id })
    expect(response.statusCode, response.body).toBe(200)
    expect(await transferRow(id)).toBeUndefined()
    expect(await t.db.select().from(transferContacts).where(eq(transferContacts.transfer_id, id))).toEqual([])
    expect((await get(t, `transfer/${id}`, w.entity.token, { team_id: w.conference })).statusCode).toBe(404)
    // The contact, its assignment and the pastor's place stay as they were.
    const list = body(await get(t, 'assigned-contacts', w.pastor.token, { team_id: w.from, group_id: w.from }))
    expect(list.items.map((item: { id: number }) => item.id)).toEqual([contact])
  })

  it('refuses a processed transfer (409)', async () => {
    const w = await buildTransferWorld(t)
    const id = await insertTransfer(t, w)
    await t.db.update(transfers).set({ is_processed: true }).where(eq(transfers.id, id))
    expect((await post(t, 'delete-transfer', w.entity.token, { team_id: w.conference, id })).statusCode).toBe(409)
    expect(await transferRow(id)).toBeDefined()
  })
})

describe('POST /api/v1/set-contacts-to-transfer/{id}', () => {
  it('D3-2.2-09 D3-3-02 lets the pastor choose assigned contacts to move or share, replacing the selection', async () => {
    const w = await buildTransferWorld(t)
    const id = await insertTransfer(t, w)
    const [a, b, c] = [
      await buildContact(t, { teamId: w.from, first_name: 'Ann', last_name: 'Moves' }),
      await buildContact(t, { teamId: w.from, first_name: 'Ben', last_name: 'Shares' }),
      await buildContact(t, { teamId: w.from }),
    ]
    for (const contact of [a, b, c]) await assignContact(t, w.from, contact, w.pastor.id)
    const first = await post(t, `set-contacts-to-transfer/${id}`, w.pastor.token, { team_id: w.from, contacts: { [a]: 'move', [c]: 'share' } })
    expect(first.statusCode, first.body).toBe(200)
    expect(body(first).success_message).toBe('Changes saved.')
    const response = await post(t, `set-contacts-to-transfer/${id}`, w.pastor.token, { team_id: w.from, contacts: { [a]: 'move', [b]: 'share' } })
    expect(response.statusCode, response.body).toBe(200)
    const view = body(await get(t, `transfer/${id}`, w.pastor.token, { team_id: w.from })).data_view
    expect(view).toMatchObject({ move_contact_ids: [a], share_contact_ids: [b] })
    expect(view.contacts).toEqual([
      { id: a, name: 'Ann Moves', transfer_state: 'move' },
      { id: b, name: 'Ben Shares', transfer_state: 'share' },
    ])
    // The staff read it too (update_transfer); the list counts it.
    expect(body(await get(t, `transfer/${id}`, w.entity.token, { team_id: w.conference })).data_view.contacts).toHaveLength(2)
    expect(body(await get(t, 'transfers', w.entity.token, { team_id: w.conference })).items[0]).toMatchObject({ move_count: 1, share_count: 1 })
  })

  it('refuses a contact not assigned to the pastor there, naming it, and changes nothing', async () => {
    const w = await buildTransferWorld(t)
    const id = await insertTransfer(t, w)
    const mine = await buildContact(t, { teamId: w.from })
    await assignContact(t, w.from, mine, w.pastor.id)
    await post(t, `set-contacts-to-transfer/${id}`, w.pastor.token, { team_id: w.from, contacts: { [mine]: 'move' } })
    const leaders = await buildContact(t, { teamId: w.from })
    await assignContact(t, w.from, leaders, w.leader.id)
    const response = await post(t, `set-contacts-to-transfer/${id}`, w.pastor.token, {
      team_id: w.from,
      contacts: { [mine]: 'share', [leaders]: 'move', 4_000_000_000: 'move' },
    })
    expect(response.statusCode).toBe(400)
    expect(body(response).data.errors).toEqual({
      [`contacts.${leaders}`]: `Contact ${leaders} is not a contact assigned to you in this church.`,
      'contacts.4000000000': 'Contact 4000000000 is not a contact assigned to you in this church.',
    })
    expect(
      await t.db
        .select({ contact_id: transferContacts.contact_id, state: transferContacts.state })
        .from(transferContacts)
        .where(eq(transferContacts.transfer_id, id)),
    ).toEqual([{ contact_id: mine, state: 'move' }])
    const badState = await post(t, `set-contacts-to-transfer/${id}`, w.pastor.token, { team_id: w.from, contacts: { [mine]: 'keep' } })
    expect(badState.statusCode).toBe(400)
  })

  it('is the pastor’s alone: 404 to others in the church and to another church, 403 to a leader, 409 once processed', async () => {
    const w = await buildTransferWorld(t)
    const id = await insertTransfer(t, w)
    const coOwner = await buildPerson(t)
    await addMember(t, coOwner.id, w.from, 'owner')
    expect((await post(t, `set-contacts-to-transfer/${id}`, coOwner.token, { team_id: w.from, contacts: {} })).statusCode).toBe(404)
    expect((await post(t, `set-contacts-to-transfer/${id}`, w.leader.token, { team_id: w.from, contacts: {} })).statusCode).toBe(403)
    expect((await post(t, `set-contacts-to-transfer/${id}`, w.toOwner.token, { team_id: w.to, contacts: {} })).statusCode).toBe(404)
    expect((await t.call({ method: 'POST', url: `/api/v1/set-contacts-to-transfer/${id}`, payload: { team_id: w.from, contacts: {} } })).statusCode).toBe(401)
    expect((await post(t, `set-contacts-to-transfer/${id}`, w.pastor.token, { team_id: w.from, contacts: {} })).statusCode).toBe(200)
    await t.db.update(transfers).set({ is_processed: true }).where(eq(transfers.id, id))
    expect((await post(t, `set-contacts-to-transfer/${id}`, w.pastor.token, { team_id: w.from, contacts: {} })).statusCode).toBe(409)
  })

  it('under the child data gate: leaves a child out of the transfer’s read, refuses choosing one (child_data_gate) and keeps one chosen before', async () => {
    const w = await buildTransferWorld(t)
    const id = await insertTransfer(t, w)
    const now = t.clock.now()
    const child = await buildContact(t, { teamId: w.from, first_name: 'Kid', last_name: 'Young', dob_year: now.getFullYear() - 8, dob_month: 1 })
    const [adult, other] = [
      await buildContact(t, { teamId: w.from, first_name: 'Ann', last_name: 'Adult' }),
      await buildContact(t, { teamId: w.from, first_name: 'Bo', last_name: 'Other' }),
    ]
    for (const contact of [child, adult, other]) await assignContact(t, w.from, contact, w.pastor.id)
    await t.db.insert(transferContacts).values([
      { transfer_id: id, contact_id: child, state: 'move' },
      { transfer_id: id, contact_id: adult, state: 'move' },
    ])
    // Only exempt roles read transfers and choose their contacts (read_transfer: owners and
    // up), so no gated caller reaches these routes: the gate is checked on the services here.
    const { readTransfer } = await import('./transfer-read.service')
    const { setContactsToTransfer } = await import('./transfers.service')
    const { loadTeamScope } = await import('../../platform/access')
    const viewer = { personId: w.pastor.id, email: w.pastor.email, isSiteAdmin: false, sessionId: 0, locale: 'en' }
    const scope = await loadTeamScope(t.db, viewer, w.from)
    const gated = { ...scope, childGate: { missing: ['adsafe' as const], primary_owner_name: null, primary_owner_email: null } }
    const selection = async () =>
      (
        await t.db
          .select({ contact_id: transferContacts.contact_id, state: transferContacts.state })
          .from(transferContacts)
          .where(eq(transferContacts.transfer_id, id))
      )
        .map((row) => `${row.contact_id}:${row.state}`)
        .sort()

    const view = (await readTransfer(t.app.deps, viewer, gated, id)).data_view
    expect(view).toMatchObject({ move_contact_ids: [adult], share_contact_ids: [], contacts: [{ id: adult, name: 'Ann Adult', transfer_state: 'move' }] })
    expect(JSON.stringify(view)).not.toContain('Kid')
    expect((await readTransfer(t.app.deps, viewer, scope, id)).data_view.contacts.map((contact) => contact.name)).toEqual(['Ann Adult', 'Kid Young'])

    const before = await selection()
    const refused = await setContactsToTransfer(t.app.deps, viewer, gated, id, { team_id: w.from, contacts: { [adult]: 'move', [child]: 'share' } }).catch(
      (error: unknown) => error,
    )
    expect(refused).toMatchObject({ code: 'child_data_gate', details: { missing: ['adsafe'] } })
    expect(await selection()).toEqual(before)
    // The pastor's own save (the child is not on their page) changes the adults and keeps the child.
    await setContactsToTransfer(t.app.deps, viewer, gated, id, { team_id: w.from, contacts: { [other]: 'share' } })
    expect(await selection()).toEqual([`${child}:move`, `${other}:share`].sort())
    // Without the gate the whole selection is replaced, the child with it.
    await setContactsToTransfer(t.app.deps, viewer, scope, id, { team_id: w.from, contacts: { [adult]: 'move' } })
    expect(await selection()).toEqual([`${adult}:move`])
    // Through HTTP: the pastor, an owner and so exempt, chooses the child and reads it back.
    expect((await post(t, `set-contacts-to-transfer/${id}`, w.pastor.token, { team_id: w.from, contacts: { [child]: 'share' } })).statusCode).toBe(200)
    expect(body(await get(t, `transfer/${id}`, w.pastor.token, { team_id: w.from })).data_view.contacts).toEqual([
      { id: child, name: 'Kid Young', transfer_state: 'share' },
    ])
  })
})
