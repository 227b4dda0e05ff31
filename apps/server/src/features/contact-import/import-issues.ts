import type { z } from 'zod'
import type { ImportIssue, ImportIssueCode } from '@crm/domain'
import { parentEmailOrPhoneMessage } from '../contacts/contact-input'
import { invalidRowMessage, RowRefused } from './import-report'

// A refused row's issues (issue 35 item 9): each field's problem as a code with the cell and
// what it may be, beside the English message the report has always carried. The imports'
// own checks name their codes; what the reused rules answer (a call's schema, create-user's
// and add-contact-interaction's checks) is turned into codes here, on the server, so the web
// never reads English.

export type IssueDetails = Omit<ImportIssue, 'field'>

/** A row's problems so far, one per field (the first found). */
export class RowProblems {
  readonly errors: Record<string, string> = {}
  readonly issues: ImportIssue[] = []

  add(field: string, message: string, issue: IssueDetails): void {
    if (Object.hasOwn(this.errors, field)) return
    this.errors[field] = message
    this.issues.push({ field, ...issue })
  }

  has(field: string): boolean {
    return Object.hasOwn(this.errors, field)
  }

  get any(): boolean {
    return this.issues.length > 0
  }

  /** Refuses the row with its problems: an invalid email alone has its own list (spec 2 §3). */
  refuse(emailList = false): never {
    const fields = Object.keys(this.errors)
    if (emailList && fields.length === 1 && fields[0] === 'email')
      throw new RowRefused('unsuccessful_invalid_email', this.errors.email!, this.errors, this.issues)
    throw new RowRefused('unsuccessful_error', invalidRowMessage, this.errors, this.issues)
  }
}

/** A refusal that names one column and says why in its reason. */
export function refuseColumn(field: string, message: string, issue: IssueDetails): never {
  throw new RowRefused('unsuccessful_error', message, { [field]: message }, [{ field, ...issue }])
}

/** A value as the issue quotes it: the cell, at most 200 characters. */
export function quoted(value: unknown): { value: string } | Record<string, never> {
  if (value === null || value === undefined || value === '') return {}
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return { value: text.length > 200 ? `${text.slice(0, 199)}…` : text }
}

/**
 * A schema's issue as an import issue. `custom` is what the schema's own refinements mean
 * (the interaction's type rules: a field the type needs; a name's invisible characters: invalid).
 */
export function issueOfSchema(issue: z.core.$ZodIssue, value: unknown, custom: ImportIssueCode = 'invalid'): IssueDetails {
  const cell = quoted(value)
  switch (issue.code) {
    case 'invalid_value':
      return { code: 'not_in_list', ...cell, allowed: issue.values.map(String) }
    case 'too_big':
      return issue.origin === 'string'
        ? { code: 'too_long', ...cell, max: Number(issue.maximum) }
        : { code: 'out_of_range', ...cell, max: Number(issue.maximum) }
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? { code: 'required' } : { code: 'invalid', ...cell }
      return { code: 'out_of_range', ...cell, min: Number(issue.minimum) }
    case 'invalid_format':
      if (issue.format === 'email') return { code: 'invalid_email', ...cell }
      if (issue.format === 'url') return { code: 'invalid_url', ...cell }
      return { code: 'invalid', ...cell }
    case 'custom':
      return custom === 'required' ? { code: 'required' } : { code: custom, ...cell }
    default:
      return value === undefined || value === null || value === '' ? { code: 'required' } : { code: 'invalid', ...cell }
  }
}

// The messages of the rules the imports reuse (create-user's resolveContactInput,
// add-contact-interaction's checks), by what they mean.
const codeOfMessage = new Map<string, ImportIssueCode>([
  ['Required', 'required'],
  ['Invalid phone number', 'invalid_phone'],
  [parentEmailOrPhoneMessage, 'parent_contact_required'],
  ['Enter the year of birth.', 'birth_year_required'],
  ['The date of birth is in the future.', 'dob_in_future'],
  ['Choose a value from the list.', 'not_in_list'],
  ['Choose a Bible study of the list.', 'not_in_list'],
])

/** A reused rule's field message as an import issue about the cell. */
export function issueOfMessage(message: string, value: unknown): IssueDetails {
  const code = codeOfMessage.get(message) ?? 'invalid'
  return code === 'required' || code === 'parent_contact_required' || code === 'birth_year_required' ? { code } : { code, ...quoted(value) }
}
