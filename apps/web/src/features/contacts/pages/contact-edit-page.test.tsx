import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { contactCalls, type ContactItem } from '@crm/domain'
import type { InputOf } from '../../../lib/api'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildGroup, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { enter } from '../../../test/user'
import { buildContactItem, buildContactView, lookupHandler, otherCallsNotFound } from './contact-form.fixtures'

type UpdateInput = InputOf<typeof contactCalls.updateUser>
type ActionInput = InputOf<typeof contactCalls.archiveUser>

// The page is a lazily loaded section: load it once so each test finds it at once.
beforeAll(async () => {
  await Promise.all([import('./contact-edit-page'), import('./contact-view-page')])
}, 30_000)

const grace = buildTeam({ id: 10, title: 'Grace Church', groups: [buildGroup({ id: 12, title: 'Youth', user_role: 'owner' })] })

/** Opens /contacts/edit/42 in Grace Church (the primary group unless told) and records update-user. */
async function openEdit(item: ContactItem, { groupId = 10 } = {}) {
  server.use(otherCallsNotFound)
  signedInAs(buildAccount([grace]), { teamId: 10, groupId })
  const updates: UpdateInput[] = []
  server.use(
    lookupHandler,
    mockCall(contactCalls.contact, item),
    mockCall(contactCalls.updateUser, ({ input }) => {
      updates.push(input)
      return { success: true as const }
    }),
  )
  const view = renderApp('/contacts/edit/42')
  // The first render of the section takes a moment (lazy route, lookups).
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })
  return { ...view, updates }
}

const save = () => screen.findByRole('button', { name: 'Save' })
const field = (name: RegExp | string) => screen.getByRole('textbox', { name })
const select = (name: RegExp | string) => screen.getByRole('combobox', { name })
const actionsSection = () => screen.queryByRole('region', { name: 'Actions' })

describe('/contacts/edit/{id}: the preview and the form (spec 2 §2)', () => {
  it('D2-2.3-02: shows a preview of the stored details, and the form starts from them', async () => {
    await openEdit(buildContactItem(buildContactView()))
    await save()
    const preview = within(screen.getByRole('region', { name: 'Current details' }))
    expect(preview.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'NameAnna Lee',
      'StatusActive',
      'GenderFemale',
      'Age35 years old',
      'Emailanna@example.test',
      'Phone+61 412 345 678',
      'Address1 George St, Sydney NSW 2000',
      'Member statusMember',
      'Grow cycleMultiply',
    ])
    expect(field(/^First name/)).toHaveValue('Anna')
    expect(field(/^Last name/)).toHaveValue('Lee')
    expect(field('Email')).toHaveValue('anna@example.test')
    expect(field(/^Phone$/)).toHaveValue('+61 412 345 678')
    // The member statuses are a lookup: the stored one shows once the list arrives.
    await waitFor(() => expect(select(/^Member status/)).toHaveValue('member'))
    expect(select('Birth month')).toHaveValue('3')
    expect(select('Birth year')).toHaveValue('1990')
    expect(field('Search for an address')).toHaveValue('1 George St, Sydney NSW 2000')
    expect(screen.getByRole('radio', { name: 'Verbal consent' })).toBeChecked()
  })

  it('D2-7.2-04: Save sends update-user with the changed fields only, plus user_id, team_id and group_id', async () => {
    const { user, updates } = await openEdit(buildContactItem(buildContactView()))
    await save()
    await user.clear(field(/^Last name/))
    await enter(user, field(/^Last name/), 'Nguyen')
    await user.click(await save())
    await waitFor(() => expect(updates).toHaveLength(1))
    expect(updates[0]).toEqual({ last_name: 'Nguyen', team_id: 10, group_id: 10, user_id: 42 })
    expect(await screen.findByText('Saved')).toBeInTheDocument()
  })

  it("D2-3.2-03: only the fields of the contact's auth.fields are offered, and only those are sent", async () => {
    const { user, updates } = await openEdit(buildContactItem(buildContactView(), { fields: ['first_name', 'last_name', 'email', 'phone'] }))
    await save()
    expect(field(/^First name/)).toHaveValue('Anna')
    expect(field(/^Last name/)).toHaveValue('Lee')
    expect(field('Email')).toHaveValue('anna@example.test')
    expect(field(/^Phone$/)).toHaveValue('+61 412 345 678')
    // Nothing else is offered: no consent choice, no church or additional fields.
    expect(screen.queryAllByRole('radio')).toEqual([])
    for (const name of ['Search for an address', 'Facebook']) expect(screen.queryByRole('textbox', { name })).not.toBeInTheDocument()
    for (const name of ['Gender', /^Member status/, /^Source/, 'Religion', 'Marital status', 'Grow cycle', 'Birth year']) {
      expect(screen.queryByRole('combobox', { name })).not.toBeInTheDocument()
    }
    for (const name of ['Visitor', 'Expecting follow up']) expect(screen.queryByRole('checkbox', { name })).not.toBeInTheDocument()
    await user.clear(field('Email'))
    await enter(user, field('Email'), 'anna.lee@example.test')
    await user.click(await save())
    await waitFor(() => expect(updates).toHaveLength(1))
    expect(updates[0]).toEqual({ email: 'anna.lee@example.test', team_id: 10, group_id: 10, user_id: 42 })
  })

  it('D2-6-06: without update_contact or update_assigned_contact the page says access is denied, with no form', async () => {
    await openEdit(buildContactItem(buildContactView(), { role: 'member' }))
    expect(await screen.findByText('You do not have permission to access this page.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Current details' })).not.toBeInTheDocument()
  })
})

