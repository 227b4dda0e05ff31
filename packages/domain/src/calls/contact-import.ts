import { z } from 'zod'
import { flag, id, integer } from '../rules/wire'
import { dateOrders } from '../rules/import-dates'
import { socialNetworks } from '../rules/contacts'
import { teamGroupFields as scope } from './contact-shapes'
import { contactFieldsSchema, type ContactFields } from './contact-fields'
import { defineCall } from './define'
import { importMappingKeys } from '../rules/import-source'
import { fieldErrorCodeList, type FieldErrorCode } from '../field-errors'

// Contact import (spec 2 §3 "Contact import columns", §4 "Contact import", §6 import_contact,
// §7 import-users; issue 17): the browser reads the spreadsheet, matches its columns to these
// names and sends the rows in chunks; the server checks each row with create-user's rules,
// saves each on its own and answers the spec's counts with each refused row's number.

/**
 * The decision columns (spec 2 §3 extended list) and the user-event-types value each one
 * records as a contact event: a cell of yes (yes, y, x, true, 1, sí, si) or a date.
 */
export const contactImportDecisionTypes = {
  decision_to_follow_jesus: 'decision-to-follow-jesus',
  decision_to_interact: 'decision-to-interact',
  decision_for_bible_studies: 'decision-for-bible-studies',
  decision_for_baptism: 'decision-for-baptism',
  decision_to_disciple: 'decision-to-disciple',
  decision_for_service: 'decision-for-service',
} as const
export type ContactImportDecisionColumn = keyof typeof contactImportDecisionTypes
const decisionColumns = Object.keys(contactImportDecisionTypes) as ContactImportDecisionColumn[]

/**
 * Consent a church collected on paper (issue 35 item 10): its kind (verbal, or direct: signed
 * by the person), its date and what was agreed. An adult's row with them keeps every column;
 * a row without them keeps the name and gender (spec 2 §4).
 */
export const contactImportConsentColumns = ['consent_type', 'consent_date', 'consent_content'] as const
/** The kinds of consent a consent_type cell names. */
export const contactImportConsentTypes = ['verbal', 'direct'] as const
export type ContactImportConsentType = (typeof contactImportConsentTypes)[number]

/**
 * The contact fields a spreadsheet has no column for (spec 2 §3 lists the columns). Every other
 * field of contactFieldsSchema is a column of its own name, so a field added to the contract is
 * imported unless it is named here.
 */
export const contactFieldsNotImported = [
  // A phone without a prefix is read in the team's country.
  'phone_country',
  // The "other" texts go with a choice of other, which a cell does not make.
  'religion_other',
  'source_other',
  // Kept on the contact's record as the church follows the person up, not brought from a list.
  'grow_phase',
  'is_visitor',
  'expect_follow_up_completed',
  'expect_bible_study',
  'expect_bible_study_completed',
  'expect_baptism',
  'expect_baptism_completed',
  // An address comes as its typed parts; the server marks it typed by hand.
  'address_place_id',
  'address_formatted',
  'address_manual_input',
  'address_lat',
  'address_lng',
  // Consent comes in contactImportConsentColumns (a kind, its date, what was agreed); the form's
  // confirmation is the importer's (docs/decisions.md "Contact import").
  'consent_verbal_confirmed',
] as const satisfies ReadonlyArray<keyof ContactFields>

type ImportedField = Exclude<keyof ContactFields, (typeof contactFieldsNotImported)[number]>
// The fields a column of another name carries: the birth is one column, each social network one.
const columnsOfField = { dob_month: ['dob'], dob_year: ['dob'], social: socialNetworks } as const
type FieldColumn = Exclude<ImportedField, keyof typeof columnsOfField> | (typeof columnsOfField)[keyof typeof columnsOfField][number]

/** The columns that are the contact's own fields, in the contract's order. */
export const contactImportFieldColumns: readonly FieldColumn[] = [
  ...new Set(
    Object.keys(contactFieldsSchema.shape)
      .filter((field) => !(contactFieldsNotImported as readonly string[]).includes(field))
      // Read by rules of their own, with the extended columns.
      .filter((field) => !(contactImportConsentColumns as readonly string[]).includes(field))
      .flatMap((field): readonly string[] => (Object.hasOwn(columnsOfField, field) ? columnsOfField[field as keyof typeof columnsOfField] : [field])),
  ),
] as FieldColumn[]

/**
 * The extended list's columns that create what they name rather than fill a field (spec 2 §3;
 * issue 17; its expect_follow_up and parent or carer are fields): notes, a team note;
 * prayer_request, a prayer-request interaction; the decision columns, decisions; other_decision,
 * an event of type other with the cell as its text; assign_to_team_name, the contact joins that
 * team of the conference too.
 */
export const extendedContactImportColumns = [
  'notes',
  'prayer_request',
  ...decisionColumns,
  'other_decision',
  'assign_to_team_name',
  ...contactImportConsentColumns,
] as const

