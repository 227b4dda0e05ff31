import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { contactDataCalls } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { apiError, mockCall, server } from '../../../test/server'
import { enter } from '../../../test/user'
import { openContactPage } from '../contact-data.fixtures'

/** Opens contact 5's page as an owner and its dialog, which opens on De-identify. */
async function openEraseDialog() {
  const opened = await openContactPage()
  await opened.user.click(await screen.findByRole('button', { name: 'Erase or de-identify this contact…' }))
  const element = await screen.findByRole('dialog', { name: 'De-identify Ada Lovelace?' })
  return { ...opened, element, dialog: within(element) }
}

describe('Erase or de-identify this contact… (issue 40 §2)', () => {
  it('asks what should happen, de-identify chosen at first, and says what goes, what stays and for how long it can be called off', async () => {
    const { dialog } = await openEraseDialog()
    const choice = within(dialog.getByRole('radiogroup', { name: 'What should happen?' }))
    const deIdentify = choice.getByRole('radio', { name: 'De-identify' })
    expect(deIdentify).toBeChecked()
    expect(deIdentify).toHaveFocus()
    expect(deIdentify).toHaveAccessibleDescription(
      'Remove their name, contact details, notes, photos and files. Keep the numbers in reports: that they were a contact, and the visits and decisions recorded.',
    )
    const erase = choice.getByRole('radio', { name: 'Erase completely' })
    expect(erase).not.toBeChecked()
    expect(erase).toHaveAccessibleDescription('Remove them and everything about them. Reports will no longer count them.')

    expect(
      dialog.getByText(
        'De-identifying removes everything that tells who Ada Lovelace is: their name, contact details, notes, photos, files and links to other people.',
      ),
    ).toBeInTheDocument()
    expect(dialog.getByText('They leave every list and page, in every team that holds them, not only this one.')).toBeInTheDocument()
    expect(dialog.getByText('Private notes about them are removed too, whoever wrote them.')).toBeInTheDocument()
    expect(
      dialog.getByText('Reports keep counting them: that the team took them in, and the visits, decisions and events recorded, by month and church.'),
    ).toBeInTheDocument()
    expect(
      dialog.getByText("You can call it off for 7 days, on this contact's page or on Erasure and de-identification. After that it cannot be undone."),
    ).toBeInTheDocument()
    expect(dialog.getByRole('checkbox', { name: 'I understand the de-identification cannot be undone after 7 days' })).toBeInTheDocument()
    expect(dialog.getByRole('button', { name: 'De-identify contact' })).toBeInTheDocument()
    expect(dialog.getByRole('textbox', { name: /Reason/ })).toHaveAccessibleDescription(
      'Say why, for the record, e.g. “The person asked”, without their details.',
    )
  })

  it('words the title, the list, the tick and the button for Erase completely once it is chosen', async () => {
    const { dialog, element, user } = await openEraseDialog()
    await user.click(dialog.getByRole('radio', { name: 'Erase completely' }))
    expect(element).toHaveAccessibleName('Erase Ada Lovelace?')
    expect(
      dialog.getByText('Erasing removes Ada Lovelace and everything about them: notes, interactions, attendance, consent records, photos and files.'),
    ).toBeInTheDocument()
    expect(dialog.getByText('They are removed from every team that holds them, not only this one.')).toBeInTheDocument()
    expect(dialog.getByText('Reports will no longer count them.')).toBeInTheDocument()
    expect(dialog.queryByText(/Reports keep counting them/)).not.toBeInTheDocument()
    expect(dialog.getByRole('checkbox', { name: 'I understand the erasure cannot be undone after 7 days' })).toBeInTheDocument()
    expect(dialog.getByRole('button', { name: 'Erase contact' })).toBeInTheDocument()
    expect(dialog.queryByRole('button', { name: 'De-identify contact' })).not.toBeInTheDocument()
  })

  it('refuses an empty reason and an unticked confirmation, and sends nothing', async () => {
    const { dialog, user, calls } = await openEraseDialog()
    await user.click(dialog.getByRole('button', { name: 'De-identify contact' }))
    expect(await dialog.findByText('Required')).toBeInTheDocument()
    expect(dialog.getByText('Tick this to de-identify the contact.')).toBeInTheDocument()
    expect(dialog.getByRole('alert')).toHaveTextContent('Please correct the errors to continue.')
    // The refusal follows the choice.
    await user.click(dialog.getByRole('radio', { name: 'Erase completely' }))
    expect(dialog.getByText('Tick this to erase the contact.')).toBeInTheDocument()
    // A reason of spaces is no reason.
    await enter(user, dialog.getByRole('textbox', { name: /Reason/ }), '   ')
    await user.click(dialog.getByRole('checkbox', { name: 'I understand the erasure cannot be undone after 7 days' }))
    await waitFor(() => expect(dialog.queryByText('Tick this to erase the contact.')).not.toBeInTheDocument())
    await user.click(dialog.getByRole('button', { name: 'Erase contact' }))
    expect(await dialog.findByText('Required')).toBeInTheDocument()
    expect(calls.erase).toEqual([])
  })

  it('sends the reason with mode de_identify, closes, and says when the contact will be de-identified', async () => {
    const { dialog, user, calls } = await openEraseDialog()
    await enter(user, dialog.getByRole('textbox', { name: /Reason/ }), ' No longer needed ')
    await user.click(dialog.getByRole('checkbox', { name: 'I understand the de-identification cannot be undone after 7 days' }))
    await user.click(dialog.getByRole('button', { name: 'De-identify contact' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(calls.erase).toEqual([{ team_id: 10, group_id: 10, user_id: 5, mode: 'de_identify', reason: 'No longer needed' }])
    expect(await screen.findByText('Ada Lovelace will be de-identified on 29 Nov 2026. You can call it off until then.')).toBeInTheDocument()
    // The page reads the erasures again: the notice shows, and the choice is no longer offered.
    expect(await screen.findByText('This contact will be de-identified on 29 Nov 2026.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Erase or de-identify this contact…' })).not.toBeInTheDocument()
    // The button that opened the dialog is gone: focus stays in the card.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Personal data' })).toHaveFocus())
  })

  it('sends mode erase when Erase completely is chosen, and says when the contact will be erased', async () => {
    const { dialog, user, calls } = await openEraseDialog()
    await user.click(dialog.getByRole('radio', { name: 'Erase completely' }))
    await enter(user, dialog.getByRole('textbox', { name: /Reason/ }), 'The person asked')
    await user.click(dialog.getByRole('checkbox', { name: 'I understand the erasure cannot be undone after 7 days' }))
    await user.click(dialog.getByRole('button', { name: 'Erase contact' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(calls.erase).toEqual([{ team_id: 10, group_id: 10, user_id: 5, mode: 'erase', reason: 'The person asked' }])
    expect(await screen.findByText('Ada Lovelace will be erased on 29 Nov 2026. You can call it off until then.')).toBeInTheDocument()
    expect(await screen.findByText('This contact will be erased on 29 Nov 2026.')).toBeInTheDocument()
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
    await user.click(dialog.getByRole('checkbox', { name: 'I understand the de-identification cannot be undone after 7 days' }))

    await user.click(dialog.getByRole('button', { name: 'De-identify contact' }))
    expect(
      await dialog.findByText(
        'This contact signs in to the app, so they cannot be erased or de-identified here: the person removes their own account from their profile.',
      ),
    ).toBeInTheDocument()
    await user.click(dialog.getByRole('button', { name: 'De-identify contact' }))
    expect(await dialog.findByText('Only the owners of the team that owns this contact can erase or de-identify it.')).toBeInTheDocument()
    await user.click(dialog.getByRole('button', { name: 'De-identify contact' }))
    expect(await dialog.findByText('At most 500 characters.')).toBeInTheDocument()
    expect(dialog.getByRole('alert')).toHaveTextContent('The request could not be made. Try again.')
  })

  it('reads in Spanish', async () => {
    await changeLocale('es')
    const { user } = await openContactPage()
    await user.click(await screen.findByRole('button', { name: 'Borrar o anonimizar este contacto…' }))
    const element = await screen.findByRole('dialog', { name: '¿Anonimizar a Ada Lovelace?' })
    const dialog = within(element)
    expect(dialog.getByRole('radiogroup', { name: '¿Qué debe pasar?' })).toBeInTheDocument()
    expect(dialog.getByRole('radio', { name: 'Anonimizar' })).toBeChecked()
    expect(dialog.getByRole('checkbox', { name: 'Entiendo que la anonimización no se puede deshacer pasados 7 días' })).toBeInTheDocument()
    expect(dialog.getByRole('button', { name: 'Anonimizar contacto' })).toBeInTheDocument()
    await user.click(dialog.getByRole('radio', { name: 'Borrar por completo' }))
    expect(element).toHaveAccessibleName('¿Borrar a Ada Lovelace?')
    expect(dialog.getByRole('checkbox', { name: 'Entiendo que el borrado no se puede deshacer pasados 7 días' })).toBeInTheDocument()
    expect(dialog.getByRole('button', { name: 'Borrar contacto' })).toBeInTheDocument()
  })
})
