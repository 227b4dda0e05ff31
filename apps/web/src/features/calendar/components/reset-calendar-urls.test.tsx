import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { accountCalls, eventCalls, type Profile } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'

const profile: Profile = {
  first_name: 'Ruth',
  last_name: 'Miller',
  email: 'ruth@example.test',
  phone: '+61412345678',
  locale: 'en',
  sync_with_md: false,
  can_sync_with_md: false,
  two_factor_enabled: false,
  two_factor_required: false,
  encryption_key: 'c2FsdC1vZi1ydXRoLW1pbGxlcg==',
}

/** Opens /profile; counts the resets asked for. */
function openProfile(answer: () => Response | { success: true } = () => ({ success: true })) {
  signedInAs(buildAccount([buildTeam({ id: 1, title: 'Grace Church' })]), { teamId: 1, groupId: 1 })
  const resets: unknown[] = []
  server.use(
    mockCall(accountCalls.profile, profile),
    mockCall(eventCalls.resetIcalUrls, ({ input }) => {
      resets.push(input)
      return answer()
    }),
  )
  return { ...renderApp('/profile'), resets }
}

const calendarSection = async () => within(await screen.findByRole('group', { name: 'Calendar' }))

describe("the profile's calendar links (issue 14 item 4)", () => {
  it('explains the links are personal and secret, and resets them only after the confirmation', async () => {
    const { user, resets } = openProfile()
    const section = await calendarSection()
    expect(section.getByText(/personal and secret/)).toBeInTheDocument()
    expect(section.getByText(/stops the old links in every calendar app/)).toBeInTheDocument()

    await user.click(section.getByRole('button', { name: 'Reset calendar links' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Reset your calendar links?' }))
    await user.click(dialog.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(resets).toEqual([])

    await user.click(section.getByRole('button', { name: 'Reset calendar links' }))
    const again = within(await screen.findByRole('dialog', { name: 'Reset your calendar links?' }))
    await user.click(again.getByRole('button', { name: 'Reset links' }))
    expect(await section.findByText('Your calendar links were reset. The old links no longer work.')).toHaveAttribute('role', 'status')
    expect(resets).toEqual([{}])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  }, 30_000)

  it('D3-8-01 a failed reset closes the dialog and says why in the section', async () => {
    const { user, resets } = openProfile(() => apiError('internal_error', 500))
    const section = await calendarSection()
    await user.click(section.getByRole('button', { name: 'Reset calendar links' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Reset your calendar links?' }))
    await user.click(dialog.getByRole('button', { name: 'Reset links' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(section.getByRole('alert')).toHaveTextContent('The calendar links could not be reset.')
    expect(section.queryByText(/were reset/)).not.toBeInTheDocument()
    expect(resets).toHaveLength(1)
  }, 30_000)

  it('reads in Spanish', async () => {
    await changeLocale('es')
    try {
      openProfile()
      const section = within(await screen.findByRole('group', { name: 'Calendario' }))
      expect(section.getByRole('button', { name: 'Restablecer los enlaces del calendario' })).toBeInTheDocument()
    } finally {
      await changeLocale('en')
    }
  }, 30_000)
})
