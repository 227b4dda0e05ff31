import { z } from 'zod'
import { flag, id, listResponse, maxId, okSchema, pagingQuerySchema, text } from '../rules/wire'
import { contactImportRowSchema, importRowProblemSchema, importRows, importUsersResponse, jsonOrValue } from './contact-import'
import { defineCall } from './define'
import { eventDate } from './events'
import { issueOf } from '../field-errors'

// Import-and-share (spec 2 §2.4, §3 "Import-and-share record", §4 "Import-and-share", §5, §7
// "Import-and-share", §8; issue 17 item 4): after an evangelistic event a conference officer
// imports the decision cards, sees each person found in the conference or newly imported with
// the churches that own them, chooses a church for each, and processes the import: each person
// is shared with or moved to the chosen church, which is told through its notifications.

/** The two lists of /contacts/import-and-share (spec 2 §2.4). */
export const userImportTypes = ['not_processed', 'processed'] as const
export type UserImportType = (typeof userImportTypes)[number]

export const userImportOrderBy = ['created', 'title', 'date'] as const
/** The people of an import, sorted by name ascending by default (spec 2 §9). */
export const userImportUserOrderBy = ['name', 'created', 'is_processed'] as const

/** The most rows one create-user-import takes: an event's decision cards, read in the browser. */
export const maxUserImportRows = 1000

/** The default title of a new import: its date and time as yyyy/MM/dd HH:mm (spec 2 §5). */
export function defaultUserImportTitle(now: Date): string {
  const two = (value: number) => String(value).padStart(2, '0')
  return `${now.getFullYear()}/${two(now.getMonth() + 1)}/${two(now.getDate())} ${two(now.getHours())}:${two(now.getMinutes())}`
}

const title = text(200).pipe(z.string().min(1, 'Required'))
const content = text(5000).nullish()
const optionalEventDate = eventDate.nullish().or(z.literal('').transform(() => null))

/** A map contact id → team id, as JSON text (form data) or the object itself; at most maxUserImportRows entries. */
const teamIdByUser = jsonOrValue(
  z
    .record(
      z
        .string()
        .regex(/^\d{1,10}$/, 'A contact id')
        .refine((key) => Number(key) >= 1 && Number(key) <= maxId, 'A contact id'),
      id.nullable(),
    )
    .refine((map) => Object.keys(map).length <= maxUserImportRows, {
      ...issueOf('too_many', { max: maxUserImportRows }),
      message: `At most ${maxUserImportRows} people`,
    }),
)

/** An import in the lists of /contacts/import-and-share. */
export const userImportListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The event's date, YYYY-MM-DD. */
  date: z.string().nullable(),
  content: z.string().nullable(),
  created_display: z.string(),
  author_name: z.string().nullable(),
  count_users: z.number().int(),
  count_processed: z.number().int(),
  /** Every person of the import has been processed. */
  is_processed: z.boolean(),
})
export type UserImportListItem = z.infer<typeof userImportListItemSchema>

export const userImportsQuery = pagingQuerySchema.extend({
  team_id: id,
  type: z.enum(userImportTypes).default('not_processed'),
  order_by: z.enum(userImportOrderBy).default('created'),
})

/** A person of an import: the contact found in the conference or newly imported. */
export const userImportUserSchema = z.object({
  /** The contact's id. */
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The row of the file it came from (2 is the first under the header). */
  row: z.number().int(),
  /** Newly imported (true) or found in the conference (false). */
  is_new: z.boolean(),
  is_processed: z.boolean(),
  /** The titles of the churches that own the contact, comma separated (spec 2 §3). */
  team_owners_csv: z.string(),
  /** The church chosen for the contact, or null. */
  team_id: z.number().int().nullable(),
  /** The church it was shared with or moved to, once processed. */
  processed_team_title: z.string().nullable(),
})
export type UserImportUser = z.infer<typeof userImportUserSchema>

/** A church a person may be sent to: the conference's churches. */
export const userImportTeamSchema = z.object({ id: z.number().int(), title: z.string() })

export const userImportQuery = pagingQuerySchema.extend({
  team_id: id,
  order_by: z.enum(userImportUserOrderBy).default('name'),
  /** Only the processed (1) or the not processed (0). */
  is_processed: flag.optional(),
  /** The file as CSV instead of JSON (spec 2 §7). */
  export: flag.optional(),
})

