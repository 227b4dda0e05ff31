import { sql } from 'drizzle-orm'
import type { ContactImportRow, ImportRefusalList, ImportUsersResult } from '@crm/domain'
import type { Db } from '../db/client'
import { percentile, rowsOf } from './bench-measure'

// The contact import (issue 17 item 3), a section of `npm run bench` (BENCH_IMPORT=0 leaves it
// out; BENCH_ONLY=import runs it alone): a file of BENCH_IMPORT_ROWS (10,000) rows imported
// by its owner into another church of the conference that holds the contacts' church
// (BENCH_CONTACTS contacts), as the web dialog sends it: sequential import-users calls of
// 500 rows over HTTP. The mix: one row in ten repeats the email or phone of a contact of
// the contacts' church (a contact of another team), one in two hundred is bad (a
// gender word, an email, a decision cell, a team name), and the extended columns are used
// as a church's file would (notes, prayer requests, decisions, follow-up, a child's parent,
// another church of the conference). Target: the whole file in ≤ 30 s on PGlite and ≤ 15 s
// on PostgreSQL.

export const importOn = process.env.BENCH_IMPORT !== '0'
const importRows = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000)
const chunkSize = 500

export interface ImportSeed {
  /** The church the file is imported into. */
  teamId: number
  /** Contacts in the conference before the import. */
  contacts: number
  /** Another church of the conference: assign_to_team_name's. */
  otherTeamTitle: string
  rows: ContactImportRow[]
}

const firstNames = [
  'Mateo',
  'Lucía',
  'Santiago',
  'Valentina',
  'Sebastián',
  'Isabella',
  'Diego',
  'Camila',
  'Tomás',
  'Sofía',
  'Joaquín',
  'Martina',
  'Nicolás',
  'Renata',
  'Emilio',
  'Julieta',
  'Andrés',
  'Paula',
  'Felipe',
  'Gabriela',
  'Manuel',
  'Daniela',
  'Rafael',
  'Carolina',
  'Pablo',
  'Mariana',
  'Hugo',
  'Elena',
  'Adrián',
  'Lorena',
]
const surnames = [
  'García',
  'Rodríguez',
  'Martínez',
  'Hernández',
  'López',
  'González',
  'Pérez',
  'Sánchez',
  'Ramírez',
  'Torres',
  'Flores',
  'Rivera',
  'Gómez',
  'Díaz',
  'Reyes',
  'Morales',
  'Cruz',
  'Ortiz',
  'Gutiérrez',
  'Chávez',
  'Ramos',
  'Vargas',
  'Castillo',
  'Jiménez',
  'Moreno',
  'Romero',
  'Herrera',
  'Medina',
  'Aguilar',
  'Vega',
]
const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase()

/** An E.164 Australian mobile as a person types it: 0412 345 678. */
const localPhone = (e164: string) => `0${e164.slice(3, 6)} ${e164.slice(6, 9)} ${e164.slice(9)}`

/**
 * The file's rows. Names are a first name and two surnames, unique in the file and unlike the
 * seeded contacts' (a name and gender alike would be a duplicate too); the duplicates take
 * the email or phone of `existing` contacts.
 */
export function importRowsOf(count: number, existing: Array<{ email: string; phone: string }>, otherTeamTitle: string, year: number): ContactImportRow[] {
  return Array.from({ length: count }, (_, n) => {
    const firstIndex = n % firstNames.length
    const first = firstNames[firstIndex]!
    const last = `${surnames[Math.floor(n / firstNames.length) % surnames.length]} ${surnames[Math.floor(n / firstNames.length ** 2) % surnames.length]}`
    const row: ContactImportRow = {
      first_name: first,
      last_name: last,
      gender: firstIndex % 2 === 0 ? 'male' : 'F',
      email: n % 10 < 7 ? `${ascii(first)}.${ascii(last)}${n}@import.bench.test` : null,
      phone: n % 10 >= 4 ? localPhone(`+61420${String(n).padStart(6, '0')}`) : null,
    }
    if (n % 4 === 1) row.dob = `${1950 + (n % 50)}-${String(1 + (n % 12)).padStart(2, '0')}`
    if (n % 7 === 0) row.age = 20 + (n % 60)
    if (n % 6 === 0) Object.assign(row, { member_status: 'lead-unvisited', source: 'walk-in' })
    if (n % 2 === 0)
      Object.assign(row, {
        address_street: `${1 + (n % 300)} King St`,
        address_city: 'Newtown',
        address_state: 'NSW',
        address_postcode: '2042',
        address_country: 'au',
      })
    if (n % 8 === 0) row.marital_status = 'Married'
    if (n % 3 === 0) row.notes = 'Met at the community lunch; asked about the cooking classes and the health expo.'
    if (n % 10 === 1) row.prayer_request = 'Pray for her mother’s recovery after surgery.'
    if (n % 10 === 2) Object.assign(row, { decision_to_follow_jesus: 'yes', decision_for_bible_studies: `${year - 1}-03-01` })
    if (n % 50 === 5) row.other_decision = 'Joined the health ministry'
    if (n % 5 === 0) row.expect_follow_up = 'y'
    if (n % 20 === 9) row.assign_to_team_name = otherTeamTitle.toUpperCase()
    // A child, with the parent or carer the import needs.
    if (n % 25 === 4) {
      Object.assign(row, { dob: `${year - 10}-05`, parent_carer_first_name: 'Rosa', parent_carer_last_name: last, parent_carer_relationship: 'Mother' })
      row.parent_carer_phone = localPhone(`+61430${String(n).padStart(6, '0')}`)
    }
    // One in ten: a contact of the church already has this email or phone.
    if (n % 10 === 3) {
      const match = existing[((n / 10) % existing.length) | 0]!
      if (n % 20 === 3) row.email = match.email.toUpperCase()
      else row.phone = localPhone(match.phone)
    }
    // One in two hundred is refused for a bad cell.
    if (n % 200 === 7) row.gender = 'robot'
    if (n % 200 === 57) row.email = 'not-an-email'
    if (n % 200 === 107) row.assign_to_team_name = 'Nowhere Church'
    if (n % 200 === 157) row.decision_for_baptism = 'maybe'
    return row
  })
}

