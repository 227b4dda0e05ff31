import { describe, expect, it } from 'vitest'
import * as XLSX from '@e965/xlsx'
import { mapColumns, maxSpreadsheetBytes, readSpreadsheet, SpreadsheetError } from './spreadsheet'

/** A real .xlsx or .xls file of the rows (first sheet), as a browser's file input gives it. */
function workbookFile(rows: unknown[][], name = 'people.xlsx', extraSheet?: unknown[][]): File {
  const workbook = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), 'People')
  if (extraSheet) XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(extraSheet), 'Other')
  const bookType = name.endsWith('.xls') ? 'biff8' : 'xlsx'
  const bytes = XLSX.write(workbook, { type: 'array', bookType }) as ArrayBuffer
  return new File([bytes], name)
}

function csvFile(text: string, name = 'people.csv'): File {
  return new File([text], name, { type: 'text/csv' })
}

async function refusal(promise: Promise<unknown>): Promise<SpreadsheetError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof SpreadsheetError) return error
    throw error
  }
  throw new Error('The file was read')
}

const aliases = { first_name: ['First name', 'Nombre'], last_name: ['Surname', 'Apellido'] }
const columns = ['first_name', 'last_name', 'gender', 'phone', 'email'] as const

describe('readSpreadsheet', () => {
  it('D3-2.1-24 reads a .csv: header row, trimmed text, numbers and dates as typed, blank rows left out', async () => {
    const sheet = await readSpreadsheet(
      csvFile('First name, Last name ,Gender,Phone,Born\n  Ana ,López,female,0412345678,2001-02-03\n,,,,\nBen,Ng,male,007,3/4/2020\n'),
    )
    expect(sheet.headers).toEqual(['First name', 'Last name', 'Gender', 'Phone', 'Born'])
    expect(sheet.rows).toEqual([
      { 'First name': 'Ana', 'Last name': 'López', Gender: 'female', Phone: '0412345678', Born: '2001-02-03' },
      { 'First name': 'Ben', 'Last name': 'Ng', Gender: 'male', Phone: '007', Born: '3/4/2020' },
    ])
    // Each row keeps its number in the file, the blank row between them counted.
    expect(sheet.rowNumbers).toEqual([2, 4])
  })

  it('D3-2.1-24 reads the first sheet of an .xlsx, numbers and dates as text', async () => {
    const file = workbookFile(
      [
        ['first_name', 'last_name', 'gender', 'phone', 'joined'],
        ['Ana', 'López', 'female', 412345678, new Date(Date.UTC(2024, 0, 15))],
        ['  Ben  ', 'Ng', 'male', '', ''],
      ],
      'people.xlsx',
      [['other'], ['ignored']],
    )
    const sheet = await readSpreadsheet(file)
    expect(sheet.headers).toEqual(['first_name', 'last_name', 'gender', 'phone', 'joined'])
    expect(sheet.rows[0]).toMatchObject({ first_name: 'Ana', phone: '412345678' })
    // A real date is read as the date it holds, not as the sheet displays it ('1/15/24').
    expect(sheet.rows[0]?.joined).toBe('2024-01-15')
    expect(sheet.rows[1]).toEqual({ first_name: 'Ben', last_name: 'Ng', gender: 'male', phone: '', joined: '' })
  })

  it('reads real dates and times of an .xlsx and an .xls as YYYY-MM-DD and HH:mm, whatever their display format', async () => {
    for (const name of ['visits.xlsx', 'visits.xls']) {
      const sheet = XLSX.utils.aoa_to_sheet([
        ['date', 'time', 'when', 'count'],
        [33024, 0.5, 45000.75, 33024],
      ])
      sheet.A2!.z = 'd/m/yy'
      sheet.B2!.z = 'h:mm AM/PM'
      sheet.C2!.z = 'dd mmm yyyy hh:mm'
      const workbook = XLSX.utils.book_new()
      XLSX.utils.book_append_sheet(workbook, sheet, 'Visits')
      const bytes = XLSX.write(workbook, { type: 'array', bookType: name.endsWith('.xls') ? 'biff8' : 'xlsx' }) as ArrayBuffer
      const read = await readSpreadsheet(new File([bytes], name))
      // A plain number stays the number typed.
      expect(read.rows).toEqual([{ date: '1990-05-31', time: '12:00', when: '2023-03-15 18:00', count: '33024' }])
    }
  })

  it('D3-2.1-24 reads an .xls (BIFF8) workbook', async () => {
    const sheet = await readSpreadsheet(
      workbookFile(
        [
          ['Nombre', 'Apellido'],
          ['Lucía', 'Pérez'],
        ],
        'gente.xls',
      ),
    )
    expect(sheet.rows).toEqual([{ Nombre: 'Lucía', Apellido: 'Pérez' }])
  })

  it('names blank and repeated headers so that no column is lost', async () => {
    const sheet = await readSpreadsheet(csvFile('Name,,name\na,b,c\n'))
    expect(sheet.headers).toEqual(['Name', 'column_2', 'name (2)'])
    expect(sheet.rows).toEqual([{ Name: 'a', column_2: 'b', 'name (2)': 'c' }])
  })

  it('refuses another type, a file over 2 MB, too many rows and an empty file', async () => {
    expect((await refusal(readSpreadsheet(new File(['x'], 'people.pdf')))).code).toBe('unsupported_type')
    const big = new File([new Uint8Array(maxSpreadsheetBytes + 1)], 'big.csv')
    const tooLarge = await refusal(readSpreadsheet(big))
    expect(tooLarge.code).toBe('too_large')
    expect(tooLarge.limit).toBe(2 * 1024 * 1024)
    const lines = ['first_name', ...Array.from({ length: 6 }, (_, index) => `P${index}`)].join('\n')
    const tooMany = await refusal(readSpreadsheet(csvFile(lines), { maxRows: 5 }))
    expect(tooMany).toMatchObject({ code: 'too_many_rows', limit: 5 })
    expect((await readSpreadsheet(csvFile(lines), { maxRows: 6 })).rows).toHaveLength(6)
    expect((await refusal(readSpreadsheet(csvFile('')))).code).toBe('empty')
  })
})

