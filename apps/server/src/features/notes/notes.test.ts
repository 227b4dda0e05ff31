import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { maxNoteCiphertextLength, maxNoteLength } from '@crm/domain'
import { activityLog, notes, teamContacts, teams } from '../../db/schema/index'
import { addMember, body, buildPerson, createTestApp, type TestApp, type TestPerson } from '../../../test/harness'
import { activityOf, assignContact, bornYearsAgo, buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

/** Ciphertext as the browser makes it: 'v1:' + base64(IV + sealed text + tag). */
function ciphertext(bytes = 48): string {
  return `v1:${randomBytes(bytes).toString('base64')}`
}

async function churchWithPublicNotes(on = true): Promise<Church> {
  const c = await buildChurch(t)
  await t.db
    .update(teams)
    .set({ settings: { public_notes: on } })
    .where(eq(teams.id, c.church))
  return c
}

const scopeOf = (c: Church, contact: number) => ({ team_id: c.church, group_id: c.church, user_id: contact })

function addNote(c: Church, who: TestPerson, contact: number, note: Record<string, unknown>) {
  return post(t, 'add-contact-note', who.token, { ...scopeOf(c, contact), ...note })
}

async function addedNote(c: Church, who: TestPerson, contact: number, note: Record<string, unknown>): Promise<number> {
  const response = await addNote(c, who, contact, note)
  expect(response.statusCode, response.body).toBe(200)
  return body(response).id as number
}

function updateNote(c: Church, who: TestPerson, contact: number, id: number, note: Record<string, unknown>) {
  return post(t, 'update-contact-note', who.token, { ...scopeOf(c, contact), id, ...note })
}

function deleteNote(c: Church, who: TestPerson, contact: number, id: number) {
  return post(t, 'delete-contact-note', who.token, { ...scopeOf(c, contact), id })
}

function listNotes(c: Church, who: TestPerson, contact: number, query: Record<string, string | number> = {}) {
  return get(t, `contact-notes/${contact}`, who.token, { team_id: c.church, group_id: c.church, ...query })
}

async function storedNote(id: number) {
  const [row] = await t.db.select().from(notes).where(eq(notes.id, id))
  return row
}

describe('add-contact-note and GET contact-notes/{id}', () => {
  it('writes a public note where the team keeps them, and lists notes newest first, paged (D2-7.4-04, D2-3.8-01, D2-9-04, D2-7.1-06)', async () => {
    const c = await churchWithPublicNotes()
    const contact = await buildContact(t, { teamId: c.church })
    const first = await addedNote(c, c.leader, contact, { content: '  Met at the door  ', is_encrypted: 0, type: 'public' })
    const written = new Date(Date.UTC(2026, 0, 10, 3))
    await t.db.update(notes).set({ created_at: written, updated_at: written }).where(eq(notes.id, first))
    const second = await addedNote(c, c.owner, contact, { content: 'Asked for prayer', type: 'private' })
    const list = body(await listNotes(c, c.leader, contact, { per_page: 4 }))
    expect(list).toMatchObject({ count: 2, max_pages: 1, public_notes: true })
    expect(list.items.map((item: any) => item.id)).toEqual([second, first])
    expect(list.items[1]).toEqual({
      id: first,
      content: 'Met at the door',
      is_encrypted: false,
      is_public: true,
      author_id: c.leader.id,
      author_name: expect.any(String),
      created_display: '10 Jan 2026',
      updated_display: null,
    })
    expect(list.items[0]).toMatchObject({ is_public: false, author_id: c.owner.id, author_name: 'Olive Owner' })
    const paged = body(await listNotes(c, c.leader, contact, { per_page: 4, page: 9, order: 'asc' }))
    expect(paged.items.map((item: any) => item.id)).toEqual([first, second])
  })

  it('refuses a public note where the team keeps none: 400 on type, nothing saved (D2-5-15)', async () => {
    const c = await churchWithPublicNotes(false)
    const contact = await buildContact(t, { teamId: c.church })
    const response = await addNote(c, c.leader, contact, { content: 'Hello', type: 'public' })
    expect(response.statusCode).toBe(400)
    expect(body(response)).toMatchObject({ code: 'invalid_request', data: { errors: { type: expect.any(String) } } })
    expect(body(await listNotes(c, c.leader, contact)).public_notes).toBe(false)
    expect(await t.db.select().from(notes).where(eq(notes.contact_id, contact))).toEqual([])
    expect(body(await addNote(c, c.leader, contact, { content: 'Hello' })).id).toEqual(expect.any(Number))
  })

  it('refuses bad input with errors per field and changes nothing', async () => {
    const c = await churchWithPublicNotes()
    const contact = await buildContact(t, { teamId: c.church })
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'content'],
      [{ content: '   ' }, 'content'],
      [{ content: 42 }, 'content'],
      [{ content: 'x'.repeat(maxNoteLength + 1) }, 'content'],
      [{ content: 'x'.repeat(maxNoteCiphertextLength + 1) }, 'content'],
      [{ content: 'ok', type: 'secret' }, 'type'],
      [{ content: 'ok', is_encrypted: 'maybe' }, 'is_encrypted'],
      // A private note must arrive encrypted: plain text, a wrong prefix, broken base64.
      [{ content: 'my secret', is_encrypted: 1 }, 'content'],
      [{ content: `v2:${randomBytes(48).toString('base64')}`, is_encrypted: 1 }, 'content'],
      [{ content: 'v1:not base64!!', is_encrypted: 1 }, 'content'],
      [{ content: 'v1:AAAA', is_encrypted: 1 }, 'content'],
      [{ content: ciphertext(), is_encrypted: 1, type: 'public' }, 'type'],
    ]
    for (const [payload, field] of cases) {
      const response = await addNote(c, c.leader, contact, payload)
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400)
      expect(body(response).code).toBe('invalid_request')
      expect(Object.keys(body(response).data.errors)).toContain(field)
    }
    for (const [payload, field] of [
      [{ ...scopeOf(c, contact), content: 'x', user_id: 'abc' }, 'user_id'],
      [{ ...scopeOf(c, contact), content: 'x', id: 'abc' }, 'id'],
    ] as const) {
      const response = await post(t, 'update-contact-note', c.leader.token, payload)
      expect(response.statusCode).toBe(400)
      expect(Object.keys(body(response).data.errors)).toContain(field)
    }
    expect((await listNotes(c, c.leader, contact, { per_page: 7 })).statusCode).toBe(400)
    expect(await t.db.select().from(notes).where(eq(notes.contact_id, contact))).toEqual([])
    expect(await activityOf(t, contact)).toEqual([])
    // The bounds themselves are accepted.
    await addedNote(c, c.leader, contact, { content: 'é'.repeat(maxNoteLength) })
  })

  it('stores content as text, never as markup', async () => {
    const c = await churchWithPublicNotes()
    const contact = await buildContact(t, { teamId: c.church })
    const content = '<img src=x onerror=alert(1)> & <b>bold</b>'
    const id = await addedNote(c, c.leader, contact, { content })
    expect((await storedNote(id))!.content).toBe(content)
    expect(body(await listNotes(c, c.leader, contact)).items[0].content).toBe(content)
  })

  it("answers 404 for another team's contact and for another team's note", async () => {
    const c = await churchWithPublicNotes()
    const other = await churchWithPublicNotes()
    const theirs = await buildContact(t, { teamId: other.church })
    expect((await listNotes(c, c.leader, theirs)).statusCode).toBe(404)
    expect((await addNote(c, c.leader, theirs, { content: 'x' })).statusCode).toBe(404)
    // A contact both teams hold: the other team's note is not found through ours.
    const shared = await buildContact(t, { teamId: c.church })
    await t.db.insert(teamContacts).values({ team_id: other.church, person_id: shared, is_owner: false })
    const theirNote = await addedNote(other, other.owner, shared, { content: 'Their note', type: 'public' })
    expect(body(await listNotes(c, c.owner, shared)).items).toEqual([])
    expect((await updateNote(c, c.owner, shared, theirNote, { content: 'mine now' })).statusCode).toBe(404)
    expect((await deleteNote(c, c.owner, shared, theirNote)).statusCode).toBe(404)
    expect((await storedNote(theirNote))!.content).toBe('Their note')
  })

  it('records each write in the activity log (D2-3.13-02)', async () => {
    const c = await churchWithPublicNotes()
    const contact = await buildContact(t, { teamId: c.church })
    const id = await addedNote(c, c.leader, contact, { content: 'First words' })
    expect((await updateNote(c, c.leader, contact, id, { content: 'Second words', type: 'public' })).statusCode).toBe(200)
    expect((await deleteNote(c, c.leader, contact, id)).statusCode).toBe(200)
    const log = await activityOf(t, contact)
    expect(log.map((row) => [row.subject_type, row.subject_id, row.action, row.author_id])).toEqual([
      ['user_note', id, 'add', c.leader.id],
      ['user_note', id, 'update', c.leader.id],
      ['user_note', id, 'delete', c.leader.id],
    ])
    expect(log[1]).toMatchObject({
      before: { content: 'First words', is_public: false },
      after: { content: 'Second words', is_public: true },
    })
    expect(await storedNote(id)).toBeUndefined()
  })
})

