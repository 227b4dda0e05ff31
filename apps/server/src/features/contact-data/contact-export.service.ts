import { eq } from 'drizzle-orm'
import { strToU8, zipSync, type Zippable } from 'fflate'
import { exportKinds, supportedLocales, type ExportKind, type Locale } from '@crm/domain'
import type { Executor } from '../../db/client'
import { people } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import { personGate } from '../../platform/child-gate'
import { assertChildDataAllowed, holdingTeams, type ContactScope } from '../../platform/contact-access'
import { csvText } from '../../platform/csv'
import type { Deps } from '../../platform/deps'
import { readStoredFile } from '../../platform/files'
import { displayDate, fullName } from '../../platform/format'
import { AppError } from '../../platform/errors'
import { filesOfPerson } from '../consent/contact-files'
import { privateNotesLeftOut, recordsOf, type ExportRow, type ExportSubject } from './export-kinds'
import { cellText, summaryHtml } from './export-summary'
import { vcardOf } from './vcard'

// A person's data on request (issue 40 §2, APP 12): everything held about a contact in the
// teams where the caller may remove contacts (owners; a conference's staff for its churches),
// as one ZIP a person can open: summary.html to read, each kind of record as JSON and CSV,
// and the files kept about them.

/** The teams an export covers: those holding the person where the caller may remove contacts. */
export async function exportSubjectOf(db: Executor, viewer: Viewer, scope: ContactScope): Promise<{ subject: ExportSubject; teams: string[] }> {
  const teams = (await holdingTeams(db, viewer, [scope.contact.id], 'delete_contact')).filter((team) => team.mayAct)
  // The route has checked the call's team; a team row gone since is nothing to export.
  if (!teams.some((team) => team.id === scope.team.id)) throw new AppError('not_found')
  return { subject: { personId: scope.contact.id, teamIds: teams.map((team) => team.id) }, teams: teams.map((team) => team.title) }
}

interface ExportFile {
  id: number
  /** Its name in the archive, under files/. */
  name: string
  mime_type: string
  size: number
  bytes: Uint8Array
}

const extensionOf = (fileName: string) => fileName.slice(fileName.lastIndexOf('.') + 1)

async function filesOf(deps: Deps, db: Executor, personId: number): Promise<ExportFile[]> {
  const found: ExportFile[] = []
  for (const fileId of await filesOfPerson(db, personId)) {
    try {
      const file = await readStoredFile(deps, db, fileId)
      found.push({ id: fileId, name: `file-${fileId}.${extensionOf(file.filename)}`, mime_type: file.mime_type, size: file.bytes.length, bytes: file.bytes })
    } catch (error) {
      // Bytes lost under a row (a removal whose transaction then failed) are not held: nothing to hand over.
      if (!(error instanceof AppError && error.code === 'not_found')) throw error
    }
  }
  return found
}

/** The records of every kind, a related child the caller may not see left out of the relationships. */
async function recordsOfEveryKind(deps: Deps, scope: ContactScope, subject: ExportSubject) {
  const gate = personGate(scope, deps.now())
  const records: { kind: Exclude<ExportKind, 'files'>; rows: ExportRow[]; columns: string[] }[] = []
  for (const kind of exportKinds) {
    if (kind === 'files') continue
    let { rows, columns } = await recordsOf(deps.db, kind, subject)
    if (kind === 'relationships') {
      rows = rows
        .filter((row) => !gate.hides({ dob_year: row.related_dob_year as number | null, dob_month: row.related_dob_month as number | null }))
        .map(({ related_dob_year: _year, related_dob_month: _month, ...row }) => row)
      columns = columns.filter((column) => column !== 'related_dob_year' && column !== 'related_dob_month')
    }
    records.push({ kind, rows, columns })
  }
  return records
}

const localeOf = (viewer: Viewer): Locale => supportedLocales.find((locale) => locale === viewer.locale) ?? 'en'

/** GET contact-data-export: the ZIP's name and bytes. */
export async function exportContactData(deps: Deps, viewer: Viewer, scope: ContactScope): Promise<{ fileName: string; bytes: Buffer }> {
  assertChildDataAllowed(scope)
  const { subject, teams } = await exportSubjectOf(deps.db, viewer, scope)
  const records = await recordsOfEveryKind(deps, scope, subject)
  const files = await filesOf(deps, deps.db, subject.personId)
  const fileRows: ExportRow[] = files.map((file) => ({ id: file.id, file: `files/${file.name}`, mime_type: file.mime_type, size: file.size }))
  const everyKind = [...records, { kind: 'files' as const, rows: fileRows, columns: ['id', 'file', 'mime_type', 'size'] }]

  const archive: Zippable = {}
  for (const { kind, rows, columns } of everyKind) {
    archive[`${kind}.json`] = strToU8(`${JSON.stringify(rows, null, 2)}\n`)
    archive[`${kind}.csv`] = strToU8(csvText({ header: columns, rows: rows.map((row) => columns.map((column) => cellText(row[column]))) }))
  }
  if (files.length > 0) archive.files = Object.fromEntries(files.map((file) => [file.name, [file.bytes, { level: 0 }]]))
  const contact = records.find((record) => record.kind === 'contact')!.rows[0]!
  const name = fullName(String(contact.first_name ?? ''), contact.last_name as string | null)
  archive['summary.html'] = strToU8(
    summaryHtml({
      locale: localeOf(viewer),
      name,
      date: displayDate(deps.now(), viewer.locale, scope.settings.timeZone),
      teams,
      records: everyKind,
      privateNotesLeftOut: await privateNotesLeftOut(deps.db, subject),
    }),
  )
  // Photos are compressed already; the texts shrink.
  const bytes = zipSync(archive, { level: 6, mtime: deps.now() })
  return { fileName: `contact-${subject.personId}-data.zip`, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }
}

/** GET contact-vcard: the contact's card, with the photo inline when there is one. */
export async function contactVcard(deps: Deps, scope: ContactScope): Promise<{ fileName: string; text: string }> {
  assertChildDataAllowed(scope)
  const [person] = await deps.db.select().from(people).where(eq(people.id, scope.contact.id))
  if (!person) throw new AppError('not_found')
  const photo = person.avatar_file_id === null ? undefined : await readStoredFile(deps, deps.db, person.avatar_file_id).catch(() => undefined)
  return { fileName: `contact-${person.id}.vcf`, text: vcardOf(person, photo) }
}
