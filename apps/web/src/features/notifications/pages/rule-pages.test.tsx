import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { notificationCalls, type MissedInteractionRule, type UnassignedContactsRule } from '@crm/domain'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { changeLocale } from '../../../lib/i18n'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'

const conference = buildTeam({ id: 1, title: 'Demo Conference', role: 'entity_admin', is_conference: true })

function mockMissed(items: MissedInteractionRule[]) {
  server.use(mockCall(notificationCalls.notifications, { items: [], count: 0, count_unread: 0 }), mockCall(notificationCalls.missedInteractionRules, { items }))
}

function mockUnassigned(items: UnassignedContactsRule[]) {
  server.use(
    mockCall(notificationCalls.notifications, { items: [], count: 0, count_unread: 0 }),
    mockCall(notificationCalls.unassignedContactsRules, { items }),
  )
}

async function visit(path: string, heading: string, team = conference) {
  signedInAs(buildAccount([team]), { teamId: team.id, groupId: team.id })
  const view = renderApp(path)
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 15000 })
  return view
}

async function openOptions() {
  return within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent)
}

describe('/manage-notifications/missed-activities (spec 3 §2.7)', () => {
  it("D3-2.7-05 D3-2.7-06 D3-2.7-08 lists rules titled 'After n days' / 'After 1 day' with the meta 'Contact {to}'", async () => {
    mockMissed([
      { id: 1, after_days: 3, to: 'leader', to_email: null },
      { id: 2, after_days: 1, to: 'email', to_email: 'care@example.org' },
      { id: 3, after_days: 14, to: 'user', to_email: null },
    ])
    await visit('/manage-notifications/missed-activities', 'Missed activities')
    const three = within(await screen.findByRole('listitem', { name: 'After 3 days' }, { timeout: 15000 }))
    expect(three.getByText('Contact leader')).toBeInTheDocument()
    expect(three.getByRole('button', { name: 'Edit After 3 days' })).toBeInTheDocument()
    expect(three.getByRole('button', { name: 'Delete After 3 days' })).toBeInTheDocument()
    expect(within(screen.getByRole('listitem', { name: 'After 1 day' })).getByText('Contact care@example.org')).toBeInTheDocument()
    expect(within(screen.getByRole('listitem', { name: 'After 14 days' })).getByText('Contact user')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Add new' })).toBeInTheDocument()
  }, 30_000)

  it('D3-5-21 D3-5-22 Add new: days must be 1..365; to_email shows only for email and goes only with it', async () => {
    mockMissed([])
    const added: unknown[] = []
    server.use(
      mockCall(notificationCalls.addMissedInteractionRule, ({ input }) => {
        added.push(input)
        return { id: 8 }
      }),
    )
    const { user } = await visit('/manage-notifications/missed-activities', 'Missed activities')
    const form = within(screen.getByRole('region', { name: 'Add new' }))
    expect(await screen.findByText('No rules yet.', {}, { timeout: 15000 })).toBeInTheDocument()
    await user.click(form.getByRole('combobox', { name: 'Send to' }))
    expect(await openOptions()).toEqual(['User', 'Leader', 'Owner', 'Email address'])
    await user.click(screen.getByRole('option', { name: 'Email address' }))
    const days = form.getByRole('textbox', { name: /^After \(days\)/ })
    await user.type(days, '400')
    await user.click(form.getByRole('button', { name: 'Add' }))
    expect(await form.findByText('Enter a whole number from 1 to 365.')).toBeInTheDocument()
    expect(form.getByText('Enter the email address to send to.')).toBeInTheDocument()
    expect(added).toEqual([])
    await user.clear(days)
    await user.type(days, '5')
    await user.type(form.getByRole('textbox', { name: /^Email address/ }), 'care@example.org')
    // Back to leader: the email field goes, and its value is not sent.
    await user.click(form.getByRole('combobox', { name: 'Send to' }))
    await user.click(await screen.findByRole('option', { name: 'Leader' }))
    expect(form.queryByRole('textbox', { name: /^Email address/ })).not.toBeInTheDocument()
    await user.click(form.getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(added).toEqual([{ team_id: 1, after_days: 5, to: 'leader', to_email: null }]))
  }, 30_000)

  it('D3-2.7-05 quick edit changes a rule in place; a refused save says why; delete asks first', async () => {
    mockMissed([{ id: 1, after_days: 3, to: 'leader', to_email: null }])
    const updated: unknown[] = []
    const deleted: unknown[] = []
    server.use(
      mockCall(notificationCalls.updateMissedInteractionRule, ({ input }) => {
        updated.push(input)
        return updated.length === 1 ? apiError('invalid_request', 400, { errors: { after_days: 'Too many days' } }) : { success: true as const }
      }),
      mockCall(notificationCalls.deleteMissedInteractionRule, ({ input }) => {
        deleted.push(input)
        return { success: true as const }
      }),
    )
    const { user } = await visit('/manage-notifications/missed-activities', 'Missed activities')
    await user.click(await screen.findByRole('button', { name: 'Edit After 3 days' }, { timeout: 15000 }))
    const row = within(screen.getByRole('listitem', { name: 'After 3 days' }))
    const days = row.getByRole('textbox', { name: /^After \(days\)/ })
    expect(days).toHaveValue('3')
    await user.clear(days)
    await user.type(days, '10')
    await user.click(row.getByRole('button', { name: 'Save' }))
    expect(await row.findByText('Too many days')).toBeInTheDocument()
    expect(row.getByRole('alert')).toHaveTextContent('Not saved: please correct the fields marked in red.')
    await user.click(row.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(updated).toHaveLength(2))
    expect(updated[1]).toEqual({ id: 1, team_id: 1, after_days: 10, to: 'leader', to_email: null })
    await user.click(await screen.findByRole('button', { name: 'Delete After 3 days' }, { timeout: 5000 }))
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete rule' }))
    expect(confirm.getByText("The rule 'After 3 days' will be deleted. This cannot be undone.")).toBeInTheDocument()
    await user.click(confirm.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(deleted).toEqual([{ id: 1, team_id: 1 }]))
  }, 30_000)

  it('D3-8-01 a failed delete closes the dialog and the page says why', async () => {
    mockMissed([{ id: 1, after_days: 3, to: 'leader', to_email: null }])
    server.use(mockCall(notificationCalls.deleteMissedInteractionRule, apiError('internal_error', 500)))
    const { user } = await visit('/manage-notifications/missed-activities', 'Missed activities')
    await user.click(await screen.findByRole('button', { name: 'Delete After 3 days' }, { timeout: 15000 }))
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete rule' }))
    await user.click(confirm.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByText('The item could not be deleted. Try again.').closest('[role="alert"]')).not.toBeNull()
    expect(screen.getByRole('listitem', { name: 'After 3 days' })).toBeInTheDocument()
  }, 30_000)

  it('D3-6-15 a church reads that it is not available', async () => {
    mockMissed([])
    await visit(
      '/manage-notifications/missed-activities',
      'Missed activities',
      buildTeam({ id: 2, title: 'Hope Church', role: 'entity_admin', is_conference: false }),
    )
    expect(screen.getByText('Notification management is available only for conference teams.')).toBeInTheDocument()
  }, 30_000)

  it('D3-6-15 a conference owner without update_missed_interactions_notifications is not allowed', async () => {
    mockMissed([])
    await visit(
      '/manage-notifications/missed-activities',
      'Missed activities',
      buildTeam({ id: 1, title: 'Demo Conference', role: 'owner', is_conference: true }),
    )
    expect(screen.getByText('You do not have permission to manage the notifications of this team.')).toBeInTheDocument()
  }, 30_000)
})

describe('/manage-notifications/unassigned-contacts (spec 3 §2.7)', () => {
  it("D3-2.7-07 D3-2.7-08 titles read 'Every n days' / 'Every day' with the meta 'Contact {to}'", async () => {
    mockUnassigned([
      { id: 1, every_days: 7, to: 'owner', to_email: null },
      { id: 2, every_days: 1, to: 'leader', to_email: null },
    ])
    await visit('/manage-notifications/unassigned-contacts', 'Unassigned contacts')
    expect(within(await screen.findByRole('listitem', { name: 'Every 7 days' }, { timeout: 15000 })).getByText('Contact owner')).toBeInTheDocument()
    expect(within(screen.getByRole('listitem', { name: 'Every day' })).getByText('Contact leader')).toBeInTheDocument()
  }, 30_000)

  it('D3-5-22 D3-6-16 Add new offers leader, owner and email; email sends to_email', async () => {
    mockUnassigned([])
    const added: unknown[] = []
    server.use(
      mockCall(notificationCalls.addUnassignedContactsRule, ({ input }) => {
        added.push(input)
        return { id: 4 }
      }),
    )
    const { user } = await visit('/manage-notifications/unassigned-contacts', 'Unassigned contacts')
    const form = within(screen.getByRole('region', { name: 'Add new' }))
    await user.click(form.getByRole('combobox', { name: 'Send to' }))
    expect(await openOptions()).toEqual(['Leader', 'Owner', 'Email address'])
    await user.click(screen.getByRole('option', { name: 'Email address' }))
    await user.type(form.getByRole('textbox', { name: /^Every \(days\)/ }), '1')
    await user.type(form.getByRole('textbox', { name: /^Email address/ }), 'office@example.org')
    await user.click(form.getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(added).toEqual([{ team_id: 1, every_days: 1, to: 'email', to_email: 'office@example.org' }]))
  }, 30_000)

  it('D3-2.7-07 in Spanish the titles are plural-aware too', async () => {
    mockUnassigned([
      { id: 1, every_days: 7, to: 'owner', to_email: null },
      { id: 2, every_days: 1, to: 'leader', to_email: null },
    ])
    signedInAs(buildAccount([conference]), { teamId: 1, groupId: 1 })
    await changeLocale('es')
    try {
      renderApp('/manage-notifications/unassigned-contacts')
      expect(within(await screen.findByRole('listitem', { name: 'Cada 7 días' }, { timeout: 15000 })).getByText('Contacto: propietario')).toBeInTheDocument()
      expect(within(screen.getByRole('listitem', { name: 'Cada día' })).getByText('Contacto: líder')).toBeInTheDocument()
      expect(screen.getByRole('heading', { level: 1, name: 'Contactos sin asignar' })).toBeInTheDocument()
    } finally {
      await changeLocale('en')
    }
  }, 30_000)

  it('D3-6-16 a church reads that it is not available', async () => {
    mockUnassigned([])
    await visit(
      '/manage-notifications/unassigned-contacts',
      'Unassigned contacts',
      buildTeam({ id: 2, title: 'Hope Church', role: 'entity_admin', is_conference: false }),
    )
    expect(screen.getByText('Notification management is available only for conference teams.')).toBeInTheDocument()
  }, 30_000)
})
