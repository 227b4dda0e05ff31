import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import * as XLSX from '@e965/xlsx'
import { churchRosterCalls, type ImportChurchRosterResult, type RosterChurch } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderWithProviders } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { ChurchRosterSection } from './church-roster-section'

const conference = buildTeam({ id: 5, title: 'North Conference', role: 'owner' })

function church(overrides: Partial<RosterChurch> & Pick<RosterChurch, 'church_acms_id'>): RosterChurch {
  return { church_name: '', members: 1, sub_team_id: null, sub_team_title: null, last_imported_display: '3 Mar 2026, 9:00 am', ...overrides }
}

function open(items: RosterChurch[]) {
  signedInAs(buildAccount([conference]), { teamId: 5, groupId: 5 })
  const asked: unknown[] = []
  server.use(
    mockCall(churchRosterCalls.churchRoster, ({ input }) => {
      asked.push(input)
      return { items }
    }),
  )
  return { ...renderWithProviders(<ChurchRosterSection conferenceId={5} />), asked }
}

function xlsxFile(rows: unknown[][]): File {
  const workbook = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Sheet1')
  return new File([XLSX.write(workbook, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer], 'roster.xlsx')
}

describe('ChurchRosterSection', () => {
  it('D3-8-03 lists each church with its sub-team, ACMS id, member count and last import', async () => {
    const { asked } = open([
      church({ church_acms_id: '801', members: 42, sub_team_id: 9, sub_team_title: 'Hope Church' }),
      church({ church_acms_id: '800', church_name: 'Zion', members: 3 }),
    ])
    const table = within(await screen.findByRole('table', { name: 'Church rosters' }, { timeout: 15_000 }))
    const rows = table.getAllByRole('row').slice(1)
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Hope Church', '801', '42', '3 Mar 2026, 9:00 am'])
    expect(rows[1]).toHaveTextContent('ZionNo sub-team has this ACMS ID')
    expect(asked).toEqual([{ team_id: '5' }])
    const sample = screen.getByRole('link', { name: 'Sample spreadsheet' })
    expect(sample).toHaveAttribute('download', 'church-roster-sample.csv')
    expect(decodeURIComponent(sample.getAttribute('href')!.split(',').slice(1).join(','))).toBe('church_acms_id,first_name,last_name,email,phone\r\n')
  }, 30_000)

  it("reads 'Nothing found.' before any roster is imported", async () => {
    open([])
    expect(await screen.findByText('Nothing found.', undefined, { timeout: 15_000 })).toBeInTheDocument()
  }, 30_000)

  it('D3-8-03 previews the file with a dry run, replaces on request, imports and reports refused rows; the list is read again', async () => {
    const { asked, user } = open([])
    const sent: Array<Record<string, unknown>> = []
    const answer = (replace: boolean): ImportChurchRosterResult => ({
      imported: 1,
      updated: 1,
      removed: replace ? 4 : 0,
      churches: 1,
      failed: [{ row: 3, errors: { email: 'Invalid email' }, issues: [{ field: 'email', code: 'invalid_email', value: 'nope' }] }],
    })
    server.use(
      mockCall(churchRosterCalls.importChurchRoster, ({ input }) => {
        sent.push(input as Record<string, unknown>)
        return answer(Boolean((input as { replace?: boolean }).replace))
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Import roster' }, { timeout: 15_000 }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Import a church roster' }))
    await user.upload(
      dialog.getByLabelText('Spreadsheet file'),
      xlsxFile([
        ['ACMS ID', 'First name', 'Last name', 'E-mail', 'Phone'],
        ['801', 'Ana', 'Lee', 'ana@example.org', '0412 345 678'],
        ['801', 'Ben', 'Ng', 'ben@example.org', ''],
        ['801', 'Bad', 'Row', 'nope', ''],
      ]),
    )
    expect(await dialog.findByText('3 rows read from roster.xlsx.')).toBeInTheDocument()
    expect(within(dialog.getByRole('table', { name: 'The first 3 rows of the file' })).getByText('Ana Lee')).toBeInTheDocument()
    expect(await dialog.findByText('Would add 1 new member and update 1, in 1 church; 1 row refused.')).toBeInTheDocument()
    expect(sent[0]).toEqual({
      team_id: 5,
      dry_run: true,
      data: [
        { church_acms_id: '801', first_name: 'Ana', last_name: 'Lee', email: 'ana@example.org', phone: '0412 345 678' },
        { church_acms_id: '801', first_name: 'Ben', last_name: 'Ng', email: 'ben@example.org', phone: '' },
        { church_acms_id: '801', first_name: 'Bad', last_name: 'Row', email: 'nope', phone: '' },
      ],
    })
    expect(dialog.getByText('Row 3: Email “nope” is not an email address.')).toBeInTheDocument()

    await user.click(dialog.getByRole('checkbox', { name: /Replace the rosters/ }))
    expect(await dialog.findByText('Would add 1 new member, update 1 and remove 4, in 1 church; 1 row refused.')).toBeInTheDocument()
    expect(sent[1]).toMatchObject({ replace: true, dry_run: true })

    const listReads = asked.length
    await user.click(dialog.getByRole('button', { name: 'Import' }))
    expect(await dialog.findByText('Added: 1. Updated: 1. Removed: 4. Refused: 1.')).toBeInTheDocument()
    expect(sent[2]).toMatchObject({ replace: true, data: sent[0]!.data })
    expect(sent[2]).not.toHaveProperty('dry_run')
    await waitFor(() => expect(asked.length).toBeGreaterThan(listReads))
  }, 30_000)

  it("words the preview's counts and each refused row in Spanish, from the answer's codes (issue 36)", async () => {
    await changeLocale('es')
    const { user } = open([])
    server.use(
      mockCall(churchRosterCalls.importChurchRoster, (): ImportChurchRosterResult => ({
        imported: 2,
        updated: 0,
        removed: 0,
        churches: 1,
        failed: [
          { row: 2, errors: { email: 'Invalid email' }, issues: [{ field: 'email', code: 'invalid_email', value: 'nope' }] },
          { row: 3, errors: { church_acms_id: 'Required' }, issues: [{ field: 'church_acms_id', code: 'required' }] },
        ],
      })),
    )
    await user.click(await screen.findByRole('button', { name: 'Importar registro' }, { timeout: 15_000 }))
    const dialog = within(await screen.findByRole('dialog'))
    fireEvent.change(dialog.getByLabelText('Archivo de hoja de cálculo'), {
      target: { files: [new File(['church_acms_id,email\n801,a@example.org\n801,nope\n,b@example.org\n'], 'roster.csv')] },
    })
    expect(await dialog.findByText('Se añadirían 2 miembros nuevos y se actualizarían 0, en 1 iglesia; 2 filas rechazadas.')).toBeInTheDocument()
    expect(dialog.getByText('Fila 2: Correo electrónico «nope» no es una dirección de correo.')).toBeInTheDocument()
    expect(dialog.queryByText(/Invalid email|Required/)).not.toBeInTheDocument()
    await changeLocale('en')
  }, 30_000)

  it('refuses a file that is not a spreadsheet before anything is sent, and says Error when the import fails', async () => {
    const { user } = open([])
    const sent: unknown[] = []
    server.use(
      mockCall(churchRosterCalls.importChurchRoster, ({ input }) => {
        sent.push(input)
        return apiError('forbidden', 403)
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Import roster' }, { timeout: 15_000 }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Import a church roster' }))
    const input = dialog.getByLabelText('Spreadsheet file')
    fireEvent.change(input, { target: { files: [new File(['x'], 'members.pdf')] } })
    expect(await dialog.findByRole('alert')).toHaveTextContent('Choose a .csv, .xls or .xlsx file.')
    expect(sent).toEqual([])
    fireEvent.change(input, { target: { files: [new File(['church_acms_id,email\n1,a@example.org\n'], 'roster.csv')] } })
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent('Error'))
    expect(sent).toHaveLength(1)
    expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled()
  }, 30_000)
})