/**
 * The row's id in the system the file comes from (issue 41 item 2): kept with the contact, so
 * the same or a newer file updates the contact it made instead of refusing or doubling it.
 */
export const contactImportSourceIdColumn = 'source_id'
/** The longest source id kept. */
export const maxImportSourceIdLength = 200

/**
 * A row's household in the file and its role there (issue 41 item 4): the members of one
 * household are made relatives (rules/households.ts). Neither is kept on the contact.
 */
export const contactImportHouseholdColumns = ['household_id', 'family_role'] as const

/** The columns a contact import reads; any other column is ignored. */
export const contactImportColumns: ReadonlyArray<
  FieldColumn | (typeof extendedContactImportColumns)[number] | typeof contactImportSourceIdColumn | (typeof contactImportHouseholdColumns)[number]
> = [...contactImportFieldColumns, ...extendedContactImportColumns, contactImportSourceIdColumn, ...contactImportHouseholdColumns]
export type ContactImportColumn = (typeof contactImportColumns)[number]

/**
 * The columns of a team's contacts export (issue 41 item 5): those the import reads back into
 * the same contact. Left out: age (the birth is dob), and the columns that add a record rather
 * than fill a field (notes, a prayer request, another decision, another team), which the
 * export's other files hold. A decision column is the date of the first such decision.
 */
export const contactExportColumns = contactImportColumns.filter(
  (column) => !(['age', 'notes', 'prayer_request', 'other_decision', 'assign_to_team_name'] as readonly string[]).includes(column),
)

/** A row without these is refused (spec 2 §3: all three required). */
export const requiredContactImportColumns = ['first_name', 'last_name', 'gender'] as const satisfies readonly ContactImportColumn[]

/** The most rows one import-users call takes: the browser sends a file in chunks of this size. */
export const maxContactImportChunk = 500
/** The most data rows a file may hold (issue 17: 50,000 and more are refused with the limit). */
export const maxContactImportRows = 49_999

/** A cell as the reader gives it: text, a number (an age, an Excel date), a boolean or nothing. */
const cell = z.union([z.string().max(2000, 'At most 2,000 characters'), z.number(), z.boolean()]).nullish()

/** A spreadsheet row of an import, keyed by its column names; unknown keys are dropped. */
export function importRowSchema<C extends string>(columns: readonly C[]) {
  return z.object(Object.fromEntries(columns.map((column) => [column, cell])) as Record<C, typeof cell>)
}

/** A value sent as JSON text (form data) or as itself. */
export function jsonOrValue<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value
    try {
      return JSON.parse(value) as unknown
    } catch {
      return value
    }
  }, schema)
}

/** data of an import: 1 to `max` rows, as JSON text or the list itself. */
export function importRows<T extends z.ZodType>(row: T, max: number, tooMany = `At most ${max} rows at a time`) {
  return jsonOrValue(z.array(row).min(1, 'The file has no rows').max(max, tooMany))
}

/** One spreadsheet row, keyed by the column names above; unknown keys are dropped. */
export const contactImportRowSchema = importRowSchema(contactImportColumns)
export type ContactImportRow = z.input<typeof contactImportRowSchema>

const rows = importRows(contactImportRowSchema, maxContactImportChunk)

export const importUsersRequest = z.object({
  ...scope,
  data: rows,
  /** Import as church members: the member_status column is dropped and each is a member (spec 2 §4). */
  import_as_members: flag.optional(),
  /**
   * The spreadsheet row number of the first row sent (2 below a header row): a chunk's report
   * names the rows as the person sees them in their file.
   */
  first_row: integer(1, maxContactImportRows + 1).default(2),
  /** A dry run: every row checked by the same rules and answered the same way, nothing written. */
  dry_run: flag.optional(),
  /** The system the file comes from: what its rows' source_id cells are ids of (`other` when none is given). */
  source_system: z.enum(importMappingKeys).optional(),
  /**
   * The import a later chunk of the same file belongs to: the first chunk's answer names it
   * (issue 41 item 3, an import is undone whole). Only its importer continues it.
   */
  import_id: id.optional(),
  /**
   * A contact the file updates: its empty cells clear the field (the column is in the file but
   * the cell is blank). Without it an empty cell leaves the contact's value as it is.
   */
  clear_empty_cells: flag.optional(),
})

/**
 * Why an import refuses a row, as a code with what the reader needs to put it in words
 * (issue 35 item 9): the web words each code in the reader's language.
 */
/**
 * A refused row's issue codes: the field error codes (field-errors.ts), so a row's refusal and a
 * form's are worded by the same texts. Those an import names: required, not_in_list (value is
 * not one of allowed: a lookup list's ids when list is given, else the choice's values),
 * invalid_date (order says how the team's country writes one), ambiguous_date, invalid_time,
 * invalid_email, invalid_phone, invalid_url, yes_no, yes_no_or_date, too_long (max),
 * out_of_range (min, max), dob_in_future, birth_year_required, parent_contact_required,
 * unknown_team, not_allowed, child_record_closed, minor_without_consent, exists_in_this_team,
 * exists_in_other_team, already_on_import (row), interaction_exists, invalid.
 */
