import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from '@e965/xlsx'
import type { ImportUsersResult } from '@crm/domain'
import { addAdult, conferenceApi, demoApi, uniqueSurname, type DemoApi } from './api'
import { addDays, teamToday } from './team-dates'
import { settled, violations } from './axe'
import { openBrowser, signIn, type Session } from './browser'
import { withAppServer } from './server'

// Imports in Chromium (issue 17 "Tests"): a leader imports an .xlsx of 20 contacts with three
// bad rows, reads the report, and finds the imported contacts in the list; imports a year of
// visits for one contact; the conference's
// entity admin runs an import-and-share to two churches, and both churches have their contacts.
const baseUrl = withAppServer()

let session: Session
let api: DemoApi
beforeAll(async () => {
  session = await openBrowser(baseUrl())
  await signIn(session.page, 'leader@example.org')
  api = await demoApi(baseUrl(), 'leader@example.org')
})
afterAll(async () => session?.close())

const surname = uniqueSurname('Imported')
const firstNames = [
  'Abel',
  'Beth',
  'Cyrus',
  'Dora',
  'Eli',
  'Faith',
  'Gideon',
  'Hannah',
  'Isaac',
  'Joy',
  'Kaleb',
  'Lydia',
  'Micah',
  'Naomi',
  'Obed',
  'Priscilla',
  'Quinn',
  'Ruth',
  'Silas',
  'Tabitha',
]

/** The 20 rows: real dates as Excel holds them, and three bad rows (4, 11 and 18 in the file). */
function workbook(): Buffer {
  const rows: unknown[][] = [['First name', 'Last name', 'Gender', 'Date of birth', 'Email', 'Favourite hymn']]
  firstNames.forEach((first, index) => {
    const row = index + 2
    const gender = row === 4 ? '' : index % 2 === 0 ? 'male' : 'female'
    const email = row === 11 ? 'x@' : `${first.toLowerCase()}.${surname.toLowerCase()}@example.net`
    const born = row === 18 ? 'someday' : new Date(Date.UTC(1980 + index, index % 12, 10))
    rows.push([first, surname, gender, born, email, `Hymn ${row}`])
  })
  const sheet = XLSX.utils.aoa_to_sheet(rows, { cellDates: true })
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, sheet, 'Members')
  return Buffer.from(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer)
}

