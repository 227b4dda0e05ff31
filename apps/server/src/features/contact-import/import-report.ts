import type { ImportRefusalList, ImportRowProblem, ImportUsersResult } from '@crm/domain'

// The report every import answers (spec 2 §3 "Import result"): the counts and each refused
// row in the list that says why, with its number in the file. The contact import, the
// interaction import and import-and-share fill it the same way.

export type Refusal = ImportRefusalList

export const requiredMessage = 'Required'
export const invalidRowMessage = 'The row has invalid values.'

/** A refused row, sorted into the report's list by why. */
export class RowRefused extends Error {
  constructor(
    readonly list: Refusal,
    readonly reason: string,
    readonly errors?: Record<string, string>,
  ) {
    super(reason)
  }
}

/** Counts a refused row and lists it with why. */
export function addRefusal(report: ImportUsersResult, row: number, name: string, refusal: RowRefused): void {
  report.count_unsuccessful += 1
  const problem: ImportRowProblem = { row, name, reason: refusal.reason }
  if (refusal.errors) problem.errors = refusal.errors
  report[refusal.list].push(problem)
}

/** A cell as text: numbers and booleans as written, nothing as ''. */
export function textOf(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return ''
  return String(value).trim()
}
