import { and, eq, inArray, or } from 'drizzle-orm'
import type { z } from 'zod'
import { notAnOccurrenceMessage, occurrenceOn, type ImportAttendanceResult, type ImportRowResult, type importAttendanceRequest } from '@crm/domain'
import type { Executor } from '../../db/client'
import { activityLog, eventAttendance, people, teamContacts } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import { personGate } from '../../platform/child-gate'
import { childRecordClosedMessage } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { fullName } from '../../platform/format'
import { readModelOf } from '../../platform/read-model'
import { conferenceIdOf, inConference, inOtherTeamMessage, inThisTeamMessage, lockContactsOfConference } from '../contacts/duplicates.service'
import { assertMayCreateContact } from './attendance-visitor.service'
import { assertEventDate, loadScopedEvent } from './event-access'
import {
  type CheckedRow,
  checkRow,
  findByKeys,
  firstFound,
  type Found,
  identityKey,
  type MatchField,
  readableInTeam,
  refusedField,
} from './attendance-import-rows'

// import-event-attendance (spec 3 §2.1 "Attendance can be imported"; issue 14 item 3): each
// row is checked on its own, matched to a contact of the team the caller can read (email,
// else phone, else name and gender) in a few set-based queries, and the rows that match
// nobody become visitors or new contacts. One transaction: refused rows change nothing and
// the others are saved together; a dry run answers the same report and saves nothing.

type ImportInput = z.output<typeof importAttendanceRequest>

const tc = teamContacts
const ea = eventAttendance

/**
 * POST import-event-attendance: the report of every row, and (unless a dry run) the
 * attendance saved in one transaction. Rows that match nobody become new contacts only with
 * create_contact (403 otherwise), under the duplicate rules: a row that matches a contact the
 * caller may not open (of this team or another of the conference) is refused. Under the
 * child data gate a row that matches a child is refused too (reason child_data_gate), naming
 * nobody: the other rows are imported (spec 2 §5, issue 33).
 */