describe('contact import (issue 17)', () => {
  it('a leader imports an .xlsx of 20 contacts with three bad rows and reads the report', async () => {
    const page = session.page
    await page.goto('/contacts')
    const list = page.getByRole('region', { name: 'All contacts in team' })
    await list.getByRole('button', { name: 'Import', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Import contacts' })
    await dialog.getByLabel('Spreadsheet (.csv, .xls or .xlsx)').setInputFiles({
      name: 'members.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: workbook(),
    })
    await expect.poll(() => dialog.innerText(), { timeout: 15_000 }).toContain('20 rows read from members.xlsx.')
    // The preview says what the server will do with each row (its dry run, issue 35 item 9).
    await expect.poll(() => dialog.innerText(), { timeout: 30_000 }).toContain('Will be imported: 17. Will not be imported: 3.')
    const preview = await dialog.innerText()
    expect(preview).toContain('Columns ignored: Favourite hymn')
    expect(preview).toMatch(/4\s+Cyrus Imported\w+\s+Will not be imported: Gender is required\./)
    await settled(page)
    expect(await violations(page)).toEqual([])

    await dialog.getByRole('button', { name: 'Import', exact: true }).click()
    await expect.poll(() => dialog.innerText(), { timeout: 30_000 }).toContain('Imported: 17. Not imported: 3.')
    const report = await dialog.innerText()
    expect(report).toContain(`Row 4, Cyrus ${surname}: Gender is required.`)
    expect(report).toContain(`Row 11, Joy ${surname}: Email “x@” is not an email address.`)
    expect(report).toContain(`Row 18, Quinn ${surname}: Date of birth “someday” is not a date.`)
    // The report is scrolled into view (spec 2 §4: 400 ms after it appears).
    await page.waitForTimeout(800)
    const reportBox = await dialog.getByText('The import is complete').boundingBox()
    const viewport = page.viewportSize()
    expect(reportBox && viewport && reportBox.y >= 0 && reportBox.y < viewport.height).toBe(true)
    await settled(page)
    expect(await violations(page)).toEqual([])

    await dialog.getByRole('button', { name: 'Close' }).last().click()
    const found = await api.get<{ count: number; items: Array<{ name: string }> }>('contacts', { search: surname, per_page: 50 })
    expect(found.count).toBe(17)
    expect(found.items.map((item) => item.name)).toContain(`Abel ${surname}`)
    await page.getByRole('searchbox', { name: 'Search contacts' }).first().fill(surname)
    await expect.poll(() => list.innerText(), { timeout: 15_000 }).toContain(`Abel ${surname}`)
  })
})

describe('a file from another church system (issue 41 item 1)', () => {
  it('a leader on a phone, in Spanish, brings a Planning Center export: its columns are matched by its own names and can be changed', async () => {
    const phone = await openBrowser(baseUrl(), { viewport: { width: 390, height: 844 } })
    try {
      const page = phone.page
      await signIn(page, 'leader@example.org')
      await page.goto('/contacts?locale=es')
      // An import of the leader's own before it: the dialog opens on its recent imports, in Spanish, on a phone.
      await api.post('import-users', {
        source_system: 'breeze',
        data: [{ source_id: `${Date.now()}`, first_name: 'Lidia', last_name: uniqueSurname('Reciente'), gender: 'F' }],
      })
      await page.getByRole('region', { name: 'Todos los contactos del equipo' }).getByRole('button', { name: 'Importar', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: 'Importar contactos' })
      const recent = dialog.getByRole('region', { name: 'Importaciones recientes' })
      await expect.poll(() => recent.innerText(), { timeout: 15_000 }).toContain('Breeze')
      expect(await recent.innerText()).toMatch(/Tú · Breeze[\s\S]*1 contacto nuevo/)
      await settled(page)
      expect(await violations(page)).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
      const csv = readFileSync(new URL('../../../fixtures/imports/planning-center-people.csv', import.meta.url))
      await dialog.getByLabel('Hoja de cálculo (.csv, .xls o .xlsx)').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: csv })
      await expect.poll(() => dialog.innerText(), { timeout: 15_000 }).toContain('4 filas leídas de people.csv.')
      expect(await dialog.getByLabel('El archivo viene de', { exact: true }).inputValue()).toBe('Planning Center People')
      const homeEmail = dialog.getByLabel('Se importa como: Home Email', { exact: true })
      expect(await homeEmail.inputValue()).toBe('Correo electrónico')
      expect(await dialog.getByLabel('Se importa como: Work Email', { exact: true }).inputValue()).toBe('No se importa')
      await settled(page)
      expect(await violations(page)).toEqual([])

      // The work email instead: the home email is then not imported (a column is one header's).
      await dialog.getByLabel('Se importa como: Work Email', { exact: true }).click()
      await page.getByRole('option', { name: 'Correo electrónico', exact: true }).click()
      await expect.poll(() => homeEmail.inputValue()).toBe('No se importa')
      await settled(page)
      expect(await violations(page)).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)

      // The values of Membership: Planning Center's 'Regular Attender' is proposed as our church attendee, in Spanish.
      const membership = dialog.getByRole('table', { name: 'Valores de Membership' })
      const regular = membership.getByLabel('Se importa como: Regular Attender', { exact: true })
      await expect.poll(() => regular.inputValue(), { timeout: 10_000 }).toBe('Asiste a la iglesia')
      expect(await membership.getByLabel('Se importa como: Member', { exact: true }).inputValue()).toBe('Miembro')
      await settled(page)
      expect(await violations(page)).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    } finally {
      await phone.close()
    }
  })
})