describe('/contacts/edit/{id}: the contact as stored now', () => {
  it('starts from what the server answers, not from the copy the view page cached under the same key', async () => {
    server.use(otherCallsNotFound)
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    let stored = buildContactItem(buildContactView())
    server.use(
      lookupHandler,
      mockCall(contactCalls.contact, () => stored),
    )
    const { router } = renderApp('/contacts/view/42')
    expect(await screen.findByRole('heading', { level: 1, name: 'Anna Lee' }, { timeout: 10_000 })).toBeInTheDocument()
    stored = buildContactItem(buildContactView({ name: 'Annie Lee', first_name: 'Annie' }))
    await router.navigate('/contacts/edit/42')
    await save()
    expect(field(/^First name/)).toHaveValue('Annie')
  })

  it('a record merged into another (404 contact_merged) edits the kept contact at its address (issue 40)', async () => {
    server.use(otherCallsNotFound)
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    const asked: string[] = []
    server.use(
      lookupHandler,
      mockCall(contactCalls.contact, ({ params }) => {
        asked.push(String(params['id']))
        return params['id'] === '42' ? apiError('contact_merged', 404, { contact_id: 8 }) : buildContactItem(buildContactView({ id: 8 }))
      }),
    )
    const { router } = renderApp('/contacts/edit/42')
    // The first render of the section takes a moment (lazy route, lookups).
    await screen.findByRole('button', { name: 'Save' }, { timeout: 10_000 })
    expect(router.state.location.pathname).toBe('/contacts/edit/8')
    expect(router.state.historyAction).toBe('REPLACE')
    expect(asked).toEqual(['42', '8'])
  })
})

describe('/contacts/edit/{id}: consent (spec 2 §4)', () => {
  it.each([
    ['a photo', 'photo', 'Upload a photo of consent'],
    ['an online (direct)', 'direct', 'Automatic (QR code or emailed link)'],
  ] as const)("D2-4.2-11: with %s consent on record, Verbal and 'I don't have consent yet' are disabled", async (_case, type, chosen) => {
    await openEdit(buildContactItem(buildContactView({ consent_type: type })))
    await save()
    expect(screen.getByRole('radio', { name: chosen })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Verbal consent' })).toBeDisabled()
    expect(screen.getByRole('radio', { name: "I don't have consent yet" })).toBeDisabled()
    expect(screen.getByRole('radio', { name: 'Automatic (QR code or emailed link)' })).toBeEnabled()
    expect(screen.getByRole('radio', { name: 'Upload a photo of consent' })).toBeEnabled()
    expect(screen.getByText("Consent has been given, so verbal consent and 'I don't have consent yet' are not available.")).toBeInTheDocument()
  })

  it('D2-4.2-11: with a verbal consent on record every option stays open', async () => {
    await openEdit(buildContactItem(buildContactView({ consent_type: 'verbal' })))
    await save()
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeEnabled()
    expect(screen.queryByText(/Consent has been given/)).not.toBeInTheDocument()
  })

  it('choosing Automatic with a photo consent on record keeps every field (the consent still stands)', async () => {
    const { user } = await openEdit(buildContactItem(buildContactView({ consent_type: 'photo' })))
    await save()
    await user.click(screen.getByRole('radio', { name: 'Automatic (QR code or emailed link)' }))
    expect(screen.queryByText('With no consent only name and gender can be saved.')).not.toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeEnabled()
  })
})

describe('/contacts/edit/{id}: a contact without consent, and a save the server refuses (issue #8 item 11)', () => {
  const withoutConsent = () =>
    buildContactView({
      consent_type: null,
      consent_url_sent: false,
      consent_given: false,
      consent_date: null,
      consent_content: null,
      member_status: null,
      member_status_display: null,
      email: null,
      phone: null,
    })

  it('D2-4.2-12: a contact without consent saves its name without a member status', async () => {
    const { user, updates } = await openEdit(buildContactItem(withoutConsent()))
    await save()
    expect(screen.getByRole('radio', { name: "I don't have consent yet" })).toBeChecked()
    expect(select(/^Member status/)).toBeDisabled()
    await user.clear(field(/^Last name/))
    await enter(user, field(/^Last name/), 'Nguyen')
    await user.click(await save())
    await waitFor(() => expect(updates).toHaveLength(1))
    expect(updates[0]).toEqual({ last_name: 'Nguyen', team_id: 10, group_id: 10, user_id: 42 })
    expect(await screen.findByText('Saved')).toBeInTheDocument()
  })

  it("a refused save marks the fields on screen with the server's words and names the locked ones, never only 'Error'", async () => {
    const { user } = await openEdit(buildContactItem(withoutConsent()))
    server.use(
      mockCall(contactCalls.updateUser, () =>
        apiError('invalid_request', 400, {
          errors: { last_name: 'Remove the invisible or control characters', member_status: 'Required' },
          error_codes: { last_name: { code: 'unsafe_characters', params: {} }, member_status: { code: 'required', params: {} } },
        }),
      ),
    )
    await save()
    await user.type(field(/^Last name/), 'x')
    await user.click(await save())
    await waitFor(() => expect(field(/^Last name/)).toHaveAccessibleDescription('Remove the invisible or control characters.'))
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent)
    expect(alerts).toContain('Not saved: some details were not accepted.')
    expect(alerts).not.toContain('Error')
    expect(within(screen.getByRole('alert', { name: 'Not saved' })).getByText('Member status: Required')).toBeInTheDocument()
  })
})

