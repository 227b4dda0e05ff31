import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { accountCalls, authCalls, type Profile } from '@crm/domain'
import type { InputOf } from '../../../lib/api'
import { getCookie } from '../../../lib/cookies'
import { decryptNote, deriveNoteKey, encryptNote } from '../../../lib/crypto'
import { changeLocale, i18next } from '../../../lib/i18n'
import { loadNoteKey, storeNoteKey } from '../../../lib/note-key'
import { getAccessToken } from '../../../lib/session'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp, waitForSignInPage } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'

type User = ReturnType<typeof renderApp>['user']
type UpdateInput = InputOf<typeof accountCalls.updateAccount>

const salt = 'c2FsdC1vZi1ydXRoLW1pbGxlcg=='
const oldPassword = 'old harbour lanterns at dusk'
const newPassword = 'quiet rivers carry paper boats'

function buildProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    first_name: 'Ruth',
    last_name: 'Miller',
    email: 'ruth@example.test',
    phone: '+61412345678',
    locale: 'en',
    sync_with_md: false,
    can_sync_with_md: false,
    two_factor_enabled: false,
    two_factor_required: false,
    encryption_key: salt,
    ...overrides,
  }
}

function openProfile(profile: Profile = buildProfile(), answer?: (input: UpdateInput) => unknown) {
  signedInAs(buildAccount([buildTeam({ id: 1, title: 'Grace Church' })]), { teamId: 1, groupId: 1 })
  const updates: UpdateInput[] = []
  server.use(
    mockCall(accountCalls.profile, profile),
    mockCall(accountCalls.updateAccount, ({ input }) => {
      updates.push(input)
      return (answer?.(input) as never) ?? { force_logout: false, errors: [] }
    }),
  )
  const view = renderApp('/profile')
  return { ...view, updates }
}

async function paste(user: User, field: HTMLElement, text: string) {
  await user.click(field)
  await user.paste(text)
}

const section = (name: string) => within(screen.getByRole('group', { name }))