describe('private notes', () => {
  it('stores and returns only the ciphertext, to its author only (D2-7.4-05, D3-1-02)', async () => {
    const c = await churchWithPublicNotes()
    const contact = await buildContact(t, { teamId: c.church })
    const admin = await buildPerson(t, { siteRole: 'admin' })
    const secret = ciphertext(64)
    const id = await addedNote(c, c.leader, contact, { content: secret, is_encrypted: 1 })
    const row = await storedNote(id)
    expect(row).toMatchObject({ content: secret, is_encrypted: true, is_public: false, author_id: c.leader.id })
    const mine = body(await listNotes(c, c.leader, contact, { is_encrypted: 1 }))
    expect(mine.items).toEqual([expect.objectContaining({ id, content: secret, is_encrypted: true })])
    // Not in the Notes tab, and nobody else receives it in any form: not the owner, not a site admin.
    expect(body(await listNotes(c, c.leader, contact, { is_encrypted: 0 })).items).toEqual([])
    for (const other of [c.owner, admin]) {
      for (const query of [{}, { is_encrypted: 0 }, { is_encrypted: 1 }] as Array<Record<string, number>>) {
        const answer = await listNotes(c, other, contact, query)
        expect(answer.statusCode).toBe(200)
        expect(answer.body).not.toContain(secret)
        expect(body(answer).items).toEqual([])
      }
      expect((await updateNote(c, other, contact, id, { content: ciphertext(), is_encrypted: 1 })).statusCode).toBe(404)
      expect((await deleteNote(c, other, contact, id)).statusCode).toBe(404)
    }
    expect((await storedNote(id))!.content).toBe(secret)
  })

  it("spec 2 §7.1's query (paging, team_id, group_id) lists the author's private notes as ciphertext among the team's, and nobody else's (D2-7.4-05)", async () => {
    const c = await churchWithPublicNotes()
    const contact = await buildContact(t, { teamId: c.church })
    const mySecret = ciphertext(64)
    const theirSecret = ciphertext(64)
    const teamNote = await addedNote(c, c.owner, contact, { content: 'Visited on Sunday' })
    const mine = await addedNote(c, c.leader, contact, { content: mySecret, is_encrypted: 1 })
    const theirs = await addedNote(c, c.owner, contact, { content: theirSecret, is_encrypted: 1 })

    const listed = await listNotes(c, c.leader, contact, { page: 1, per_page: 20 })
    expect(listed.statusCode).toBe(200)
    expect(body(listed)).toMatchObject({ count: 2, max_pages: 1 })
    expect(body(listed).items).toEqual([
      expect.objectContaining({ id: mine, content: mySecret, is_encrypted: true, is_public: false, author_id: c.leader.id }),
      expect.objectContaining({ id: teamNote, content: 'Visited on Sunday', is_encrypted: false }),
    ])
    expect(listed.body).not.toContain(theirSecret)
    expect(body(listed).items.map((item: any) => item.id)).not.toContain(theirs)
    // The tabs may still ask apart: 1 the author's private notes, 0 the team's plain notes.
    expect(body(await listNotes(c, c.leader, contact, { is_encrypted: 1 })).items.map((item: any) => item.id)).toEqual([mine])
    expect(body(await listNotes(c, c.leader, contact, { is_encrypted: 0 })).items.map((item: any) => item.id)).toEqual([teamNote])
    // The server keeps the ciphertext as it came.
    expect((await storedNote(mine))!.content).toBe(mySecret)
  })

  it('logs private writes without their content', async () => {
    const c = await churchWithPublicNotes()
    const contact = await buildContact(t, { teamId: c.church })
    const first = ciphertext()
    const second = ciphertext()
    await assignContact(t, { teamId: c.church, contactId: contact, toId: c.member.id })
    const id = await addedNote(c, c.member, contact, { content: first, is_encrypted: 1 })
    expect((await updateNote(c, c.member, contact, id, { content: second, is_encrypted: 1 })).statusCode).toBe(200)
    expect((await storedNote(id))!.content).toBe(second)
    // A private note stays private: it cannot become a team note.
    const leak = await updateNote(c, c.member, contact, id, { content: 'now readable' })
    expect(leak.statusCode).toBe(400)
    expect(Object.keys(body(leak).data.errors)).toEqual(['is_encrypted'])
    expect((await deleteNote(c, c.member, contact, id)).statusCode).toBe(200)
    const log = await t.db.select().from(activityLog).where(eq(activityLog.contact_id, contact)).orderBy(activityLog.id)
    expect(log.map((row) => row.action)).toEqual(['add', 'update', 'delete'])
    const written = JSON.stringify(log)
    expect(written).not.toContain(first.slice(3, 30))
    expect(written).not.toContain(second.slice(3, 30))
    expect(log[0]!.after).toEqual({ is_encrypted: true, is_public: false })
  })
})