export async function importAttendance(deps: Deps, viewer: Viewer, scope: TeamScope, input: ImportInput): Promise<ImportAttendanceResult> {
  const event = await loadScopedEvent(deps.db, scope, input.event_id)
  assertEventDate(event, input.event_date)
  if (input.unmatched === 'contact') assertMayCreateContact(scope)
  const now = deps.now()
  const checked = input.data.map((raw, index) => checkRow(raw, index + 1, { country: scope.settings.country, now }))
  const results = new Map<number, ImportRowResult>()
  const refuse = (row: number, refusal: Refusal) => results.set(row, { row, status: 'refused', user_id: null, name: null, matched_by: null, ...refusal })
  for (const row of checked) if (!row.ok) refuse(row.row, { errors: row.errors, issues: row.issues })
  // A row's own date (another system's attendance export) must be one of the event's dates.
  const valid = checked
    .flatMap((row) => (row.ok ? [row.value] : []))
    .filter((row) => {
      if (row.date === null || occurrenceOn(event.schedule, row.date)) return true
      refuse(row.row, { errors: { date: notAnOccurrenceMessage }, issues: [{ code: 'not_an_occurrence', field: 'date', value: row.date }] })
      return false
    })
  const dateOf = (row: CheckedRow) => dateOfRow(row, input)
  const gate = personGate(scope, now)

  return deps.db.transaction(async (tx) => {
    if (input.unmatched === 'contact' && !input.dry_run) await lockContactsOfConference(tx, scope.team)
    const readable = readableInTeam(viewer, scope)
    const found = await findByKeys(tx, valid, () => readable, scope.team.id)
    const matched = new Map<number, { by: MatchField; hit: Found }>()
    for (const row of valid) {
      const match = firstFound(found, row)
      if (match && gate.hides(match.hit)) results.set(row.row, childRefusal(row.row, match.by))
      else if (match) matched.set(row.row, match)
    }
    const markedBefore = await markedOn(
      tx,
      event.row.id,
      valid.filter((row) => matched.has(row.row)).map((row) => ({ date: dateOf(row), personId: matched.get(row.row)!.hit.id })),
    )

    const toMark: Array<{ date: string; personId: number }> = []
    const seen = new Set<string>()
    for (const row of valid) {
      const match = matched.get(row.row)
      if (!match) continue
      const mark = { date: dateOf(row), personId: match.hit.id }
      const key = markKey(mark)
      const already = markedBefore.has(key) || seen.has(key)
      seen.add(key)
      if (!already) toMark.push(mark)
      results.set(row.row, {
        row: row.row,
        status: already ? 'already' : 'matched',
        user_id: match.hit.id,
        name: match.hit.name,
        matched_by: match.by,
        event_date: mark.date,
      })
    }

    // The rest: a new contact once per person of the file, marked on each of their dates; a
    // visitor record once per person and date.
    const unmatched = valid.filter((row) => !matched.has(row.row) && !results.has(row.row))
    const refused = input.unmatched === 'contact' ? await duplicatesOf(tx, scope, unmatched) : new Map<number, Refusal>()
    const personOf = (row: CheckedRow) => (input.unmatched === 'contact' ? identityKey(row) : `${identityKey(row)}\u0001${dateOf(row)}`)
    const firstOf = new Map<string, CheckedRow>()
    const later: Array<[CheckedRow, CheckedRow]> = []
    for (const row of unmatched) {
      const refusal = refused.get(row.row) ?? (input.unmatched === 'contact' && !row.gender ? genderRequired : undefined)
      if (refusal) {
        refuse(row.row, refusal)
        continue
      }
      const first = firstOf.get(personOf(row))
      if (first) later.push([row, first])
      else firstOf.set(personOf(row), row)
    }
    const added = [...firstOf.values()]
    // A new contact's other dates in the file: attendance of the same person.
    const alsoOn = new Map<number, Set<string>>()
    for (const [row, first] of later) alsoOn.set(first.row, (alsoOn.get(first.row) ?? new Set([dateOf(first)])).add(dateOf(row)))
    const newIds = input.dry_run ? new Map<number, number>() : await saveNew(tx, deps, viewer, scope, event.row.id, input, added, alsoOn)
    for (const row of added) {
      results.set(row.row, {
        row: row.row,
        status: 'added',
        user_id: newIds.get(row.row) ?? null,
        name: fullName(row.first_name, row.last_name),
        matched_by: null,
        event_date: dateOf(row),
      })
    }
    const markedFirst = new Set(added.map((row) => `${row.row}\u0001${dateOf(row)}`))
    for (const [row, first] of later) {
      // The same person on a date of theirs not yet in the file is a further attendance of the new contact.
      const key = `${first.row}\u0001${dateOf(row)}`
      const another = !markedFirst.has(key)
      markedFirst.add(key)
      results.set(row.row, {
        row: row.row,
        status: another ? 'added' : 'already',
        user_id: newIds.get(first.row) ?? null,
        name: fullName(first.first_name, first.last_name),
        matched_by: null,
        event_date: dateOf(row),
      })
    }
    if (!input.dry_run && toMark.length > 0) {
      await tx
        .insert(ea)
        .values(
          toMark.map((mark) => ({
            event_id: event.row.id,
            team_id: scope.team.id,
            event_date: mark.date,
            person_id: mark.personId,
            created_by_id: viewer.personId,
          })),
        )
        .onConflictDoNothing()
    }

    const rows = [...results.values()].sort((a, b) => a.row - b.row)
    const tally = (status: ImportRowResult['status']) => rows.filter((row) => row.status === status).length
    const report = { matched: tally('matched'), added: tally('added'), already: tally('already'), refused: tally('refused'), rows }
    return input.dry_run ? report : { ...report, success_message: 'Attendance imported.' }
  })
}

/** The date a row marks: its own, or the import's. */
const dateOfRow = (row: CheckedRow, input: ImportInput) => row.date ?? input.event_date

const markKey = (mark: { date: string; personId: number }) => `${mark.date}\u0001${mark.personId}`

/** Which of the contacts were marked on the event's dates already (date and person). */
async function markedOn(tx: Executor, eventId: number, marks: Array<{ date: string; personId: number }>): Promise<Set<string>> {
  if (marks.length === 0) return new Set()
  const personIds = [...new Set(marks.map((mark) => mark.personId))]
  const dates = [...new Set(marks.map((mark) => mark.date))]
  const rows = await tx
    .select({ date: ea.event_date, personId: ea.person_id })
    .from(ea)
    .where(and(eq(ea.event_id, eventId), inArray(ea.event_date, dates), inArray(ea.person_id, personIds)))
  return new Set(rows.map((row) => markKey({ date: row.date, personId: row.personId! })))
}

/** A row known only by its source id cannot become a new contact: a contact needs a gender. */
const genderRequired: Refusal = { errors: { gender: 'Required' }, issues: [{ code: 'required', field: 'gender' }] }

/** A row that matches a child the caller may not touch: refused, naming nobody. */
function childRefusal(row: number, by: MatchField): ImportRowResult {
  return {
    row,
    status: 'refused',
    user_id: null,
    name: null,
    matched_by: null,
    errors: { [refusedField[by]]: childRecordClosedMessage },
    issues: [{ code: 'child_record_closed', field: refusedField[by] }],
    reason: 'child_data_gate',
  }
}