describe('mapColumns', () => {
  it('D3-2.1-24 maps headers to columns case-insensitively, through aliases, and names what is missing', async () => {
    const sheet = await readSpreadsheet(csvFile('NOMBRE,Surname,Gender,E-mail\nAna,López,female,ana@example.org\n'))
    const mapped = mapColumns(sheet, columns, aliases)
    expect(mapped.found).toEqual({ first_name: 'NOMBRE', last_name: 'Surname', gender: 'Gender', phone: null, email: 'E-mail' })
    expect(mapped.missing).toEqual(['phone'])
    expect(mapped.rows).toEqual([{ first_name: 'Ana', last_name: 'López', gender: 'female', email: 'ana@example.org' }])
  })

  it('matches first_name, First name and FIRST-NAME alike', () => {
    for (const header of ['first_name', 'First name', 'FIRST-NAME', ' First  Name ']) {
      const mapped = mapColumns({ headers: [header], rows: [{ [header]: ' Ana ' }], rowNumbers: [2] }, ['first_name'])
      expect(mapped.rows).toEqual([{ first_name: 'Ana' }])
    }
  })
})

describe('readSpreadsheet row numbers', () => {
  it('takes the first row with anything in it as the header, and numbers rows as the sheet does', async () => {
    const sheet = await readSpreadsheet(csvFile('\n\nfirst_name,last_name\nAna,López\n\nBen,Ng\n'))
    expect(sheet.headers).toEqual(['first_name', 'last_name'])
    expect(sheet.rowNumbers).toEqual([4, 6])
  })
})

describe('readSpreadsheet encodings and cell contents (issue 17 "Bad input")', () => {
  it('reads a CSV in UTF-8 with or without a BOM, and one in Windows-1252', async () => {
    const utf8 = new TextEncoder().encode('first_name,last_name\nJosé,Muñoz\n')
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8])
    // 'José,Muñoz' as Excel's plain CSV writes it: é is 0xE9, ñ is 0xF1.
    const windows1252 = new Uint8Array([
      ...new TextEncoder().encode('first_name,last_name\nJos'),
      0xe9,
      ...new TextEncoder().encode(',Mu'),
      0xf1,
      ...new TextEncoder().encode('oz\n'),
    ])
    for (const bytes of [utf8, withBom, windows1252]) {
      const sheet = await readSpreadsheet(new File([bytes], 'people.csv'))
      expect(sheet.headers).toEqual(['first_name', 'last_name'])
      expect(sheet.rows).toEqual([{ first_name: 'José', last_name: 'Muñoz' }])
    }
  })

  it('keeps formulas and HTML in a CSV as the text typed, and reads a workbook formula as its value', async () => {
    const csv = await readSpreadsheet(new File(['first_name,last_name\n=HYPERLINK("http://x"),<b>Ng</b>\n'], 'people.csv'))
    expect(csv.rows).toEqual([{ first_name: '=HYPERLINK("http://x")', last_name: '<b>Ng</b>' }])
    const sheet = XLSX.utils.aoa_to_sheet([
      ['first_name', 'age'],
      ['Ana', 0],
    ])
    sheet.B2 = { t: 'n', v: 42, f: '40+2' }
    const book = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(book, sheet, 'People')
    const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer
    const read = await readSpreadsheet(new File([bytes], 'people.xlsx'))
    expect(read.rows).toEqual([{ first_name: 'Ana', age: '42' }])
  })

  it("reads a CSV cell guarded against formulas (an export's '+61…) without the guard's apostrophe, and keeps any other apostrophe", async () => {
    const csv = await readSpreadsheet(csvFile("phone,note,name,mark\r\n'+61412555101,'- bring a meal,O'Brien,'quoted'\r\n'=SUM(A1),'@home,'  ,''+1\r\n"))
    expect(csv.rows).toEqual([
      { phone: '+61412555101', note: '- bring a meal', name: "O'Brien", mark: "'quoted'" },
      { phone: '=SUM(A1)', note: '@home', name: "'", mark: "''+1" },
    ])
  })

  it('refuses a file that is not a spreadsheet though named like one, and an empty one', async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0x25, 0xe2, 0xe3])
    expect((await refusal(readSpreadsheet(new File([pdf], 'people.xlsx')))).code).toBe('unreadable')
    expect((await refusal(readSpreadsheet(new File([pdf], 'people.xls')))).code).toBe('unreadable')
    expect((await refusal(readSpreadsheet(new File(['first_name\nAna\n'], 'people.xlsx')))).code).toBe('unreadable')
    expect((await refusal(readSpreadsheet(new File([''], 'people.csv')))).code).toBe('empty')
  })
})