/** The import-and-share record (spec 2 §3): the import, a page of its people and the churches chosen. */
export const userImportSchema = userImportListItemSchema.extend({
  users: z.array(userImportUserSchema),
  count: z.number().int(),
  max_pages: z.number().int(),
  /** Contact id → the church chosen for it (spec 2 §3 team_id_by_user), for every person of the import, not only this page. */
  team_id_by_user: z.record(z.string(), z.number().int()),
  /** The churches of the conference to choose from. */
  teams: z.array(userImportTeamSchema),
})
export type UserImport = z.infer<typeof userImportSchema>

/** A processed person across the conference's imports (GET user-import/all). */
export const processedUserImportUserSchema = userImportUserSchema.extend({
  import_id: z.number().int(),
  import_title: z.string(),
})
export type ProcessedUserImportUser = z.infer<typeof processedUserImportUserSchema>

export const userImportAllQuery = pagingQuerySchema.extend({
  team_id: id,
  order_by: z.enum(userImportUserOrderBy).default('name'),
  export: flag.optional(),
})

const rows = importRows(contactImportRowSchema, maxUserImportRows, `At most ${maxUserImportRows} rows`)

export const createUserImportRequest = z.object({
  team_id: id,
  data: rows,
  title,
  date: optionalEventDate,
  content,
  /** Check every row by the same rules and answer what the import would do, keeping nothing (issue 35 item 9). */
  dry_run: flag.optional(),
})

/**
 * The new import's id and what became of each row (found people are not refused: they join the
 * import); a dry run answers the same report with id null, as nothing was kept.
 */
export const createUserImportResponse = importUsersResponse.extend({ id: z.number().int().nullable() })
export type CreateUserImportResult = z.infer<typeof createUserImportResponse>

export const updateUserImportRequest = z.object({
  team_id: id,
  title: title.optional(),
  date: optionalEventDate,
  content,
  /** The people kept on the import: a not-processed person left out is taken off it. */
  users: z.array(id).max(maxUserImportRows).optional(),
  /** Contact id → the church chosen (null: none chosen yet). */
  team_id_by_user: teamIdByUser.optional(),
})

export const processUserImportRequest = z.object({
  team_id: id,
  /** Contact id → the church to share it with or move it to; only these are processed now. */
  add_team_id_by_user_id: teamIdByUser,
})

/** The process result (spec 2 §3): the counts and each person not processed, with why. */
export const processUserImportResponse = z.object({
  count_successful: z.number().int(),
  count_unsuccessful: z.number().int(),
  unsuccessful_error: z.array(importRowProblemSchema),
})
export type ProcessUserImportResult = z.infer<typeof processUserImportResponse>

const params = z.object({ id })

export const userImportCalls = {
  userImports: defineCall({
    method: 'GET',
    path: '/user-imports',
    request: userImportsQuery,
    response: listResponse(userImportListItemSchema),
    summary: "The conference's imports, not processed or processed",
  }),
  userImportAll: defineCall({
    method: 'GET',
    path: '/user-import/all',
    request: userImportAllQuery,
    response: listResponse(processedUserImportUserSchema),
    summary: 'Every processed person of the conference’s imports; export=1 for CSV',
  }),
  userImport: defineCall({
    method: 'GET',
    path: '/user-import/:id',
    params,
    request: userImportQuery,
    response: userImportSchema,
    summary: 'An import with a page of its people; export=1 for CSV',
  }),
  createUserImport: defineCall({
    method: 'POST',
    path: '/create-user-import',
    request: createUserImportRequest,
    response: createUserImportResponse,
    summary: 'Import spreadsheet rows into a new import-and-share record',
  }),
  updateUserImport: defineCall({
    method: 'POST',
    path: '/update-user-import/:id',
    params,
    request: updateUserImportRequest,
    response: okSchema,
    summary: 'Change the title, date, notes, people kept and churches chosen',
  }),
  processUserImport: defineCall({
    method: 'POST',
    path: '/process-user-import/:id',
    params,
    request: processUserImportRequest,
    response: processUserImportResponse,
    summary: 'Share with or move to the chosen churches the people given; cannot be undone',
  }),
  deleteUserImport: defineCall({
    method: 'POST',
    path: '/delete-user-import/:id',
    params,
    request: z.object({ team_id: id }),
    response: okSchema,
    summary: 'Delete the import record; its contacts stay',
  }),
}
