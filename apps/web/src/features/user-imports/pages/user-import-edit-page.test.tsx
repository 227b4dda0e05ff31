import { describe, expect, it } from 'vitest'
import { defaultScheduler, notifyManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import { maxPages, userImportCalls, type ProcessUserImportResult, type UserImport, type UserImportUser } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildTeam } from '../../../test/fixtures'
import { apiError, mockCall, server } from '../../../test/server'
import { enter } from '../../../test/user'
import { buildImport, buildImportUser, visitAs } from '../user-imports.fixtures'

const ana = buildImportUser({ id: 31, first_name: 'Ana', last_name: 'López', email: 'ana@example.org', phone: '+61412345678', row: 2 })
const ben = buildImportUser({ id: 32, first_name: 'Ben', last_name: 'Ng', row: 3, is_new: false, team_owners_csv: 'Riverside Church', team_id: 12 })
const cara = buildImportUser({
  id: 33,
  first_name: 'Cara',
  last_name: 'Díaz',
  row: 4,
  is_processed: true,
  team_id: 11,
  processed_team_title: 'Hope Street Church',
})

/**
 * The import's reads and writes, answered as the server would: a write changes what later reads
 * answer. holdReads() keeps the reads' answers back (each as read on arrival) until released.
 */
function mockImport(
  record: UserImport = buildImport({ users: [ana, ben, cara], team_id_by_user: { '32': 12, '33': 11 } }),
  openOnOtherPages?: UserImportUser[],
) {
  const reads: Array<Record<string, string>> = []
  const updates: unknown[] = []
  const held: Array<Record<string, string>> = []
  let current = record
  let gate: Promise<void> | null = null
  server.use(
    mockCall(userImportCalls.userImport, async ({ input }) => {
      const query = input as unknown as Record<string, string>
      reads.push(query)
      let answer = current
      // The people left to process: every page of is_processed=0.
      if (query['is_processed'] === '0') {
        const open = (openOnOtherPages ?? current.users).filter((user) => !user.is_processed)
        answer = { ...current, users: open, count: open.length, max_pages: 1 }
      }
      if (gate) {
        held.push(query)
        await gate
      }
      return answer
    }),
    mockCall(userImportCalls.updateUserImport, ({ input }) => {
      updates.push(input)
      const { team_id: _team, team_id_by_user, users: _users, ...details } = input
      // The page sends the choices as an object (the call also takes them as JSON text).
      const choices = (team_id_by_user ?? {}) as Record<string, number | null>
      const chosen = { ...current.team_id_by_user }
      for (const [userId, churchId] of Object.entries(choices)) {
        if (churchId === null) delete chosen[userId]
        else chosen[userId] = churchId
      }
      const users = current.users.map((user) => (String(user.id) in choices ? { ...user, team_id: choices[String(user.id)] ?? null } : user))
      current = { ...current, ...details, team_id_by_user: chosen, users }
      return { success: true as const }
    }),
  )
  const holdReads = () => {
    let release: () => void = () => undefined
    gate = new Promise<void>((resolve) => {
      release = resolve
    })
    return () => {
      gate = null
      release()
    }
  }
  return { reads, updates, held, holdReads }
}

/** Holds back react-query's news to the components reading its queries until let go. */
function holdQueryNews(): () => void {
  const held: Array<() => void> = []
  notifyManager.setScheduler((callback) => {
    held.push(callback)
  })
  return () => {
    notifyManager.setScheduler(defaultScheduler)
    for (const callback of held.splice(0)) defaultScheduler(callback)
  }
}

async function visit(path = '/contacts/import-and-share/edit/40') {
  const view = visitAs(path)
  await screen.findByRole('heading', { level: 1, name: 'Health expo' }, { timeout: 15000 })
  return view
}

const personCard = (name: string) => within(screen.getByRole('listitem', { name }))

