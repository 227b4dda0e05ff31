import {
  contactAddressFields,
  contactFieldsSchema,
  contactFlagFields,
  contactImportColumns,
  contactImportFieldColumns,
  genderMessage,
  genderOfCell,
  genders,
  requiredContactImportColumns,
  socialNetworks,
  type ContactImportRow,
} from '@crm/domain'
import type { ContactInput } from '../contacts/contact-input'
import {
  consentOf,
  extendedColumnsOf,
  importDateOf,
  yesNoMessage,
  yesNoOf,
  type DateReading,
  type ExtendedColumns,
  type ImportedConsent,
} from './extended-columns'
import { addRefusals, issueOfSchema, RowProblems } from './import-issues'
import type { ImportLookups } from './import-lookups'
import { requiredMessage, textOf } from './import-report'

// A contact import row as create-user's fields (spec 2 §3 "Contact import columns"; issue 35
// items 9 and 10): each cell read as the app shows it (a lookup's id or title in English or
// Spanish, dates as the team's country writes them), its consent columns, and what its extended
// columns create; or the row's problems, each with its code.

export const notInListMessage = 'Choose a value from the list.'
const birthMessage = 'Use a date such as 1990-05-31'

/** The fields that take a lookup's value, and their lists. */
export const contactLookupColumns = { member_status: 'member-status-types', source: 'contact-source-types', religion: 'religion-types' } as const
export const contactImportLookupLists = Object.values(contactLookupColumns)

// The field columns by how a cell becomes the field; every other one (plainColumns) is the cell's
// text as it reads, so a text field added to the contract is imported with no change here.
const flagColumns = contactImportFieldColumns.filter((column) => (contactFlagFields as readonly string[]).includes(column))
const addressColumns = contactImportFieldColumns.filter((column) => (contactAddressFields as readonly string[]).includes(column))
/** Choices: their values are lower case, as a sheet may not write them. */
const choiceColumns = new Set<string>(['marital_status', 'parent_carer_relationship'])
const ownRules = new Set<string>(['gender', 'dob', 'address_country', ...Object.keys(contactLookupColumns), ...socialNetworks, ...flagColumns])
const plainColumns = contactImportFieldColumns.filter((column) => !ownRules.has(column))

/**
 * A date of birth: a year (1990), a month (1990-05, 05/1990) or a date in any form a date
 * cell takes (the day is not kept).
 */
function birthOf(text: string, at: DateReading, problems: RowProblems): { dob_year: number; dob_month: number | null } | null {
  if (/^\d{4}$/.test(text)) return { dob_year: Number(text), dob_month: null }
  const yearMonth = /^(\d{4})[-/.](\d{1,2})$/.exec(text)
  const monthYear = /^(\d{1,2})[-/.](\d{4})$/.exec(text)
  const [year, month] = yearMonth ? [yearMonth[1], yearMonth[2]] : monthYear ? [monthYear[2], monthYear[1]] : [null, null]
  if (year && Number(month) >= 1 && Number(month) <= 12) return { dob_year: Number(year), dob_month: Number(month) }
  const date = importDateOf(text, at)
  if ('date' in date) return { dob_year: Number(date.date.slice(0, 4)), dob_month: Number(date.date.slice(5, 7)) }
  problems.add('dob', birthMessage, date.issue)
  return null
}

/** The column a field's problem is about: the birth is one column, each social network one. */
export function columnOfField(field: string, path: readonly PropertyKey[] = []): string {
  if (field === 'dob_year' || field === 'dob_month') return 'dob'
  if (field === 'social' && typeof path[1] === 'string') return path[1]
  return field
}

/** What create-user's rules refused, as the row's problems about its columns. */
export function addFieldRefusals(problems: RowProblems, refused: Parameters<typeof addRefusals>[1], raw: ContactImportRow): void {
  addRefusals(
    problems,
    refused,
    (column) => (raw as Record<string, unknown>)[column],
    (field) => columnOfField(field),
  )
}

/** Fields the file gave that were not kept, as the file's columns, in the columns' order. */
export function columnsNotKept(notKept: readonly string[], raw: ContactImportRow): string[] {
  const given = new Set(
    notKept.flatMap((field) => {
      if (field === 'address_manual_input') return []
      if (field === 'dob_year' || field === 'dob_month') return [textOf(raw.dob) ? 'dob' : 'age']
      if (field === 'social') return socialNetworks.filter((network) => textOf(raw[network]))
      return [field]
    }),
  )
  return contactImportColumns.filter((column) => given.has(column))
}