describe('/profile (spec 3 §2.6)', () => {
  it('D3-2.6-01 shows the profile of the signed-in account in its sections; My profile is a menu link', async () => {
    openProfile()
    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeInTheDocument()
    expect(await screen.findByLabelText(/^First name/)).toHaveValue('Ruth')
    expect(section('Personal').getByLabelText(/^Last name/)).toHaveValue('Miller')
    expect(section('Personal').getByLabelText(/^Phone/)).toHaveValue('+61 412 345 678')
    expect(section('Display').getByLabelText('Language')).toHaveValue('en')
    expect(section('Security').getByLabelText(/^Email/)).toHaveValue('ruth@example.test')
    expect(section('Security').getByLabelText('Old password')).toHaveValue('')
    expect(section('Security').getByLabelText('New password')).toHaveValue('')
    expect(screen.getByText('Changing your password re-encrypts your private notes on this device.')).toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: /Sync with MD/ })).not.toBeInTheDocument()
    const nav = within(screen.getByRole('navigation', { name: 'Main menu' }))
    expect(nav.getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/profile')
  })

  it("D3-2.6-02/03 'Sync with MD', for those who may sync, locks the personal fields but not display and security", async () => {
    const { user } = openProfile(buildProfile({ can_sync_with_md: true, sync_with_md: true }))
    const sync = await screen.findByRole('checkbox', { name: /Sync with MD/ })
    expect(sync).toBeChecked()
    for (const label of [/^First name/, /^Last name/, /^Phone/]) expect(section('Personal').getByLabelText(label)).toBeDisabled()
    expect(section('Display').getByLabelText('Language')).toBeEnabled()
    expect(section('Security').getByLabelText(/^Email/)).toBeEnabled()
    expect(section('Security').getByLabelText('New password')).toBeEnabled()
    await user.click(sync)
    expect(section('Personal').getByLabelText(/^First name/)).toBeEnabled()
  })

  it("saves the personal details (phone in E.164) and shows 'Saved' (D3-8-12)", async () => {
    const { user, updates } = openProfile()
    const phone = await screen.findByLabelText(/^Phone/)
    await user.clear(phone)
    await user.type(phone, '0400 111 222')
    await user.clear(screen.getByLabelText(/^First name/))
    await user.type(screen.getByLabelText(/^First name/), 'Ruthie')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Saved')).toBeInTheDocument()
    expect(updates).toEqual([{ locale: 'en', email: 'ruth@example.test', first_name: 'Ruthie', last_name: 'Miller', phone: '+61400111222' }])
  })

  it("shows the server's success_message and its list of errors", async () => {
    const { user } = openProfile(undefined, () => ({ force_logout: false, errors: ['The phone could not be synced.'], success_message: 'Profile updated' }))
    await user.click(await screen.findByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Profile updated')).toBeInTheDocument()
    expect(screen.getByText('The phone could not be synced.')).toBeInTheDocument()
  })

  it('refuses an invalid phone with the form message', async () => {
    const { user, updates } = openProfile()
    const phone = await screen.findByLabelText(/^Phone/)
    await user.clear(phone)
    await user.type(phone, '12')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Enter a valid phone number.')).toBeInTheDocument()
    expect(screen.getByText('Please correct the errors to continue.')).toBeInTheDocument()
    expect(updates).toEqual([])
  })

  it('saving another language switches the interface and the locale cookie', async () => {
    const { user, updates } = openProfile()
    // The footer has a language picker too: this is the profile's.
    await screen.findByRole('group', { name: 'Display' })
    await user.selectOptions(section('Display').getByLabelText('Language'), 'es')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('heading', { name: 'Mi perfil' })).toBeInTheDocument()
    expect(updates[0]).toMatchObject({ locale: 'es' })
    expect(i18next.language).toBe('es')
    expect(getCookie('locale')).toBe('es')
  })

  it('D3-2.6-04 a new password or email needs the old password', async () => {
    const { user, updates } = openProfile()
    await paste(user, await screen.findByLabelText('New password'), newPassword)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Enter your old password to change your email or password.')).toBeInTheDocument()
    expect(updates).toEqual([])
  })

  it('D3-8-11 incorrect_old_password shows its text', async () => {
    const { user } = openProfile(undefined, () => apiError('incorrect_old_password', 400))
    server.use(mockCall(accountCalls.myPrivateNotes, { items: [] }))
    await paste(user, await screen.findByLabelText('Old password'), 'not my password at all')
    await paste(user, screen.getByLabelText('New password'), newPassword)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('The old password provided is incorrect. Your password has not been updated.')).toBeInTheDocument()
  })

  it('re-encrypts every private note for the new password; force_logout signs out to /login (D3-4-11)', async () => {
    const oldKey = await deriveNoteKey(oldPassword, salt)
    const notes = [
      { id: 1, content: await encryptNote(oldKey, 'Prayed for Tom’s family') },
      { id: 2, content: await encryptNote(oldKey, 'Bible study: John 3') },
    ]
    await storeNoteKey(oldKey, 7)
    // The server has ended every session: the logout call answers 401.
    server.use(
      mockCall(accountCalls.myPrivateNotes, { items: notes }),
      mockCall(authCalls.logout, () => apiError('unauthorized', 401)),
    )
    const { user, updates, router } = openProfile(undefined, () => ({ force_logout: true, errors: [] }))
    await paste(user, await screen.findByLabelText('Old password'), oldPassword)
    await paste(user, screen.getByLabelText('New password'), newPassword)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toBe('')
    expect(getAccessToken()).toBeNull()
    await waitFor(async () => expect(await loadNoteKey()).toBeNull())

    const sent = updates[0]!
    expect(sent).toMatchObject({ old_password: oldPassword, password: newPassword })
    const newKey = await deriveNoteKey(newPassword, salt)
    const reencrypted = sent.private_notes ?? []
    expect(reencrypted.map((note) => note.id)).toEqual([1, 2])
    await expect(decryptNote(newKey, reencrypted[0]!.content)).resolves.toBe('Prayed for Tom’s family')
    await expect(decryptNote(newKey, reencrypted[1]!.content)).resolves.toBe('Bible study: John 3')
    await expect(decryptNote(oldKey, reencrypted[0]!.content)).rejects.toThrow()
  })

  it("D3-2.6-05 D3-4-12 'Remove account' asks first, with the password, then removes it and signs out to /login", async () => {
    const sent: Array<InputOf<typeof accountCalls.deleteAccount>> = []
    server.use(
      mockCall(accountCalls.deleteAccount, ({ input }) => {
        sent.push(input)
        return input.password === oldPassword ? { success: true as const } : apiError('incorrect_password', 400)
      }),
      mockCall(authCalls.logout, () => apiError('unauthorized', 401)),
    )
    const { user, router } = openProfile()
    await user.click(await screen.findByRole('button', { name: 'Remove account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove account' })
    expect(sent).toHaveLength(0)
    expect(within(dialog).queryByLabelText(/^Code from your authenticator app/)).not.toBeInTheDocument()
    await user.type(within(dialog).getByLabelText(/^Your password/), 'a wrong password')
    await user.click(within(dialog).getByRole('button', { name: 'Remove account' }))
    // A wrong password is not a generic failure: it is said at the field, for another try.
    await waitFor(() => expect(within(dialog).getByLabelText(/^Your password/)).toHaveAccessibleDescription('The password is incorrect.'))
    expect(router.state.location.pathname).toBe('/profile')
    await user.clear(within(dialog).getByLabelText(/^Your password/))
    await user.type(within(dialog).getByLabelText(/^Your password/), oldPassword)
    await user.click(within(dialog).getByRole('button', { name: 'Remove account' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(sent).toEqual([{ password: 'a wrong password' }, { password: oldPassword }])
    expect(router.state.location.search).toBe('')
    expect(getAccessToken()).toBeNull()
    await waitForSignInPage('/login')
  })

  it("'Remove account' asks for the code while two-factor sign-in is on, and says why it failed", async () => {
    const sent: Array<InputOf<typeof accountCalls.deleteAccount>> = []
    server.use(
      mockCall(accountCalls.deleteAccount, ({ input }) => {
        sent.push(input)
        if (!input.totp) return apiError('2fa_required', 400)
        if (input.totp !== '123456') return apiError('incorrect_totp', 400)
        return apiError('too_many_requests', 429, { retry_after: 600 })
      }),
    )
    const { user } = openProfile(buildProfile({ two_factor_enabled: true }))
    await user.click(await screen.findByRole('button', { name: 'Remove account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove account' })
    const codeField = () => within(dialog).getByLabelText(/^Code from your authenticator app/)
    await user.type(within(dialog).getByLabelText(/^Your password/), oldPassword)
    await user.click(within(dialog).getByRole('button', { name: 'Remove account' }))
    // A missing or wrong code is said at the field; the dialog stays open for another try.
    await waitFor(() => expect(codeField()).toHaveAccessibleDescription('Enter the code from your authenticator app to remove the account.'))
    await user.type(codeField(), '654321')
    await user.click(within(dialog).getByRole('button', { name: 'Remove account' }))
    await waitFor(() => expect(codeField()).toHaveAccessibleDescription('Incorrect verification code.'))
    await user.clear(codeField())
    await user.type(codeField(), '123456')
    await user.click(within(dialog).getByRole('button', { name: 'Remove account' }))
    // Any other failure closes the dialog and the page says why (D3-8-01).
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByText('Too many attempts. Try again in 10 minutes.')).toHaveAttribute('role', 'alert')
    expect(sent.map((input) => input.totp)).toEqual(['', '654321', '123456'])
  })

  it('speaks Spanish', async () => {
    await changeLocale('es')
    openProfile()
    expect(await screen.findByRole('group', { name: 'Datos personales' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Eliminar cuenta' })).toBeInTheDocument()
  })
})

describe('/profile: two-factor sign-in', () => {
  it('sets it up: QR and key, then a code turns it on', async () => {
    let enabled: unknown
    const { user } = openProfile()
    server.use(
      mockCall(accountCalls.twoFactorSetup, { qr_code_url: 'data:image/png;base64,AAAA', secret_grouped: 'ABCD EFGH' }),
      mockCall(accountCalls.twoFactorEnable, ({ input }) => {
        enabled = input
        return { success: true as const }
      }),
    )
    const twoFactor = await screen.findByRole('group', { name: 'Two-factor sign-in' })
    expect(within(twoFactor).getByText('Two-factor sign-in is off.')).toBeInTheDocument()
    await user.click(within(twoFactor).getByRole('button', { name: 'Set up' }))
    expect(await within(twoFactor).findByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeInTheDocument()
    expect(within(twoFactor).getByText('ABCD EFGH')).toBeInTheDocument()
    await user.type(within(twoFactor).getByLabelText(/^Verification code/), '112233')
    expect(await within(twoFactor).findByText('Two-factor sign-in is now on.')).toBeInTheDocument()
    expect(enabled).toEqual({ totp: '112233' })
  })

  it('a wrong code says so', async () => {
    const { user } = openProfile()
    server.use(
      mockCall(accountCalls.twoFactorSetup, { qr_code_url: 'data:image/png;base64,AAAA', secret_grouped: 'ABCD EFGH' }),
      mockCall(accountCalls.twoFactorEnable, () => apiError('incorrect_totp', 401)),
    )
    await user.click(await screen.findByRole('button', { name: 'Set up' }))
    await user.type(await screen.findByLabelText(/^Verification code/), '000000')
    expect(await screen.findByText('Incorrect verification code.')).toBeInTheDocument()
  })

  it('turns it off with the password', async () => {
    let disabled: unknown
    const { user } = openProfile(buildProfile({ two_factor_enabled: true }))
    server.use(
      mockCall(accountCalls.twoFactorDisable, ({ input }) => {
        disabled = input
        return { success: true as const }
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Turn off' }))
    await user.type(screen.getByLabelText(/^Password/), oldPassword)
    await user.click(screen.getByRole('button', { name: 'Turn off' }))
    expect(await screen.findByText('Two-factor sign-in is now off.')).toBeInTheDocument()
    expect(disabled).toEqual({ password: oldPassword })
  })

  it('cannot be turned off when the role requires it', async () => {
    openProfile(buildProfile({ two_factor_enabled: true, two_factor_required: true }))
    expect(await screen.findByText('Two-factor sign-in is on.')).toBeInTheDocument()
    expect(screen.getByText('Your role requires two-factor sign-in, so it cannot be turned off.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument()
  })
})