describe('who reads a note (issue 35 item 8)', () => {
  it("a public note: everyone who reads the contact's notes; a private (team) note: the team's leaders, owners and admins, and its author", async () => {
    const c = await churchWithPublicNotes()
    const contact = await buildContact(t, { teamId: c.church })
    await assignContact(t, { teamId: c.church, contactId: contact, toId: c.member.id })
    const admin = await buildPerson(t, { siteRole: 'admin' })
    const publicNote = await addedNote(c, c.owner, contact, { content: 'Everyone on the team', type: 'public' })
    const leadersNote = await addedNote(c, c.owner, contact, { content: 'Leaders only', type: 'private' })
    const untyped = await addedNote(c, c.leader, contact, { content: 'No type given' })
    const membersOwn = await addedNote(c, c.member, contact, { content: 'Member to the leaders', type: 'private' })
    const contents = async (who: TestPerson) =>
      (body(await listNotes(c, who, contact, { is_encrypted: 0 })).items as Array<{ content: string }>).map((n) => n.content)

    for (const reader of [c.owner, c.leader, admin]) {
      expect(await contents(reader)).toEqual(['Member to the leaders', 'No type given', 'Leaders only', 'Everyone on the team'])
    }
    // The member the contact is assigned to reads the public note and their own.
    const memberList = await listNotes(c, c.member, contact)
    expect(memberList.statusCode).toBe(200)
    expect(await contents(c.member)).toEqual(['Member to the leaders', 'Everyone on the team'])
    expect(memberList.body).not.toContain('Leaders only')
    expect(body(memberList).count).toBe(2)
    // A team's private note the member does not read is not found to them, whatever they ask.
    for (const id of [leadersNote, untyped]) {
      expect((await updateNote(c, c.member, contact, id, { content: 'Changed' })).statusCode).toBe(404)
      expect((await deleteNote(c, c.member, contact, id)).statusCode).toBe(404)
    }
    expect((await storedNote(leadersNote))!.content).toBe('Leaders only')
    expect(await storedNote(publicNote)).toBeDefined()
    expect(await storedNote(membersOwn)).toBeDefined()
  })
})