describe('/contacts/import-and-share/edit/{id} (spec 2 §2.4, §3, §4)', () => {
  it('D2-9-05 asks for the people by name ascending and shows each: email, phone, new or found, owners, status', async () => {
    const { reads } = mockImport()
    await visit()
    expect(reads[0]).toMatchObject({ team_id: '1', order_by: 'name', order: 'asc', page: '1' })
    const first = personCard('Ana López')
    expect(first.getByText('ana@example.org')).toBeInTheDocument()
    expect(first.getByText('+61412345678')).toBeInTheDocument()
    expect(first.getByText('New')).toBeInTheDocument()
    expect(first.getByText('No church')).toBeInTheDocument()
    expect(first.getByText('Not processed')).toBeInTheDocument()
    const second = personCard('Ben Ng')
    expect(second.getByText('Found')).toBeInTheDocument()
    expect(second.getByText('Riverside Church', { selector: 'p' })).toBeInTheDocument()
    expect(second.getByRole('combobox', { name: 'Church for Ben Ng' })).toHaveValue('Riverside Church')
    const third = personCard('Cara Díaz')
    expect(third.getByText('Processed: Hope Street Church')).toBeInTheDocument()
    expect(third.queryByRole('combobox')).not.toBeInTheDocument()
    expect(screen.getByText('1 of 3 people processed')).toBeInTheDocument()
  }, 30_000)

  it('saves the church chosen for a person with update-user-import, and the choice stays on screen as the page catches up', async () => {
    const { updates } = mockImport()
    const { user } = await visit()
    await user.click(personCard('Ana López').getByRole('combobox', { name: 'Church for Ana López' }))
    const option = await screen.findByRole('option', { name: 'Hope Street Church' }, { timeout: 10000 })
    // The page hears of the saved choice after the person's row hears that the save went
    // through (react-query tells a query's readers on a later tick). The news is held back here,
    // as a busy machine may: the row must not show 'Saved' next to a blank church meanwhile.
    const letGo = holdQueryNews()
    try {
      await user.click(option)
      expect(await personCard('Ana López').findByText('Saved', {}, { timeout: 10000 })).toBeInTheDocument()
      // React finishes what the row's 'Saved' started, the select's effects included.
      await act(async () => undefined)
      expect(personCard('Ana López').getByRole('combobox', { name: 'Church for Ana López' })).toHaveValue('Hope Street Church')
    } finally {
      letGo()
    }
    expect(updates).toEqual([{ team_id: 1, team_id_by_user: { '31': 11 } }])
    expect(await screen.findByText('2 people have a church chosen.', {}, { timeout: 10000 })).toBeInTheDocument()
    expect(personCard('Ana López').getByRole('combobox', { name: 'Church for Ana López' })).toHaveValue('Hope Street Church')
  }, 30_000)

  it('a church chosen while the page is being read again stays chosen when that older answer lands', async () => {
    const { reads, held, holdReads } = mockImport()
    const { user, queryClient } = await visit()
    // Saving the details reads the import again; that answer, read before the church is
    // chosen, is held back until after the choice is saved.
    const release = holdReads()
    await user.click(screen.getByRole('button', { name: 'Save details' }))
    await waitFor(() => expect(held.some((query) => query['is_processed'] === undefined)).toBe(true))
    await user.click(personCard('Ana López').getByRole('combobox', { name: 'Church for Ana López' }))
    await user.click(await screen.findByRole('option', { name: 'Hope Street Church' }, { timeout: 10000 }))
    expect(await personCard('Ana López').findByText('Saved', {}, { timeout: 10000 })).toBeInTheDocument()
    release()
    await waitFor(() => expect(queryClient.isFetching()).toBe(0), { timeout: 10000 })
    expect(personCard('Ana López').getByRole('combobox', { name: 'Church for Ana López' })).toHaveValue('Hope Street Church')
    expect(screen.getByText('2 people have a church chosen.')).toBeInTheDocument()
    // Read on opening, on saving the details, and again once the church was saved.
    expect(reads.filter((query) => query['is_processed'] === undefined)).toHaveLength(3)
  }, 30_000)

  it('a church choice the server refuses says so and goes back', async () => {
    mockImport()
    server.use(mockCall(userImportCalls.updateUserImport, apiError('internal_error', 500)))
    const { user } = await visit()
    await user.click(personCard('Ana López').getByRole('combobox', { name: 'Church for Ana López' }))
    await user.click(await screen.findByRole('option', { name: 'Hope Street Church' }, { timeout: 10000 }))
    expect(await personCard('Ana López').findByText('The church was not saved.', {}, { timeout: 10000 })).toBeInTheDocument()
    // Mantine's select writes the text of the value it is given in an effect, just after the
    // render that shows the alert: the field has gone back once that has run.
    await waitFor(() => expect(personCard('Ana López').getByRole('combobox', { name: 'Church for Ana López' })).toHaveValue(''))
  }, 30_000)

  it('D2-4.8-02 D2-8-12 D2-8-10 D2-4.8-04 Process asks first (cannot be undone), says it is running, then the counts and the error rows', async () => {
    mockImport()
    const processed: unknown[] = []
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const result: ProcessUserImportResult = {
      count_successful: 1,
      count_unsuccessful: 1,
      unsuccessful_error: [{ row: 3, name: 'Ben Ng', reason: 'Riverside Church no longer exists' }],
    }
    server.use(
      mockCall(userImportCalls.processUserImport, async ({ input }) => {
        processed.push(input)
        await gate
        return result
      }),
    )
    const { user } = await visit()
    expect(await screen.findByText('1 person has a church chosen.', {}, { timeout: 10000 })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Process' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Process the import' }, { timeout: 10000 }))
    expect(
      dialog.getByText('1 person will be shared with or moved to the church chosen, and the church will be told. This cannot be undone.'),
    ).toBeInTheDocument()
    await user.click(dialog.getByRole('button', { name: 'Process' }))
    expect(await screen.findByText('Processing, please wait a few seconds…', {}, { timeout: 10000 })).toBeInTheDocument()
    expect(screen.queryByText('The import has finished processing.')).not.toBeInTheDocument()
    // Cara is processed already: only Ben goes.
    expect(processed).toEqual([{ team_id: 1, add_team_id_by_user_id: { '32': 12 } }])
    release()
    expect(await screen.findByText('The import has finished processing.', {}, { timeout: 10000 })).toBeInTheDocument()
    expect(screen.getByText('Processed: 1. Not processed: 1.')).toBeInTheDocument()
    const errors = within(screen.getByRole('table', { name: 'People not processed' }))
    const row = within(errors.getByText('Ben Ng').closest('tr')!)
    expect(row.getByText('3')).toBeInTheDocument()
    expect(row.getByText('Riverside Church no longer exists')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('Processing, please wait a few seconds…')).not.toBeInTheDocument())
    // The rest can be processed again (once the confirmation has finished closing).
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Process the import' })).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Process' })).toBeEnabled()
  }, 30_000)

  it("D2-8-11 a failed processing says 'The import failed with an error.'", async () => {
    mockImport()
    server.use(mockCall(userImportCalls.processUserImport, apiError('internal_error', 500)))
    const { user } = await visit()
    await screen.findByText('1 person has a church chosen.', {}, { timeout: 10000 })
    await user.click(screen.getByRole('button', { name: 'Process' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Process the import' }, { timeout: 10000 }))
    await user.click(dialog.getByRole('button', { name: 'Process' }))
    expect(await screen.findByText('The import failed with an error.', {}, { timeout: 10000 })).toBeInTheDocument()
    expect(screen.queryByText('The import has finished processing.')).not.toBeInTheDocument()
  }, 30_000)

  it("words the people not processed and a refused choice in Spanish, from the answer's codes (issue 36)", async () => {
    await changeLocale('es')
    try {
      mockImport()
      let refuse = true
      server.use(
        mockCall(userImportCalls.processUserImport, () => {
          if (refuse) {
            refuse = false
            return apiError('invalid_request', 400, {
              errors: { 'add_team_id_by_user_id.32': 'This contact is not on the import.' },
              error_codes: { 'add_team_id_by_user_id.32': { code: 'not_on_import', params: {} } },
            })
          }
          const answer: ProcessUserImportResult = {
            count_successful: 0,
            count_unsuccessful: 3,
            unsuccessful_error: [
              { row: 2, name: 'Ana López', reason: 'No church was chosen for this contact.', issues: [{ code: 'no_church_chosen' }] },
              { row: 3, name: 'Ben Ng', reason: 'This contact has already been processed.', issues: [{ code: 'already_processed' }] },
              { row: 4, name: 'Cara Díaz', reason: 'The contact could not be processed.', issues: [{ code: 'not_processed' }] },
            ],
          }
          return answer
        }),
      )
      const { user } = await visit()
      await screen.findByText('1 persona tiene una iglesia elegida.', {}, { timeout: 10000 })
      const process = async () => {
        await user.click(screen.getByRole('button', { name: 'Procesar' }))
        await user.click(
          within(await screen.findByRole('dialog', { name: 'Procesar la importación' }, { timeout: 10000 })).getByRole('button', { name: 'Procesar' }),
        )
      }
      await process()
      expect(await screen.findByText('La importación falló con un error. Este contacto no está en la importación.', {}, { timeout: 10000 })).toBeInTheDocument()
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Procesar la importación' })).not.toBeInTheDocument())
      await process()
      expect(await screen.findByText('Procesadas: 0. Sin procesar: 3.', {}, { timeout: 10000 })).toBeInTheDocument()
      const errors = within(screen.getByRole('table', { name: 'Personas no procesadas' }))
      expect(errors.getByText('No se eligió ninguna iglesia para este contacto.')).toBeInTheDocument()
      expect(errors.getByText('Este contacto ya se procesó.')).toBeInTheDocument()
      expect(errors.getByText('No se pudo procesar el contacto. Vuelve a intentarlo más tarde.')).toBeInTheDocument()
      expect(screen.queryByText(/not on the import|was chosen|already been processed|could not be processed/)).not.toBeInTheDocument()
    } finally {
      await changeLocale('en')
    }
  }, 30_000)

  it('a person processed already, on another page, is not sent again', async () => {
    // Page 1 of 2 shows Ana and Ben; Cara, processed, is on page 2 but keeps her church in team_id_by_user.
    const record = buildImport({ users: [ana, ben], count_users: 3, count_processed: 1, count: 3, max_pages: 2, team_id_by_user: { '32': 12, '33': 11 } })
    const { reads } = mockImport(record, [ana, ben])
    const processed: unknown[] = []
    server.use(
      mockCall(userImportCalls.processUserImport, ({ input }) => {
        processed.push(input)
        return { count_successful: 1, count_unsuccessful: 0, unsuccessful_error: [] }
      }),
    )
    const { user } = await visit()
    expect(await screen.findByText('1 person has a church chosen.', {}, { timeout: 10000 })).toBeInTheDocument()
    expect(reads.find((query) => query['is_processed'] === '0')).toMatchObject({ per_page: '200', page: '1' })
    await user.click(screen.getByRole('button', { name: 'Process' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Process the import' }, { timeout: 10000 })).getByRole('button', { name: 'Process' }))
    expect(await screen.findByText('The import has finished processing.', {}, { timeout: 10000 })).toBeInTheDocument()
    expect(processed).toEqual([{ team_id: 1, add_team_id_by_user_id: { '32': 12 } }])
  }, 30_000)

  it('Process is off until someone has a church chosen', async () => {
    mockImport(buildImport({ users: [ana, cara], team_id_by_user: { '33': 11 } }))
    await visit()
    expect(await screen.findByText('Choose a church for the people to process.', {}, { timeout: 10000 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Process' })).toBeDisabled()
  }, 30_000)

  it('saves the title, event date and notes with update-user-import', async () => {
    const { updates } = mockImport()
    const { user } = await visit()
    const title = screen.getByRole('textbox', { name: 'Title' })
    await user.clear(title)
    await enter(user, title, 'Health expo 2026')
    await user.click(screen.getByRole('button', { name: 'Save details' }))
    expect(await screen.findByText('Saved', {}, { timeout: 10000 })).toBeInTheDocument()
    expect(updates).toEqual([{ team_id: 1, title: 'Health expo 2026', date: '2026-11-14', content: 'Cards from the stand' }])
  }, 30_000)

  it('Delete says the contacts are kept, then goes back to the list', async () => {
    mockImport()
    const deleted: unknown[] = []
    server.use(
      mockCall(userImportCalls.deleteUserImport, ({ input, params }) => {
        deleted.push({ id: params['id'], ...(input as object) })
        return { success: true as const }
      }),
      mockCall(userImportCalls.userImports, ({ input }) => ({
        items: [],
        count: 0,
        max_pages: maxPages(0, Number((input as unknown as Record<string, string>)['per_page'])),
      })),
    )
    const { user, router } = await visit()
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete the import' }, { timeout: 10000 }))
    expect(dialog.getByText('The import “Health expo” will be deleted. The contacts it imported are kept.')).toBeInTheDocument()
    await user.click(dialog.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/import-and-share'), { timeout: 15000 })
    expect(await screen.findByText('The import “Health expo” was deleted.', {}, { timeout: 15000 })).toBeInTheDocument()
    expect(deleted).toEqual([{ id: '40', team_id: 1 }])
  }, 30_000)

  it('an import of another conference (404) is not found', async () => {
    server.use(mockCall(userImportCalls.userImport, apiError('not_found', 404)))
    visitAs('/contacts/import-and-share/edit/999')
    expect(await screen.findByText('This import was not found. It may have been deleted.', {}, { timeout: 15000 })).toBeInTheDocument()
  }, 30_000)

  it('D2-2.4-04 a team that is not a conference is denied and nothing is asked', async () => {
    const { reads } = mockImport()
    visitAs('/contacts/import-and-share/edit/40', buildTeam({ id: 2, title: 'Grace Church', role: 'owner' }))
    expect(await screen.findByText('You do not have permission to access this page.', {}, { timeout: 15000 })).toBeInTheDocument()
    expect(reads).toEqual([])
  }, 30_000)
})
