import type { z } from 'zod'
import { hasCapability, type CreateUserImportResult, type createUserImportRequest } from '@crm/domain'
import type { Executor } from '../../db/client'
import { userImportRows, userImports } from '../../db/schema/index'
import type { GroupScope, TeamScope, Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import { childRecordClosedMessage } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { refusalOf, refuseInvalid, rowOf } from '../contact-import/contact-import.service'
import { addRefusal, emptyImportReport, RowRefused, textOf } from '../contact-import/import-report'
import type { ContactIdentity } from '../contacts/contact-input'
import { resolveContactInput } from '../contacts/contact-input'
import { insertNewContact } from '../contacts/create.service'
import { assertNoDuplicate, lockContactsOfConference, type DuplicateCheck } from '../contacts/duplicates.service'
import { refreshContactReadModel } from '../contacts/read-model'
import { todayIn } from '../interactions/interaction-view'

// create-user-import (spec 2 §4 "Import-and-share", §7; issue 17 item 4): each row is checked
// with the contact import's rules. A person the conference already has (in the conference
// itself or in one of its churches, by create-user's duplicate rules) joins the import as
// found; anyone else becomes a new contact of the conference. Each row is saved in its own
// savepoint under the conference's contacts lock, as import-users saves its rows.

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

/** create-user-import: the new record, its people, and what became of each row. */
export async function createUserImport(deps: Deps, viewer: Viewer, scope: TeamScope, input: CreateInput): Promise<CreateUserImportResult> {
  const result: CreateUserImportResult = { id: 0, ...emptyImportReport() }
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
  await deps.db.transaction(async (tx) => {
    await lockContactsOfConference(tx, scope.team)
    const [record] = await tx
      .insert(userImports)
      .values({ team_id: scope.team.id, title: input.title, date: input.date ?? null, content: input.content ?? null, created_by: viewer.personId })
      .returning({ id: userImports.id })
    const importId = record!.id
    result.id = importId
    // Each person's row on this import: a file may name one person twice.
    const rowOfPerson = new Map<number, number>()
    for (const [index, raw] of input.data.entries()) {
      const row = firstRow + index
      const name = `${textOf(raw.first_name)} ${textOf(raw.last_name)}`.trim()
      try {
        const personId = await tx.transaction(async (savepoint) => {
          // The contact import's checks; the extended columns are not written here (yet).
          const { fields } = rowOf(raw, false, today)
          const resolved = await resolveContactInput(savepoint, fields, null, { now, country: scope.settings.country })
          if (resolved.isChild && scope.childGate) throw new RowRefused('unsuccessful_error', childRecordClosedMessage)
          if (Object.keys(resolved.errors).length > 0) refuseInvalid(resolved.errors)
          const found = await findInConference(savepoint, deps, check, resolved.identity)
          if (found === 'hidden') throw new RowRefused('unsuccessful_error', childRecordClosedMessage)
          if (found !== null) {
            const earlier = rowOfPerson.get(found)
            if (earlier !== undefined) throw new RowRefused('unsuccessful_error', `This person is already on the import (row ${earlier}).`)
            await savepoint.insert(userImportRows).values({ import_id: importId, person_id: found, row, is_new: false })
            return found
          }
          const id = await insertNewContact(savepoint, viewer, atConference, resolved.values)
          await refreshContactReadModel(savepoint, id, now)
          await recordActivity(savepoint, {
            authorId: viewer.personId,
            teamId: scope.team.id,
            subjectType: 'user',
            subjectId: id,
            contactId: id,
            action: 'add',
            after: { ...resolved.values, group_id: scope.team.id, source_of_change: 'user_import', import_row: row, user_import_id: importId },
          })
          await savepoint.insert(userImportRows).values({ import_id: importId, person_id: id, row, is_new: true })
          return id
        })
        rowOfPerson.set(personId, row)
        result.count_successful += 1
      } catch (error) {
        addRefusal(result, row, name, refusalOf(error))
      }
    }
  })
  return result
}
