import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm'
import {
  dateOrderOfCountry,
  genderMessage,
  genderOfCell,
  genders,
  hasCapability,
  hasInvisibleCharacters,
  hasUnsafeNameCharacters,
  isEmail,
  normalizeEmail,
  type AttendanceImportRow,
  type Gender,
} from '@crm/domain'
import type { Executor } from '../../db/client'
import { assignments, contactSources, people, teamContacts, teams } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import { fullName } from '../../platform/format'
import { normalisedPhone } from './attendance-visitor.service'
import { quoted, RowProblems } from '../contact-import/import-issues'
import { dateMessage, importDateOf } from '../contact-import/extended-columns'

// The rows of an attendance import (spec 3 §2.1): each checked on its own, and matched to a
// contact of the team the caller can read (email, else phone, else name and gender) in a few
// set-based queries. What becomes of them is attendance-import.service.ts's.

const tc = teamContacts
const maxNameLength = 100
const unsafeNameMessage = 'Remove the invisible or control characters'

export interface CheckedRow {
  row: number
  first_name: string
  last_name: string
  /** Only a row with a source id may leave it out: its contact is known by the id. */
  gender: Gender | null
  phone: string | null
  email: string | null
  /** The row's own date (YYYY-MM-DD), or null for the import's event_date. */
  date: string | null
  source_id: string | null
}

type Checked = { ok: true; value: CheckedRow } | { ok: false; row: number; errors: Record<string, string>; issues: RowProblems['issues'] }

function checkName(value: string | null | undefined, field: string, problems: RowProblems): string {
  const name = (value ?? '').trim().replace(/ +/g, ' ')
  if (!name) problems.add(field, 'Required', { code: 'required' })
  else if (name.length > maxNameLength) problems.add(field, `At most ${maxNameLength} characters`, { code: 'too_long', max: maxNameLength })
  // As a contact's name: no control or invisible characters (a tab or a line break included).
  else if (hasUnsafeNameCharacters(name)) problems.add(field, unsafeNameMessage, { code: 'invalid', ...quoted(name) })
  return name
}

/** A row with its fields in their one form, or its field errors (in English and as codes). */
export function checkRow(raw: AttendanceImportRow, row: number, at: { country: string; now: Date }): Checked {
  const problems = new RowProblems()
  const first_name = checkName(raw.first_name, 'first_name', problems)
  const last_name = checkName(raw.last_name, 'last_name', problems)
  const source_id = (raw.source_id ?? '').trim() || null
  const genderText = (raw.gender ?? '').trim().toLowerCase()
  const gender = genderOfCell(genderText)
  if (!genderText && !source_id) problems.add('gender', 'Required', { code: 'required' })
  else if (genderText && !gender) problems.add('gender', genderMessage, { code: 'not_in_list', value: genderText, allowed: [...genders] })
  const dateText = (raw.date ?? '').trim()
  const date = dateText ? importDateOf(dateText, { order: dateOrderOfCountry(at.country), now: at.now }) : null
  if (date && 'issue' in date) problems.add('date', dateMessage, date.issue)
  const phoneText = (raw.phone ?? '').trim()
  const phone = phoneText ? (normalisedPhone(phoneText, at.country) ?? null) : null
  if (phoneText && !phone) problems.add('phone', 'Invalid phone number', { code: 'invalid_phone', ...quoted(phoneText) })
  const emailText = normalizeEmail(raw.email ?? '')
  if (emailText && (!isEmail(emailText) || hasInvisibleCharacters(emailText) || emailText.length > 254)) {
    problems.add('email', 'Invalid email', { code: 'invalid_email', ...quoted(raw.email) })
  }
  if (problems.any) return { ok: false, row, errors: problems.errors, issues: problems.issues }

  const day = date && 'date' in date ? date.date : null
  return { ok: true, value: { row, first_name, last_name, gender: gender ?? null, phone, email: emailText || null, date: day, source_id } }
}

export interface Found {
  id: number
  name: string
  key: string
  dob_year: number | null
  dob_month: number | null
}

export type MatchField = 'source_id' | 'email' | 'phone' | 'name'
type DetailField = Exclude<MatchField, 'source_id'>

function nameKey(row: { first_name: string; last_name: string; gender: string | null }): string {
  return `${row.first_name.toLowerCase()}\u0001${row.last_name.toLowerCase()}\u0001${row.gender ?? ''}`
}

/** The three match conditions over the rows, each one query served by an index of people. */
const keyOf: Record<MatchField, (row: CheckedRow) => string | null> = {
  source_id: (row) => row.source_id,
  email: (row) => row.email,
  phone: (row) => row.phone,
  // Without a gender no contact is matched by name: the name alone is too often shared.
  name: (row) => (row.gender ? nameKey(row) : null),
}