describe('importing again, and undoing (issue 41 items 2 and 3)', () => {
  it('a leader imports a Planning Center export twice (the second time nothing is new or doubled), then undoes the first from Recent imports', async () => {
    const page = session.page
    // Names and Planning Center ids of this run's own, so a retry starts from nothing.
    const family = uniqueSurname('Export')
    const idPrefix = String(Date.now()).slice(-7)
    const csv = readFileSync(new URL('../../../fixtures/imports/planning-center-people.csv', import.meta.url), 'utf8')
      .split('\n')
      // The demo church is in Australia, where an American number is no phone number: the phones are left out.
      .map((line, index) =>
        index === 0
          ? line
          : line
              .replace(/^(\d+)/, `${idPrefix}$1`)
              .replaceAll('Collins', family)
              .replaceAll('Okafor', family)
              .replace(/\(\d{3}\) 555-\d{4}/g, ''),
      )
      .join('\n')
    const importFile = async () => {
      await page.goto('/contacts')
      await page.getByRole('region', { name: 'All contacts in team' }).getByRole('button', { name: 'Import', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: 'Import contacts' })
      await dialog.getByLabel('Spreadsheet (.csv, .xls or .xlsx)').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
      await expect.poll(() => dialog.innerText(), { timeout: 15_000 }).toContain('4 rows read from people.csv.')
      expect(await dialog.getByLabel('Imports as: Person ID', { exact: true }).inputValue()).toBe('ID in the other system')
      return dialog
    }
    const inFamily = async () => (await api.get<{ count: number }>('contacts', { search: family, per_page: 50 })).count

    let dialog = await importFile()
    // Ella is a child: her parent is her household's first adult who can be reached, Maggie.
    await expect.poll(() => dialog.innerText(), { timeout: 30_000 }).toContain('4 new contacts')
    await dialog.getByRole('button', { name: 'Import', exact: true }).click()
    await expect.poll(() => dialog.innerText(), { timeout: 30_000 }).toContain('The import is complete')
    expect(await dialog.innerText()).toContain('4 new contacts')
    expect(await dialog.innerText()).not.toContain('refused')
    // Maggie and Robert share a household as adults: spouses, and Ella their daughter (issue 41 item 4).
    expect(await dialog.innerText()).toContain('3 relationships made between members of households')
    await dialog.getByRole('button', { name: 'Close' }).last().click()
    expect(await inFamily()).toBe(4)
    const robert = (await api.get<{ items: Array<{ id: number; name: string }> }>('contacts', { search: `Robert ${family}` })).items[0]!
    type Related = Array<{ user_name: string; relationship_type: string }>
    const related = await api.get<{ items: Related; inverse: Related }>(`contact-relationships/${robert.id}`)
    const relatives = [...related.items, ...related.inverse].map((item) => [item.user_name, item.relationship_type])
    expect(relatives).toContainEqual([`Maggie ${family}`, 'wife'])
    expect(relatives.map(([name]) => name).sort()).toEqual([`Ella ${family}`, `Maggie ${family}`])
    const ella = (await api.get<{ items: Array<{ id: number }> }>('contacts', { search: `Ella ${family}` })).items[0]!
    // Her parent or carer is her household's first adult: Maggie, her mother.
    const view = JSON.stringify(await api.get<Record<string, unknown>>(`contact/${ella.id}`))
    expect(view).toContain('Maggie')
    expect(view).toMatch(/mother/i)

    // The same export again: every row is the contact it made, with nothing new to write.
    dialog = await importFile()
    await expect.poll(() => dialog.innerText(), { timeout: 30_000 }).toContain('4 unchanged')
    await dialog.getByRole('button', { name: 'Import', exact: true }).click()
    await expect.poll(() => dialog.innerText(), { timeout: 30_000 }).toContain('The import is complete')
    expect(await dialog.innerText()).toMatch(/3\s+Robert \w+\s+Unchanged/)
    await dialog.getByRole('button', { name: 'Close' }).last().click()
    expect(await inFamily()).toBe(4)

    // Undo the first import from the dialog's Recent imports: its four contacts go.
    await page.getByRole('region', { name: 'All contacts in team' }).getByRole('button', { name: 'Import', exact: true }).click()
    dialog = page.getByRole('dialog', { name: 'Import contacts' })
    const recent = dialog.getByRole('region', { name: 'Recent imports' })
    const first = recent.getByRole('listitem').filter({ hasText: '4 new contacts' }).filter({ hasText: 'Planning Center People' }).first()
    await first.getByRole('button', { name: /^Undo the import of / }).click()
    const confirm = page.getByRole('dialog', { name: 'Undo this import?' })
    await settled(page)
    expect(await violations(page)).toEqual([])
    await confirm.getByRole('button', { name: 'Undo import' }).click()
    await expect.poll(() => dialog.innerText(), { timeout: 15_000 }).toContain('Removed 4 contacts, restored 0.')
    await expect.poll(() => recent.innerText(), { timeout: 15_000 }).toContain('Undone')
    await settled(page)
    expect(await violations(page)).toEqual([])
    expect(await inFamily()).toBe(0)
  })
})