/** Why a row is refused: in English by field, and as codes. */
type Refusal = Required<Pick<ImportRowResult, 'errors' | 'issues'>>

/**
 * The rows that would duplicate a contact the caller may not open:
 any contact of this
 * team (the readable ones matched already), or an active one of another team of the
 * conference (spec 2 §8); the error names the field that matched.
 */
async function duplicatesOf(tx: Executor, scope: TeamScope, rows: CheckedRow[]): Promise<Map<number, Refusal>> {
  const refused = new Map<number, Refusal>()
  if (rows.length === 0) return refused
  const found = await findByKeys(tx, rows, () => or(eq(tc.team_id, scope.team.id), and(eq(tc.state, 'active'), inConference(conferenceIdOf(scope.team))))!)
  // Which of the hits are this team's: one more query over their ids.
  const ids = [...new Set([...found.values()].flatMap((byKey) => [...byKey.values()].map((hit) => hit.id)))]
  const own = new Set(
    ids.length === 0
      ? []
      : (
          await tx
            .select({ id: tc.person_id })
            .from(tc)
            .where(and(eq(tc.team_id, scope.team.id), inArray(tc.person_id, ids)))
        ).map((row) => row.id),
  )
  for (const row of rows) {
    const match = firstFound(found, row)
    if (!match) continue
    const field = refusedField[match.by]
    const inThisTeam = own.has(match.hit.id)
    refused.set(row.row, {
      errors: { [field]: inThisTeam ? inThisTeamMessage : inOtherTeamMessage },
      issues: [{ code: inThisTeam ? 'exists_in_this_team' : 'exists_in_other_team', field }],
    })
  }
  return refused
}

/**
 * The unmatched people of the file, saved: visitor records (not new to the church), or new
 * contacts of the team (is_visitor; only the name and gender are kept without consent,
 * spec 2 §4) in the read model, with their activity rows and their attendance. Answers the
 * new contact of each row.
 */
async function saveNew(
  tx: Executor,
  deps: Pick<Deps, 'now'>,
  viewer: Viewer,
  scope: TeamScope,
  eventId: number,
  input: ImportInput,
  rows: CheckedRow[],
  alsoOn: ReadonlyMap<number, ReadonlySet<string>>,
): Promise<Map<number, number>> {
  const ids = new Map<number, number>()
  if (rows.length === 0) return ids
  const base = { event_id: eventId, team_id: scope.team.id, created_by_id: viewer.personId }
  const dateOf = (row: CheckedRow) => dateOfRow(row, input)
  if (input.unmatched === 'visitor') {
    await tx.insert(ea).values(
      rows.map((row) => ({
        ...base,
        event_date: dateOf(row),
        is_visitor: true,
        visitor_name: fullName(row.first_name, row.last_name),
        visitor_phone: row.phone,
        visitor_email: row.email,
        visitor_is_new: false,
      })),
    )
    return ids
  }
  const inserted = await tx
    .insert(people)
    .values(
      rows.map((row) => ({ first_name: row.first_name, last_name: row.last_name, gender: row.gender!, is_visitor: true, created_by_id: viewer.personId })),
    )
    .returning({ id: people.id, first_name: people.first_name, last_name: people.last_name })
  rows.forEach((row, index) => {
    const person = inserted[index]!
    // INSERT … RETURNING answers the rows in the order of VALUES.
    if (person.first_name !== row.first_name || person.last_name !== row.last_name) throw new Error('The new contacts came back out of order.')
    ids.set(row.row, person.id)
  })
  const now = deps.now()
  await tx.insert(tc).values(
    rows.map((row) => ({
      team_id: scope.team.id,
      person_id: ids.get(row.row)!,
      is_owner: true,
      added_by_id: viewer.personId,
      ...readModelOf({ ...row, email: null, phone: null, member_status: null, grow_phase: null, source: null, dob_year: null, dob_month: null }),
      updated_at: now,
    })),
  )
  await tx.insert(activityLog).values(
    rows.map((row) => ({
      author_id: viewer.personId,
      team_id: scope.team.id,
      subject_type: 'user',
      subject_id: ids.get(row.row)!,
      contact_id: ids.get(row.row)!,
      action: 'add' as const,
      after: {
        first_name: row.first_name,
        last_name: row.last_name,
        gender: row.gender,
        is_visitor: true,
        group_id: scope.team.id,
        source: 'attendance_import',
        event_id: eventId,
      },
    })),
  )
  await tx
    .insert(ea)
    .values(rows.flatMap((row) => [...(alsoOn.get(row.row) ?? [dateOf(row)])].map((date) => ({ ...base, event_date: date, person_id: ids.get(row.row)! }))))
  return ids
}
