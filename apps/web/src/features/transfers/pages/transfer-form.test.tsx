import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { daysFromToday, earliestTransferDate, suggestionCalls, transferCalls, transferFieldMessages, type TransferItemResponse } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { buildTransfer, buildTransferItem } from '../transfers.fixtures'

const conference = buildTeam({ id: 1, title: 'North Conference', role: 'entity_admin', is_conference: true })
const south = buildTeam({ id: 2, title: 'South Conference', role: 'entity_admin', is_conference: true })

const churches: Record<string, Array<{ id: number; title: string }>> = {
  '1': [
    { id: 11, title: 'Grace Church' },
    { id: 12, title: 'Hope Chapel' },
  ],
  '2': [{ id: 21, title: 'Grove Fellowship' }],
}
const owners: Record<string, Array<{ id: number; title: string }>> = {
  '11': [
    { id: 40, title: 'Paul Green' },
    { id: 41, title: 'Anne Green' },
  ],
  '12': [{ id: 42, title: 'Mark Hill' }],
}

type Query = Record<string, string>

/** Answers the conferences, the churches and owners suggestions, GET transfer/5 and the writes; records them. */
function mockForm(
  options: { item?: TransferItemResponse; create?: () => Response | { data: { id: number } }; update?: () => Response | { success: true } } = {},
) {
  const writes: Array<{ call: string; input: unknown }> = []
  const churchQueries: Query[] = []
  const ownerQueries: Query[] = []
  server.use(
    mockCall(suggestionCalls.entityTeams, ({ input }) => {
      const query = input as unknown as Query
      churchQueries.push(query)
      const search = (query['search'] ?? '').toLowerCase()
      return { items: (churches[query['team_id'] ?? ''] ?? []).filter((church) => church.title.toLowerCase().includes(search)) }
    }),
    mockCall(suggestionCalls.entityTeamOwners, ({ input }) => {
      const query = input as unknown as Query
      ownerQueries.push(query)
      return { items: owners[query['team_id'] ?? ''] ?? [] }
    }),
    mockCall(transferCalls.transfer, options.item ?? buildTransferItem()),
    mockCall(transferCalls.transfers, { items: [], count: 0, max_pages: 1 }),
    mockCall(transferCalls.createTransfer, ({ input }) => {
      writes.push({ call: 'create', input })
      return options.create ? options.create() : { data: { id: 5 } }
    }),
    mockCall(transferCalls.updateTransfer, ({ input, params }) => {
      writes.push({ call: `update ${String(params['id'])}`, input })
      return options.update ? options.update() : { success: true as const }
    }),
    mockCall(transferCalls.deleteTransfer, ({ input }) => {
      writes.push({ call: 'delete', input })
      return { success: true as const }
    }),
  )
  return { writes, churchQueries, ownerQueries }
}

async function openForm(path: string, name: string, teams = [conference]) {
  signedInAs(buildAccount(teams), { teamId: 1, groupId: 1 })
  const view = renderApp(path)
  const form = within(await screen.findByRole('form', { name }, { timeout: 15000 }))
  return { ...view, form }
}

type Scope = ReturnType<typeof within>
type User = ReturnType<typeof renderApp>['user']

/** Types into a church field and picks the suggestion. */
async function pickChurch(user: User, form: Scope, label: RegExp, typed: string, title: string) {
  await user.type(form.getByRole('textbox', { name: label }), typed)
  await user.click(await screen.findByRole('option', { name: title }))
}

