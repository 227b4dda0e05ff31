import { useTranslation } from 'react-i18next'
import { Alert, ScrollArea, Stack, Text } from '@mantine/core'
import { importRefusalLists, type ImportIssue, type ImportRefusalList, type ImportRowKept, type ImportRowProblem, type ImportUsersResult } from '@crm/domain'
import { importChangeLists, type ImportChange } from '../lib/chunked-import'
import { useContactFieldLabel } from '../lib/contact-field-labels'
import { wordFieldError, wordFieldErrorOf } from '../lib/field-errors'
import { numberFormat } from '../lib/number-format'

// What an import did, or its dry run will do, row by row (spec 2 §3 "Import result"; issue 35
// items 9 and 10): each refused row with its reasons worded from the server's codes in the
// reader's language, and what each contact row kept (every column with its consent, else the
// name and gender). The contact and interaction imports and import-and-share show it. A contact
// import also says what each row did to the team's contacts (issue 41 item 2): made a new one,
// updated one, or found nothing new; reports without those lists read as before.

/** A column's label: the import's own names, else the contact form's, else the column itself. */
export function useImportFieldLabel(): (field: string) => string {
  const { t, i18n } = useTranslation('import')
  const contactLabel = useContactFieldLabel()
  return (field) => (i18n.exists(`import:fields.${field}`) ? t(`fields.${field}` as 'fields.notes') : (contactLabel(field) ?? field))
}

/** One issue in the reader's words; `fieldLabel` names an import's own columns (the roster's, the attendance's). */
function useIssueText(fieldLabel?: (field: string) => string | null): (issue: ImportIssue) => string {
  const { t, i18n } = useTranslation('import')
  const importLabel = useImportFieldLabel()
  const label = (field: string) => fieldLabel?.(field) ?? importLabel(field)

  const language = i18n.language.split('-')[0] ?? 'en'
  return (issue) => {
    const iso = t('dateFormats.iso')
    const format = issue.order && issue.order !== 'either' ? t(`dateFormats.${issue.order}`) : iso
    const allowed = (issue.allowed_titles?.[language] ?? issue.allowed_titles?.en ?? issue.allowed ?? []).join(', ')
    const values = {
      field: issue.field ? label(issue.field) : '',
      value: issue.value ?? '',
      allowed,
      format,
      iso,
      min: issue.min,
      max: issue.max,
      row: issue.row,
    }
    switch (issue.code) {
      case 'invalid_date':
        return t(issue.order === 'either' ? 'issues.invalid_date_iso' : 'issues.invalid_date', values)
      case 'out_of_range':
        if (issue.min === undefined) return t('issues.out_of_range_max', values)
        return t(issue.max === undefined ? 'issues.out_of_range_min' : 'issues.out_of_range', values)
      case 'invalid':
        return t(issue.value === undefined ? 'issues.invalid_blank' : 'issues.invalid', values)
      default: {
        // The import's own wording names the column and the cell; any other code is the form's text, after its column if it has one.
        if (i18n.exists(`import:issues.${issue.code}`)) return t(`issues.${issue.code}` as 'issues.required', values)
        const refusal = {
          code: issue.code,
          params: {
            ...(issue.min !== undefined && { min: issue.min }),
            ...(issue.max !== undefined && { max: issue.max }),
            ...(issue.row !== undefined && { row: issue.row }),
          },
        }
        return issue.field ? wordFieldErrorOf(values.field, refusal) : wordFieldError(refusal)
      }
    }
  }
}

/**
 * Why the server refused a row, in the reader's language: each of its issues. A refusal
 * without issues (an older answer, a call that gives none) keeps the server's reason.
 */
export function useImportReason(): (problem: ImportRowProblem) => string {
  const issueText = useIssueText()
  return (problem) => (problem.issues && problem.issues.length > 0 ? problem.issues.map(issueText).join(' ') : problem.reason)
}

/**
 * A refused row's problems in the reader's words: each issue by its code, or, in an answer
 * without codes (an older server), the server's English after each field's label. The
 * attendance, roster and users imports word their rows with it.
 */
export function useRowProblemsText(
  fieldLabel: (field: string) => string | null,
  errorLabel: (field: string) => string = (field) => fieldLabel(field) ?? field,
): (issues: readonly ImportIssue[] | undefined, errors: Record<string, string> | undefined) => string {
  const issueText = useIssueText(fieldLabel)
  return (issues, errors) =>
    issues && issues.length > 0
      ? issues.map(issueText).join(' ')
      : Object.entries(errors ?? {})
          .map(([field, message]) => `${errorLabel(field)}: ${message}`)
          .join('; ')
}

