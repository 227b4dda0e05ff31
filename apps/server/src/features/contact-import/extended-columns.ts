import {
  contactImportDecisionTypes,
  contactImportConsentTypes,
  dateOfImportCell,
  isoDateOf,
  otherContactEventType,
  type ContactImportConsentType,
  type ContactImportDecisionColumn,
  type ContactImportRow,
  type DateOrder,
} from '@crm/domain'
import type { IssueDetails, RowProblems } from './import-issues'
import { lookupWordOf } from './import-lookups'
import { requiredMessage, textOf } from './import-report'

// The cells of a contact import (spec 2 §3 "Contact import columns"): what a yes, a no, a
// date or a consent looks like, and what the extended columns ask to create besides the contact.

// Yes and no as churches write them, in English and Spanish (case aside).
const yesWords = new Set(['yes', 'y', 'x', 'true', '1', 'sí', 'si'])
const noWords = new Set(['no', 'n', 'false', '0'])

export const yesNoMessage = 'Enter yes or no.'
export const decisionCellMessage = 'Enter yes, no or a date such as 2024-05-31.'
export const dateMessage = 'Enter a date such as 2024-05-31.'
export const unknownTeamMessage = 'No team of this conference has this name.'
export const consentTypeMessage = 'Enter verbal or direct.'

/** A yes or no cell: true, false, or null when it says neither (a blank cell is no). */
export function yesNoOf(text: string): boolean | null {
  const word = text.toLowerCase()
  if (word === '' || noWords.has(word)) return false
  return yesWords.has(word) ? true : null
}

/** How a row's dates are read: the team's country's order, and today (for two-digit years). */
export interface DateReading {
  order: DateOrder
  now: Date
}

/**
 * A date cell as YYYY-MM-DD between 1900 and 2100 (the contact events' and interactions'
 * bounds), or the issue that says why not.
 */
export function importDateOf(text: string, at: DateReading): { date: string } | { issue: IssueDetails } {
  const cell = dateOfImportCell(text, at.order, at.now)
  if ('problem' in cell) return { issue: { code: cell.problem, value: text, order: at.order } }
  if (cell.date.year < 1900 || cell.date.year > 2100) return { issue: { code: 'out_of_range', value: text, min: 1900, max: 2100 } }
  return { date: isoDateOf(cell.date) }
}

/** A decision or event the row records: a value of user-event-types on a date, with a text. */
export interface ImportedEvent {
  column: ContactImportDecisionColumn | 'other_decision'
  type: string
  date: string
  content: string | null
}

/** What the extended columns of a row create besides the contact's own fields. */
export interface ExtendedColumns {
  /** A team note by the importer. */
  note: string | null
  /** A prayer-request interaction. */
  prayerRequest: string | null
  events: ImportedEvent[]
  /** The name of another team of the conference the contact joins. */
  teamName: string | null
}

/**
 * The extended columns of a row, read; a cell that is not what its column takes is added to
 * `problems` under the column's name. A decision says yes (on `today`, the team's date) or
 * gives its date; other_decision records an event of type other with the cell as its text.
 */
export function extendedColumnsOf(raw: ContactImportRow, at: DateReading & { today: string }, problems: RowProblems): ExtendedColumns {
  const events: ImportedEvent[] = []
  for (const [column, type] of Object.entries(contactImportDecisionTypes) as Array<[ContactImportDecisionColumn, string]>) {
    const text = textOf(raw[column])
    const yes = yesNoOf(text)
    if (yes === false) continue
    if (yes) {
      events.push({ column, type, date: at.today, content: null })
      continue
    }
    const date = importDateOf(text, at)
    if ('date' in date) events.push({ column, type, date: date.date, content: null })
    else problems.add(column, decisionCellMessage, date.issue.code === 'invalid_date' ? { code: 'yes_no_or_date', value: text, order: at.order } : date.issue)
  }
  const other = textOf(raw.other_decision)
  if (other) events.push({ column: 'other_decision', type: otherContactEventType, date: at.today, content: other })
  return {
    note: textOf(raw.notes) || null,
    prayerRequest: textOf(raw.prayer_request) || null,
    events,
    teamName: textOf(raw.assign_to_team_name) || null,
  }
}

/** Consent a church collected on paper: its kind, date and what was agreed (issue 35 item 10). */
export interface ImportedConsent {
  type: ContactImportConsentType
  date: string
  content: string
}

// The words of a consent_type cell, in English and Spanish (case, accents and spacing aside).
const consentWords = new Map<string, ContactImportConsentType | null>([
  ...['verbal', 'oral', 'de palabra'].map((word): [string, ContactImportConsentType] => [word, 'verbal']),
  ...['direct', 'directo', 'directa', 'signed', 'firmado', 'firmada', 'written', 'escrito', 'escrita'].map((word): [string, ContactImportConsentType] => [
    word,
    'direct',
  ]),
  ...['no', 'none', 'ninguno', 'ninguna'].map((word): [string, null] => [word, null]),
])

/**
 * The row's consent columns: a kind (verbal or direct), its date and what was agreed, all
 * three needed (spec 2 §5: the consent's date and content are required); null when the row
 * gives none (or says no). A date or content without a kind asks for the kind.
 */
export function consentOf(raw: ContactImportRow, at: DateReading, problems: RowProblems): ImportedConsent | null {
  const typeText = textOf(raw.consent_type)
  const dateText = textOf(raw.consent_date)
  const content = textOf(raw.consent_content)
  if (!typeText) {
    if (dateText || content) problems.add('consent_type', requiredMessage, { code: 'required' })
    return null
  }
  const word = lookupWordOf(typeText)
  if (!consentWords.has(word)) {
    problems.add('consent_type', consentTypeMessage, { code: 'not_in_list', value: typeText, allowed: [...contactImportConsentTypes] })
    return null
  }
  const type = consentWords.get(word) ?? null
  if (type === null) return null
  let date: string | null = null
  if (!dateText) problems.add('consent_date', requiredMessage, { code: 'required' })
  else {
    const read = importDateOf(dateText, at)
    if ('date' in read) date = read.date
    else problems.add('consent_date', dateMessage, read.issue)
  }
  if (!content) problems.add('consent_content', requiredMessage, { code: 'required' })
  return date && content ? { type, date, content } : null
}

/** A team title as a name to match: case and surrounding spaces aside. */
export function teamNameKey(title: string): string {
  return title.trim().toLowerCase()
}