export async function seedImport(db: Db, options: { teamId: number; contactsTeamId: number; otherTeamId: number }): Promise<ImportSeed> {
  const existing = rowsOf<{ email: string; phone: string }>(
    await db.execute(sql`
      select p.email, p.phone from team_contacts tc join people p on p.id = tc.person_id
      where tc.team_id = ${options.contactsTeamId}::int and tc.archived_at is null and p.email is not null and p.phone like '+614%'
      order by md5(p.id::text) limit 1000`),
  )
  const [other] = rowsOf<{ title: string }>(await db.execute(sql`select title from teams where id = ${options.otherTeamId}::int`))
  const [held] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from team_contacts`))
  const otherTeamTitle = other!.title
  return { teamId: options.teamId, contacts: held!.n, otherTeamTitle, rows: importRowsOf(importRows, existing, otherTeamTitle, new Date().getFullYear()) }
}

export interface ImportBench {
  base: string
  auth: Record<string, string>
  seeded: ImportSeed
}

export interface ImportResult {
  rows: number
  contacts: number
  calls: number
  totalSeconds: number
  p50: number
  max: number
  counts: Record<ImportRefusalList, number> & { successful: number; unsuccessful: number }
}

/** The file, chunk after chunk as the dialog sends it; the whole time and each call's. */
export async function measureImport({ base, auth, seeded }: ImportBench): Promise<ImportResult> {
  const { rows, teamId } = seeded
  const samples: number[] = []
  const counts: ImportResult['counts'] = {
    successful: 0,
    unsuccessful: 0,
    unsuccessful_exists: 0,
    unsuccessful_not_exists: 0,
    unsuccessful_team_user_exists: 0,
    unsuccessful_invalid_email: 0,
    unsuccessful_error: 0,
  }
  const started = performance.now()
  for (let from = 0; from < rows.length; from += chunkSize) {
    const callStarted = performance.now()
    const response = await fetch(`${base}/api/v1/import-users`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ team_id: teamId, group_id: teamId, first_row: from + 2, data: rows.slice(from, from + chunkSize) }),
    })
    const text = await response.text()
    samples.push(performance.now() - callStarted)
    if (!response.ok) throw new Error(`import-users, rows ${from + 2}…: HTTP ${response.status} ${text.slice(0, 500)}`)
    const result = JSON.parse(text) as ImportUsersResult
    counts.successful += result.count_successful
    counts.unsuccessful += result.count_unsuccessful
    for (const list of [
      'unsuccessful_exists',
      'unsuccessful_not_exists',
      'unsuccessful_team_user_exists',
      'unsuccessful_invalid_email',
      'unsuccessful_error',
    ] as const) {
      counts[list] += result[list].length
    }
  }
  const totalSeconds = (performance.now() - started) / 1000
  if (counts.successful + counts.unsuccessful !== rows.length)
    throw new Error(`import-users answered for ${counts.successful + counts.unsuccessful} of ${rows.length} rows`)
  samples.sort((a, b) => a - b)
  return {
    rows: rows.length,
    contacts: seeded.contacts,
    calls: samples.length,
    totalSeconds,
    p50: percentile(samples, 50),
    max: samples[samples.length - 1]!,
    counts,
  }
}

export function printImport(engine: string, result: ImportResult): void {
  const { counts } = result
  console.log(
    `\n${engine}: contact import (issue 17), ${result.rows.toLocaleString('en')} rows in ${result.calls} import-users calls of ${chunkSize}, ` +
      `into a church of a conference of ${result.contacts.toLocaleString('en')} contacts`,
  )
  console.log('| file | total s | call p50 ms | call max ms | imported | in this team | in another team | invalid email | error |')
  console.log('|---|---|---|---|---|---|---|---|---|')
  console.log(
    `| ${result.rows.toLocaleString('en')} rows | ${result.totalSeconds.toFixed(1)} | ${result.p50.toFixed(0)} | ${result.max.toFixed(0)} | ${counts.successful} | ` +
      `${counts.unsuccessful_team_user_exists} | ${counts.unsuccessful_exists} | ${counts.unsuccessful_invalid_email} | ${counts.unsuccessful_error} |`,
  )
}
