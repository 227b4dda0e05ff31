import { describe, expect, it } from 'vitest'
import { emptyImportReport } from '@crm/domain'
import { addImportReports, importChunks, runChunkedImport, type ImportReport } from './chunked-import'

const numbers = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index)

describe('importChunks', () => {
  it('cuts rows into chunks of at most the size, each starting at its first row in the file', () => {
    expect(importChunks(numbers(2, 1200), 500)).toEqual([
      { start: 0, end: 500, firstRow: 2 },
      { start: 500, end: 1000, firstRow: 502 },
      { start: 1000, end: 1200, firstRow: 1002 },
    ])
  })

  it('starts a new chunk after a blank row, so each row keeps its number', () => {
    expect(importChunks([2, 3, 5, 6, 7], 500)).toEqual([
      { start: 0, end: 2, firstRow: 2 },
      { start: 2, end: 5, firstRow: 5 },
    ])
    expect(importChunks([], 500)).toEqual([])
  })
})

describe('runChunkedImport', () => {
  const answer = (rows: string[], firstRow: number): ImportReport => ({
    ...emptyImportReport(),
    count_successful: rows.filter((row) => row !== 'bad').length,
    count_unsuccessful: rows.filter((row) => row === 'bad').length,
    unsuccessful_error: rows.flatMap((row, index) => (row === 'bad' ? [{ row: firstRow + index, name: row, reason: 'x' }] : [])),
  })

  it('sends each chunk in turn and adds up the reports, with the progress after each', async () => {
    const rows = Array.from({ length: 7 }, (_, index) => (index === 5 ? 'bad' : `row ${index}`))
    const calls: Array<[number, number]> = []
    const progress: number[] = []
    const outcome = await runChunkedImport({
      rows,
      rowNumbers: numbers(2, 7),
      chunkSize: 3,
      send: async (chunk, firstRow) => {
        calls.push([chunk.length, firstRow])
        return answer(chunk, firstRow)
      },
      onProgress: (sent) => progress.push(sent),
    })
    expect(calls).toEqual([
      [3, 2],
      [3, 5],
      [1, 8],
    ])
    expect(progress).toEqual([3, 6, 7])
    expect(outcome).toMatchObject({ sent: 7, stopped: false, report: { count_successful: 6, count_unsuccessful: 1 } })
    expect(outcome.report.unsuccessful_error).toEqual([{ row: 7, name: 'bad', reason: 'x' }])
  })

  it('stops before the next chunk when asked, and at a failure, keeping what was saved', async () => {
    let chunks = 0
    const stopped = await runChunkedImport({
      rows: ['a', 'b', 'c', 'd'],
      rowNumbers: numbers(2, 4),
      chunkSize: 2,
      send: async (chunk, firstRow) => answer(chunk, firstRow),
      onProgress: () => (chunks += 1),
      shouldStop: () => chunks === 1,
    })
    expect(stopped).toMatchObject({ sent: 2, stopped: true, report: { count_successful: 2 } })

    const failure = new Error('offline')
    const failed = await runChunkedImport({
      rows: ['a', 'b', 'c', 'd'],
      rowNumbers: numbers(2, 4),
      chunkSize: 2,
      send: async (chunk, firstRow) => {
        if (firstRow > 2) throw failure
        return answer(chunk, firstRow)
      },
    })
    expect(failed).toMatchObject({ sent: 2, stopped: false, error: failure, report: { count_successful: 2 } })
  })

  it('sends each chunk with the report so far, so a later chunk names the import the first one started (issue 41 item 3)', async () => {
    const sofar: Array<number | undefined> = []
    const outcome = await runChunkedImport({
      rows: ['a', 'b', 'c', 'd', 'e'],
      rowNumbers: numbers(2, 5),
      chunkSize: 2,
      send: async (chunk, firstRow, report) => {
        sofar.push(report.import_id)
        return { ...answer(chunk, firstRow), import_id: report.import_id ?? 41 }
      },
    })
    expect(sofar).toEqual([undefined, 41, 41])
    expect(outcome.report.import_id).toBe(41)
  })
})

describe('addImportReports', () => {
  it("adds up what each contact row did and keeps the last chunk's import (issue 41 item 2)", () => {
    const first: ImportReport = {
      ...emptyImportReport(),
      count_successful: 3,
      created: [2, 3],
      updated: [4],
      unchanged: [],
      import_id: 7,
      relationships_made: 1,
    }
    const second: ImportReport = { ...emptyImportReport(), count_successful: 2, created: [502], unchanged: [503], import_id: 7, relationships_made: 2 }
    expect(addImportReports(first, second)).toMatchObject({
      count_successful: 5,
      created: [2, 3, 502],
      updated: [4],
      unchanged: [503],
      import_id: 7,
      // The households' relationships (issue 41 item 4).
      relationships_made: 3,
    })
  })

  it('leaves the lists out of a report whose chunks have none (the interaction and attendance imports)', () => {
    const sum = addImportReports(emptyImportReport(), { ...emptyImportReport(), count_successful: 1 })
    expect(sum).not.toHaveProperty('created')
    expect(sum).not.toHaveProperty('updated')
    expect(sum).not.toHaveProperty('unchanged')
    expect(sum).not.toHaveProperty('import_id')
    expect(sum).not.toHaveProperty('relationships_made')
  })
})
