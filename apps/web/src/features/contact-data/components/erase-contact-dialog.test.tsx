import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { contactDataCalls } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { apiError, mockCall, server } from '../../../test/server'
import { enter } from '../../../test/user'
import { openContactPage } from '../contact-data.fixtures'

/** Opens contact 5's page as an owner and its erase dialog. */
async function openEraseDialog() {
  const opened = await openContactPage()
  await opened.user.click(await screen.findByRole('button', { name: 'Erase this contact…' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Erase Ada Lovelace?' }))
  return { ...opened, dialog }
}

describe('Erase this contact… (issue 40 §2)', () => {
  it('says what goes and for how long it can be called off', async () => {
    const { dialog } = await openEraseDialog()
    expect(
      dialog.getByText('Erasing removes Ada Lovelace and everything about them: notes, interactions, attendance, consent records, photos and files.'),
    ).toBeInTheDocument()
    expect(dialog.getByText('They are removed from every team that holds them, not only this one.')).toBeInTheDocument()
    expect(dialog.getByText('Private notes about them are removed too, whoever wrote them.')).toBeInTheDocument()
    expect(dialog.getByText('Reports will no longer count them.')).toBeInTheDocument()
    expect(
      dialog.getByText("You can call it off for 7 days, on this contact's page or on Erasure requests. After that it cannot be undone."),
    ).toBeInTheDocument()
    expect(dialog.getByRole('textbox', { name: /Reason/ })).toHaveAccessibleDescription(
      'Say why, for the record, e.g. “The person asked”, without their details.',
    )
  })

  it('refuses an empty reason and an unticked confirmation, and sends nothing', async () => {
    const { dialog, user, calls } = await openEraseDialog()
    await user.click(dialog.getByRole('button', { name: 'Erase contact' }))
    expect(await dialog.findByText('Required')).toBeInTheDocument()
    expect(dialog.getByText('Tick this to erase the contact.')).toBeInTheDocument()
    expect(dialog.getByRole('alert')).toHaveTextContent('Please correct the errors to continue.')
    // A reason of spaces is no reason.
    await enter(user, dialog.getByRole('textbox', { name: /Reason/ }), '   ')
    await user.click(dialog.getByRole('checkbox', { name: 'I understand this cannot be undone after 7 days' }))
    await waitFor(() => expect(dialog.queryByText('Tick this to erase the contact.')).not.toBeInTheDocument())
    await user.click(dialog.getByRole('button', { name: 'Erase contact' }))
    expect(await dialog.findByText('Required')).toBeInTheDocument()
    expect(calls.erase).toEqual([])
  })

  it('sends the reason with mode erase, closes, and says when the contact will be erased', async () => {
    const { dialog, user, calls } = await openEraseDialog()
    await enter(user, dialog.getByRole('textbox', { name: /Reason/ }), ' The person asked ')
    await user.click(dialog.getByRole('checkbox', { name: 'I understand this cannot be undone after 7 days' }))
    await user.click(dialog.getByRole('button', { name: 'Erase contact' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(calls.erase).toEqual([{ team_id: 10, group_id: 10, user_id: 5, mode: 'erase', reason: 'The person asked' }])
    expect(await screen.findByText('Ada Lovelace will be erased on 29 Nov 2026. You can call it off until then.')).toBeInTheDocument()
    // The page reads the erasures again: the notice shows, and Erase is no longer offered.
    expect(await screen.findByText('This contact will be erased on 29 Nov 2026.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Erase this contact…' })).not.toBeInTheDocument()
    // The button that opened the dialog is gone: focus stays in the card.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Personal data' })).toHaveFocus())
  })

  it("says why the server refused, in the dialog, which stays open: the contact signs in, another team owns it, the reason's field", async () => {
    const { dialog, user } = await openEraseDialog()
    const refusals = [
      apiError('erase_has_account', 409),
      apiError('erase_not_owner', 403),
      apiError('invalid_request', 400, { errors: { reason: 'Too long' }, error_codes: { reason: { code: 'too_long', params: { max: 500 } } } }),
    ]
    server.use(mockCall(contactDataCalls.eraseContact, () => refusals.shift() ?? apiError('internal_error', 500)))
    await enter(user, dialog.getByRole('textbox', { name: /Reason/ }), 'The person asked')
    await user.click(dialog.getByRole('checkbox', { name: 'I understand this cannot be undone after 7 days' }))

    await user.click(dialog.getByRole('button', { name: 'Erase contact' }))
    expect(
      await dialog.findByText('This contact signs in to the app, so they cannot be erased here: the person removes their own account from their profile.'),
    ).toBeInTheDocument()
    await user.click(dialog.getByRole('button', { name: 'Erase contact' }))
    expect(await dialog.findByText('Only the owners of the team that owns this contact can erase it.')).toBeInTheDocument()
    await user.click(dialog.getByRole('button', { name: 'Erase contact' }))
    expect(await dialog.findByText('At most 500 characters.')).toBeInTheDocument()
    expect(dialog.getByRole('alert')).toHaveTextContent('The erasure could not be asked for. Try again.')
  })

  it('reads in Spanish', async () => {
    await changeLocale('es')
    const { user } = await openContactPage()
    await user.click(await screen.findByRole('button', { name: 'Borrar este contacto…' }))
    const dialog = within(await screen.findByRole('dialog', { name: '¿Borrar a Ada Lovelace?' }))
    expect(dialog.getByRole('checkbox', { name: 'Entiendo que esto no se puede deshacer pasados 7 días' })).toBeInTheDocument()
    expect(dialog.getByRole('button', { name: 'Borrar contacto' })).toBeInTheDocument()
  })
})
