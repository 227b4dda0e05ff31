import { contactImportDecisionTypes, otherContactEventType, type ContactImportDecisionColumn, type ContactImportRow } from '@crm/domain'
import { textOf } from './import-report'

// The cells of a contact import (spec 2 §3 "Contact import columns"): what a yes, a no or a
// date looks like, and what the extended columns ask to create besides the contact.

// Yes and no as churches write them, in English and Spanish (case aside).
const yesWords = new Set(['yes', 'y', 'x', 'true', '1', 'sí', 'si'])
const noWords = new Set(['no', 'n', 'false', '0'])

export const yesNoMessage = 'Enter yes or no.'
export const decisionCellMessage = 'Enter yes, no or a date such as 2024-05-31.'
export const unknownTeamMessage = 'No team of this conference has this name.'

/** A yes or no cell: true, false, or null when it says neither (a blank cell is no). */
export function yesNoOf(text: string): boolean | null {
  const word = text.toLowerCase()
  if (word === '' || noWords.has(word)) return false
  return yesWords.has(word) ? true : null
}

/** A calendar date YYYY-MM-DD that exists, between 1900 and 2100 (the contact events' bounds). */
function dateOf(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  return real && year >= 1900 && year <= 2100 ? text : null
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
 * `errors` under the column's name. A decision says yes (on `today`, the team's date) or
 * gives its date; other_decision records an event of type other with the cell as its text.
 */
export function extendedColumnsOf(raw: ContactImportRow, today: string, errors: Record<string, string>): ExtendedColumns {
  const events: ImportedEvent[] = []
  for (const [column, type] of Object.entries(contactImportDecisionTypes) as Array<[ContactImportDecisionColumn, string]>) {
    const text = textOf(raw[column])
    const date = dateOf(text)
    const yes = date ? true : yesNoOf(text)
    if (yes === null) errors[column] = decisionCellMessage
    else if (yes) events.push({ column, type, date: date ?? today, content: null })
  }
  const other = textOf(raw.other_decision)
  if (other) events.push({ column: 'other_decision', type: otherContactEventType, date: today, content: other })
  return {
    note: textOf(raw.notes) || null,
    prayerRequest: textOf(raw.prayer_request) || null,
    events,
    teamName: textOf(raw.assign_to_team_name) || null,
  }
}

/** A team title as a name to match: case and surrounding spaces aside. */
export function teamNameKey(title: string): string {
  return title.trim().toLowerCase()
}
