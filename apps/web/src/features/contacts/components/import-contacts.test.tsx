import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { contactCalls, contactImportCalls, type ImportUsersResult, type InputOf } from '@crm/domain'
import { apiBase } from '../../../lib/api'
import { buildAccount, buildGroup, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'

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

  it('D2-3.14-01 D2-4.7-01 previews the rows with what is wrong, sends them with their row numbers and reports each refused row', async () => {
    const { user, sent } = open('owner', (input) =>
      input.first_row === 2
        ? {
            ...empty,
            count_successful: 1,
            count_unsuccessful: 1,
            unsuccessful_error: [{ row: 3, name: 'Ben Ng', reason: 'The row has invalid values.', errors: { gender: 'Required' } }],
          }
        : {
            ...empty,
            count_unsuccessful: 1,
            unsuccessful_team_user_exists: [{ row: 5, name: 'Dee Park', reason: 'A contact with these details already exists in this team.' }],
          },
    )
    const dialog = await openDialog(user)
    await user.upload(
      dialog.getByLabelText('Spreadsheet (.csv, .xls or .xlsx)'),
      csvFile(['First name,Surname,Gender,Date of birth,Favourite colour', 'Ana,López,female,33024,blue', 'Ben,Ng,,,green', '', 'Dee,Park,f,1990-02-30,red']),
    )
    expect(await dialog.findByText('3 rows read from members.csv.')).toBeInTheDocument()
    expect(dialog.getByText(/Columns read:/)).toHaveTextContent('Columns read: first_name, last_name (Surname), gender, dob (Date of birth)')
    expect(dialog.getByText(/Columns ignored:/)).toHaveTextContent('Favourite colour')
    const preview = within(dialog.getByRole('table', { name: 'The first 3 rows' }))
    const rows = preview.getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual(['2Ana LópezLooks fine', '3Ben Nggender: required', '5Dee Parkdob: not a date (use 1990-05-31)'])
    expect(dialog.getByText('2 rows have a problem shown here. They will not be imported and the report will name them.')).toBeInTheDocument()
    expect(sent).toEqual([])

    await user.click(dialog.getByRole('button', { name: 'Import' }))
    expect(await dialog.findByText('Imported: 1. Not imported: 2.')).toBeInTheDocument()
    // A blank row in the file starts a new chunk, so every row keeps its number.
    expect(sent.map((input) => [input.first_row, (input.data as unknown[]).length])).toEqual([
      [2, 2],
      [5, 1],
    ])
    expect((sent[0]!.data as Array<Record<string, string>>)[0]).toEqual({ first_name: 'Ana', last_name: 'López', gender: 'female', dob: '1990-05-31' })
    expect(dialog.getByText('Row 3, Ben Ng: gender: required')).toBeInTheDocument()
    expect(dialog.getByText('Row 5, Dee Park: a contact with these details already exists in this team')).toBeInTheDocument()
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
    await user.click(dialog.getByRole('button', { name: 'Import' }))
    await dialog.findByText('Imported: 1. Not imported: 0.')
    expect(sent[0]).toMatchObject({ import_as_members: true, data: [{ first_name: 'Ana', last_name: 'López', gender: 'female' }] })
  })

  it('D2-8-08 a file without a required column names it; a failed import says so', async () => {
    const { user, sent } = open('owner', () => apiError('internal_error', 500))
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
    await user.click(await dialog.findByRole('button', { name: 'Import' }))
    expect(await dialog.findByText('The import failed with an error.')).toBeInTheDocument()
    expect(sent).toHaveLength(1)
  })
})
