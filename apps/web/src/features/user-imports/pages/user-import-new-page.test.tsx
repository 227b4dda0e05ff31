import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { maxUserImportRows, userImportCalls, type CreateUserImportResult } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { apiError, mockCall, server } from '../../../test/server'
import { enter } from '../../../test/user'
import { buildImport, csvFile, visitAs } from '../user-imports.fixtures'

function answer(overrides: Partial<CreateUserImportResult> = {}): CreateUserImportResult {
  return {
    id: 40,
    count_successful: 2,
    count_unsuccessful: 0,
    unsuccessful_exists: [],
    unsuccessful_not_exists: [],
    unsuccessful_team_user_exists: [],
    unsuccessful_invalid_email: [],
    unsuccessful_error: [],
    ...overrides,
  }
}

/** The dry run's answer when a test names none: every row will be imported. */
const cleanCheck = () => answer({ id: null })

/** create-user-import: answers the saves `reply` and lists them; the preview's dry runs go to `checks`, answered `dry`. */
function mockCreate(reply: CreateUserImportResult | Response, { dry = cleanCheck(), checks = [] }: { dry?: CreateUserImportResult; checks?: unknown[] } = {}) {
  const sent: unknown[] = []
  server.use(
    mockCall(userImportCalls.createUserImport, ({ input }) => {
      if (input.dry_run) {
        checks.push(input)
        return dry
      }
      sent.push(input)
      return reply
    }),
    mockCall(userImportCalls.userImport, buildImport()),
  )
  return sent
}

async function visit() {
  const view = visitAs('/contacts/import-and-share/new')
  await screen.findByRole('heading', { level: 1, name: 'New import' }, { timeout: 15000 })
  return view
}

const fileInput = () => screen.getByLabelText(/Spreadsheet file/)
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } })

const goodCsv = () =>
  csvFile(['Nombre,Last name,Gender,E-mail,Phone,Favourite colour', 'Ana,López,female,ana@example.org,0412 345 678,blue', 'Ben,Ng,male,,,green'])