/** The columns a row did not keep, by their labels. */
function useNotKeptText(): (kept: ImportRowKept) => string {
  const label = useImportFieldLabel()
  return (kept) => kept.not_kept.map(label).join(', ')
}

/** What a row did (a contact import's report says it, issue 41 item 2); absent in reports that do not. */
type Change = { change?: ImportChange }

export type RowOutcome =
  | { kind: 'refused'; problem: ImportRowProblem }
  | ({ kind: 'kept'; kept: ImportRowKept } & Change)
  | ({ kind: 'withConsent' } & Change)
  | ({ kind: 'imported' } & Change)

/** What a report says became of the file's row `row`. */
export function rowOutcome(report: ImportUsersResult, row: number): RowOutcome {
  for (const list of importRefusalLists) {
    const problem = report[list].find((item) => item.row === row)
    if (problem) return { kind: 'refused', problem }
  }
  const found = importChangeLists.find((list) => report[list]?.includes(row))
  const change: Change = found ? { change: found } : {}
  const kept = report.kept_without_consent?.find((item) => item.row === row)
  if (kept) return { kind: 'kept', kept, ...change }
  return { kind: report.with_consent?.includes(row) ? 'withConsent' : 'imported', ...change }
}

/** A row's outcome in the preview's words: what the import will do with it. */
export function useOutcomeText(): (outcome: RowOutcome) => string {
  const { t } = useTranslation('import')
  const reasonOf = useImportReason()
  const notKept = useNotKeptText()
  return (outcome) => {
    if (outcome.kind === 'refused') return t('outcome.refused', { reason: reasonOf(outcome.problem) })
    if (outcome.change === undefined) {
      switch (outcome.kind) {
        case 'kept':
          if (outcome.kept.child) {
            return outcome.kept.not_kept.length > 0 ? t('outcome.childWithoutConsent', { columns: notKept(outcome.kept) }) : t('outcome.childConsentNotTaken')
          }
          return t('outcome.withoutConsent', { columns: notKept(outcome.kept) })
        case 'withConsent':
          return t('outcome.withConsent')
        case 'imported':
          return t('outcome.willImport')
      }
    }
    // What the row will do to the team's contacts, then what of it is kept.
    const change = t(`outcome.${outcome.change}`)
    switch (outcome.kind) {
      case 'kept':
        if (outcome.kept.child) {
          return outcome.kept.not_kept.length > 0
            ? t('outcome.change.childWithoutConsent', { change, columns: notKept(outcome.kept) })
            : t('outcome.change.childConsentNotTaken', { change })
        }
        return t('outcome.change.withoutConsent', { change, columns: notKept(outcome.kept) })
      case 'withConsent':
        return t('outcome.change.withConsent', { change })
      case 'imported':
        return change
    }
  }
}

/** A row's outcome in the result's words: what the import did with it (the result's table of the first rows). */
export function useResultText(): (outcome: RowOutcome) => string {
  const { t } = useTranslation('import')
  const reasonOf = useImportReason()
  return (outcome) => {
    if (outcome.kind === 'refused') return t('result.refused', { reason: reasonOf(outcome.problem) })
    return outcome.change ? t(`result.${outcome.change}`) : t('result.imported')
  }
}

/** The counts of what an import's rows did, as a contact import's report and its history give them. */
export interface ImportChangeCounts {
  created: number
  updated: number
  unchanged: number
  refused: number
}

/** The counts of a report that says what each row did; null for one that does not (the other imports). */
export function changeCounts(report: ImportUsersResult): ImportChangeCounts | null {
  if (importChangeLists.every((list) => report[list] === undefined)) return null
  return {
    created: report.created?.length ?? 0,
    updated: report.updated?.length ?? 0,
    unchanged: report.unchanged?.length ?? 0,
    refused: report.count_unsuccessful,
  }
}

const changeCountKeys = ['created', 'updated', 'unchanged', 'refused'] as const satisfies ReadonlyArray<keyof ImportChangeCounts>

/** "3 new contacts, 2 updated, 1 unchanged, 1 refused": the counts that are not 0, in words; '' when all are. */
export function useChangeCountsText(): (counts: ImportChangeCounts) => string {
  const { t } = useTranslation('import')
  return (counts) =>
    changeCountKeys
      .filter((key) => counts[key] > 0)
      .map((key) => t(`changes.${key}`, { count: counts[key] }))
      .join(t('changes.separator'))
}