describe("another system's attendance (issue 41 item 4)", () => {
  it('a leader imports a Planning Center Check-Ins export into Sunday service: its rows of that event, each on its date, the people known by their Planning Center id', async () => {
    const page = session.page
    const family = uniqueSurname('Checked')
    const idPrefix = String(Date.now()).slice(-7)
    // The people came in first, from Planning Center People.
    const people = await api.post<ImportUsersResult>('import-users', {
      source_system: 'planning_center',
      data: [
        { source_id: `${idPrefix}1001`, first_name: 'Maggie', last_name: family, gender: 'F' },
        { source_id: `${idPrefix}1004`, first_name: 'Sam', last_name: family, gender: 'M' },
      ],
    })
    expect(people.created).toEqual([2, 3])
    const idOf = async (first: string) => (await api.get<{ items: Array<{ id: number }> }>('contacts', { search: `${first} ${family}` })).items[0]!.id

    // The demo's Sunday service is weekly: the file's two Sundays become its last two.
    const zone = 'Australia/Sydney'
    const today = teamToday(zone)
    const lastSunday = addDays(today, -new Date(`${today}T00:00:00Z`).getUTCDay())
    const sundays = { '2026-11-01': addDays(lastSunday, -7), '2026-11-08': lastSunday }
    const csv = readFileSync(new URL('../../../fixtures/imports/planning-center-check-ins.csv', import.meta.url), 'utf8')
      .split('\n')
      .map((line, index) =>
        index === 0
          ? line
          : line
              .replace(/^(\d+),(\d+)/, `$1,${idPrefix}$2`)
              .replaceAll('Collins', family)
              .replaceAll('Okafor', family)
              .replace(/2026-11-0[18]/g, (date) => sundays[date as keyof typeof sundays] ?? date),
      )
      .join('\n')
    let sunday: { id: number; title: string } | undefined
    for (const type of ['today', 'future', 'past'])
      sunday ??= (await api.get<{ items: Array<{ id: number; title: string }> }>('events', { type, per_page: 100 })).items.find(
        (event) => event.title === 'Sunday service',
      )
    expect(sunday).toBeDefined()

    await page.goto(`/events/view/${sunday!.id}?date=${lastSunday}`)
    const section = page.getByRole('region', { name: /^Attendance on / })
    await section.waitFor({ timeout: 15_000 })
    await section.getByRole('button', { name: 'Import attendance' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import attendance' })
    await dialog.getByLabel('Spreadsheet file').setInputFiles({ name: 'check-ins.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    const preview = dialog.getByRole('table', { name: 'Preview: nothing is saved yet' })
    await preview.waitFor({ timeout: 15_000 })
    // The file's Sunday Service is this event; Youth Night's row stays out.
    expect(await dialog.getByRole('combobox', { name: 'Rows of this event in the file' }).inputValue()).toBe('Sunday Service')
    const text = await preview.innerText()
    expect(text).toContain(`Matched: Maggie ${family} (by their ID in the other system)`)
    expect(text).toContain(`Matched: Sam ${family} (by their ID in the other system)`)
    // Robert's contact never came from Planning Center: a visitor on the first Sunday.
    expect(text).toContain('New: added as a visitor')
    expect(text).not.toContain('Youth')
    await settled(page)
    expect(await violations(page)).toEqual([])

    await dialog.getByRole('button', { name: 'Import', exact: true }).click()
    await expect.poll(() => dialog.innerText(), { timeout: 20_000 }).toContain('Matched: 3. Added: 1. Already marked: 0. Refused: 0.')
    const datesOf = async (contactId: number) =>
      (await api.get<{ items: Array<{ title: string; event_date: string }> }>(`contact-event-attendance/${contactId}`)).items
        .filter((item) => item.title === 'Sunday service')
        .map((item) => item.event_date)
        .sort()
    expect(await datesOf(await idOf('Maggie'))).toEqual([sundays['2026-11-01'], lastSunday])
    expect(await datesOf(await idOf('Sam'))).toEqual([lastSunday])
  })
})

describe('interaction import (issue 17)', () => {
  it('a leader imports a contact’s visits from an .xlsx: real dates and times, a Spanish type, a bad row reported', async () => {
    const page = session.page
    const contactId = await addAdult(api, { first: 'Visited', last: uniqueSurname('Often'), gender: 'female' })
    const sheet = XLSX.utils.aoa_to_sheet(
      [
        ['Fecha', 'Hora', 'Tipo', 'Notas'],
        [new Date(Date.UTC(2026, 0, 11)), '10:30 am', 'Visita', 'First visit at home'],
        ['2026-02-08', '19:00', 'phone-call', 'Called after the study'],
        ['2026-03-01', '', 'visit', 'No time written'],
      ],
      { cellDates: true },
    )
    const book = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(book, sheet, 'Visits')
    const buffer = Buffer.from(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer)

    await page.goto(`/contacts/view/${contactId}`)
    await page.getByRole('tab', { name: 'Interactions' }).click()
    await page.getByRole('button', { name: 'Import interactions' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import interactions' })
    await dialog
      .getByLabel('Spreadsheet (.csv, .xls or .xlsx)')
      .setInputFiles({ name: 'visits.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer })
    await expect.poll(() => dialog.innerText(), { timeout: 15_000 }).toContain('3 rows read from visits.xlsx.')
    await dialog.getByRole('button', { name: 'Import', exact: true }).click()
    await expect.poll(() => dialog.innerText(), { timeout: 15_000 }).toContain('Imported: 2. Not imported: 1.')
    expect(await dialog.innerText()).toMatch(/Row 4, .*Time is required\./)
    await dialog.getByRole('button', { name: 'Close' }).last().click()

    const entries = page.getByRole('list', { name: 'Interactions' })
    await expect.poll(() => entries.innerText(), { timeout: 15_000 }).toContain('First visit at home')
    expect(await entries.innerText()).toContain('Called after the study')
    const stored = await api.get<{ items: Array<{ date: string; time: string; type: string; source: string | null }> }>(`contact-interactions/${contactId}`)
    expect(stored.items.map((item) => [item.date, item.time, item.type, item.source]).sort()).toEqual([
      ['2026-01-11', '10:30', 'visit', 'user_import'],
      ['2026-02-08', '19:00', 'phone-call', 'user_import'],
    ])
  })
})

describe('import-and-share (issue 17 item 4)', () => {
  it('the entity admin imports an event’s people, sends one to each of two churches, and both churches have them', async () => {
    const admin = await openBrowser(baseUrl())
    try {
      const page = admin.page
      await signIn(page, 'entity@example.org')
      const shareSurname = uniqueSurname('Shared')
      const sheet = XLSX.utils.aoa_to_sheet([
        ['First name', 'Last name', 'Gender', 'Phone'],
        ['Hana', shareSurname, 'female', ''],
        ['Rafael', shareSurname, 'male', ''],
      ])
      const book = XLSX.utils.book_new()
      XLSX.utils.book_append_sheet(book, sheet, 'Cards')
      const buffer = Buffer.from(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer)

      await page.goto('/contacts/import-and-share')
      await page.getByRole('main').getByRole('link', { name: 'Add new' }).first().click()
      await page.waitForURL('**/contacts/import-and-share/new')
      // The title is the date and time, yyyy/MM/dd HH:mm (spec 2 §5).
      expect(await page.getByLabel('Title').inputValue()).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/)
      await page.getByLabel('Title').fill(`Harvest night ${shareSurname}`)
      await page
        .getByLabel('Spreadsheet file')
        .setInputFiles({ name: 'cards.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer })
      await expect.poll(() => page.locator('main').innerText(), { timeout: 15_000 }).toContain('2 rows read from cards.xlsx.')
      // The preview says what Save will do: the server's dry run of the same call, which keeps nothing (issue 35 item 9).
      await expect
        .poll(() => page.locator('main').innerText(), { timeout: 15_000 })
        .toContain("Checked with the server's rules. Will be imported: 2. Will not be imported: 0.")
      expect(await page.getByRole('table', { name: 'The first rows' }).getByRole('cell', { name: 'Will be imported', exact: true }).count()).toBe(2)
      await settled(page)
      expect(await violations(page)).toEqual([])
      await page.getByRole('button', { name: 'Save' }).click()
      await page.waitForURL('**/contacts/import-and-share/edit/*', { timeout: 15_000 })
      const importId = Number(new URL(page.url()).pathname.split('/').pop())

      for (const [first, church] of [
        ['Hana', 'Hope Street Church'],
        ['Rafael', 'Riverside Community Church'],
      ] as const) {
        await page.getByLabel(`Church for ${first} ${shareSurname}`).first().click()
        await page.getByRole('option', { name: church }).click()
        await expect.poll(() => page.locator('main').innerText(), { timeout: 10_000 }).toContain('Saved')
      }
      await settled(page)
      expect(await violations(page)).toEqual([])
      await page.getByRole('button', { name: 'Process' }).click()
      const confirm = page.getByRole('dialog', { name: 'Process the import' })
      expect(await confirm.innerText()).toContain('This cannot be undone.')
      await confirm.getByRole('button', { name: 'Process' }).click()
      await expect.poll(() => page.locator('main').innerText(), { timeout: 20_000 }).toContain('The import has finished processing.')
      expect(await page.locator('main').innerText()).toContain('Processed: 2. Not processed: 0.')

      // Hope Street's owner finds Hana among the church's contacts, and was told.
      const owner = await demoApi(baseUrl(), 'owner@example.org')
      const hope = await owner.get<{ items: Array<{ name: string }> }>('contacts', { search: shareSurname })
      expect(hope.items.map((item) => item.name)).toEqual([`Hana ${shareSurname}`])
      const told = await owner.get<{ items: Array<{ content: string }> }>('notifications', { per_page: 20 })
      expect(told.items.some((item) => item.content.includes(`Harvest night ${shareSurname}`))).toBe(true)
      // Riverside has Rafael: read as the conference's entity admin, who cares for its churches.
      const conference = await conferenceApi(baseUrl(), 'team_id')
      const record = await conference.get<{ teams: Array<{ id: number; title: string }> }>(`user-import/${importId}`)
      const riverside = record.teams.find((team) => team.title === 'Riverside Community Church')!
      const theirs = await conference.get<{ items: Array<{ name: string }> }>('contacts', {
        team_id: riverside.id,
        group_id: riverside.id,
        search: shareSurname,
      })
      expect(theirs.items.map((item) => item.name)).toEqual([`Rafael ${shareSurname}`])
    } finally {
      await admin.close()
    }
  })
})
