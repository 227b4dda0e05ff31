import { emptyImportReport, importRefusalLists, type ImportUsersResult } from '@crm/domain'

// A large file is sent in chunks, one request at a time (issue 17 item 3): the page stays
// responsive, a progress bar can say how far it is, and each chunk's report names its rows as
// the person's file numbers them (first_row). The reports of the chunks add up to one, and
// each chunk is sent with the report so far: a contact import's later chunks name the import
// its first chunk started (import_id, issue 41 item 3).

export type ImportReport = ImportUsersResult

/** The lists of a contact import's rows by what each did to the team's contacts (issue 41 item 2). */
export const importChangeLists = ['created', 'updated', 'unchanged'] as const
export type ImportChange = (typeof importChangeLists)[number]

export function addImportReports(total: ImportReport, chunk: ImportReport): ImportReport {
  const sum = {
    ...total,
    count_successful: total.count_successful + chunk.count_successful,
    count_unsuccessful: total.count_unsuccessful + chunk.count_unsuccessful,
  }
  for (const list of importRefusalLists) sum[list] = [...total[list], ...chunk[list]]
  // What each contact row kept (issue 35 item 10), when the import says.
  if (total.with_consent || chunk.with_consent) sum.with_consent = [...(total.with_consent ?? []), ...(chunk.with_consent ?? [])]
  if (total.kept_without_consent || chunk.kept_without_consent) {
    sum.kept_without_consent = [...(total.kept_without_consent ?? []), ...(chunk.kept_without_consent ?? [])]
  }
  // What each contact row did (issue 41 item 2): made a contact, changed one, or found nothing new.
  for (const list of importChangeLists) {
    if (total[list] || chunk[list]) sum[list] = [...(total[list] ?? []), ...(chunk[list] ?? [])]
  }
  const relationships = (total.relationships_made ?? 0) + (chunk.relationships_made ?? 0)
  if (relationships > 0) sum.relationships_made = relationships
  // The import the rows were written in: each chunk of a run answers the same one.
  const importId = chunk.import_id ?? total.import_id
  if (importId !== undefined) sum.import_id = importId
  return sum
}

export interface ImportChunk {
  /** The index of its first row in the rows read, and one past its last. */
  start: number
  end: number
  /** The file's number of its first row. */
  firstRow: number
}

/**
 * The chunks to send: at most `size` rows each, and rows whose file numbers follow one another
 * (a blank row in the file starts a new chunk, so that first_row + index is each row's number).
 */
export function importChunks(rowNumbers: readonly number[], size: number): ImportChunk[] {
  const chunks: ImportChunk[] = []
  let start = 0
  for (let index = 1; index <= rowNumbers.length; index += 1) {
    const follows = index < rowNumbers.length && rowNumbers[index] === rowNumbers[index - 1]! + 1
    if (index === rowNumbers.length || !follows || index - start === size) {
      chunks.push({ start, end: index, firstRow: rowNumbers[start]! })
      start = index
    }
  }
  return chunks
}

export interface ChunkedImport<Row> {
  rows: readonly Row[]
  rowNumbers: readonly number[]
  chunkSize: number
  /** Sends a chunk: its rows, the file's number of its first row, and the report of the chunks before it. */
  send: (rows: Row[], firstRow: number, sofar: ImportReport) => Promise<ImportReport>
  /** After each chunk: the rows sent so far and the report so far. */
  onProgress?: (sent: number, report: ImportReport) => void
  /** Asked before each chunk: true stops the import there. */
  shouldStop?: () => boolean
}

export interface ChunkedImportOutcome {
  report: ImportReport
  /** The rows sent and answered. */
  sent: number
  stopped: boolean
  /** The failure that ended the import early; the chunks before it are saved. */
  error?: unknown
}

/** Sends the rows chunk by chunk, one request at a time, and adds up the reports. */
export async function runChunkedImport<Row>({ rows, rowNumbers, chunkSize, send, onProgress, shouldStop }: ChunkedImport<Row>): Promise<ChunkedImportOutcome> {
  let report = emptyImportReport()
  let sent = 0
  for (const chunk of importChunks(rowNumbers, chunkSize)) {
    if (shouldStop?.()) return { report, sent, stopped: true }
    try {
      report = addImportReports(report, await send(rows.slice(chunk.start, chunk.end), chunk.firstRow, report))
    } catch (error) {
      return { report, sent, stopped: false, error }
    }
    sent = chunk.end
    onProgress?.(sent, report)
  }
  return { report, sent, stopped: false }
}
