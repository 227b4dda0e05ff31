import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray, sql } from 'drizzle-orm'
import { maxAttendanceImportRows } from '@crm/domain'
import { eventAttendance, events, people, teamContacts } from '../../db/schema/index'
import { body, createTestApp, type TestApp } from '../../../test/harness'
import { activityOf, assignContact, bornYearsAgo, buildChurch, buildContact, post, type Church } from '../../../test/contact-factories'

// import-event-attendance (spec 3 §2.1 "Attendance can be imported"; issue 14 item 3).

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const sunday = '2026-11-01'

async function buildEvent(teamId: number): Promise<number> {
  const [row] = await t.db
    .insert(events)
    .values({ team_id: teamId, title: 'Sunday service', start_date: sunday, end_date: sunday, span_days: 1, is_recurring: true, rrule: 'FREQ=WEEKLY;BYDAY=SU' })
    .returning({ id: events.id })
  return row!.id
}

interface Setup {
  c: Church
  event: number
}

async function setup(): Promise<Setup> {
  const c = await buildChurch(t)
  return { c, event: await buildEvent(c.church) }
}

type Row = Record<string, string | null | undefined>

function importRows(s: Setup, token: string, data: Row[], extra: Record<string, unknown> = {}) {
  return post(t, 'import-event-attendance', token, { team_id: s.c.church, event_id: s.event, event_date: sunday, data, ...extra })
}

async function rowsOf(event: number) {
  return t.db.select().from(eventAttendance).where(eq(eventAttendance.event_id, event)).orderBy(eventAttendance.id)
}

