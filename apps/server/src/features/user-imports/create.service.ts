import type { z } from 'zod'
import { inArray } from 'drizzle-orm'
import { emptyImportReport, hasCapability, type CreateUserImportResult, type createUserImportRequest } from '@crm/domain'
import type { Executor } from '../../db/client'
import { people as peopleTable, userImportRows, userImports } from '../../db/schema/index'
import type { GroupScope, TeamScope, Viewer } from '../../platform/access'
import { childRecordClosedMessage } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { nameWordsOf, searchTextOf, sortNameOf } from '../../platform/read-model'
import { checkRow, chunkContextOf, refusalOf } from '../contact-import/contact-import.service'
import { addKeptRow, addRefusal, RowRefused, textOf, writeUnlessDryRun } from '../contact-import/import-report'
import { ChunkIdentities, saveNewContacts, type NewContact } from '../contact-import/new-contacts'
import type { ContactIdentity } from '../contacts/contact-input'
import { assertNoDuplicate, lockContactsOfConference, type DuplicateCheck } from '../contacts/duplicates.service'
import { todayIn } from '../interactions/interaction-view'

// create-user-import (spec 2 §4 "Import-and-share", §7; issue 17 item 4): each row is checked
// with the contact import's rules, its extended columns included. A person the conference
// already has (in the conference itself or in one of its churches, by create-user's duplicate
// rules) joins the import as found, their record unchanged; anyone else becomes a new contact
// of the conference, written with what the row's extended columns create, as import-users
// writes them. A row's assign_to_team_name, naming one of the conference's churches, is the
// church chosen for the person. Nothing is written until every row is checked, under the
// conference's contacts lock. A dry run does all of it and rolls it back: the preview of a new
// import answers what Save will do (issue 35 item 9).

type CreateInput = z.output<typeof createUserImportRequest>

/** The spreadsheet row of the first data row (the header is row 1). */
const firstRow = 2

/**
 * The person of the conference these details match, by create-user's duplicate rules: the
 * conference's own contacts first, then its churches' active ones. 'hidden' is a match the
 * caller may not be told about (a child under the child data gate); null is no match.
 */
async function findInConference(tx: Executor, deps: Deps, check: DuplicateCheck, identity: ContactIdentity): Promise<number | 'hidden' | null> {
  try {
    await assertNoDuplicate(tx, deps, check, identity)
    return null
  } catch (error) {
    if (!(error instanceof AppError) || (error.code !== 'user_exists_in_this_team' && error.code !== 'user_exists_in_other_team')) throw error
    const data = error.details.data as { id: number } | null
    return data ? data.id : 'hidden'
  }
}

/** How the import's lists sort and search a person: contacts' sort name, name words and search text. */
function listTextsOf(person: { first_name: string; last_name: string; email: string | null; phone: string | null }) {
  return { sort_name: sortNameOf(person), name_words: nameWordsOf(person), search_text: searchTextOf(person) }
}

/** The list texts of people found in the conference, by id. */
async function listTextsOfFound(tx: Executor, personIds: number[]): Promise<Map<number, ReturnType<typeof listTextsOf>>> {
  if (personIds.length === 0) return new Map()
  const rows = await tx
    .select({ id: peopleTable.id, first_name: peopleTable.first_name, last_name: peopleTable.last_name, email: peopleTable.email, phone: peopleTable.phone })
    .from(peopleTable)
    .where(inArray(peopleTable.id, personIds))
  return new Map(rows.map((row) => [row.id, listTextsOf(row)]))
}

const alreadyOnImport = (row: number) => `This person is already on the import (row ${row}).`
const onImportAlready = (row: number) => new RowRefused('unsuccessful_error', alreadyOnImport(row), undefined, [{ code: 'already_on_import', row }])