export const importIssueCodes = fieldErrorCodeList
export type ImportIssueCode = FieldErrorCode

export const importIssueSchema = z.object({
  code: z.enum(importIssueCodes),
  /** The column it is about; none for the row as a whole. */
  field: z.string().optional(),
  /** The cell as the file wrote it. */
  value: z.string().optional(),
  allowed: z.array(z.string()).optional(),
  /** The lookup list of allowed (GET lookups/{list}), and their titles by language, in allowed's order. */
  list: z.string().optional(),
  allowed_titles: z.record(z.string(), z.array(z.string())).optional(),
  order: z.enum(dateOrders).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  row: z.number().int().optional(),
})
export type ImportIssue = z.infer<typeof importIssueSchema>

/** A refused row: its number in the file, the name it carries, and why. */
export const importRowProblemSchema = z.object({
  row: z.number().int(),
  name: z.string(),
  /** Why, in English (API clients, exports); the web words issues instead. */
  reason: z.string(),
  /** Field → message, for a row with invalid fields. */
  errors: z.record(z.string(), z.string()).optional(),
  issues: z.array(importIssueSchema).optional(),
})
export type ImportRowProblem = z.infer<typeof importRowProblemSchema>

/**
 * A row imported without consent (spec 2 §4): the columns the file gave that were not kept.
 * child: a child, whose consent is a parent's or carer's, given on the contact's Consent tab;
 * a file's consent columns are not taken for one.
 */
export const importRowKeptSchema = z.object({
  row: z.number().int(),
  name: z.string(),
  not_kept: z.array(z.string()),
  child: z.boolean(),
})
export type ImportRowKept = z.infer<typeof importRowKeptSchema>

/** The import result (spec 2 §3): the counts and each list of refused rows. */
export const importUsersResponse = z.object({
  count_successful: z.number().int(),
  count_unsuccessful: z.number().int(),
  /** A contact with these details exists in another team of the conference: not imported. */
  unsuccessful_exists: z.array(importRowProblemSchema),
  /** Rows that name a contact that does not exist (the interaction import's; empty here). */
  unsuccessful_not_exists: z.array(importRowProblemSchema),
  /** A contact with these details is already in this team. */
  unsuccessful_team_user_exists: z.array(importRowProblemSchema),
  unsuccessful_invalid_email: z.array(importRowProblemSchema),
  unsuccessful_error: z.array(importRowProblemSchema),
  /** Contact imports: the rows imported with their consent, so with every column. */
  with_consent: z.array(z.number().int()).optional(),
  /** Contact imports: the rows imported without consent and what of them was not kept. */
  kept_without_consent: z.array(importRowKeptSchema).optional(),
  /**
   * Contact imports (issue 41 item 2): the rows that made a new contact, that changed a contact
   * the team has (by its source id, or by its details), and that matched one with nothing new.
   * count_successful counts all three.
   */
  created: z.array(z.number().int()).optional(),
  updated: z.array(z.number().int()).optional(),
  unchanged: z.array(z.number().int()).optional(),
  /** Contact imports: the relationships made between the members of the file's households (issue 41 item 4). */
  relationships_made: z.number().int().optional(),
  /** The import the rows were written in (not on a dry run): later chunks send it as import_id. */
  import_id: z.number().int().optional(),
})
export type ImportUsersResult = z.infer<typeof importUsersResponse>

/** The lists of refused rows, in the order the report shows them (spec 2 §3, §8). */
export const importRefusalLists = [
  'unsuccessful_exists',
  'unsuccessful_not_exists',
  'unsuccessful_team_user_exists',
  'unsuccessful_invalid_email',
  'unsuccessful_error',
] as const satisfies ReadonlyArray<Exclude<keyof ImportUsersResult, 'count_successful' | 'count_unsuccessful'>>
export type ImportRefusalList = (typeof importRefusalLists)[number]

/** A report of nothing imported yet: what the server starts each call from and the page each import from. */
export function emptyImportReport(): ImportUsersResult {
  return {
    count_successful: 0,
    count_unsuccessful: 0,
    unsuccessful_exists: [],
    unsuccessful_not_exists: [],
    unsuccessful_team_user_exists: [],
    unsuccessful_invalid_email: [],
    unsuccessful_error: [],
  }
}

export const contactImportCalls = {
  importUsers: defineCall({
    method: 'POST',
    path: '/import-users',
    request: importUsersRequest,
    response: importUsersResponse,
    summary: 'Import contacts from spreadsheet rows; each row is checked and saved on its own',
  }),
}