describe('POST import-event-attendance', () => {
  it('D3-2.1-24 refuses a row without gender, with its field errors; a complete row without phone or email is imported', async () => {
    const s = await setup()
    const response = await importRows(s, s.c.leader.token, [
      { first_name: 'No', last_name: 'Gender', gender: '' },
      { first_name: 'Has', last_name: 'Everything', gender: 'female' },
      { first_name: '', last_name: '', gender: 'robot', phone: '12', email: 'not-an-email' },
      { first_name: 'Tab\tName', last_name: 'x'.repeat(101), gender: 'male' },
    ])
    expect(response.statusCode).toBe(200)
    const report = body(response)
    expect(report).toMatchObject({ matched: 0, added: 1, already: 0, refused: 3 })
    expect(report.rows[0]).toMatchObject({ row: 1, status: 'refused', errors: { gender: 'Required' } })
    expect(report.rows[1]).toMatchObject({ row: 2, status: 'added', name: 'Has Everything' })
    expect(report.rows[2].errors).toEqual({
      first_name: 'Required',
      last_name: 'Required',
      gender: 'Enter male, female or declined.',
      phone: 'Invalid phone number',
      email: 'Invalid email',
    })
    expect(report.rows[3].errors).toEqual({ first_name: 'Remove the invisible or control characters', last_name: 'At most 100 characters' })
    // The same as codes with what the web words them from (issue 36).
    expect(report.rows[2].issues).toEqual([
      { field: 'first_name', code: 'required' },
      { field: 'last_name', code: 'required' },
      { field: 'gender', code: 'not_in_list', value: 'robot', allowed: ['male', 'female', 'declined'] },
      { field: 'phone', code: 'invalid_phone', value: '12' },
      { field: 'email', code: 'invalid_email', value: 'not-an-email' },
    ])
    expect(report.rows[3].issues).toEqual([
      { field: 'first_name', code: 'invalid', value: 'Tab\tName' },
      { field: 'last_name', code: 'too_long', max: 100 },
    ])
    const saved = await rowsOf(s.event)
    expect(saved).toHaveLength(1)
    expect(saved[0]).toMatchObject({ is_visitor: true, visitor_name: 'Has Everything', visitor_is_new: false, person_id: null })
  })

  it('matches contacts the caller can read by email, else phone, else name and gender; marks them once', async () => {
    const s = await setup()
    const byEmail = await buildContact(t, { teamId: s.c.church, person: { first_name: 'Emma', last_name: 'Mail', email: 'emma@example.org' } })
    const byPhone = await buildContact(t, { teamId: s.c.church, person: { first_name: 'Phil', last_name: 'Phone', phone: '+61412555666' } })
    const byName = await buildContact(t, { teamId: s.c.church, person: { first_name: 'Nina', last_name: 'Name', gender: 'female' } })
    const marked = await buildContact(t, { teamId: s.c.church, person: { first_name: 'Al', last_name: 'Ready', gender: 'male' } })
    await post(t, 'add-event-attendance', s.c.leader.token, { team_id: s.c.church, event_id: s.event, event_date: sunday, user_id: marked })
    const response = await importRows(s, s.c.leader.token, [
      { first_name: 'E', last_name: 'M', gender: 'F', email: 'EMMA@example.org' },
      { first_name: 'P', last_name: 'P', gender: 'male', phone: '0412 555 666' },
      { first_name: 'nina', last_name: 'NAME', gender: 'Mujer' },
      { first_name: 'Al', last_name: 'Ready', gender: 'Hombre' },
      { first_name: 'Nina', last_name: 'Name', gender: 'female' },
      // The same name with another gender is somebody else.
      { first_name: 'Nina', last_name: 'Name', gender: 'male' },
    ])
    expect(response.statusCode).toBe(200)
    const report = body(response)
    expect(report.rows.map((r: { status: string; user_id: number | null; matched_by: string | null }) => [r.status, r.user_id, r.matched_by])).toEqual([
      ['matched', byEmail, 'email'],
      ['matched', byPhone, 'phone'],
      ['matched', byName, 'name'],
      ['already', marked, 'name'],
      ['already', byName, 'name'],
      ['added', null, null],
    ])
    expect(report.rows[0].name).toBe('Emma Mail')
    const people_ = (await rowsOf(s.event)).map((row) => row.person_id)
    expect(people_.filter((id) => id !== null).sort()).toEqual([byEmail, byPhone, byName, marked].sort())
  })

  it("never matches a contact the caller cannot read: a member's unassigned contact, another team's", async () => {
    const s = await setup()
    const other = await buildChurch(t, { conference: s.c.conference })
    await buildContact(t, { teamId: other.church, person: { first_name: 'Far', last_name: 'Away', email: 'far@example.org' } })
    await buildContact(t, { teamId: s.c.church, person: { first_name: 'Hidden', last_name: 'One', email: 'hidden@example.org' } })
    const assigned = await buildContact(t, { teamId: s.c.church, person: { first_name: 'Seen', last_name: 'One', email: 'seen@example.org' } })
    await assignContact(t, { teamId: s.c.church, contactId: assigned, toId: s.c.member.id })
    const report = body(
      await importRows(s, s.c.member.token, [
        { first_name: 'Far', last_name: 'Away', gender: 'male', email: 'far@example.org' },
        { first_name: 'Hidden', last_name: 'One', gender: 'male', email: 'hidden@example.org' },
        { first_name: 'Seen', last_name: 'One', gender: 'male', email: 'seen@example.org' },
      ]),
    )
    expect(report.rows.map((r: { status: string; name: string }) => [r.status, r.name])).toEqual([
      ['added', 'Far Away'],
      ['added', 'Hidden One'],
      ['matched', 'Seen One'],
    ])
  })

  it('under the child data gate a row that matches a child is refused, naming nobody; the other rows are imported', async () => {
    const s = await setup()
    const child = await buildContact(t, {
      teamId: s.c.church,
      person: { first_name: 'Kid', last_name: 'Gated', gender: 'male', email: 'kid.gated@example.org', ...bornYearsAgo(t, 9) },
    })
    await assignContact(t, { teamId: s.c.church, contactId: child, toId: s.c.member.id })
    const data = [
      { first_name: 'Some', last_name: 'One', gender: 'male', email: 'kid.gated@example.org' },
      { first_name: 'Kid', last_name: 'Gated', gender: 'male' },
      { first_name: 'Adult', last_name: 'Visitor', gender: 'female' },
    ]
    for (const dry_run of [1, 0]) {
      const response = await importRows(s, s.c.member.token, data, { dry_run })
      expect(response.statusCode).toBe(200)
      const report = body(response)
      expect(report).toMatchObject({ matched: 0, added: 1, already: 0, refused: 2 })
      expect(report.rows[0]).toEqual({
        row: 1,
        status: 'refused',
        user_id: null,
        name: null,
        matched_by: null,
        reason: 'child_data_gate',
        errors: { email: expect.stringMatching(/Working with Children Check/) },
        issues: [{ code: 'child_record_closed', field: 'email' }],
      })
      expect(report.rows[1]).toMatchObject({
        row: 2,
        status: 'refused',
        user_id: null,
        name: null,
        reason: 'child_data_gate',
        errors: { first_name: expect.any(String) },
      })
      expect(report.rows[2]).toMatchObject({ row: 3, status: 'added', name: 'Adult Visitor' })
      expect(response.body).not.toContain(String(child))
    }
    // Saved: the adult's visitor record only, never the child's attendance.
    expect((await rowsOf(s.event)).map((row) => [row.person_id, row.visitor_name])).toEqual([[null, 'Adult Visitor']])
    // A checked leader matches the child by the email, and marks it.
    const leader = body(await importRows(s, s.c.leader.token, [data[0]!]))
    expect(leader.rows[0]).toMatchObject({ status: 'matched', user_id: child, name: 'Kid Gated', matched_by: 'email' })
    expect((await rowsOf(s.event)).map((row) => row.person_id)).toEqual([null, child])
  })

  it('dry_run answers the same report and saves nothing', async () => {
    const s = await setup()
    const known = await buildContact(t, { teamId: s.c.church, person: { first_name: 'Dry', last_name: 'Run', email: 'dry@example.org' } })
    const data = [
      { first_name: 'Dry', last_name: 'Run', gender: 'male', email: 'dry@example.org' },
      { first_name: 'New', last_name: 'Face', gender: 'female' },
      { first_name: 'Bad', last_name: 'Row', gender: null },
    ]
    const preview = body(await importRows(s, s.c.leader.token, data, { dry_run: 1, unmatched: 'contact' }))
    expect(preview).toMatchObject({ matched: 1, added: 1, refused: 1 })
    expect(preview.rows[0]).toMatchObject({ status: 'matched', user_id: known, name: 'Dry Run', matched_by: 'email' })
    expect(await rowsOf(s.event)).toHaveLength(0)
    expect(await t.db.select().from(people).where(eq(people.first_name, 'New'))).toHaveLength(0)

    const saved = body(await importRows(s, s.c.leader.token, data, { unmatched: 'contact' }))
    expect({
      ...saved,
      success_message: undefined,
      rows: saved.rows.map((r: Record<string, unknown>) => ({ ...r, user_id: r.status === 'added' ? null : r.user_id })),
    }).toEqual({ ...preview, success_message: undefined })
  })

  it("unmatched 'contact' adds new contacts of the team (name and gender), under the duplicate rules, in one transaction", async () => {
    const s = await setup()
    const other = await buildChurch(t, { conference: s.c.conference })
    await buildContact(t, { teamId: other.church, person: { first_name: 'Elsewhere', last_name: 'Known', phone: '+61412777888' } })
    const response = await importRows(
      s,
      s.c.leader.token,
      [
        { first_name: 'Brand', last_name: 'New', gender: 'male', email: 'brand@example.org' },
        { first_name: 'Other', last_name: 'Team', gender: 'female', phone: '0412 777 888' },
        { first_name: 'Brand', last_name: 'New', gender: 'm', email: 'brand@example.org' },
      ],
      { unmatched: 'contact' },
    )
    expect(response.statusCode).toBe(200)
    const report = body(response)
    expect(report).toMatchObject({ added: 1, refused: 1, already: 1 })
    expect(report.rows[1]).toMatchObject({
      status: 'refused',
      errors: { phone: 'A contact with these details already exists in another team.' },
      issues: [{ code: 'exists_in_other_team', field: 'phone' }],
    })

    const newId = report.rows[0].user_id as number
    expect(report.rows[2].user_id).toBe(newId)
    const [person] = await t.db.select().from(people).where(eq(people.id, newId))
    expect(person).toMatchObject({ first_name: 'Brand', last_name: 'New', gender: 'male', email: null, is_visitor: true })
    const [held] = await t.db.select().from(teamContacts).where(eq(teamContacts.person_id, newId))
    expect(held).toMatchObject({ team_id: s.c.church, is_owner: true, sort_name: 'brand new' })
    expect(await activityOf(t, newId)).toHaveLength(1)
    expect((await rowsOf(s.event)).map((row) => row.person_id)).toEqual([newId])
    expect(await t.db.select().from(people).where(eq(people.first_name, 'Other'))).toHaveLength(0)
  })

  it("needs create_contact to add contacts: a member's import of unmatched 'contact' is 403 and saves nothing", async () => {
    const s = await setup()
    const response = await importRows(s, s.c.member.token, [{ first_name: 'M', last_name: 'N', gender: 'male' }], { unmatched: 'contact' })
    expect(response.statusCode).toBe(403)
    expect(await rowsOf(s.event)).toHaveLength(0)
  })

  it('saves nothing half: a failure after some rows were written leaves no row', async () => {
    const s = await setup()
    const half = await buildContact(t, { teamId: s.c.church, person: { first_name: 'Half', last_name: 'Way', email: 'half@example.org' } })
    // A trigger refuses the matched contact's record, written after the new visitor's.
    await t.db.execute(
      sql.raw(
        `create or replace function attendance_test_refuse() returns trigger as $$ begin if new.person_id = ${half} then raise exception 'refused'; end if; return new; end $$ language plpgsql`,
      ),
    )
    await t.db.execute(
      sql.raw(`create trigger attendance_test_refuse before insert on event_attendance for each row execute function attendance_test_refuse()`),
    )
    try {
      const response = await importRows(s, s.c.leader.token, [
        { first_name: 'Half', last_name: 'Way', gender: 'male', email: 'half@example.org' },
        { first_name: 'New', last_name: 'Visitor', gender: 'male' },
      ])
      expect(response.statusCode).toBe(500)
      expect(await rowsOf(s.event)).toHaveLength(0)
    } finally {
      await t.db.execute(sql.raw(`drop trigger attendance_test_refuse on event_attendance`))
    }
  })

  it(`takes at most ${maxAttendanceImportRows} rows, matched in a few queries`, async () => {
    const s = await setup()
    const tooMany = Array.from({ length: maxAttendanceImportRows + 1 }, (_, i) => ({
      first_name: `R${i}`,
      last_name: 'Row',
      gender: 'male',
      email: i % 2 ? `r${i}@example.org` : null,
    }))
    expect((await importRows(s, s.c.leader.token, tooMany)).statusCode).toBe(400)
    const ids: number[] = []
    for (let i = 0; i < 20; i += 1) ids.push(await buildContact(t, { teamId: s.c.church, person: { first_name: `R${i}`, last_name: 'Row', gender: 'male' } }))
    const started = performance.now()
    const response = await importRows(s, s.c.leader.token, tooMany.slice(0, maxAttendanceImportRows))
    const ms = performance.now() - started
    expect(response.statusCode).toBe(200)
    expect(body(response)).toMatchObject({ matched: 20, added: maxAttendanceImportRows - 20 })
    expect(await t.db.select().from(eventAttendance).where(inArray(eventAttendance.person_id, ids))).toHaveLength(20)
    console.info(`import of ${maxAttendanceImportRows} rows: ${Math.round(ms)} ms`)
  })
})