describe('the note edit and delete rule (spec 2 §6)', () => {
  async function setUp() {
    const c = await churchWithPublicNotes()
    const contact = await buildContact(t, { teamId: c.church })
    await assignContact(t, { teamId: c.church, contactId: contact, toId: c.member.id })
    const admin = await buildPerson(t, { siteRole: 'admin' })
    return { c, contact, admin }
  }

  it('the author with update_own_note edits and deletes their note; another without a matching capability gets 403 (D2-6-23, D2-6-26)', async () => {
    const { c, contact } = await setUp()
    const memberNote = await addedNote(c, c.member, contact, { content: 'Member wrote' })
    // Public, so that the member reads it: a team's private note they do not read is not found.
    const leaderNote = await addedNote(c, c.leader, contact, { content: 'Leader wrote', type: 'public' })
    expect((await updateNote(c, c.member, contact, memberNote, { content: 'Member edited' })).statusCode).toBe(200)
    expect((await storedNote(memberNote))!.content).toBe('Member edited')
    expect((await updateNote(c, c.member, contact, leaderNote, { content: 'Member edits leader' })).statusCode).toBe(403)
    expect((await deleteNote(c, c.member, contact, leaderNote)).statusCode).toBe(403)
    expect((await deleteNote(c, c.leader, contact, memberNote)).statusCode).toBe(403)
    expect((await storedNote(leaderNote))!.content).toBe('Leader wrote')
    expect((await deleteNote(c, c.member, contact, memberNote)).statusCode).toBe(200)
    expect(await storedNote(memberNote)).toBeUndefined()
  })

  it('a public note: a holder of update_public_note or delete_public_note edits or deletes it; not a team note without update_note (D2-6-24)', async () => {
    const { c, contact } = await setUp()
    const publicNote = await addedNote(c, c.leader, contact, { content: 'Public words', type: 'public' })
    const teamNote = await addedNote(c, c.leader, contact, { content: 'Team words', type: 'private' })
    expect((await updateNote(c, c.owner, contact, publicNote, { content: 'Owner moderated' })).statusCode).toBe(200)
    expect((await storedNote(publicNote))!.content).toBe('Owner moderated')
    // The owner holds update_public_note, not update_note: neither the team note nor making the public one a team note.
    expect((await updateNote(c, c.owner, contact, teamNote, { content: 'Owner edits' })).statusCode).toBe(403)
    expect((await updateNote(c, c.owner, contact, publicNote, { content: 'Hide it', type: 'private' })).statusCode).toBe(403)
    expect((await storedNote(teamNote))!.content).toBe('Team words')
    expect((await deleteNote(c, c.owner, contact, publicNote)).statusCode).toBe(200)
    expect(await storedNote(publicNote)).toBeUndefined()
  })

  it('a private (team) note: a holder of update_note or delete_note edits or deletes it (D2-6-25, D2-6-26)', async () => {
    const { c, contact, admin } = await setUp()
    const teamNote = await addedNote(c, c.leader, contact, { content: 'Team words' })
    expect((await updateNote(c, admin, contact, teamNote, { content: 'Admin edited' })).statusCode).toBe(200)
    expect((await storedNote(teamNote))!.content).toBe('Admin edited')
    expect((await deleteNote(c, c.owner, contact, teamNote)).statusCode).toBe(200)
    expect(await storedNote(teamNote)).toBeUndefined()
  })
})

