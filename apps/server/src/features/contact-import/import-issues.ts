import type { z } from 'zod'
import { fieldError, fieldErrorOfIssue, type FieldError, type ImportIssue, type ImportIssueCode } from '@crm/domain'
import { invalidRowMessage, RowRefused } from './import-report'

// A refused row's issues (issue 35 item 9): each field's problem as a code with the cell and
// what it may be, beside the English message the report has always carried. The imports'
// own checks name their codes; what the reused rules answer (a call's schema, create-user's
// and add-contact-interaction's checks) carries its code (field-errors.ts), so nothing is
// recognised by its English.

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

/** A refusal (field-errors.ts) as an import issue about the cell: its bounds, and the cell where it says what is wrong with it. */
export function issueOfRefusal({ code, params }: FieldError, value: unknown): IssueDetails {
  const bounds = {
    ...(typeof params.min === 'number' && { min: params.min }),
    ...(typeof params.max === 'number' && { max: params.max }),
    ...(typeof params.row === 'number' && { row: params.row }),
  }
  return withoutCell.has(code) ? { code, ...bounds } : { code, ...quoted(value), ...bounds }
}

// Codes about what is missing: the cell has nothing to quote.
const withoutCell = new Set<ImportIssueCode>(['required', 'parent_contact_required', 'birth_year_required'])

/** A schema's issue as an import issue: its code (fieldErrorOfIssue), and the values a list allows. */
export function issueOfSchema(issue: z.core.$ZodIssue, value: unknown): IssueDetails {
  const details = issueOfRefusal(fieldErrorOfIssue(issue, value), value)
  return issue.code === 'invalid_value' ? { ...details, allowed: issue.values.map(String) } : details
}

/** What a reused rule refused (create-user's, add-contact-interaction's), as the row's problems. */
export function addRefusals(
  problems: RowProblems,
  refused: { errors: Record<string, string>; codes: Record<string, FieldError> },
  valueOf: (field: string) => unknown,
  columnOf: (field: string) => string = (field) => field,
): void {
  for (const [field, message] of Object.entries(refused.errors)) {
    const column = columnOf(field)
    problems.add(column, message, issueOfRefusal(refused.codes[field] ?? fieldError('invalid'), valueOf(column)))
  }
}

/** The refused fields an AppError of a reused write carries (data.errors and data.error_codes). */
export function refusalsOf(details: Record<string, unknown>): { errors: Record<string, string>; codes: Record<string, FieldError> } {
  return {
    errors: (details.errors ?? {}) as Record<string, string>,
    codes: (details.error_codes ?? {}) as Record<string, FieldError>,
  }
}
