import { beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from '@e965/xlsx'
import { maxContactImportRows, type ImportUsersResult } from '@crm/domain'
import { runChunkedImport } from '../src/lib/chunked-import'
import { readImportFile, type SpreadsheetImportKind } from '../src/lib/import-kind'
import { isSpreadsheetError } from '../src/lib/spreadsheet'
import { contactImportKind } from '../src/features/contacts/import-kind'
import { interactionImportKind } from '../src/features/interactions/import-kind'
import { addAdult, conferenceApi, demoApi, uniqueSurname, type DemoApi } from './api'
import { withAppServer } from './server'

// The imports' API tests with spreadsheets (issue 17 "Tests"): files written here by the
// spreadsheet library, in each format (.csv, .xls, .xlsx) and badly, go the way a browser
// sends them: read by the product's one reader and prepared by the import's kind
// (readImportFile), sent over HTTP to the real server in chunks (runChunkedImport), and the
// answers and what was stored are checked. No browser: the dialog itself is imports.e2e.ts.
const baseUrl = withAppServer()

let leader: DemoApi
beforeAll(async () => {
  leader = await demoApi(baseUrl(), 'leader@example.org')
})

const contacts = contactImportKind()
type BookType = 'csv' | 'xls' | 'xlsx'

/**
 * A file of `rows` (the first is the header) in a format, as a person would save it; `formulas`
 * puts real formulas in cells of a workbook (address → formula and the result Excel keeps).
 */
function spreadsheet(rows: unknown[][], type: BookType, name = `people.${type}`, formulas: Record<string, { f: string; v: string }> = {}): File {
  const book = XLSX.utils.book_new()
  const sheet = XLSX.utils.aoa_to_sheet(rows, { cellDates: true })
  for (const [address, { f, v }] of Object.entries(formulas)) sheet[address] = { t: 's', f, v }
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1')
  const bytes = XLSX.write(book, { type: 'array', bookType: type === 'xls' ? 'biff8' : type }) as ArrayBuffer
  return new File([bytes], name)
}

/** Reads a file as the dialog does and sends its rows to `path` in chunks; the whole report. */
async function importFile<C extends string>(
  file: File,
  kind: SpreadsheetImportKind<C>,
  path: string,
  body: Record<string, unknown>,
): Promise<ImportUsersResult> {
  const read = await readImportFile(file, kind)
  expect(read.missing).toEqual([])
  const outcome = await runChunkedImport({
    rows: read.rows.map((prepared) => prepared.row),
    rowNumbers: read.rowNumbers,
    chunkSize: kind.chunkSize,
    send: (data, firstRow) => leader.post<ImportUsersResult>(path, { ...body, data, first_row: firstRow }),
  })
  expect(outcome.error).toBeUndefined()
  return outcome.report
}

/** The reason a file is not read, as the dialog gets it. */
async function refusalOf(file: File, kind: SpreadsheetImportKind<string> = contacts as SpreadsheetImportKind<string>) {
  try {
    await readImportFile(file, kind)
  } catch (error) {
    return isSpreadsheetError(error) ? { code: error.code, limit: error.limit } : { code: (error as Error).message }
  }
  return null
}

async function namesWithSurname(surname: string): Promise<string[]> {
  const found = await leader.get<{ items: Array<{ name: string }> }>('contacts', { search: surname, per_page: 100 })
  return found.items.map((item) => item.name).sort()
}

describe('import-users with spreadsheets', () => {
  for (const type of ['csv', 'xls', 'xlsx'] as const) {
    it(`imports a .${type} file: the good rows, and the bad ones listed by their row in the file`, async () => {
      const surname = uniqueSurname(`Sheet${type}`)
      const file = spreadsheet(
        [
          ['First name', 'Surname', 'Sex', 'Date of birth', 'E-mail', 'Notes', 'Shoe size'],
          // A workbook holds a real date; a CSV the text typed.
          [
            'Abel',
            surname,
            'male',
            type === 'csv' ? '31/05/1984' : new Date(Date.UTC(1984, 4, 31)),
            `abel.${surname}@example.net`.toLowerCase(),
            '=HYPERLINK("http://evil.example")',
            '44',
          ],
          ['Beth', surname, 'F', '', '', '<img src=x onerror=alert(1)>', '38'],
          [],
          ['Cyrus', surname, 'robot', '', '', '', ''],
          ['Dora', surname, 'female', '', 'dora@', '', ''],
        ],
        type,
        `people.${type}`,
        // A workbook's real formula: its result is imported, as text.
        type === 'csv' ? {} : { F2: { f: 'HYPERLINK("http://evil.example","Visit us")', v: 'Visit us' } },
      )
      const read = await readImportFile(file, contacts)
      expect(read.ignored).toEqual(['Shoe size'])
      expect(read.rowNumbers).toEqual([2, 3, 5, 6])
      // A workbook's real date is read as YYYY-MM-DD; a CSV's date goes as typed, for the server
      // to read as the team's country (Australia) writes dates (issue 35 item 9).
      expect(read.rows[0]!.row.dob).toBe(type === 'csv' ? '31/05/1984' : '1984-05-31')

      // The dry run answers what the import will do, and keeps nothing.
      const dry = await importFile(file, contacts, 'import-users', { dry_run: 1 })
      expect(dry).toMatchObject({ count_successful: 2, count_unsuccessful: 2 })
      expect(await namesWithSurname(surname)).toEqual([])

      const report = await importFile(file, contacts, 'import-users', {})
      // The same answer, and the import it kept can be undone; the dry run kept none.
      expect(dry).not.toHaveProperty('import_id')
      expect(report).toEqual({ ...dry, import_id: expect.any(Number) })
      expect(report.unsuccessful_error.map(({ row, name }) => [row, name])).toEqual([[5, `Cyrus ${surname}`]])
      expect(report.unsuccessful_invalid_email.map(({ row, name }) => [row, name])).toEqual([[6, `Dora ${surname}`]])
      expect(await namesWithSurname(surname)).toEqual([`Abel ${surname}`, `Beth ${surname}`])

      // Formulas and HTML are kept as the text they are, never run.
      const imported = (await leader.get<{ items: Array<{ id: number; name: string }> }>('contacts', { search: surname })).items
      const idOf = (first: string) => imported.find((item) => item.name.startsWith(first))!.id
      const notesOf = async (id: number) => (await leader.get<{ items: Array<{ content: string }> }>(`contact-notes/${id}`)).items.map((note) => note.content)
      expect(await notesOf(idOf('Abel'))).toEqual([type === 'csv' ? '=HYPERLINK("http://evil.example")' : 'Visit us'])
      expect(await notesOf(idOf('Beth'))).toEqual(['<img src=x onerror=alert(1)>'])

      // The same file again adds nobody: each person is now in the team.
      const again = await importFile(file, contacts, 'import-users', {})
      expect(again).toMatchObject({ count_successful: 0, count_unsuccessful: 4 })
      expect(again.unsuccessful_team_user_exists.map(({ row }) => row)).toEqual([2, 3])
      expect(await namesWithSurname(surname)).toEqual([`Abel ${surname}`, `Beth ${surname}`])
    })
  }

  it('reads a CSV in UTF-8 with or without a byte order mark, and in Windows-1252', async () => {
    const surname = uniqueSurname('Encoded')
    const text = `first_name,last_name,gender\r\nJosé,Peña${surname},male\r\n`
    const windows1252 = Uint8Array.from([...text].map((character) => ({ é: 0xe9, ñ: 0xf1 })[character] ?? character.charCodeAt(0)))
    const files = [new File([text], 'utf8.csv'), new File(['\uFEFF' + text.replace('José', 'Joséa')], 'bom.csv'), new File([windows1252], 'ansi.csv')]
    const firstNames: string[] = []
    for (const file of files) {
      const read = await readImportFile(file, contacts)
      firstNames.push(read.rows[0]!.row.first_name ?? '')
      expect(read.rows[0]!.row.last_name).toBe(`Peña${surname}`)
    }
    expect(firstNames).toEqual(['José', 'Joséa', 'José'])
    const report = await importFile(files[0]!, contacts, 'import-users', {})
    expect(report.count_successful).toBe(1)
    // A name is found from the start of one of its words: the accented one here.
    expect(await namesWithSurname(`Peña${surname}`)).toEqual([`José Peña${surname}`])
  })

  it('refuses what is not a spreadsheet, an empty one, one without the required columns and one of 50,000 rows, before anything is sent', async () => {
    const before = await leader.get<{ count: number }>('contacts', { per_page: 4 })
    const pdf = new File(['%PDF-1.7\n1 0 obj <<>> endobj\n'], 'members.xlsx')
    expect(await refusalOf(pdf)).toEqual({ code: 'unreadable', limit: undefined })
    expect(await refusalOf(new File(['%PDF-1.7'], 'members.pdf'))).toEqual({ code: 'unsupported_type', limit: undefined })
    expect(await refusalOf(new File([''], 'empty.csv'))).toEqual({ code: 'empty', limit: undefined })
    expect(await refusalOf(spreadsheet([['first_name', 'last_name', 'gender']], 'xlsx'))).toEqual({ code: 'empty' })
    // Without a gender column: the import names it and sends nothing.
    const noGender = await readImportFile(
      spreadsheet(
        [
          ['First name', 'Last name'],
          ['Ana', 'Diaz'],
        ],
        'xls',
      ),
      contacts,
    )
    expect(noGender.missing).toEqual(['gender'])
    const huge = ['first_name,last_name,gender', ...Array.from({ length: maxContactImportRows + 1 }, (_, index) => `P${index},Many,male`)].join('\n')
    expect(await refusalOf(new File([huge], 'huge.csv'))).toEqual({ code: 'too_many_rows', limit: maxContactImportRows })
    expect((await leader.get<{ count: number }>('contacts', { per_page: 4 })).count).toBe(before.count)
  })

  it('a member, who may not import, is refused (403) and nothing is saved', async () => {
    const member = await demoApi(baseUrl(), 'member@example.org')
    const surname = uniqueSurname('Refused')
    const read = await readImportFile(
      spreadsheet(
        [
          ['first_name', 'last_name', 'gender'],
          ['Ezra', surname, 'male'],
        ],
        'csv',
      ),
      contacts,
    )
    await expect(member.post('import-users', { data: read.rows.map((prepared) => prepared.row) })).rejects.toThrow(/answered 403/)
    expect(await namesWithSurname(surname)).toEqual([])
  })
})

describe('import-contact-interactions with spreadsheets', () => {
  it('imports an .xlsx of visits with real dates and times, and a .csv with slashed dates and 12-hour times', async () => {
    const contactId = await addAdult(leader, { first: 'Vera', last: uniqueSurname('Visited'), gender: 'female' })
    const kind = interactionImportKind()
    const workbook = spreadsheet(
      [
        ['Date', 'Time', 'Type', 'Notes', 'Completed'],
        [new Date(Date.UTC(2026, 0, 11)), '10:30', 'visit', 'First visit at home', 'yes'],
        [new Date(Date.UTC(2026, 1, 8)), '', 'phone-call', 'No time given', 'yes'],
      ],
      'xlsx',
      'visits.xlsx',
    )
    const first = await importFile(workbook, kind, 'import-contact-interactions', { user_id: contactId })
    expect(first).toMatchObject({ count_successful: 1, count_unsuccessful: 1 })
    expect(first.unsuccessful_error.map(({ row, errors }) => [row, Object.keys(errors ?? {})])).toEqual([[3, ['time']]])

    const csv = new File(['date,time,type,content\r\n8/2/2026,7:00 pm,phone-call,Called after the study\r\n'], 'calls.csv')
    const second = await importFile(csv, kind, 'import-contact-interactions', { user_id: contactId })
    expect(second).toMatchObject({ count_successful: 1, count_unsuccessful: 0 })

    const stored = await leader.get<{ items: Array<{ date: string; time: string; type: string; content: string; source: string | null }> }>(
      `contact-interactions/${contactId}`,
    )
    expect(stored.items.map((item) => [item.date, item.time, item.type, item.content, item.source]).sort()).toEqual([
      ['2026-01-11', '10:30', 'visit', 'First visit at home', 'user_import'],
      ['2026-02-08', '19:00', 'phone-call', 'Called after the study', 'user_import'],
    ])
  })
})

describe('create-user-import with spreadsheets', () => {
  it('an .xls of decision cards becomes an import: new people with their decisions, the church each named chosen', async () => {
    const conference = await conferenceApi(baseUrl(), 'team_id')
    const surname = uniqueSurname('Card')
    const file = spreadsheet(
      [
        ['Nombre', 'Apellido', 'Género', 'Decision for baptism', 'Prayer request', 'Assign to team name'],
        ['Lucía', surname, 'female', 'sí', 'Por mi familia', 'Hope Street Church'],
        ['Mateo', surname, 'male', '', '', ''],
      ],
      'xls',
      'cards.xls',
    )
    const read = await readImportFile(file, contacts)
    expect(read.missing).toEqual([])
    const created = await conference.post<ImportUsersResult & { id: number }>('create-user-import', {
      title: `Harvest ${surname}`,
      data: read.rows.map((prepared) => prepared.row),
    })
    expect(created).toMatchObject({ count_successful: 2, count_unsuccessful: 0 })
    const record = await conference.get<{
      users: Array<{ id: number; first_name: string; team_id: number | null; is_new: boolean }>
      teams: Array<{ id: number; title: string }>
    }>(`user-import/${created.id}`)
    const hopeStreet = record.teams.find((team) => team.title === 'Hope Street Church')!
    expect(record.users.map((user) => [user.first_name, user.is_new, user.team_id])).toEqual([
      ['Lucía', true, hopeStreet.id],
      ['Mateo', true, null],
    ])
    const lucia = record.users[0]!.id
    const decisions = await conference.get<{ items: Array<{ type: string }> }>(`contact-events/${lucia}`, { group_id: conference.conferenceId })
    expect(decisions.items.map((item) => item.type)).toEqual(['decision-for-baptism'])
  })
})