describe('minors', () => {
  it('gives a caller under the child data gate no notes of a child, and records who read them', async () => {
    const c = await churchWithPublicNotes()
    const child = await buildContact(t, { teamId: c.church, person: bornYearsAgo(t, 12) })
    const unchecked = await buildPerson(t)
    await addMember(t, unchecked.id, c.church, 'leader')
    await addedNote(c, c.leader, child, { content: 'Child note' })
    const gated = await listNotes(c, unchecked, child)
    expect(gated.statusCode).toBe(403)
    expect(body(gated).code).toBe('child_data_gate')
    expect(gated.body).not.toContain('Child note')
    expect((await addNote(c, unchecked, child, { content: 'x' })).statusCode).toBe(403)

    expect(body(await listNotes(c, c.leader, child)).items.map((item: any) => item.content)).toEqual(['Child note'])
    await listNotes(c, c.owner, child, { is_encrypted: 1 })
    const views = (await activityOf(t, child)).filter((row) => row.action === 'view')
    expect(views.map((row) => [row.author_id, row.subject_type, row.team_id])).toEqual([
      [c.leader.id, 'user_note', c.church],
      [c.owner.id, 'user_note', c.church],
    ])
    expect(views[0]!.created_at).toBeInstanceOf(Date)
    // An adult's notes are read without a record.
    const adult = await buildContact(t, { teamId: c.church, person: bornYearsAgo(t, 30) })
    await listNotes(c, c.leader, adult)
    expect((await activityOf(t, adult)).filter((row) => row.action === 'view')).toEqual([])
  })

  it('refuses every note write on a child to a caller under the gate (child_data_gate) and changes nothing; the checked leader writes', async () => {
    const c = await churchWithPublicNotes()
    const child = await buildContact(t, { teamId: c.church, person: bornYearsAgo(t, 12) })
    await assignContact(t, { teamId: c.church, contactId: child, toId: c.member.id })
    const unchecked = await buildPerson(t)
    await addMember(t, unchecked.id, c.church, 'leader')
    const teamNote = await addedNote(c, c.leader, child, { content: 'Child note' })
    const childNotes = async () => JSON.stringify(await t.db.select().from(notes).where(eq(notes.contact_id, child)).orderBy(notes.id))
    const before = await childNotes()
    const logged = (await activityOf(t, child)).length
    for (const person of [c.member, unchecked]) {
      const refusals = [
        await addNote(c, person, child, { content: 'x' }),
        await addNote(c, person, child, { content: ciphertext(), is_encrypted: 1 }),
        await updateNote(c, person, child, teamNote, { content: 'changed' }),
        await deleteNote(c, person, child, teamNote),
      ]
      expect(refusals.map((response) => [response.statusCode, body(response).code])).toEqual(refusals.map(() => [403, 'child_data_gate']))
    }
    expect(await childNotes()).toBe(before)
    expect(await activityOf(t, child)).toHaveLength(logged)

    expect((await updateNote(c, c.leader, child, teamNote, { content: 'changed' })).statusCode).toBe(200)
    expect((await deleteNote(c, c.leader, child, teamNote)).statusCode).toBe(200)
    expect(await childNotes()).toBe('[]')
  })
})