describe('/contacts/import-and-share/new (spec 2 §2.4, §5)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('D2-5-23 the title is prefilled with the date and time as yyyy/MM/dd HH:mm', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(2025, 2, 4, 9, 15))
    await visit()
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('2025/03/04 09:15')
  }, 30_000)

  it('D2-5-22 the chooser offers only .csv, .xls and .xlsx, and a .txt is refused', async () => {
    const sent = mockCreate(answer())
    const { user } = await visit()
    const accept = fileInput().getAttribute('accept')!.split(',')
    expect(accept.filter((type) => type.startsWith('.'))).toEqual(['.csv', '.xls', '.xlsx'])
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Choose a spreadsheet file to import.')).toBeInTheDocument()
    choose(new File(['first_name,last_name,gender\nAna,López,female'], 'cards.txt', { type: 'text/plain' }))
    expect(await screen.findByText('Choose a .csv, .xls or .xlsx file.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Please correct the errors to continue.')).toBeInTheDocument()
    expect(sent).toEqual([])
  }, 30_000)

  it('D2-5-22 a file without last_name names the missing column and cannot be saved', async () => {
    const sent = mockCreate(answer())
    await visit()
    choose(csvFile(['first_name,gender', 'Ana,female']))
    expect(await screen.findByText('The file has no column for: last_name. Add it and choose the file again.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    expect(sent).toEqual([])
  }, 30_000)

  it(`refuses a file of more than ${maxUserImportRows} rows, stating the limit`, async () => {
    await visit()
    const rows = Array.from({ length: maxUserImportRows + 1 }, (_, index) => `Ana${index},López,female`)
    choose(csvFile(['first_name,last_name,gender', ...rows]))
    expect(await screen.findByText('The file has more than 1,000 rows. An import takes at most 1,000 rows.')).toBeInTheDocument()
  }, 30_000)

  it('shows the columns found and ignored, the rows and a preview; Save sends create-user-import and goes on to the import', async () => {
    const sent = mockCreate(answer())
    const { user, router } = await visit()
    await enter(user, screen.getByLabelText('Event date'), '2026-11-14')
    await enter(user, screen.getByRole('textbox', { name: 'Notes' }), 'Cards from the stand')
    choose(goodCsv())
    expect(await screen.findByText('2 rows read from cards.csv.')).toBeInTheDocument()
    expect(screen.getByText('Columns found: first_name (Nombre), last_name, gender, email, phone')).toBeInTheDocument()
    expect(screen.getByText('Columns ignored: Favourite colour')).toBeInTheDocument()
    const preview = within(screen.getByRole('table', { name: 'The first rows' }))
    expect(preview.getByText('ana@example.org')).toBeInTheDocument()
    expect(preview.getByText('Ng')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByRole('heading', { level: 1, name: 'Health expo' }, { timeout: 15000 })
    expect(router.state.location.pathname).toBe('/contacts/import-and-share/edit/40')
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      team_id: 1,
      date: '2026-11-14',
      content: 'Cards from the stand',
      data: [
        { first_name: 'Ana', last_name: 'López', gender: 'female', email: 'ana@example.org', phone: '0412 345 678' },
        { first_name: 'Ben', last_name: 'Ng', gender: 'male' },
      ],
    })
    expect((sent[0] as { title: string }).title).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/)
  }, 30_000)

  it('the preview says what Save will do with each row, from the server’s dry run of the same call (issue 35 item 9)', async () => {
    const checks: unknown[] = []
    const sent = mockCreate(answer(), {
      checks,
      dry: answer({
        id: null,
        count_successful: 1,
        count_unsuccessful: 1,
        unsuccessful_error: [
          {
            row: 3,
            name: 'Ben Ng',
            reason: 'The row has invalid values.',
            errors: { member_status: 'Choose a value from the list.' },
            issues: [{ code: 'not_in_list', field: 'member_status', value: 'Church atendee', allowed: ['Member', 'Church attendee'] }],
          },
        ],
        kept_without_consent: [{ row: 2, name: 'Ana López', not_kept: ['email', 'phone'], child: false }],
      }),
    })
    await visit()
    choose(goodCsv())
    const preview = within(await screen.findByRole('table', { name: 'The first rows' }))
    expect(
      await preview.findByText('Will not be imported: Member status “Church atendee” is not one of: Member, Church attendee.', {}, { timeout: 10000 }),
    ).toBeInTheDocument()
    expect(preview.getByText('Will be imported with the name and gender only (no consent): Email, Phone not kept')).toBeInTheDocument()
    expect(screen.getByText("Checked with the server's rules. Will be imported: 1. Will not be imported: 1.")).toBeInTheDocument()
    // The dry run sends the rows as Save will, and nothing is saved.
    expect(checks).toEqual([
      expect.objectContaining({
        team_id: 1,
        dry_run: true,
        data: [expect.objectContaining({ first_name: 'Ana' }), expect.objectContaining({ first_name: 'Ben' })],
      }),
    ])
    expect(sent).toEqual([])
  }, 30_000)

  it('shows the rows refused (row, name, reason) before going on to the import', async () => {
    mockCreate(
      answer({
        count_successful: 1,
        count_unsuccessful: 1,
        unsuccessful_error: [{ row: 3, name: 'Ben Ng', reason: 'gender: not one of male, female or declined' }],
      }),
    )
    const { user } = await visit()
    choose(goodCsv())
    await screen.findByText('2 rows read from cards.csv.')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('1 person was added to the import.', {}, { timeout: 10000 })).toBeInTheDocument()
    const refused = within(screen.getByRole('table', { name: 'Rows not imported' }))
    const row = within(refused.getByText('Ben Ng').closest('tr')!)
    expect(row.getByText('3')).toBeInTheDocument()
    expect(row.getByText('gender: not one of male, female or declined')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Continue to the import' })).toHaveAttribute('href', '/contacts/import-and-share/edit/40')
  }, 30_000)

  it("words the rows not imported and a refused cell in Spanish, from the answer's codes (issue 36)", async () => {
    await changeLocale('es')
    try {
      const refusals = answer({
        count_successful: 1,
        count_unsuccessful: 2,
        unsuccessful_error: [
          { row: 3, name: 'Ben Ng', reason: 'This person is already on the import (row 2).', issues: [{ code: 'already_on_import', row: 2 }] },
          {
            row: 4,
            name: 'Cy Ro',
            reason: 'The row has invalid values.',
            errors: { gender: 'Choose a value from the list.' },
            issues: [{ code: 'not_in_list', field: 'gender', value: 'x', allowed: ['male', 'female'] }],
          },
        ],
      })
      let refuse = true
      server.use(
        mockCall(userImportCalls.createUserImport, ({ input }) => {
          if (input.dry_run) return cleanCheck()
          if (!refuse) return refusals
          refuse = false
          return apiError('invalid_request', 400, {
            errors: { 'data.0.email': 'Invalid email' },
            error_codes: { 'data.0.email': { code: 'invalid_email', params: {} } },
          })
        }),
        mockCall(userImportCalls.userImport, buildImport()),
      )
      const view = visitAs('/contacts/import-and-share/new')
      await screen.findByRole('heading', { level: 1, name: 'Nueva importación' }, { timeout: 15000 })
      fireEvent.change(screen.getByLabelText(/Archivo de hoja de cálculo/), { target: { files: [goodCsv()] } })
      await screen.findByText('Se leyeron 2 filas de cards.csv.')
      await view.user.click(screen.getByRole('button', { name: 'Guardar' }))
      expect(await screen.findByText('Fila 2, Correo electrónico: Escribe una dirección de correo válida.', {}, { timeout: 10000 })).toBeInTheDocument()
      await view.user.click(screen.getByRole('button', { name: 'Guardar' }))
      expect(await screen.findByText('Se añadió 1 persona a la importación.', {}, { timeout: 10000 })).toBeInTheDocument()
      const refused = within(screen.getByRole('table', { name: 'Filas no importadas' }))
      expect(refused.getByText('Esta persona ya está en la importación (fila 2).')).toBeInTheDocument()
      expect(refused.getByText('Género «x» no es uno de: male, female.')).toBeInTheDocument()
      expect(screen.queryByText(/already on the import|invalid values|Invalid email/)).not.toBeInTheDocument()
    } finally {
      await changeLocale('en')
    }
  }, 30_000)

  it('shows the people kept without consent, and what of them was not kept, before going on to the import (issue 35 item 10)', async () => {
    mockCreate(
      answer({
        count_successful: 2,
        with_consent: [2],
        kept_without_consent: [{ row: 3, name: 'Ben Ng', not_kept: ['email', 'phone'], child: false }],
      }),
    )
    const { user } = await visit()
    choose(goodCsv())
    await screen.findByText('2 rows read from cards.csv.')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('1 row with consent kept every column.', {}, { timeout: 10000 })).toBeInTheDocument()
    expect(screen.getByText('1 row kept the name and gender only: no consent in the file')).toBeInTheDocument()
    expect(screen.getByText('Row 3, Ben Ng: Email, Phone not kept.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Continue to the import' })).toHaveAttribute('href', '/contacts/import-and-share/edit/40')
  }, 30_000)

  it("says why a save was refused: the server's field messages on their fields and for the rows", async () => {
    mockCreate(
      apiError('invalid_request', 400, {
        errors: { title: 'At most 200 characters', 'data.1.email': 'Invalid email' },
        error_codes: { title: { code: 'too_long', params: { max: 200 } }, 'data.1.email': { code: 'invalid_email', params: {} } },
      }),
    )
    const { user } = await visit()
    choose(goodCsv())
    await screen.findByText('2 rows read from cards.csv.')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('The import was not saved. Check the fields marked.', {}, { timeout: 10000 })).toBeInTheDocument()
    // Worded from the codes (issue 36), the row's column by its label.
    expect(screen.getByText('At most 200 characters.')).toBeInTheDocument()
    expect(screen.getByText('Row 3, Email: Enter a valid email address.')).toBeInTheDocument()
  }, 30_000)

  it("D2-8-11 a 500 says 'The import failed with an error.'", async () => {
    mockCreate(apiError('internal_error', 500))
    const { user } = await visit()
    choose(goodCsv())
    await screen.findByText('2 rows read from cards.csv.')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('The import failed with an error.', {}, { timeout: 10000 })).toBeInTheDocument()
  }, 30_000)
})
