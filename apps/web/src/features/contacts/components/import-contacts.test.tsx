import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import {
  contactCalls,
  contactImportCalls,
  contactImportHistoryCalls,
  contactImportMappingCalls,
  lookupCalls,
  type ContactImport,
  type ContactImportMapping,
  type ContactImportUndo,
  type ImportUsersResult,
  type InputOf,
} from '@crm/domain'
import { apiBase } from '../../../lib/api'
import { pinClock } from '../../../test/clock'
import { buildAccount, buildGroup, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { i18next } from '../../../lib/i18n'

type Sent = InputOf<typeof contactImportCalls.importUsers>
type SavedMapping = InputOf<typeof contactImportMappingCalls.saveContactImportMapping>

function csvFile(lines: string[], name = 'members.csv') {
  return new File([lines.join('\n')], name, { type: 'text/csv' })
}

const empty: ImportUsersResult = {
  count_successful: 0,
  count_unsuccessful: 0,
  unsuccessful_exists: [],
  unsuccessful_not_exists: [],
  unsuccessful_team_user_exists: [],
  unsuccessful_invalid_email: [],
  unsuccessful_error: [],
}

/** The member statuses of the lookup list, in each language the tests read. */
const memberStatuses = {
  en: [
    { id: 'member', title: 'Member' },
    { id: 'church-attendee', title: 'Church attendee' },
    { id: 'lead-visited', title: 'Lead (visited)' },
    { id: 'lead-unvisited', title: 'Lead (not yet visited)' },
  ],
  es: [
    { id: 'member', title: 'Miembro' },
    { id: 'church-attendee', title: 'Asiste a la iglesia' },
    { id: 'lead-visited', title: 'Contacto (visitado)' },
    { id: 'lead-unvisited', title: 'Contacto (sin visitar)' },
  ],
}

/** The contacts page of a church where the user has the given group role; import-users answered by `answer`. */
function open(role: 'owner' | 'member', answer: (input: Sent) => ImportUsersResult | Response = () => empty) {
  const group = buildGroup({ id: 10, title: 'Grace Church', user_role: role })
  signedInAs(buildAccount([buildTeam({ id: 10, title: 'Grace Church', role, groups: [group] })]), { teamId: 10, groupId: 10 })
  const sent: Sent[] = []
  for (const call of [contactCalls.contacts, contactCalls.assignedContacts, contactCalls.archivedContacts]) {
    server.use(http.get(`${apiBase}${call.path}`, () => HttpResponse.json({ items: [], count: 0, max_pages: 1 })))
  }
  server.use(
    mockCall(contactImportCalls.importUsers, ({ input }) => {
      const body = input as Sent
      sent.push(body)
      return answer(body)
    }),
    mockCall(lookupCalls.lookups, ({ params, input }) => ({
      items: params['list'] === 'member-status-types' ? memberStatuses[input.locale === 'es' ? 'es' : 'en'] : [],
    })),
  )
  return { ...renderApp('/contacts'), sent }
}

async function openDialog(user: ReturnType<typeof renderApp>['user']) {
  const section = within(await screen.findByRole('region', { name: 'All contacts in team' }))
  await user.click(section.getByRole('button', { name: 'Import' }))
  return within(await screen.findByRole('dialog', { name: 'Import contacts' }))
}

describe('contact import (spec 2 §2, §3, §4 "Contact import"; issue 17)', () => {
  it('D2-2.1-07 each list has an Import button beside Add new that opens the import form with its sample', async () => {
    const { user } = open('owner')
    const dialog = await openDialog(user)
    const sample = dialog.getByRole('link', { name: 'Download a sample spreadsheet' })
    expect(sample).toHaveAttribute('download', 'contacts-sample.csv')
    const csv = decodeURIComponent(sample.getAttribute('href')!.replace('data:text/csv;charset=utf-8,', ''))
    expect(csv.split('\r\n')[0]).toMatch(/^\uFEFFfirst_name,last_name,gender,dob,/)
    expect(csv).toContain('decision_for_bible_studies')
    expect(dialog.getByLabelText('Spreadsheet (.csv, .xls or .xlsx)')).toHaveAttribute('accept', expect.stringContaining('.xlsx'))
  })

  it('D2-6-04 a member without import_contact sees no Import button', async () => {
    open('member')
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument()
  })

  it('D2-3.14-01 D2-4.7-01 previews what the server will do with each row (its dry run), sends the rows with their numbers and reports each refused row (issue 35 item 9)', async () => {
    // The server's answer for a chunk, the same for its dry run and for the import.
    const answerFor = (input: Sent): ImportUsersResult =>
      input.first_row === 2
        ? {
            ...empty,
            count_successful: 1,
            count_unsuccessful: 1,
            unsuccessful_error: [
              {
                row: 3,
                name: 'Ben Ng',
                reason: 'The row has invalid values.',
                errors: { gender: 'Required', member_status: 'Choose a value from the list.' },
                issues: [
                  { code: 'required', field: 'gender' },
                  {
                    code: 'not_in_list',
                    field: 'member_status',
                    value: 'Church atendee',
                    list: 'member-status-types',
                    allowed: ['member', 'church-attendee'],
                    allowed_titles: { en: ['Member', 'Church attendee'], es: ['Miembro', 'Asiste a la iglesia'] },
                  },
                ],
              },
            ],
            kept_without_consent: [{ row: 2, name: 'Ana López', not_kept: ['dob', 'email'], child: false }],
          }
        : {
            ...empty,
            count_unsuccessful: 1,
            unsuccessful_team_user_exists: [
              { row: 5, name: 'Dee Park', reason: 'A contact with these details already exists in this team.', issues: [{ code: 'exists_in_this_team' }] },
            ],
          }
    const { user, sent } = open('owner', answerFor)
    const dialog = await openDialog(user)
    await user.upload(
      dialog.getByLabelText('Spreadsheet (.csv, .xls or .xlsx)'),
      csvFile([
        'First name,Surname,Gender,Date of birth,Email,Member status,Favourite colour',
        'Ana,López,female,31/05/1990,ana@example.org,,blue',
        'Ben,Ng,,,,Church atendee,green',
        '',
        'Dee,Park,f,,,,red',
      ]),
    )
    expect(await dialog.findByText('3 rows read from members.csv.')).toBeInTheDocument()
    expect(dialog.getByText(/Columns read:/)).toHaveTextContent(
      'Columns read: first_name, last_name (Surname), gender, dob (Date of birth), email, member_status',
    )
    expect(dialog.getByText(/Columns ignored:/)).toHaveTextContent('Favourite colour')
    // The dry run: every row, as written (the server reads the date as the team's country writes it), nothing kept.
    expect(await dialog.findByText("Checked with the server's rules. Will be imported: 1. Will not be imported: 2.")).toBeInTheDocument()
    expect(sent.map((input) => [input.first_row, input.dry_run])).toEqual([
      [2, true],
      [5, true],
    ])
    expect((sent[0]!.data as Array<Record<string, string>>)[0]).toEqual({
      first_name: 'Ana',
      last_name: 'López',
      gender: 'female',
      dob: '31/05/1990',
      email: 'ana@example.org',
    })
    const preview = within(dialog.getByRole('table', { name: 'The first 3 rows' }))
    const rows = preview.getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual([
      '2Ana LópezWill be imported with the name and gender only (no consent): Date of birth, Email not kept',
      '3Ben NgWill not be imported: Gender is required. Member status “Church atendee” is not one of: Member, Church attendee.',
      '5Dee ParkWill not be imported: A contact with these details already exists in this team.',
    ])

    await user.click(dialog.getByRole('button', { name: 'Import' }))
    expect(await dialog.findByText('Imported: 1. Not imported: 2.')).toBeInTheDocument()
    // A blank row in the file starts a new chunk, so every row keeps its number; the import keeps what it sends.
    expect(sent.slice(2).map((input) => [input.first_row, (input.data as unknown[]).length, input.dry_run])).toEqual([
      [2, 2, undefined],
      [5, 1, undefined],
    ])
    expect(dialog.getByText('Row 3, Ben Ng: Gender is required. Member status “Church atendee” is not one of: Member, Church attendee.')).toBeInTheDocument()
    expect(dialog.getByText('Row 5, Dee Park: A contact with these details already exists in this team.')).toBeInTheDocument()
    // Issue 35 item 10: what each row kept.
    expect(dialog.getByText('1 row kept the name and gender only: no consent in the file')).toBeInTheDocument()
    expect(dialog.getByText('Row 2, Ana López: Date of birth, Email not kept.')).toBeInTheDocument()
  })

  it('words the result in Spanish from the same codes: the refusals, the lookup titles and what each row kept (issue 35 items 9 and 10)', async () => {
    await i18next.changeLanguage('es')
    const answer: ImportUsersResult = {
      ...empty,
      count_successful: 2,
      count_unsuccessful: 1,
      unsuccessful_error: [
        {
          row: 4,
          name: 'Di Typo',
          reason: 'The row has invalid values.',
          issues: [
            {
              code: 'not_in_list',
              field: 'member_status',
              value: 'Church atendee',
              list: 'member-status-types',
              allowed: ['member', 'church-attendee'],
              allowed_titles: { en: ['Member', 'Church attendee'], es: ['Miembro', 'Asiste a la iglesia'] },
            },
            { code: 'invalid_date', field: 'dob', value: '05/31/1990', order: 'dmy' },
          ],
        },
      ],
      with_consent: [2],
      kept_without_consent: [{ row: 3, name: 'Mo None', not_kept: ['email'], child: false }],
    }
    const { user } = open('owner', () => answer)
    const section = within(await screen.findByRole('region', { name: 'Todos los contactos del equipo' }))
    await user.click(section.getByRole('button', { name: 'Importar' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Importar contactos' }))
    await user.upload(
      dialog.getByLabelText('Hoja de cálculo (.csv, .xls o .xlsx)'),
      csvFile(['first_name,last_name,gender', 'Kim,Paper,female', 'Mo,None,male', 'Di,Typo,female']),
    )
    await dialog.findByText('Lo que hará la importación')
    await user.click(dialog.getByRole('button', { name: 'Importar' }))
    expect(await dialog.findByText('Importadas: 2. No importadas: 1.')).toBeInTheDocument()
    expect(
      dialog.getByText(
        'Fila 4, Di Typo: Estado de membresía «Church atendee» no es uno de: Miembro, Asiste a la iglesia. Fecha de nacimiento «05/31/1990» no es una fecha. Escríbela como dd/mm/aaaa o aaaa-mm-dd.',
      ),
    ).toBeInTheDocument()
    expect(dialog.getByText('1 fila con consentimiento guardó todas sus columnas.')).toBeInTheDocument()
    expect(dialog.getByText('Fila 3, Mo None: no se guardó Correo electrónico.')).toBeInTheDocument()
  })

  it('D2-4.7-03 importing as church members drops the member_status column', async () => {
    const { user, sent } = open('owner', () => ({ ...empty, count_successful: 1 }))
    const dialog = await openDialog(user)
    await user.upload(
      dialog.getByLabelText('Spreadsheet (.csv, .xls or .xlsx)'),
      csvFile(['first_name,last_name,gender,member_status', 'Ana,López,female,lead-visited']),
    )
    await dialog.findByText('1 row read from members.csv.')
    await user.click(dialog.getByRole('checkbox', { name: /Import as church members/ }))
    expect(dialog.getByText(/Columns ignored:/)).toHaveTextContent('member_status')
    // The choice is the server's to judge: the rows are checked again with it.
    await waitFor(() => expect(sent.filter((input) => input.dry_run && input.import_as_members)).toHaveLength(1))
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Import' })).toBeEnabled())
    await user.click(dialog.getByRole('button', { name: 'Import' }))
    await dialog.findByText('Imported: 1. Not imported: 0.')
    expect(sent.at(-1)).toMatchObject({ import_as_members: true, data: [{ first_name: 'Ana', last_name: 'López', gender: 'female' }] })
    expect(sent.at(-1)!.dry_run).toBeUndefined()
  })

  it('D2-8-08 a file without a required column names it; a failed import says so', async () => {
    const { user, sent } = open('owner', (input) => (input.dry_run ? empty : apiError('internal_error', 500)))
    const dialog = await openDialog(user)
    await user.upload(dialog.getByLabelText('Spreadsheet (.csv, .xls or .xlsx)'), csvFile(['first_name,gender', 'Ana,female']))
    expect(await dialog.findByText("No column of the file imports as: Last name. Choose the file's column for each under “Imports as”.")).toBeInTheDocument()
    expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled()

    // D2-5-22 The chooser offers only spreadsheets; a .txt that gets through anyway is refused.
    const input = dialog.getByLabelText('Spreadsheet (.csv, .xls or .xlsx)')
    expect(input.getAttribute('accept')?.split(',')).toEqual(expect.arrayContaining(['.csv', '.xls', '.xlsx']))
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['hello'], 'notes.txt'))
    expect(await dialog.findByText('Choose a .csv, .xls or .xlsx file.')).toBeInTheDocument()

    await user.upload(dialog.getByLabelText('Spreadsheet (.csv, .xls or .xlsx)'), csvFile(['first_name,last_name,gender', 'Ana,López,female']))
    // Import waits for the dry run's answer.
    await dialog.findByText('What the import will do')
    await user.click(dialog.getByRole('button', { name: 'Import' }))
    expect(await dialog.findByText('The import failed with an error.')).toBeInTheDocument()
    // The dry run of the file with its columns, then the import.
    expect(sent.map((input) => input.dry_run)).toEqual([true, undefined])
  })
})

/** A people export of Planning Center People, as its own column names have it. */
const planningCenterFile = () =>
  csvFile(
    [
      'First Name,Last Name,Gender,Birthdate,Membership,Home Email,Mobile Phone Number,Home Phone Number,Home Address Street Line 1,Home Address City,Household ID,Remote ID',
      'Ana,López,Female,1990-05-31,Member,ana@example.org,0412 345 678,02 9876 5432,1 George St,Sydney,501,9001',
      'Ben,Ng,Male,1885-09-03,Visitor,,0498 765 432,,,,502,9002',
    ],
    'people.csv',
  )

/** Chooses an option of one of the dialog's selects. */
async function choose(user: ReturnType<typeof renderApp>['user'], dialog: ReturnType<typeof within>, select: string, option: string) {
  await user.click(dialog.getByRole('combobox', { name: select }))
  await user.click(await screen.findByRole('option', { name: option }))
}

/** The saves of the team's column matches. */
function recordSaves(answer: (input: SavedMapping) => Response | null = () => null) {
  const saved: SavedMapping[] = []
  server.use(
    mockCall(contactImportMappingCalls.saveContactImportMapping, ({ input }) => {
      saved.push(input)
      return answer(input) ?? { system: input.system, columns: input.columns, values: input.values ?? {}, updated_at: '2026-05-01T10:00:00.000Z' }
    }),
  )
  return saved
}

describe('contact import: matching the columns, with presets for other church systems (issue 41 item 1)', () => {
  it('recognises a Planning Center People export and proposes its columns, even when the remembered matches cannot be read', async () => {
    server.use(mockCall(contactImportMappingCalls.contactImportMappings, () => apiError('internal_error', 500)))
    const { user, sent } = open('owner', () => ({ ...empty, count_successful: 2 }))
    const dialog = await openDialog(user)
    await user.upload(dialog.getByLabelText('Spreadsheet (.csv, .xls or .xlsx)'), planningCenterFile())
    expect(await dialog.findByText('2 rows read from people.csv.')).toBeInTheDocument()
    expect(dialog.getByRole('combobox', { name: 'The file comes from' })).toHaveValue('Planning Center People')

    const table = within(dialog.getByRole('table', { name: 'Match the columns' }))
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Column in your file', 'First value', 'Imports as'])
    expect(table.getByRole('rowheader', { name: 'Home Email' }).closest('tr')).toHaveTextContent('ana@example.org')
    // Ben has no home phone: the first value is the first cell that is not blank.
    expect(table.getByRole('rowheader', { name: 'Home Phone Number' }).closest('tr')).toHaveTextContent('02 9876 5432')
    expect(table.getByRole('combobox', { name: 'Imports as: Home Email' })).toHaveValue('Email')
    expect(table.getByRole('combobox', { name: 'Imports as: Mobile Phone Number' })).toHaveValue('Phone')
    expect(table.getByRole('combobox', { name: 'Imports as: Home Address Street Line 1' })).toHaveValue('Street address')
    expect(table.getByRole('combobox', { name: 'Imports as: Membership' })).toHaveValue('Member status')
    expect(table.getByRole('combobox', { name: 'Imports as: Remote ID' })).toHaveValue('Not imported')
    expect(dialog.getByText(/Columns read:/)).toHaveTextContent(
      'Columns read: first_name, last_name, gender, dob (Birthdate), email (Home Email), phone (Mobile Phone Number), member_status (Membership), address_street (Home Address Street Line 1), address_city (Home Address City), household_id',
    )
    // The household makes its members relatives (issue 41 item 4).
    expect(table.getByRole('combobox', { name: 'Imports as: Household ID' })).toHaveValue('Household')
    expect(dialog.getByText(/Columns ignored:/)).toHaveTextContent('Columns ignored: Home Phone Number, Remote ID')

    // The dry run and the import send the rows under our column names, the system's member statuses
    // as ours, and Ben's birthday in Planning Center's placeholder year 1885 as no birth date.
    await dialog.findByText('What the import will do')
    expect(sent).toHaveLength(1)
    expect(sent[0]!.data).toEqual([
      {
        first_name: 'Ana',
        last_name: 'López',
        gender: 'Female',
        dob: '1990-05-31',
        member_status: 'member',
        email: 'ana@example.org',
        phone: '0412 345 678',
        address_street: '1 George St',
        address_city: 'Sydney',
        household_id: '501',
      },
      { first_name: 'Ben', last_name: 'Ng', gender: 'Male', member_status: 'lead-visited', phone: '0498 765 432', household_id: '502' },
    ])
    await user.click(dialog.getByRole('button', { name: 'Import' }))
    await dialog.findByText('Imported: 2. Not imported: 0.')
    expect(sent.at(-1)!.dry_run).toBeUndefined()
    expect((sent.at(-1)!.data as Array<Record<string, string>>)[0]).toMatchObject({ email: 'ana@example.org', phone: '0412 345 678' })
  })

  it("gives a household's child its parent from the household's adults, as Planning Center lists a family (issue 41 item 4)", async () => {
    const { user, sent } = open('owner', () => ({ ...empty, count_successful: 2 }))
    const dialog = await openDialog(user)
    const family = csvFile(
      [
        'Person ID,Remote ID,First Name,Last Name,Gender,Birthdate,Child,Home Email,Household ID',
        '1001,,Maggie,Collins,F,1968-04-12,false,maggie@example.org,501',
        '1003,,Ella,Collins,F,2016-09-03,true,,501',
      ],
      'people.csv',
    )
    await user.upload(dialog.getByLabelText('Spreadsheet (.csv, .xls or .xlsx)'), family)
    await dialog.findByText('What the import will do')
    expect((sent[0]!.data as Array<Record<string, string>>)[1]).toEqual({
      source_id: '1003',
      first_name: 'Ella',
      last_name: 'Collins',
      gender: 'F',
      dob: '2016-09-03',
      family_role: 'true',
      household_id: '501',
      parent_carer_first_name: 'Maggie',
      parent_carer_last_name: 'Collins',
      parent_carer_relationship: 'mother',
      parent_carer_email: 'maggie@example.org',
    })
  })

  it('a changed match changes the rows sent and asks the dry run again; a column is one header’s; a failed save does not hold the import up', async () => {
    // The matches cannot be remembered: the import goes on all the same.
    const saved = recordSaves(() => apiError('internal_error', 500))
    const { user, sent } = open('owner', () => ({ ...empty, count_successful: 2 }))
    const dialog = await openDialog(user)
    await user.upload(dialog.getByLabelText('Spreadsheet (.csv, .xls or .xlsx)'), planningCenterFile())
    await dialog.findByText('What the import will do')
    const dryRuns = () => sent.filter((input) => input.dry_run)
    expect(dryRuns()).toHaveLength(1)

    await choose(user, dialog, 'Imports as: Home Phone Number', 'Phone')
    // The phone came from Mobile Phone Number, which is no longer imported.
    expect(dialog.getByRole('combobox', { name: 'Imports as: Mobile Phone Number' })).toHaveValue('Not imported')
    await choose(user, dialog, 'Imports as: Remote ID', 'Notes')
    expect(dialog.getByText(/Columns ignored:/)).toHaveTextContent('Columns ignored: Mobile Phone Number')
    await waitFor(() => expect((dryRuns().at(-1)!.data as Array<Record<string, string>>)[0]).toMatchObject({ phone: '02 9876 5432', notes: '9001' }))
    expect(dryRuns().length).toBeGreaterThan(1)
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Import' })).toBeEnabled())

    await user.click(dialog.getByRole('button', { name: 'Import' }))
    expect(await dialog.findByText('Imported: 2. Not imported: 0.')).toBeInTheDocument()
    const imported = sent.filter((input) => !input.dry_run)
    expect(imported).toHaveLength(1)
    expect(imported[0]!.data).toEqual([
      expect.objectContaining({ phone: '02 9876 5432', notes: '9001', email: 'ana@example.org' }),
      expect.objectContaining({ first_name: 'Ben', notes: '9002' }),
    ])
    expect((imported[0]!.data as Array<Record<string, string>>)[1]).not.toHaveProperty('phone')
    await waitFor(() => expect(saved).toHaveLength(1))
  })

  it('proposes again for the system chosen', async () => {
    const { user, sent } = open('owner')
    const dialog = await openDialog(user)
    await user.upload(dialog.getByLabelText('Spreadsheet (.csv, .xls or .xlsx)'), planningCenterFile())
    await dialog.findByText('What the import will do')
    await choose(user, dialog, 'The file comes from', 'Another spreadsheet')
    // Without the preset, Home Email and Mobile Phone Number are no names we know; Membership is an alias.
    expect(dialog.getByRole('combobox', { name: 'Imports as: Home Email' })).toHaveValue('Not imported')
    expect(dialog.getByRole('combobox', { name: 'Imports as: Mobile Phone Number' })).toHaveValue('Not imported')
    expect(dialog.getByRole('combobox', { name: 'Imports as: Membership' })).toHaveValue('Member status')
    await waitFor(() => expect(sent.filter((input) => input.dry_run)).toHaveLength(2))
    expect((sent.at(-1)!.data as Array<Record<string, string>>)[0]).not.toHaveProperty('email')
  })

  it('a file without a gender column names it missing, and Import waits until the person matches a column to it', async () => {
    const { user, sent } = open('owner', () => ({ ...empty, count_successful: 1 }))
    const dialog = await openDialog(user)
    await user.upload(dialog.getByLabelText('Spreadsheet (.csv, .xls or .xlsx)'), csvFile(['First name,Last name,Sex Code', 'Ana,López,F']))
    const missing = "No column of the file imports as: Gender. Choose the file's column for each under “Imports as”."
    expect(await dialog.findByText(missing)).toBeInTheDocument()
    expect(dialog.getByRole('combobox', { name: 'The file comes from' })).toHaveValue('Another spreadsheet')
    expect(dialog.getByRole('combobox', { name: 'Imports as: Sex Code' })).toHaveValue('Not imported')
    expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled()

    await choose(user, dialog, 'Imports as: Sex Code', 'Gender')
    await waitFor(() => expect(dialog.queryByText(missing)).not.toBeInTheDocument())
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Import' })).toBeEnabled())
    expect(sent.map((input) => [input.dry_run, input.data])).toEqual([[true, [{ first_name: 'Ana', last_name: 'López', gender: 'F' }]]])
  })

  it("proposes the team's remembered matches for the system over its preset, and Import remembers the matches shown", async () => {
    // The team's remembered matches, as the server keeps them: a save replaces its system's.
    let remembered: ContactImportMapping[] = [
      { system: 'planning_center', columns: { Membership: null, 'Remote ID': 'notes' }, values: {}, updated_at: '2026-04-01T10:00:00.000Z' },
      { system: 'other', columns: { 'Remote ID': 'email' }, values: {}, updated_at: '2026-04-01T10:00:00.000Z' },
    ]
    const asked: unknown[] = []
    const saved: SavedMapping[] = []
    server.use(
      mockCall(contactImportMappingCalls.contactImportMappings, ({ input }) => {
        asked.push(input)
        return { items: remembered }
      }),
      mockCall(contactImportMappingCalls.saveContactImportMapping, ({ input }) => {
        saved.push(input)
        const mapping: ContactImportMapping = {
          system: input.system,
          columns: input.columns,
          values: input.values ?? {},
          updated_at: '2026-05-01T10:00:00.000Z',
        }
        remembered = [...remembered.filter((item) => item.system !== input.system), mapping]
        return mapping
      }),
    )
    const { user, sent, queryClient } = open('owner', () => ({ ...empty, count_successful: 2 }))
    const dialog = await openDialog(user)
    expect(asked).toEqual([{ team_id: '10', group_id: '10' }])
    await user.upload(dialog.getByLabelText('Spreadsheet (.csv, .xls or .xlsx)'), planningCenterFile())
    await waitFor(() => expect(dialog.getByRole('combobox', { name: 'Imports as: Membership' })).toHaveValue('Not imported'))
    expect(dialog.getByRole('combobox', { name: 'Imports as: Remote ID' })).toHaveValue('Notes')
    expect(dialog.getByRole('combobox', { name: 'Imports as: Home Email' })).toHaveValue('Email')
    await dialog.findByText('What the import will do')
    expect((sent.at(-1)!.data as Array<Record<string, string>>)[0]).toMatchObject({ notes: '9001', email: 'ana@example.org' })
    expect((sent.at(-1)!.data as Array<Record<string, string>>)[0]).not.toHaveProperty('member_status')

    const checks = sent.filter((input) => input.dry_run).length
    await user.click(dialog.getByRole('button', { name: 'Import' }))
    await dialog.findByText('Imported: 2. Not imported: 0.')
    expect(saved).toEqual([
      {
        team_id: 10,
        group_id: 10,
        system: 'planning_center',
        columns: {
          'First Name': 'first_name',
          'Last Name': 'last_name',
          Gender: 'gender',
          Birthdate: 'dob',
          Membership: null,
          'Home Email': 'email',
          'Mobile Phone Number': 'phone',
          'Home Phone Number': null,
          'Home Address Street Line 1': 'address_street',
          'Home Address City': 'address_city',
          'Household ID': 'household_id',
          'Remote ID': 'notes',
        },
        // Membership is not imported: only the gender's values, none matched (Planning Center's words are ours).
        values: { gender: {} },
      },
    ])
    // The remembered matches are read again after the save; the same matches read back check nothing again.
    await waitFor(() => expect(asked.length).toBeGreaterThan(1))
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    expect(sent.filter((input) => input.dry_run)).toHaveLength(checks)
  })

  it('words the matching step in Spanish', async () => {
    await i18next.changeLanguage('es')
    const { user } = open('owner')
    const section = within(await screen.findByRole('region', { name: 'Todos los contactos del equipo' }))
    await user.click(section.getByRole('button', { name: 'Importar' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Importar contactos' }))
    await user.upload(
      dialog.getByLabelText('Hoja de cálculo (.csv, .xls o .xlsx)'),
      csvFile(['First Name,Last Name,Home Email,Remote ID', 'Ana,López,ana@example.org,9001'], 'personas.csv'),
    )
    expect(
      await dialog.findByText(
        'Ninguna columna del archivo se importa como: Género. Elige en «Se importa como» la columna del archivo que corresponde a cada una.',
      ),
    ).toBeInTheDocument()
    expect(dialog.getByRole('combobox', { name: 'El archivo viene de' })).toHaveValue('Planning Center People')
    const table = within(dialog.getByRole('table', { name: 'Relaciona las columnas' }))
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Columna de tu archivo', 'Primer valor', 'Se importa como'])
    expect(table.getByRole('combobox', { name: 'Se importa como: Home Email' })).toHaveValue('Correo electrónico')
    expect(table.getByRole('combobox', { name: 'Se importa como: Remote ID' })).toHaveValue('No se importa')
    await user.click(dialog.getByRole('combobox', { name: 'El archivo viene de' }))
    expect(await screen.findByRole('option', { name: 'Otra hoja de cálculo' })).toBeInTheDocument()
    expect(dialog.getByRole('button', { name: 'Importar' })).toBeDisabled()
  })
})

/** A Planning Center export whose Membership has the system's words and a church's own. */
const membershipFile = () =>
  csvFile(
    [
      'First Name,Last Name,Gender,Membership,Remote ID',
      'Ana,López,Female,Member,9001',
      'Ben,Ng,Male,Regular Attender,9002',
      'Cy,Ray,Male,Visitor,9003',
      'Di,Sun,Female,Youth Group,9004',
      'Ed,Low,Male,regular attender,9005',
      'Flo,Ng,Female,,9006',
    ],
    'people.csv',
  )

/** The member status sent for each row of the last call. */
const statusesSent = (sent: Sent[]) => (sent.at(-1)!.data as Array<Record<string, string>>).map((row) => row['member_status'])

describe('contact import: matching the values of a member status or gender column (issue 41 item 1)', () => {
  it("proposes a system's words as our member statuses, sends the choices, asks the dry run again for a change, and Import remembers them", async () => {
    const saved = recordSaves()
    const { user, sent } = open('owner', () => ({ ...empty, count_successful: 6 }))
    const dialog = await openDialog(user)
    await user.upload(dialog.getByLabelText('Spreadsheet (.csv, .xls or .xlsx)'), membershipFile())
    await dialog.findByText('What the import will do')

    const table = within(dialog.getByRole('table', { name: 'Values of Membership' }))
    expect(dialog.getByRole('region', { name: 'Values of Membership' })).toHaveAttribute('tabindex', '0')
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Value in your file', 'Rows', 'Imports as'])
    // Each value once, in the file's order, with its rows ('regular attender' is 'Regular Attender'); a blank cell is no value.
    expect(table.getAllByRole('rowheader').map((cell) => [cell.textContent, cell.closest('tr')!.children[1]!.textContent])).toEqual([
      ['Member', '1'],
      ['Regular Attender', '2'],
      ['Visitor', '1'],
      ['Youth Group', '1'],
    ])
    await waitFor(() => expect(table.getByRole('combobox', { name: 'Imports as: Member' })).toHaveValue('Member'))
    expect(table.getByRole('combobox', { name: 'Imports as: Regular Attender' })).toHaveValue('Church attendee')
    expect(table.getByRole('combobox', { name: 'Imports as: Visitor' })).toHaveValue('Lead (visited)')
    // A church's own word: the server matches it by id or title, and its dry run refuses what it cannot.
    expect(table.getByRole('combobox', { name: 'Imports as: Youth Group' })).toHaveValue('As written')
    // Planning Center's genders are ours already: the gender column's values are offered, none proposed.
    const genders = within(dialog.getByRole('table', { name: 'Values of Gender' }))
    expect(genders.getByRole('combobox', { name: 'Imports as: Female' })).toHaveValue('As written')
    const female = genders.getByRole('combobox', { name: 'Imports as: Female' })
    await user.click(female)
    const listbox = await waitFor(() => within(document.getElementById(female.getAttribute('aria-controls') ?? '')!))
    expect(listbox.getAllByRole('option').map((option) => option.textContent)).toEqual(['As written', 'Left empty', 'Male', 'Female', 'Prefer not to say'])
    await user.keyboard('{Escape}')

    expect(statusesSent(sent)).toEqual(['member', 'church-attendee', 'lead-visited', 'Youth Group', 'church-attendee', undefined])
    const checks = sent.filter((input) => input.dry_run).length

    await choose(user, dialog, 'Imports as: Visitor', 'Left empty')
    await choose(user, dialog, 'Imports as: Youth Group', 'Church attendee')
    await waitFor(() => expect(sent.filter((input) => input.dry_run).length).toBeGreaterThan(checks))
    // Left empty: the cell is blank, and the row is sent without it as for a blank cell.
    await waitFor(() => expect(statusesSent(sent)).toEqual(['member', 'church-attendee', undefined, 'church-attendee', 'church-attendee', undefined]))
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Import' })).toBeEnabled())

    await user.click(dialog.getByRole('button', { name: 'Import' }))
    await dialog.findByText('Imported: 6. Not imported: 0.')
    expect(sent.at(-1)!.dry_run).toBeUndefined()
    expect(statusesSent(sent)).toEqual(['member', 'church-attendee', undefined, 'church-attendee', 'church-attendee', undefined])
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]!.values).toEqual({
      member_status: { Member: 'member', 'Regular Attender': 'church-attendee', Visitor: null, 'Youth Group': 'church-attendee' },
      gender: {},
    })
  })

  it("proposes the team's remembered values over the system's; a column matched again is proposed again", async () => {
    server.use(
      mockCall(contactImportMappingCalls.contactImportMappings, {
        items: [
          {
            system: 'planning_center',
            columns: {},
            values: { member_status: { 'Regular Attender': 'member', 'Youth Group': 'lead-unvisited' } },
            updated_at: '2026-04-01T10:00:00.000Z',
          },
        ],
      }),
    )
    const { user, sent } = open('owner')
    const dialog = await openDialog(user)
    await user.upload(dialog.getByLabelText('Spreadsheet (.csv, .xls or .xlsx)'), membershipFile())
    await dialog.findByText('What the import will do')
    await waitFor(() => expect(dialog.getByRole('combobox', { name: 'Imports as: Regular Attender' })).toHaveValue('Member'))
    expect(dialog.getByRole('combobox', { name: 'Imports as: Youth Group' })).toHaveValue('Lead (not yet visited)')
    expect(dialog.getByRole('combobox', { name: 'Imports as: Visitor' })).toHaveValue('Lead (visited)')
    await waitFor(() => expect(statusesSent(sent)).toEqual(['member', 'member', 'lead-visited', 'lead-unvisited', 'member', undefined]))

    // "As written" sends the word as the file has it.
    await choose(user, dialog, 'Imports as: Regular Attender', 'As written')
    await waitFor(() => expect(statusesSent(sent)).toEqual(['member', 'Regular Attender', 'lead-visited', 'lead-unvisited', 'regular attender', undefined]))
    // Not imported, then matched again: the values are proposed again.
    await choose(user, dialog, 'Imports as: Membership', 'Not imported')
    expect(dialog.queryByRole('table', { name: 'Values of Membership' })).not.toBeInTheDocument()
    await choose(user, dialog, 'Imports as: Membership', 'Member status')
    expect(dialog.getByRole('combobox', { name: 'Imports as: Regular Attender' })).toHaveValue('Member')
  })

  it('words the values step in Spanish, with the member statuses in Spanish', async () => {
    await i18next.changeLanguage('es')
    const { user } = open('owner')
    const section = within(await screen.findByRole('region', { name: 'Todos los contactos del equipo' }))
    await user.click(section.getByRole('button', { name: 'Importar' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Importar contactos' }))
    await user.upload(dialog.getByLabelText('Hoja de cálculo (.csv, .xls o .xlsx)'), membershipFile())
    const table = within(await dialog.findByRole('table', { name: 'Valores de Membership' }))
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Valor en tu archivo', 'Filas', 'Se importa como'])
    await waitFor(() => expect(table.getByRole('combobox', { name: 'Se importa como: Regular Attender' })).toHaveValue('Asiste a la iglesia'))
    expect(table.getByRole('combobox', { name: 'Se importa como: Youth Group' })).toHaveValue('Tal como está')
    await user.click(table.getByRole('combobox', { name: 'Se importa como: Visitor' }))
    expect(await screen.findByRole('option', { name: 'Se deja vacío' })).toBeInTheDocument()
  })
})

/** An import of the team's history (GET contact-imports). */
function buildContactImport(overrides: Partial<ContactImport> = {}): ContactImport {
  return {
    id: 1,
    created_at: '2026-05-08T01:30:00.000Z',
    source_system: 'planning_center',
    created_by_name: 'Ruth Miller',
    by_me: true,
    created: 0,
    updated: 0,
    unchanged: 0,
    refused: 0,
    undone_at: null,
    undo_until: '2026-06-07T01:30:00.000Z',
    ...overrides,
  }
}

/** The undo calls made, each answered by `answer`. */
function recordUndos(answer: ContactImportUndo) {
  const undone: Array<InputOf<typeof contactImportHistoryCalls.undoContactImport>> = []
  server.use(
    mockCall(contactImportHistoryCalls.undoContactImport, ({ input }) => {
      undone.push(input)
      return answer
    }),
  )
  return undone
}

/** Intl may put a narrow no-break space before am/pm; this reads any space as one. */
const spaced = (text: string | null) => (text ?? '').replace(/\s/gu, ' ')

describe('contact import: importing again updates, and an import can be undone (issue 41 items 2 and 3)', () => {
  it("sends the file's system with every chunk, and the import the first chunk started with the later ones", async () => {
    const { user, sent } = open('owner', (input) => ({
      ...empty,
      count_successful: (input.data as unknown[]).length,
      created: (input.data as unknown[]).map((_, index) => Number(input.first_row) + index),
      ...(input.dry_run ? {} : { import_id: 88 }),
    }))
    const dialog = await openDialog(user)
    // A Breeze export; the blank row starts a second chunk.
    await user.upload(
      dialog.getByLabelText('Spreadsheet (.csv, .xls or .xlsx)'),
      csvFile(['Breeze ID,First Name,Last Name,Gender', '101,Ana,López,female', '', '102,Ben,Ng,male'], 'breeze.csv'),
    )
    await dialog.findByText('What the import will do')
    expect(dialog.getByRole('combobox', { name: 'The file comes from' })).toHaveValue('Breeze')
    expect(dialog.getByRole('combobox', { name: 'Imports as: Breeze ID' })).toHaveValue('ID in the other system')
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Import' })).toBeEnabled())
    await user.click(dialog.getByRole('button', { name: 'Import' }))
    await dialog.findByText('Imported: 2. Not imported: 0.')

    expect(sent.map((input) => [input.first_row, input.dry_run, input.source_system, input.import_id])).toEqual([
      [2, true, 'breeze', undefined],
      [4, true, 'breeze', undefined],
      [2, undefined, 'breeze', undefined],
      [4, undefined, 'breeze', 88],
    ])
    expect(sent.at(-1)!.data).toEqual([{ source_id: '102', first_name: 'Ben', last_name: 'Ng', gender: 'male' }])
    expect(sent.at(-1)).not.toHaveProperty('clear_empty_cells')
    expect(dialog.getByRole('button', { name: 'Undo this import' })).toBeInTheDocument()
  })

  it('says what each row will do and did to the team’s contacts: new, updated, unchanged or refused', async () => {
    const answer = (input: Sent): ImportUsersResult => ({
      ...empty,
      count_successful: 4,
      count_unsuccessful: 1,
      created: [2, 3],
      updated: [4],
      unchanged: [5],
      unsuccessful_error: [{ row: 6, name: 'Ed Low', reason: 'The row has invalid values.', issues: [{ code: 'required', field: 'gender' }] }],
      kept_without_consent: [{ row: 3, name: 'Ben Ng', not_kept: ['email'], child: false }],
      ...(input.dry_run ? {} : { import_id: 5 }),
    })
    const { user } = open('owner', answer)
    const dialog = await openDialog(user)
    await user.upload(
      dialog.getByLabelText('Spreadsheet (.csv, .xls or .xlsx)'),
      csvFile([
        'ID,First name,Last name,Gender,Email',
        '1,Ana,López,female,',
        '2,Ben,Ng,male,ben@example.org',
        '3,Cy,Ray,male,',
        '4,Di,Sun,female,',
        '5,Ed,Low,,',
      ]),
    )
    const checked = await dialog.findByRole('status', { name: 'What the import will do' })
    expect(checked).toHaveTextContent('2 new contacts, 1 updated, 1 unchanged, 1 refused')
    const preview = within(dialog.getByRole('table', { name: 'The first 5 rows' }))
    expect(
      preview
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      '2Ana LópezNew contact',
      '3Ben NgNew contact, with the name and gender only (no consent): Email not kept',
      '4Cy RayUpdates a contact',
      '5Di SunNo change',
      '6Ed LowWill not be imported: Gender is required.',
    ])

    await user.click(dialog.getByRole('button', { name: 'Import' }))
    const done = await dialog.findByRole('status', { name: 'The import is complete' })
    expect(done).toHaveTextContent('Imported: 4. Not imported: 1.')
    expect(done).toHaveTextContent('2 new contacts, 1 updated, 1 unchanged, 1 refused')
    const result = within(dialog.getByRole('table', { name: 'The first 5 rows' }))
    expect(result.getAllByRole('row').map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['Row', 'Name', 'Result'],
      ['2', 'Ana López', 'Created'],
      ['3', 'Ben Ng', 'Created'],
      ['4', 'Cy Ray', 'Updated'],
      ['5', 'Di Sun', 'Unchanged'],
      ['6', 'Ed Low', 'Refused: Gender is required.'],
    ])
    expect(dialog.getByText('Row 3, Ben Ng: Email not kept.')).toBeInTheDocument()
  })

  it('sends clear_empty_cells when empty cells are to clear the value, and checks the rows again with it', async () => {
    const { user, sent } = open('owner', () => ({ ...empty, count_successful: 1, updated: [2] }))
    const dialog = await openDialog(user)
    await user.upload(dialog.getByLabelText('Spreadsheet (.csv, .xls or .xlsx)'), csvFile(['ID,First name,Last name,Gender,Phone', '1,Ana,López,female,']))
    await dialog.findByText('What the import will do')
    expect(sent.at(-1)).not.toHaveProperty('clear_empty_cells')
    const option = dialog.getByRole('checkbox', { name: "Empty cells clear the contact's value" })
    expect(option).toHaveAccessibleDescription('Only for contacts the file updates. Without it an empty cell leaves the value as it is.')
    await user.click(option)
    await waitFor(() => expect(sent.filter((input) => input.dry_run && input.clear_empty_cells)).toHaveLength(1))
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Import' })).toBeEnabled())
    await user.click(dialog.getByRole('button', { name: 'Import' }))
    await dialog.findByText('Imported: 1. Not imported: 0.')
    expect(sent.at(-1)).toMatchObject({ clear_empty_cells: true, source_system: 'other', data: [{ source_id: '1', first_name: 'Ana' }] })
    expect(sent.at(-1)!.dry_run).toBeUndefined()
  })

  it('undoes the import from its result: asked first, then what it removed and restored and who it left as they are', async () => {
    const undone = recordUndos({
      removed: 2,
      restored: 1,
      kept: [
        { user_id: 31, name: 'Ben Ng', reason: 'worked_on_since' },
        { user_id: 32, name: '', reason: 'merged' },
      ],
      import: buildContactImport({ id: 91, created: 3, updated: 1, undone_at: '2026-05-09T00:00:00.000Z' }),
    })
    const { user } = open('owner', (input) => ({ ...empty, count_successful: 2, created: [2, 3], ...(input.dry_run ? {} : { import_id: 91 }) }))
    let listed = 0
    server.use(
      http.get(`${apiBase}${contactCalls.contacts.path}`, () => {
        listed += 1
        return HttpResponse.json({ items: [], count: 0, max_pages: 1 })
      }),
    )
    const dialog = await openDialog(user)
    await user.upload(dialog.getByLabelText('Spreadsheet (.csv, .xls or .xlsx)'), csvFile(['first_name,last_name,gender', 'Ana,López,female', 'Ben,Ng,male']))
    await dialog.findByText('What the import will do')
    await user.click(dialog.getByRole('button', { name: 'Import' }))
    await dialog.findByText('Imported: 2. Not imported: 0.')
    await waitFor(() => expect(listed).toBeGreaterThan(0))
    const listedAfterImport = listed

    await user.click(dialog.getByRole('button', { name: 'Undo this import' }))
    const confirm = within(await screen.findByRole('dialog', { name: 'Undo this import?' }))
    expect(
      confirm.getByText(
        'Removes the contacts this import added and gives back the values it changed. Contacts someone has worked on since are left as they are.',
      ),
    ).toBeInTheDocument()
    expect(undone).toEqual([])
    await user.click(confirm.getByRole('button', { name: 'Undo import' }))

    // The answer is announced where it appears.
    const answer = (await dialog.findByText('Removed 2 contacts, restored 1.')).closest<HTMLElement>('[role="status"]')
    expect(answer).not.toBeNull()
    expect(undone).toEqual([{ team_id: 10, group_id: 10, import_id: 91 }])
    const kept = within(within(answer!).getByRole('list', { name: 'Left as they are:' }))
    expect(kept.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Ben Ng: Worked on since the import',
      'A child: Merged into another contact',
    ])
    // The contact lists are read again, and the import cannot be undone twice.
    await waitFor(() => expect(listed).toBeGreaterThan(listedAfterImport))
    expect(dialog.queryByRole('button', { name: 'Undo this import' })).not.toBeInTheDocument()
  })

  it('lists the recent imports before a file is chosen: who, from where, what each did, and Undo or when it was undone', async () => {
    pinClock(new Date('2026-05-10T00:00:00.000Z'))
    let imports: ContactImport[] = [
      buildContactImport({ id: 3, created: 3, updated: 2, unchanged: 1, refused: 1 }),
      buildContactImport({
        id: 2,
        created_at: '2026-05-04T06:00:00.000Z',
        source_system: 'breeze',
        by_me: false,
        created_by_name: '',
        updated: 4,
        undo_until: '2026-06-03T06:00:00.000Z',
      }),
      buildContactImport({
        id: 1,
        created_at: '2026-05-01T00:00:00.000Z',
        source_system: null,
        by_me: false,
        created_by_name: 'Ana Ames',
        created: 5,
        undone_at: '2026-05-02T03:00:00.000Z',
        undo_until: '2026-05-31T00:00:00.000Z',
      }),
    ]
    const asked: unknown[] = []
    server.use(
      mockCall(contactImportHistoryCalls.contactImports, ({ input }) => {
        asked.push(input)
        return { data: imports }
      }),
    )
    const undoneImport = { ...imports[0]!, undone_at: '2026-05-10T00:00:00.000Z' }
    const undone = recordUndos({ removed: 3, restored: 2, kept: [], import: undoneImport })
    const { user } = open('owner')
    const dialog = await openDialog(user)

    const list = within(await dialog.findByRole('region', { name: 'Recent imports' }))
    expect(dialog.getByRole('heading', { name: 'Recent imports' })).toBeInTheDocument()
    expect(asked).toEqual([{ team_id: '10', group_id: '10' }])
    expect(list.getAllByRole('listitem').map((item) => spaced(item.textContent))).toEqual([
      '8 May 2026, 11:30 am' + 'You · Planning Center People' + '3 new contacts, 2 updated, 1 unchanged, 1 refused' + 'Undo',
      '4 May 2026, 4:00 pm' + 'A team user · Breeze' + '4 updated' + 'Undo',
      '1 May 2026, 10:00 am' + 'Ana Ames' + '5 new contacts' + 'Undone 2 May 2026, 1:00 pm',
    ])
    expect(list.getAllByRole('button').map((button) => spaced(button.getAttribute('aria-label')))).toEqual([
      'Undo the import of 8 May 2026, 11:30 am',
      'Undo the import of 4 May 2026, 4:00 pm',
    ])

    await user.click(list.getAllByRole('button', { name: /^Undo the import of/ })[0]!)
    const confirm = within(await screen.findByRole('dialog', { name: 'Undo this import?' }))
    imports = [undoneImport, ...imports.slice(1)]
    await user.click(confirm.getByRole('button', { name: 'Undo import' }))
    expect(await dialog.findByText('Removed 3 contacts, restored 2.')).toBeInTheDocument()
    expect(undone).toEqual([{ team_id: 10, group_id: 10, import_id: 3 }])
    // The list is read again: the import is undone.
    await waitFor(() => expect(spaced(list.getAllByRole('listitem')[0]!.textContent)).toContain('Undone 10 May 2026, 10:00 am'))
    expect(list.getAllByRole('button', { name: /^Undo the import of/ })).toHaveLength(1)

    // The list makes way for the file chosen.
    await user.upload(dialog.getByLabelText('Spreadsheet (.csv, .xls or .xlsx)'), csvFile(['first_name,last_name,gender', 'Ana,López,female']))
    await dialog.findByText('1 row read from members.csv.')
    expect(dialog.queryByRole('heading', { name: 'Recent imports' })).not.toBeInTheDocument()
  })
})
