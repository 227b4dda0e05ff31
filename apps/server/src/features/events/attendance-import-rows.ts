import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm'
import {
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
import { assignments, people, teamContacts, teams } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import { fullName } from '../../platform/format'
import { normalisedPhone } from './attendance-visitor.service'
import { quoted, RowProblems } from '../contact-import/import-issues'

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
  gender: Gender
  phone: string | null
  email: string | null
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
export function checkRow(raw: AttendanceImportRow, row: number, country: string): Checked {
  const problems = new RowProblems()
  const first_name = checkName(raw.first_name, 'first_name', problems)
  const last_name = checkName(raw.last_name, 'last_name', problems)
  const genderText = (raw.gender ?? '').trim().toLowerCase()
  const gender = genderOfCell(genderText)
  if (!genderText) problems.add('gender', 'Required', { code: 'required' })
  else if (!gender) problems.add('gender', genderMessage, { code: 'not_in_list', value: genderText, allowed: [...genders] })
  const phoneText = (raw.phone ?? '').trim()
  const phone = phoneText ? (normalisedPhone(phoneText, country) ?? null) : null
  if (phoneText && !phone) problems.add('phone', 'Invalid phone number', { code: 'invalid_phone', ...quoted(phoneText) })
  const emailText = normalizeEmail(raw.email ?? '')
  if (emailText && (!isEmail(emailText) || hasInvisibleCharacters(emailText) || emailText.length > 254)) {
    problems.add('email', 'Invalid email', { code: 'invalid_email', ...quoted(raw.email) })
  }
  if (problems.any) return { ok: false, row, errors: problems.errors, issues: problems.issues }

  return { ok: true, value: { row, first_name, last_name, gender: gender!, phone, email: emailText || null } }
}

export interface Found {
  id: number
  name: string
  key: string
  dob_year: number | null
  dob_month: number | null
}

export type MatchField = 'email' | 'phone' | 'name'

function nameKey(row: { first_name: string; last_name: string; gender: string | null }): string {
  return `${row.first_name.toLowerCase()}\u0001${row.last_name.toLowerCase()}\u0001${row.gender ?? ''}`
}

/** The three match conditions over the rows, each one query served by an index of people. */
const keyOf: Record<MatchField, (row: CheckedRow) => string | null> = { email: (row) => row.email, phone: (row) => row.phone, name: nameKey }

function matchTerms(rows: CheckedRow[]): Array<{ field: MatchField; condition: SQL | null; key: SQL<string> }> {
  const emails = [...new Set(rows.flatMap((row) => (row.email ? [row.email] : [])))]
  const phones = [...new Set(rows.flatMap((row) => (row.phone ? [row.phone] : [])))]
  const names = new Map(rows.map((row) => [nameKey(row), row]))
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

/** For each field, the first contact (lowest id) per key among those `where` allows. */
export async function findByKeys(tx: Executor, rows: CheckedRow[], where: (field: MatchField) => SQL): Promise<Map<MatchField, Map<string, Found>>> {
  const found = new Map<MatchField, Map<string, Found>>()
  for (const term of matchTerms(rows)) {
    const byKey = new Map<string, Found>()
    found.set(term.field, byKey)
    if (!term.condition) continue
    const hits = await tx
      .select({
        id: people.id,
        first_name: people.first_name,
        last_name: people.last_name,
        dob_year: people.dob_year,
        dob_month: people.dob_month,
        key: term.key,
      })
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
  for (const field of ['email', 'phone', 'name'] as const) {
    const key = keyOf[field](row)
    const hit = key ? found.get(field)?.get(key) : undefined
    if (hit) return { by: field, hit }
  }
  return null
}

/** Two rows of the file for one person: the same email, phone, or name and gender. */
export function identityKey(row: CheckedRow): string {
  return row.email ? `e:${row.email}` : row.phone ? `p:${row.phone}` : `n:${nameKey(row)}`
}

export const refusedField: Record<MatchField, string> = { email: 'email', phone: 'phone', name: 'first_name' }
