import type { ImportIssue, ImportRefusalList, ImportRowProblem, ImportUsersResult } from '@crm/domain'
import type { Db, Executor } from '../../db/client'

// The report every import answers (spec 2 §3 "Import result"): the counts and each refused
// row in the list that says why, with its number in the file. The contact import, the
// interaction import and import-and-share fill it the same way. Each refusal carries its
// issues, codes the web words in the reader's language (issue 35 item 9), beside the English
// reason and field messages API clients already read.

export type Refusal = ImportRefusalList

export const requiredMessage = 'Required'
export const invalidRowMessage = 'The row has invalid values.'

/** A refused row, sorted into the report's list by why. */
export class RowRefused extends Error {
  readonly issues: ImportIssue[]

  constructor(
    readonly list: Refusal,
    readonly reason: string,
    readonly errors?: Record<string, string>,
    issues: ImportIssue[] = [],
  ) {
    super(reason)
    this.issues = issues
  }
}

/** Counts a refused row and lists it with why. */
export function addRefusal(report: ImportUsersResult, row: number, name: string, refusal: RowRefused): void {
  report.count_unsuccessful += 1
  const problem: ImportRowProblem = { row, name, reason: refusal.reason }
  if (refusal.errors) problem.errors = refusal.errors
  if (refusal.issues.length > 0) problem.issues = refusal.issues
  report[refusal.list].push(problem)
}

/**
 * What the report says of an imported contact row (issue 35 item 10): imported with its
 * consent (every column kept), or without it, with the columns the file gave that were not kept.
 */
export function addKeptRow(
  report: ImportUsersResult,
  row: { row: number; name: string; withConsent: boolean; notKept: readonly string[]; child: boolean; consentNotTaken: boolean },
): void {
  if (row.withConsent) (report.with_consent ??= []).push(row.row)
  else if (row.notKept.length > 0 || row.consentNotTaken) {
    ;(report.kept_without_consent ??= []).push({ row: row.row, name: row.name, not_kept: [...row.notKept], child: row.child })
  }
}

/** A cell as text: numbers and booleans as written, nothing as ''. */
export function textOf(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return ''
  return String(value).trim()
}

/** Thrown to roll a dry run's transaction back once it has answered. */
class DryRunDone extends Error {}

/**
 * An import's work in one transaction, kept; or, for a dry run, done the same way and rolled
 * back (issue 35 item 9): the dry run answers what the import would, and nothing is written.
 */
export async function writeUnlessDryRun(db: Db, dryRun: boolean, work: (tx: Executor) => Promise<void>): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await work(tx)
      if (dryRun) throw new DryRunDone()
    })
  } catch (error) {
    if (!(error instanceof DryRunDone)) throw error
  }
}