function matchTerms(rows: CheckedRow[]): Array<{ field: DetailField; condition: SQL | null; key: SQL<string> }> {
  const emails = [...new Set(rows.flatMap((row) => (row.email ? [row.email] : [])))]
  const phones = [...new Set(rows.flatMap((row) => (row.phone ? [row.phone] : [])))]
  const names = new Map(rows.flatMap((row) => (row.gender ? [[nameKey(row), row] as const] : [])))
  // One parameter for every name: a list of thousands of row values is too deep for the parser.
  const tuples = JSON.stringify([...names.values()].map((row) => ({ f: row.first_name.toLowerCase(), l: row.last_name.toLowerCase(), g: row.gender })))
  return [
    {
      field: 'email',
      condition: emails.length ? sql`lower(${people.email}) = any(array(select json_array_elements_text(${JSON.stringify(emails)}::json)))` : null,
      key: sql<string>`lower(${people.email})`,
    },
    {
      field: 'phone',
      condition: phones.length ? sql`${people.phone} = any(array(select json_array_elements_text(${JSON.stringify(phones)}::json)))` : null,
      key: sql<string>`${people.phone}`,
    },
    {
      field: 'name',
      condition: names.size
        ? sql`(lower(${people.first_name}), lower(${people.last_name}), ${people.gender}) in (select f, l, g from json_to_recordset(${tuples}::json) as k(f text, l text, g text))`
        : null,
      key: sql<string>`lower(${people.first_name}) || chr(1) || lower(${people.last_name}) || chr(1) || coalesce(${people.gender}, '')`,
    },
  ]
}

/** The active contacts of the team the caller may read (the contact routes' rule). */
export function readableInTeam(viewer: Viewer, scope: TeamScope): SQL {
  const active = and(eq(tc.team_id, scope.team.id), eq(tc.state, 'active'), isNull(tc.archived_at))!
  if (hasCapability(scope.role, 'read_contact')) return active
  return and(
    active,
    or(
      eq(tc.added_by_id, viewer.personId),
      eq(people.created_by_id, viewer.personId),
      sql`exists (select 1 from ${assignments} where ${assignments.team_id} = ${scope.team.id} and ${assignments.contact_id} = ${people.id} and ${assignments.to_person_id} = ${viewer.personId})`,
    ),
  )!
}

/** What a match reads of the contact it found: who, and their birth for the child gate. */
const foundColumns = {
  id: people.id,
  first_name: people.first_name,
  last_name: people.last_name,
  dob_year: people.dob_year,
  dob_month: people.dob_month,
}

/**
 * For each field, the first contact (lowest id) per key among those `where` allows. A source id
 * (with `sourcesOf`: the team whose contact import tied it) is matched in any system the team
 * imported from, when one contact has it: two systems' ids that happen to be equal match nobody.
 */
export async function findByKeys(
  tx: Executor,
  rows: CheckedRow[],
  where: (field: MatchField) => SQL,
  sourcesOf?: number,
): Promise<Map<MatchField, Map<string, Found>>> {
  const found = new Map<MatchField, Map<string, Found>>()
  const sourceIds = [...new Set(rows.flatMap((row) => (row.source_id ? [row.source_id] : [])))]
  if (sourcesOf !== undefined && sourceIds.length > 0) {
    const hits = await tx
      .select({ ...foundColumns, key: contactSources.source_id })
      .from(contactSources)
      .innerJoin(people, eq(people.id, contactSources.person_id))
      .innerJoin(tc, and(eq(tc.person_id, people.id), eq(tc.team_id, contactSources.team_id)))
      .innerJoin(teams, eq(teams.id, tc.team_id))
      .where(
        and(
          eq(contactSources.team_id, sourcesOf),
          sql`${contactSources.source_id} = any(array(select json_array_elements_text(${JSON.stringify(sourceIds)}::json)))`,
          where('source_id'),
        ),
      )
      .orderBy(asc(people.id))
    const byKey = new Map<string, Found>()
    const shared = new Set<string>()
    for (const hit of hits) {
      const known = byKey.get(hit.key)
      if (known && known.id !== hit.id) shared.add(hit.key)
      else byKey.set(hit.key, { ...hit, name: fullName(hit.first_name, hit.last_name) })
    }
    for (const key of shared) byKey.delete(key)
    found.set('source_id', byKey)
  }
  for (const term of matchTerms(rows)) {
    const byKey = new Map<string, Found>()
    found.set(term.field, byKey)
    if (!term.condition) continue
    const hits = await tx
      .select({ ...foundColumns, key: term.key })
      .from(people)
      .innerJoin(tc, eq(tc.person_id, people.id))
      .innerJoin(teams, eq(teams.id, tc.team_id))
      .where(and(term.condition, where(term.field)))
      .orderBy(asc(people.id))
    for (const hit of hits) if (!byKey.has(hit.key)) byKey.set(hit.key, { ...hit, name: fullName(hit.first_name, hit.last_name) })
  }
  return found
}

export function firstFound(found: Map<MatchField, Map<string, Found>>, row: CheckedRow): { by: MatchField; hit: Found } | null {
  for (const field of ['source_id', 'email', 'phone', 'name'] as const) {
    const key = keyOf[field](row)
    const hit = key ? found.get(field)?.get(key) : undefined
    if (hit) return { by: field, hit }
  }
  return null
}

/** Two rows of the file for one person: the same email, phone, or name and gender. */
export function identityKey(row: CheckedRow): string {
  if (row.source_id) return `s:${row.source_id}`
  return row.email ? `e:${row.email}` : row.phone ? `p:${row.phone}` : `n:${nameKey(row)}`
}

export const refusedField: Record<MatchField, string> = { source_id: 'source_id', email: 'email', phone: 'phone', name: 'first_name' }
