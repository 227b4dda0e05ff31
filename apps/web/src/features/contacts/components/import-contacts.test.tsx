import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { contactCalls, contactImportCalls, type ImportUsersResult, type InputOf } from '@crm/domain'
import { apiBase } from '../../../lib/api'
import { buildAccount, buildGroup, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { i18next } from '../../../lib/i18n'

type Sent = InputOf<typeof contactImportCalls.importUsers>

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
    expect(await dialog.findByText('The file has no column for: last_name. Add these columns and choose the file again.')).toBeInTheDocument()
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
