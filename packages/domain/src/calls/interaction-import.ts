import { z } from 'zod'
import { flag, id, integer } from '../rules/wire'
import { importRows, importRowSchema, importUsersResponse, maxContactImportChunk, maxContactImportRows } from './contact-import'
import { teamGroupFields as scope } from './contact-shapes'
import { defineCall } from './define'

// Interaction import (spec 2 §3 "Contact import columns", §6 import_interaction, §7
// import-contact-interactions; issue 17): the browser reads a spreadsheet of one contact's
// interactions, matches its columns to these names and sends the rows in chunks; the server
// checks each row with add-contact-interaction's rules, saves each on its own and answers
// the import result of import-users.

/**
 * The columns an interaction import reads, named as add-contact-interaction's fields; any
 * other column is ignored. Ids (by_user_id, other_contacts, event links) are not read from a
 * spreadsheet: the importer is the acting user.
 */
export const interactionImportColumns = [
  'date',
  'time',
  'type',
  'content',
  'is_completed',
  'prayer_type',
  'type_other',
  'bible_study',
  'bible_study_other',
  'reaction',
] as const
export type InteractionImportColumn = (typeof interactionImportColumns)[number]

/** A row without these is refused (spec 2 §3: date, time and type are required). */
export const requiredInteractionImportColumns = ['date', 'time', 'type'] as const satisfies readonly InteractionImportColumn[]

/**
 * One spreadsheet row, keyed by the column names above; unknown keys are dropped. date is
 * YYYY-MM-DD or written as the team's country writes dates (rules/import-dates.ts), time
 * HH:mm (H:mm and HH:mm:ss too), type and bible_study a lookup's id or its English or
 * Spanish title (case, accents and spacing aside).
 */
export const interactionImportRowSchema = importRowSchema(interactionImportColumns)
export type InteractionImportRow = z.input<typeof interactionImportRowSchema>

const rows = importRows(interactionImportRowSchema, maxContactImportChunk)

export const importContactInteractionsRequest = z.object({
  ...scope,
  /** The contact the interactions are imported for. */
  user_id: id,
  data: rows,
  /** The spreadsheet row number of the first row sent (2 below a header row), as in import-users. */
  first_row: integer(1, maxContactImportRows + 1).default(2),
  /** A dry run: every row checked and answered as the import would, nothing kept. */
  dry_run: flag.optional(),
})

export const interactionImportCalls = {
  importContactInteractions: defineCall({
    method: 'POST',
    path: '/import-contact-interactions',
    request: importContactInteractionsRequest,
    response: importUsersResponse,
    summary: "Import a contact's interactions from spreadsheet rows; each row is checked and saved on its own",
  }),
}