describe('the transfer form (spec 3 §2.2, §5)', () => {
  it("D3-2.2-06 D3-5-20 shows 'Basic info' and Save; both conferences default to the selected one; the required fields are marked", async () => {
    mockForm()
    const { form } = await openForm('/transfers/new', 'Add transfer')
    expect(form.getByRole('heading', { name: 'Basic info' })).toBeInTheDocument()
    expect(form.getByRole('button', { name: 'Save' })).toBeInTheDocument()
    expect(form.getByRole('combobox', { name: /^From conference/ })).toHaveValue('1')
    expect(form.getByRole('combobox', { name: /^To conference/ })).toHaveValue('1')
    for (const name of [/^From conference/, /^To conference/, /^Pastor/]) expect(form.getByRole('combobox', { name })).toBeRequired()
    for (const name of [/^From church/, /^To church/]) expect(form.getByRole('textbox', { name })).toBeRequired()
    expect(form.getByLabelText(/^Date/)).not.toBeRequired()
    expect(form.getByText(/Leave it empty to process the transfer by hand/)).toBeInTheDocument()
    await waitFor(() => expect(document.title).toMatch(/ - Add transfer$/))
  }, 40_000)

  it('D3-5-18 D3-5-19 offers the churches of the chosen conference and the owners of the from church, cleared when the church changes', async () => {
    const { churchQueries, ownerQueries } = mockForm()
    // An entity admin of a second conference may send the pastor there.
    const { form, user } = await openForm('/transfers/new', 'Add transfer', [conference, south])
    // The from conference is the one that plans the transfer.
    expect(
      within(form.getByRole('combobox', { name: /^From conference/ }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', 'North Conference'])
    expect(
      within(form.getByRole('combobox', { name: /^To conference/ }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', 'North Conference', 'South Conference'])
    // The pastor waits for the church.
    expect(form.getByRole('combobox', { name: /^Pastor/ })).toBeDisabled()

    await user.type(form.getByRole('textbox', { name: /^To church/ }), 'G')
    expect(await screen.findByRole('option', { name: 'Grace Church' })).toBeInTheDocument()
    expect(screen.queryByRole('option', { name: 'Grove Fellowship' })).not.toBeInTheDocument()
    expect(churchQueries.at(-1)).toMatchObject({ team_id: '1', search: 'G' })

    // Another conference: its churches, the church typed so far cleared.
    await user.selectOptions(form.getByRole('combobox', { name: /^To conference/ }), '2')
    expect(form.getByRole('textbox', { name: /^To church/ })).toHaveValue('')
    await pickChurch(user, form, /^To church/, 'G', 'Grove Fellowship')
    expect(churchQueries.at(-1)).toMatchObject({ team_id: '2', search: 'G' })

    await pickChurch(user, form, /^From church/, 'Gra', 'Grace Church')
    const pastor = form.getByRole('combobox', { name: /^Pastor/ })
    await waitFor(() =>
      expect(
        within(pastor)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose…', 'Paul Green', 'Anne Green']),
    )
    expect(ownerQueries.at(-1)).toMatchObject({ team_id: '11', conference_team_id: '1' })
    await user.selectOptions(pastor, '41')
    expect(pastor).toHaveValue('41')

    // Another from church: the pastor is chosen again, among its owners.
    await user.clear(form.getByRole('textbox', { name: /^From church/ }))
    await pickChurch(user, form, /^From church/, 'Hope', 'Hope Chapel')
    await waitFor(() =>
      expect(
        within(pastor)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose…', 'Mark Hill']),
    )
    expect(pastor).toHaveValue('')
  }, 40_000)

  it('D3-5-17 asks for the churches and the pastor and sends nothing', async () => {
    const { writes } = mockForm()
    const { form, user } = await openForm('/transfers/new', 'Add transfer')
    await user.click(form.getByRole('button', { name: 'Save' }))
    expect(await form.findAllByText('This field is required.')).toHaveLength(3)
    expect(form.getByRole('textbox', { name: /^From church/ })).toHaveAccessibleDescription(/This field is required\./)
    expect(form.getByRole('combobox', { name: /^Pastor/ })).toHaveAccessibleDescription(/This field is required\./)
    expect(form.getByRole('textbox', { name: /^To church/ })).toHaveAccessibleDescription(/This field is required\./)
    expect(await screen.findByText('Please correct the errors to continue.')).toBeInTheDocument()
    expect(writes).toEqual([])
  }, 40_000)

  it('D3-5-16 D1-5-10 the date picker starts 7 days ahead; a nearer date is refused before sending', async () => {
    const { writes } = mockForm()
    const { form, user } = await openForm('/transfers/new', 'Add transfer')
    const date = form.getByLabelText(/^Date/)
    expect(date).toHaveAttribute('type', 'date')
    expect(date).toHaveAttribute('min', earliestTransferDate())
    await pickChurch(user, form, /^From church/, 'Gra', 'Grace Church')
    await user.selectOptions(
      form.getByRole('combobox', { name: /^Pastor/ }),
      await within(form.getByRole('combobox', { name: /^Pastor/ })).findByRole('option', { name: 'Paul Green' }),
    )
    await pickChurch(user, form, /^To church/, 'Hope', 'Hope Chapel')
    await user.type(date, daysFromToday(6))
    await user.click(form.getByRole('button', { name: 'Save' }))
    expect(await form.findByText('Choose a date at least 7 days from now.')).toBeInTheDocument()
    expect(writes).toEqual([])

    // Cleared, the date is empty: processed by hand.
    await user.click(form.getByRole('button', { name: 'Clear the date' }))
    expect(date).toHaveValue('')
  }, 40_000)

  it('D3-5-15 D3-7.3-02 creates a transfer without a date, then shows its view', async () => {
    const { writes } = mockForm()
    const { form, user, router } = await openForm('/transfers/new', 'Add transfer')
    await pickChurch(user, form, /^From church/, 'Gra', 'Grace Church')
    await user.selectOptions(
      form.getByRole('combobox', { name: /^Pastor/ }),
      await within(form.getByRole('combobox', { name: /^Pastor/ })).findByRole('option', { name: 'Paul Green' }),
    )
    await pickChurch(user, form, /^To church/, 'Hope', 'Hope Chapel')
    await user.click(form.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/transfers/view/5'))
    expect(writes).toEqual([
      { call: 'create', input: { team_id: 1, from_conference_id: 1, to_conference_id: 1, from_team_id: 11, to_team_id: 12, user_id: 40, date: null } },
    ])
  }, 40_000)

  it("shows the server's refusal on its field and in words", async () => {
    mockForm({
      create: () =>
        apiError('invalid_request', 400, {
          errors: { to_team_id: transferFieldMessages.sameChurch, team_id: 'Not a conference you plan transfers in' },
          // A field with a code is worded by it; one without (an older server) keeps its message.
          error_codes: { to_team_id: { code: 'same_church', params: {} } },
        }),
    })
    const { form, user, router } = await openForm('/transfers/new', 'Add transfer')
    await pickChurch(user, form, /^From church/, 'Gra', 'Grace Church')
    await user.selectOptions(
      form.getByRole('combobox', { name: /^Pastor/ }),
      await within(form.getByRole('combobox', { name: /^Pastor/ })).findByRole('option', { name: 'Paul Green' }),
    )
    await pickChurch(user, form, /^To church/, 'Gra', 'Grace Church')
    await user.click(form.getByRole('button', { name: 'Save' }))
    expect(await form.findByText('Choose a church other than the from church.')).toBeInTheDocument()
    expect(form.getByRole('textbox', { name: /^To church/ })).toHaveAccessibleDescription(/Choose a church other than the from church\./)
    expect(form.getByText('Not a conference you plan transfers in')).toBeInTheDocument()
    expect(await screen.findByText('The transfer was not saved: please check the marked fields.')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/transfers/new')
  }, 40_000)

  it("shows the server's refusal in Spanish, by its code and parameters (issue 36)", async () => {
    mockForm({
      create: () =>
        apiError('invalid_request', 400, {
          errors: { to_team_id: transferFieldMessages.sameChurch, date: 'Choose a date at least 7 days from now' },
          error_codes: { to_team_id: { code: 'same_church', params: {} }, date: { code: 'transfer_date_too_soon', params: { days: 7 } } },
        }),
    })
    const { form, user } = await openForm('/transfers/new', 'Add transfer')
    try {
      await pickChurch(user, form, /^From church/, 'Gra', 'Grace Church')
      await user.selectOptions(
        form.getByRole('combobox', { name: /^Pastor/ }),
        await within(form.getByRole('combobox', { name: /^Pastor/ })).findByRole('option', { name: 'Paul Green' }),
      )
      await pickChurch(user, form, /^To church/, 'Gra', 'Grace Church')
      await changeLocale('es')
      await user.click(form.getByRole('button', { name: 'Guardar' }))
      expect(await form.findByText('Elige una iglesia distinta de la de origen.')).toBeInTheDocument()
      expect(form.getByText('Elige una fecha dentro de 7 días como mínimo.')).toBeInTheDocument()
      expect(form.queryByText(transferFieldMessages.sameChurch)).toBeNull()
    } finally {
      await changeLocale('en')
    }
  }, 40_000)

  it('a pastor with another upcoming transfer is refused on the pastor field, in words', async () => {
    mockForm({
      create: () => apiError('conflict', 409, { reason: 'pastor_has_upcoming_transfer', errors: { user_id: 'This pastor already has an upcoming transfer.' } }),
    })
    const { form, user } = await openForm('/transfers/new', 'Add transfer')
    await pickChurch(user, form, /^From church/, 'Gra', 'Grace Church')
    await user.selectOptions(
      form.getByRole('combobox', { name: /^Pastor/ }),
      await within(form.getByRole('combobox', { name: /^Pastor/ })).findByRole('option', { name: 'Paul Green' }),
    )
    await pickChurch(user, form, /^To church/, 'Hope', 'Hope Chapel')
    await user.click(form.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(form.getByRole('combobox', { name: /^Pastor/ })).toHaveAccessibleDescription(/This pastor already has an upcoming transfer\./))
    expect(await screen.findByText('The transfer was not saved: this pastor already has an upcoming transfer.')).toBeInTheDocument()
  }, 40_000)

  it('D3-7.3-03 the edit form is filled from data_edit; a stored date nearer than 7 days may stay; it saves to update-transfer', async () => {
    const near = daysFromToday(3)
    const { writes } = mockForm({ item: buildTransferItem(buildTransfer({ date: near })) })
    const { form, user, router } = await openForm('/transfers/edit/5', 'Edit transfer')
    expect(form.getByRole('textbox', { name: /^From church/ })).toHaveValue('Grace Church')
    expect(form.getByRole('textbox', { name: /^To church/ })).toHaveValue('Hope Chapel')
    expect(form.getByRole('combobox', { name: /^Pastor/ })).toHaveValue('40')
    expect(form.getByLabelText(/^Date/)).toHaveValue(near)
    await user.click(form.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/transfers/view/5'))
    expect(writes).toEqual([
      { call: 'update 5', input: { team_id: 1, from_conference_id: 1, to_conference_id: 1, from_team_id: 11, to_team_id: 12, user_id: 40, date: near } },
    ])
  }, 40_000)

  it("D3-2.2-07 'Cancel this transfer' asks 'Are you sure you want to do this?', then deletes it and returns to the list", async () => {
    const { writes } = mockForm()
    const { form, user, router } = await openForm('/transfers/edit/5', 'Edit transfer')
    await user.click(form.getByRole('button', { name: 'Cancel this transfer' }))
    const dialog = within(await screen.findByRole('dialog'))
    expect(dialog.getByText('Are you sure you want to do this?')).toBeInTheDocument()
    expect(writes).toEqual([])
    await user.click(dialog.getByRole('button', { name: 'Cancel this transfer' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/transfers'))
    expect(writes).toEqual([{ call: 'delete', input: { team_id: 1, id: 5 } }])
  }, 40_000)

  it('D3-2.2-08 D3-4-01 the edit page of a processed transfer shows nothing', async () => {
    mockForm()
    let answered = 0
    server.use(
      mockCall(transferCalls.transfer, () => {
        answered++
        return buildTransferItem(buildTransfer({ is_processed: true, processed_display: '2 Mar 2027' }))
      }),
    )
    signedInAs(buildAccount([conference]), { teamId: 1, groupId: 1 })
    renderApp('/transfers/edit/5')
    const main = await screen.findByRole('main', {}, { timeout: 15000 })
    // The page asked for the transfer and, answered, shows no loader and nothing else.
    await waitFor(() => expect(answered).toBe(1), { timeout: 15000 })
    await waitFor(() => expect(within(main).queryByRole('status', { name: 'Loading transfers' })).not.toBeInTheDocument())
    expect(within(main).queryByRole('form')).not.toBeInTheDocument()
    expect(within(main).queryByRole('heading')).not.toBeInTheDocument()
    expect(within(main).queryByRole('button', { name: 'Cancel this transfer' })).not.toBeInTheDocument()
  }, 40_000)
})