/** A report's counts of what its rows did, under its summary; nothing for a report that does not say. */
export function ImportChangesLine({ report }: { report: ImportUsersResult }) {
  const { t } = useTranslation('import')
  const countsText = useChangeCountsText()
  const counts = changeCounts(report)
  const text = counts ? countsText(counts) : ''
  // The relationships made between the members of the file's households (issue 41 item 4).
  const relationships = report.relationships_made ? t('changes.relationships', { count: report.relationships_made }) : ''
  return text || relationships ? (
    <Text size="sm" data-changes>
      {[text, relationships].filter(Boolean).join('. ')}
    </Text>
  ) : null
}

/** The rows listed under a title, in a box that scrolls when long. */
function RowList({ title, list, lines }: { title: string; list: string; lines: Array<[string, string]> }) {
  return (
    <Stack gap={4} data-list={list}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <ScrollArea.Autosize mah={240} type="auto" viewportProps={{ tabIndex: 0 }}>
        <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
          {lines.map(([key, line]) => (
            <li key={key}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {line}
              </Text>
            </li>
          ))}
        </ul>
      </ScrollArea.Autosize>
    </Stack>
  )
}

/** What each contact row kept: every column with its consent, else the name and gender (issue 35 item 10). */
export function ImportKeptDetails({ report }: { report: Pick<ImportUsersResult, 'with_consent' | 'kept_without_consent'> }) {
  const { t } = useTranslation('import')
  const notKept = useNotKeptText()
  const withConsent = report.with_consent?.length ?? 0
  const kept = report.kept_without_consent ?? []
  const keptLine = (row: ImportRowKept) => {
    const values = { row: row.row, name: row.name || t('noName'), columns: notKept(row) }
    if (!row.child) return t('keptRow', values)
    return t(row.not_kept.length > 0 ? 'keptChildRow' : 'keptChildRowNothingLost', values)
  }
  return (
    <>
      {withConsent > 0 && <Text size="sm">{t('withConsent', { count: withConsent })}</Text>}
      {kept.length > 0 && (
        <RowList
          title={t('keptWithoutConsent', { count: kept.length })}
          list="kept_without_consent"
          lines={kept.map((row): [string, string] => [String(row.row), keptLine(row)])}
        />
      )}
    </>
  )
}

/**
 * What each row kept and each list of refused rows with why (spec 2 §3, §8). `kind` names the
 * import (its kind's name) whose lists have titles of their own: the interaction import's
 * unsuccessful_exists holds interactions already recorded, not contacts of another team.
 */
export function ImportReportDetails({ report, kind }: { report: ImportUsersResult; kind?: string }) {
  const { t, i18n } = useTranslation('import')
  const reasonOf = useImportReason()
  const titleOf = (list: ImportRefusalList, count: number) =>
    kind && i18n.exists(`import:kindLists.${kind}.${list}_other`)
      ? t(`kindLists.${kind}.${list}` as 'lists.unsuccessful_error', { count })
      : t(`lists.${list}`, { count })
  return (
    <>
      <ImportKeptDetails report={report} />
      {importRefusalLists
        .filter((list) => report[list].length > 0)
        .map((list) => (
          <RowList
            key={list}
            title={titleOf(list, report[list].length)}
            list={list}
            lines={report[list].map((problem): [string, string] => [
              String(problem.row),
              t('refusedRow', { row: problem.row, name: problem.name || t('noName'), reason: reasonOf(problem) }),
            ])}
          />
        ))}
    </>
  )
}

/** The dry run's answer under a preview (issue 35 item 9): its counts, then every row it would refuse or keep in part. */
export function DryRunSummary({ report, kind }: { report: ImportUsersResult; kind?: string }) {
  const { t } = useTranslation('import')
  const count = useCount()
  return (
    <Stack gap="xs" data-dry-run>
      <Alert color={report.count_unsuccessful > 0 ? 'yellow' : 'teal'} role="status" title={t('checkedTitle')}>
        {t('checked', { successful: count(report.count_successful), unsuccessful: count(report.count_unsuccessful) })}
        <ImportChangesLine report={report} />
      </Alert>
      <ImportReportDetails report={report} {...(kind !== undefined ? { kind } : {})} />
    </Stack>
  )
}

/** A count as the reader's language writes it (1,000 in English, 1000 and 10.000 in Spanish), not the browser's. */
export function useCount(): (value: number) => string {
  const { i18n } = useTranslation()
  const format = numberFormat(i18n.language)
  return (value) => format.format(value)
}