describe('/contacts/edit/{id}: the Actions section (spec 2 §2, §6, §8)', () => {
  it('D2-6-08: without delete_contact there is no Actions section (a leader still edits)', async () => {
    await openEdit(buildContactItem(buildContactView(), { role: 'leader' }))
    await save()
    expect(actionsSection()).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Remove from team' })).not.toBeInTheDocument()
  })

  it('D2-2.3-05, D2-2.3-06, D2-6-08: with delete_contact an active contact offers Archive and Remove from team (primary group)', async () => {
    await openEdit(buildContactItem(buildContactView(), { role: 'owner' }))
    await save()
    const actions = within(actionsSection()!)
    expect(actions.getAllByRole('button').map((button) => button.textContent)).toEqual(['Archive', 'Remove from team'])
  })

  it('D2-2.3-05, D2-2.3-06: an archived contact offers Restore; in another group, Remove from group', async () => {
    await openEdit(buildContactItem(buildContactView({ status: 'archive' })), { groupId: 12 })
    await save()
    const actions = within(actionsSection()!)
    expect(actions.getAllByRole('button').map((button) => button.textContent)).toEqual(['Restore', 'Remove from group'])
  })

  const cases = [
    ['Archive', 'active', contactCalls.archiveUser, 'Archive Anna Lee? An archived contact is removed after 12 months without interactions.'],
    ['Restore', 'archive', contactCalls.unarchiveUser, 'Restore Anna Lee to the active contacts?'],
    ['Remove from team', 'active', contactCalls.removeContactFromTeam, 'Remove Anna Lee from the team?'],
  ] as const

  for (const [label, status, call, question] of cases) {
    it(`D2-2.3-05/06: ${label} asks, sends ${call.path.slice(1)} and returns to /contacts`, async () => {
      const sent: ActionInput[] = []
      const { user, router } = await openEdit(buildContactItem(buildContactView({ status })))
      server.use(
        mockCall(call, ({ input }) => {
          sent.push(input)
          return { success: true as const }
        }),
      )
      await save()
      await user.click(within(actionsSection()!).getByRole('button', { name: label }))
      const dialog = within(await screen.findByRole('dialog', { name: label }))
      expect(dialog.getByText(question)).toBeInTheDocument()
      await user.click(dialog.getByRole('button', { name: label }))
      await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'))
      expect(sent).toEqual([{ user_id: 42, team_id: 10, group_id: 10 }])
    })

    it(`D2-8-06 D3-8-01: ${label} failing closes the dialog, shows 'Error' and stays on the edit page`, async () => {
      const { user, router } = await openEdit(buildContactItem(buildContactView({ status })))
      server.use(mockCall(call, () => apiError('internal_error', 500)))
      await save()
      const actions = within(actionsSection()!)
      expect(actions.queryByRole('alert')).not.toBeInTheDocument()
      await user.click(actions.getByRole('button', { name: label }))
      const dialog = within(await screen.findByRole('dialog', { name: label }))
      await user.click(dialog.getByRole('button', { name: label }))
      // The dialog closes at once and the section says what failed.
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
      expect(actions.getByRole('alert')).toHaveTextContent(/^Error$/)
      expect(router.state.location.pathname).toBe('/contacts/edit/42')
    })
  }

  // After the cases above, /contacts is loaded: this test waits for the message, not the page's chunk.
  it('issue #10 item 14: after removing, /contacts says what happened', async () => {
    const { user, router } = await openEdit(buildContactItem(buildContactView()))
    server.use(mockCall(contactCalls.removeContactFromTeam, { success: true as const }))
    await save()
    await user.click(within(actionsSection()!).getByRole('button', { name: 'Remove from team' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove from team' }))
    await user.click(dialog.getByRole('button', { name: 'Remove from team' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'))
    expect(await screen.findByText('Anna Lee was removed from this team.')).toBeInTheDocument()
  })
})

describe('/contacts/edit/{id} in Spanish', () => {
  it('speaks Spanish', async () => {
    await changeLocale('es')
    await openEdit(buildContactItem(buildContactView()))
    expect(await screen.findByRole('button', { name: 'Guardar' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Acciones' })).toBeInTheDocument()
  })
})