/** create-user-import: the new record, its people, and what became of each row. */
export async function createUserImport(deps: Deps, viewer: Viewer, scope: TeamScope, input: CreateInput): Promise<CreateUserImportResult> {
  const result: CreateUserImportResult = { id: null, ...emptyImportReport() }
  const now = deps.now()
  const today = todayIn(now, scope.settings.timeZone)
  // New contacts go to the conference's primary group: the conference itself.
  const atConference: GroupScope = { ...scope, group: scope.team, groupRole: scope.role }
  const check: DuplicateCheck = {
    viewer,
    team: scope.team,
    gated: scope.childGate !== null,
    readsTeam: hasCapability(scope.role, 'read_contact'),
    disregardOtherTeams: false,
  }
  const dryRun = input.dry_run ?? false
  await writeUnlessDryRun(deps.db, dryRun, async (tx) => {
    await lockContactsOfConference(tx, scope.team)
    const [record] = await tx
      .insert(userImports)
      .values({ team_id: scope.team.id, title: input.title, date: input.date ?? null, content: input.content ?? null, created_by: viewer.personId })
      .returning({ id: userImports.id })
    const importId = record!.id
    result.id = dryRun ? null : importId
    const chunk = await chunkContextOf(tx, atConference)
    // Found people by contact id, and the new ones by identity, each with its row: a file may name one person twice.
    const foundRows = new Map<number, { row: number; teamId: number | null }>()
    const newIdentities = new ChunkIdentities()
    const newContacts: Array<NewContact & { teamId: number | null }> = []
    for (const [index, raw] of input.data.entries()) {
      const row = firstRow + index
      const name = `${textOf(raw.first_name)} ${textOf(raw.last_name)}`.trim()
      try {
        const checked = await checkRow(raw, { tx, asMembers: false, scope: atConference, chunk, now, today })
        const { resolved, extended, assignTo } = checked
        const teamId = assignTo?.id ?? null
        const found = await findInConference(tx, deps, check, resolved.identity)
        if (found === 'hidden') throw new RowRefused('unsuccessful_error', childRecordClosedMessage, undefined, [{ code: 'child_record_closed' }])
        if (found !== null) {
          const earlier = foundRows.get(found)
          if (earlier) throw onImportAlready(earlier.row)
          foundRows.set(found, { row, teamId })
        } else {
          const earlier = newIdentities.rowOf(resolved.identity)
          if (earlier !== undefined) throw onImportAlready(earlier)
          newIdentities.add(resolved.identity, row)
          // The church is chosen on the import, not joined now: processing shares or moves the contact.
          newContacts.push({ row, values: resolved.values, isChild: resolved.isChild, assignTo: null, extended, teamId })
          // A new person keeps what the file gives with its consent, else the name and gender: the report says which (issue 35 item 10).
          addKeptRow(result, { row, name, ...checked, child: resolved.isChild })
        }
        result.count_successful += 1
      } catch (error) {
        addRefusal(result, row, name, refusalOf(error))
      }
    }
    const ids = await saveNewContacts(tx, { now, today, viewer, scope: atConference, logged: { user_import_id: importId } }, newContacts)
    const foundTexts = await listTextsOfFound(tx, [...foundRows.keys()])
    const onImport = { import_id: importId, conference_id: scope.team.id }
    const people = [
      ...[...foundRows].map(([personId, { row, teamId }]) => ({
        ...onImport,
        person_id: personId,
        row,
        is_new: false,
        team_id: teamId,
        ...foundTexts.get(personId)!,
      })),
      ...newContacts.map(({ row, teamId, values }, index) => ({
        ...onImport,
        person_id: ids[index]!,
        row,
        is_new: true,
        team_id: teamId,
        ...listTextsOf({ first_name: values.first_name ?? '', last_name: values.last_name ?? '', email: values.email ?? null, phone: values.phone ?? null }),
      })),
    ]
    // In the file's order: 'created' lists the people as the file reads.
    if (people.length > 0) await tx.insert(userImportRows).values(people.sort((a, b) => a.row - b.row))
  })
  return result
}