/**
 * The fields a row's empty cells clear on a contact it updates (clear_empty_cells, issue 41
 * item 2): each column the file has whose cell is blank, the required ones aside. A yes-or-no
 * column clears to no; an age column clears nothing (the birth column clears the birth).
 */
export function clearedFieldsOf(raw: ContactImportRow): ContactInput {
  const fields: Record<string, unknown> = {}
  const social: Record<string, null> = {}
  for (const column of contactImportFieldColumns) {
    if (!Object.hasOwn(raw, column) || textOf(raw[column]) !== '' || column === 'age') continue
    if ((requiredContactImportColumns as readonly string[]).includes(column)) continue
    if (column === 'dob') Object.assign(fields, { dob_year: null, dob_month: null })
    else if ((socialNetworks as readonly string[]).includes(column)) social[column] = null
    else fields[column] = (flagColumns as readonly string[]).includes(column) ? false : null
  }
  if (Object.keys(social).length > 0) fields.social = social
  return fields as ContactInput
}

/** What a column's value must be when its schema refuses its form: an email, a link, or just valid. */
function formatOf(column: string): 'invalid_email' | 'invalid_url' | 'invalid' {
  if (column === 'email' || column === 'parent_carer_email') return 'invalid_email'
  return (socialNetworks as readonly string[]).includes(column) ? 'invalid_url' : 'invalid'
}

export interface ContactRow {
  fields: ContactInput
  extended: ExtendedColumns
  consent: ImportedConsent | null
}

/** The create-user fields of a row, its consent and what its extended columns create; RowRefused with each problem otherwise. */
export function rowOf(raw: ContactImportRow, at: DateReading & { asMembers: boolean; today: string; lookups: ImportLookups }): ContactRow {
  const problems = new RowProblems()
  for (const column of requiredContactImportColumns) if (!textOf(raw[column])) problems.add(column, requiredMessage, { code: 'required' })
  const genderText = textOf(raw.gender)
  const gender = genderText ? genderOfCell(genderText) : null
  if (genderText && !gender) problems.add('gender', genderMessage, { code: 'not_in_list', value: genderText, allowed: [...genders] })
  const fields: Record<string, unknown> = { gender }
  const dob = textOf(raw.dob)
  if (dob) Object.assign(fields, birthOf(dob, at, problems))
  for (const column of plainColumns) {
    const value = textOf(raw[column])
    if (value) fields[column] = choiceColumns.has(column) ? value.toLowerCase() : value
  }
  const country = textOf(raw.address_country)
  if (country) fields.address_country = country.toUpperCase()
  if (addressColumns.some((column) => fields[column])) fields.address_manual_input = true
  const social = Object.fromEntries(socialNetworks.map((network) => [network, textOf(raw[network])]).filter(([, url]) => url))
  if (Object.keys(social).length > 0) fields.social = social
  for (const [column, list] of Object.entries(contactLookupColumns)) {
    // Imported as church members: the column is dropped and each one is a member (spec 2 §4).
    if (column === 'member_status' && at.asMembers) {
      fields.member_status = 'member'
      continue
    }
    const text = textOf(raw[column as keyof typeof contactLookupColumns])
    if (!text) continue
    const value = at.lookups.match(list, text)
    if (value) fields[column] = value
    else
      problems.add(column, notInListMessage, {
        code: 'not_in_list',
        value: text,
        list,
        allowed: at.lookups.values(list),
        allowed_titles: at.lookups.titles(list),
      })
  }
  for (const column of flagColumns) {
    const text = textOf(raw[column])
    if (!text) continue
    const ticked = yesNoOf(text)
    if (ticked === null) problems.add(column, yesNoMessage, { code: 'yes_no', value: text })
    else fields[column] = ticked
  }
  const extended = extendedColumnsOf(raw, at, problems)
  const consent = consentOf(raw, at, problems)

  const parsed = contactFieldsSchema.safeParse(fields)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = columnOfField(String(issue.path[0] ?? 'row'), issue.path)
      const details = issueOfSchema(issue, (raw as Record<string, unknown>)[column])
      problems.add(column, issue.message, details.code === 'invalid' ? { ...details, code: formatOf(column) } : details)
    }
  }
  if (!parsed.success) return problems.refuse(true)
  if (problems.any) problems.refuse(true)
  return { fields: parsed.data, extended, consent }
}
