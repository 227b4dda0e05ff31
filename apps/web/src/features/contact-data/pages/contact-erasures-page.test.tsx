import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { capabilityMap, contactCalls, contactDataCalls, type ContactErasure, type InputOf } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { buildContactDue, buildErasure, mockRetention, type RetentionOptions } from '../contact-data.fixtures'

const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'owner' })

const pending = buildErasure({ id: 3, contact_id: 5 })
const cancelled = buildErasure({
  id: 2,
  contact_id: 6,
  contact_name: 'Ana Ruiz',
  reason: 'Asked twice by mistake',
  requested_at: '2026-11-10T01:00:00.000Z',
  due_at: '2026-11-17T01:00:00.000Z',
  status: 'cancelled',
  cancelled_by_name: 'Sam Ortiz',
  cancelled_at: '2026-11-11T01:00:00.000Z',
})
const carriedOut = buildErasure({
  id: 1,
  contact_id: 7,
  contact_name: null,
  reason: 'No longer needed',
  requested_at: '2026-10-01T01:00:00.000Z',
  due_at: '2026-10-08T01:00:00.000Z',
  status: 'carried_out',
  carried_out_at: '2026-10-08T02:00:00.000Z',
})

/** The page as Grace Church's owner (or `team`), with `erasures` until one is called off, and the retention calls answered. */
function openErasures({
  erasures = [pending, cancelled, carriedOut],
  team = grace,
  ...retention
}: RetentionOptions & { erasures?: ContactErasure[]; team?: typeof grace } = {}) {
  let rows = erasures
  const asked: Array<InputOf<typeof contactDataCalls.contactErasures>> = []
  const cancels: Array<InputOf<typeof contactDataCalls.cancelContactErasure>> = []
  server.use(
    mockCall(contactDataCalls.contactErasures, ({ input }) => {
      asked.push(input)
      return { items: rows, count: rows.length, max_pages: 1 }
    }),
    mockCall(contactDataCalls.cancelContactErasure, ({ input }) => {
      cancels.push(input)
      rows = rows.map((row) =>
        row.id === Number(input.erasure_id) ? { ...row, status: 'cancelled', cancelled_by_name: 'Ruth Miller', cancelled_at: '2026-11-23T01:00:00.000Z' } : row,
      )
      return { success: true as const }
    }),
  )
  const calls = mockRetention(retention)
  signedInAs(buildAccount([team]), { teamId: team.id, groupId: team.id })
  return { ...renderApp('/contacts/erasures'), asked, cancels, ...calls }
}

const requests = () => within(screen.getByRole('region', { name: 'History' }))
const setting = () => within(screen.getByRole('region', { name: 'Keep contacts without activity' }))
const dueSection = () => within(screen.getByRole('region', { name: 'Due for de-identification' }))
/** Waits for the page's sections (the page loads lazily). */
const sectionsShown = async (names = ['Keep contacts without activity']) => {
  for (const name of names) await screen.findByRole('region', { name }, { timeout: 5000 })
}

describe('/contacts/erasures (issue 40 §2)', () => {
  it('lists each erasure: whose record, when and by whom, why, and what became of it; Keep calls a pending one off', async () => {
    const { asked, cancels, user } = openErasures()
    expect(await screen.findByRole('heading', { level: 1, name: 'Erasure and de-identification' })).toBeInTheDocument()
    expect(await screen.findByText('3 entries')).toBeInTheDocument()
    expect(asked[0]).toMatchObject({ team_id: '10', page: '1' })

    const first = within(requests().getByRole('listitem', { name: 'Noah Bennett, asked on 22 Nov 2026' }))
    expect(first.getByRole('link', { name: 'Noah Bennett' })).toHaveAttribute('href', '/contacts/view/5')
    expect(first.getByText('Pending')).toBeInTheDocument()
    expect(first.getByText('Asked on 22 Nov 2026 by Ruth Miller')).toBeInTheDocument()
    expect(first.getByText('Reason: The person asked')).toBeInTheDocument()
    expect(first.getByText('To be erased on 29 Nov 2026')).toBeInTheDocument()

    const second = within(requests().getByRole('listitem', { name: 'Ana Ruiz, asked on 10 Nov 2026' }))
    expect(second.getByText('Called off')).toBeInTheDocument()
    expect(second.getByText('Called off on 11 Nov 2026 by Sam Ortiz')).toBeInTheDocument()
    expect(second.queryByRole('button')).not.toBeInTheDocument()

    // A record that is gone has no page to open.
    const third = within(requests().getByRole('listitem', { name: 'Erased contact (record 7), asked on 1 Oct 2026' }))
    expect(third.getByText('Erased')).toBeInTheDocument()
    expect(third.getByText('Erased on 8 Oct 2026')).toBeInTheDocument()
    expect(third.queryByRole('link')).not.toBeInTheDocument()

    await user.click(first.getByRole('button', { name: 'Keep this contact: Noah Bennett' }))
    const kept = await screen.findByText('The erasure was called off (Noah Bennett): the contact is kept.')
    expect(kept.closest('[role="status"]')).not.toBeNull()
    expect(cancels).toEqual([{ team_id: 10, erasure_id: 3 }])
    await waitFor(() => expect(first.getByText('Called off on 23 Nov 2026 by Ruth Miller')).toBeInTheDocument())
    expect(first.queryByRole('button')).not.toBeInTheDocument()
  })

  it('words a de-identification as one, pending, called off or done, and one the retention schedule did as the schedule’s', async () => {
    const { user } = openErasures({
      erasures: [
        buildErasure({ id: 13, contact_id: 12, contact_name: 'Lena Park', mode: 'de_identify', reason: 'No longer needed' }),
        buildErasure({
          id: 12,
          contact_id: 11,
          contact_name: null,
          mode: 'de_identify',
          reason: '',
          requested_by_name: '',
          retention_months: 24,
          requested_at: '2026-11-02T01:00:00.000Z',
          due_at: '2026-11-02T01:00:00.000Z',
          status: 'carried_out',
          carried_out_at: '2026-11-02T01:00:00.000Z',
        }),
        buildErasure({
          id: 11,
          contact_id: 9,
          contact_name: null,
          mode: 'de_identify',
          reason: 'The person asked',
          requested_at: '2026-10-01T01:00:00.000Z',
          due_at: '2026-10-08T01:00:00.000Z',
          status: 'carried_out',
          carried_out_at: '2026-10-08T02:00:00.000Z',
        }),
      ],
    })
    const asked = within(await screen.findByRole('listitem', { name: 'Lena Park, asked on 22 Nov 2026' }))
    expect(asked.getByText('To be de-identified on 29 Nov 2026')).toBeInTheDocument()
    expect(asked.getByText('Reason: No longer needed')).toBeInTheDocument()

    const bySchedule = within(screen.getByRole('listitem', { name: 'De-identified contact (record 11), by the retention setting on 2 Nov 2026' }))
    expect(bySchedule.getByText('De-identified')).toBeInTheDocument()
    expect(bySchedule.getByText('Done by the retention schedule on 2 Nov 2026')).toBeInTheDocument()
    expect(bySchedule.getByText("No activity for 24 months (this team's retention setting)")).toBeInTheDocument()
    expect(bySchedule.getByText('De-identified on 2 Nov 2026')).toBeInTheDocument()
    expect(bySchedule.queryByText(/Asked on|Reason:/)).not.toBeInTheDocument()
    expect(bySchedule.queryByRole('link')).not.toBeInTheDocument()

    const done = within(screen.getByRole('listitem', { name: 'De-identified contact (record 9), asked on 1 Oct 2026' }))
    expect(done.getByText('De-identified on 8 Oct 2026')).toBeInTheDocument()
    expect(screen.queryByText(/\bErased\b/)).not.toBeInTheDocument()

    await user.click(asked.getByRole('button', { name: 'Keep this contact: Lena Park' }))
    expect(await screen.findByText('The de-identification was called off (Lena Park): the contact is kept.')).toBeInTheDocument()
  })

  it('says so when nothing was asked', async () => {
    openErasures({ erasures: [] })
    expect(await screen.findByText('No contact of this team has been asked to be erased or de-identified.')).toBeInTheDocument()
  })

  it('reads the retention setting, off at first, and saves another; the due list then shows', async () => {
    const { user, sets } = openErasures()
    await sectionsShown()
    const select = await setting().findByRole('combobox', { name: 'De-identify contacts with no activity for' })
    expect(select).toHaveDisplayValue('Off')
    expect(
      setting()
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Off', '12 months', '24 months', '36 months'])
    expect(
      setting().getByText(
        'Contacts this team owns are de-identified once they have had no activity for that long. The owners are told 30 days ahead and can keep a contact; de-identified contacts still count in reports.',
      ),
    ).toBeInTheDocument()
    // While it is off and nobody is due, there is no due list.
    await screen.findByText('3 entries')
    expect(screen.queryByRole('heading', { name: 'Due for de-identification' })).not.toBeInTheDocument()

    await user.selectOptions(select, '24 months')
    await user.click(setting().getByRole('button', { name: 'Save' }))
    expect(await setting().findByText('Saved')).toBeInTheDocument()
    expect(sets).toEqual([{ team_id: 10, months: 24 }])
    expect(select).toHaveDisplayValue('24 months')
    await sectionsShown(['Due for de-identification'])
    expect(await dueSection().findByText('No contact of this team is due for de-identification.')).toBeInTheDocument()

    // And off again.
    await user.selectOptions(select, 'Off')
    await user.click(setting().getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(sets).toEqual([
        { team_id: 10, months: 24 },
        { team_id: 10, months: null },
      ]),
    )
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Due for de-identification' })).not.toBeInTheDocument())
    expect(select).toHaveDisplayValue('Off')
  })

  it('says why the setting was not saved, and keeps the choice', async () => {
    const { user } = openErasures()
    server.use(mockCall(contactDataCalls.setContactRetention, () => apiError('forbidden', 403)))
    await sectionsShown()
    const select = await setting().findByRole('combobox', { name: 'De-identify contacts with no activity for' })
    await user.selectOptions(select, '12 months')
    await user.click(setting().getByRole('button', { name: 'Save' }))
    expect(await setting().findByRole('alert')).toHaveTextContent('The setting could not be saved. Try again.')
    expect(select).toHaveDisplayValue('12 months')
  })

  it('shows the setting read-only to who may not edit the team', async () => {
    const keeper = buildTeam({ id: 10, title: 'Grace Church', role: 'owner', user_capabilities: { ...capabilityMap('owner'), update_team: false } })
    openErasures({ team: keeper, months: 24, due: [buildContactDue()] })
    await sectionsShown()
    expect(await setting().findByText('De-identify contacts with no activity for: 24 months')).toBeInTheDocument()
    expect(setting().getByText("Only the team's owners can change this.")).toBeInTheDocument()
    expect(setting().queryByRole('combobox')).not.toBeInTheDocument()
    expect(setting().queryByRole('button', { name: 'Save' })).not.toBeInTheDocument()
    // Keeping a contact is the remover's (delete_contact), not the team editor's.
    await sectionsShown(['Due for de-identification'])
    expect(await dueSection().findByRole('button', { name: 'Keep: Tom Reed' })).toBeInTheDocument()
  })

  it('lists the contacts due for de-identification, soonest first; Keep keeps one, says so, and the list and count follow', async () => {
    const { user, keeps, dueQueries } = openErasures({
      months: 24,
      due: [buildContactDue(), buildContactDue({ id: 9, name: '', last_activity_at: '2025-01-20T01:00:00.000Z', due_at: '2027-01-20T01:00:00.000Z' })],
    })
    await sectionsShown(['Due for de-identification'])
    expect(await dueSection().findByText('2 contacts')).toBeInTheDocument()
    expect(dueQueries[0]).toMatchObject({ team_id: '10', page: '1' })

    const tom = within(dueSection().getByRole('listitem', { name: 'Tom Reed, to be de-identified on 5 Jan 2027' }))
    expect(tom.getByRole('link', { name: 'Tom Reed' })).toHaveAttribute('href', '/contacts/view/8')
    expect(tom.getByText('Last activity 5 Jan 2025')).toBeInTheDocument()
    expect(tom.getByText('To be de-identified on 5 Jan 2027')).toBeInTheDocument()
    // A child the reader may not see named.
    const child = within(dueSection().getByRole('listitem', { name: 'A child, to be de-identified on 20 Jan 2027' }))
    expect(child.getByRole('link', { name: 'A child' })).toHaveAttribute('href', '/contacts/view/9')
    expect(child.getByRole('button', { name: 'Keep: A child' })).toBeInTheDocument()

    await user.click(tom.getByRole('button', { name: 'Keep: Tom Reed' }))
    const kept = await dueSection().findByText('Tom Reed is kept: their time without activity starts again.')
    expect(kept.closest('[role="status"]')).not.toBeNull()
    expect(keeps).toEqual([{ team_id: 10, group_id: 10, user_id: 8 }])
    expect(await dueSection().findByText('1 contact')).toBeInTheDocument()
    expect(dueSection().queryByRole('listitem', { name: /^Tom Reed/ })).not.toBeInTheDocument()
  })

  it('says why a contact was not kept, and it stays in the list', async () => {
    const { user } = openErasures({ months: 12, due: [buildContactDue()] })
    server.use(mockCall(contactDataCalls.keepContact, () => apiError('internal_error', 500)))
    await sectionsShown(['Due for de-identification'])
    await user.click(await dueSection().findByRole('button', { name: 'Keep: Tom Reed' }))
    expect(await dueSection().findByText('The contact could not be kept. Try again.')).toBeInTheDocument()
    expect(dueSection().getByRole('listitem', { name: /^Tom Reed/ })).toBeInTheDocument()
  })

  it('shows the due list while contacts told of are still due, even with the setting off', async () => {
    openErasures({ months: null, due: [buildContactDue()] })
    expect(await screen.findByRole('heading', { name: 'Due for de-identification' })).toBeInTheDocument()
    expect(await dueSection().findByRole('link', { name: 'Tom Reed' })).toBeInTheDocument()
  })

  it('says so when the setting could not be loaded, with Try again', async () => {
    openErasures()
    server.use(mockCall(contactDataCalls.contactRetention, () => apiError('internal_error', 500)))
    expect(await screen.findByText('The retention setting could not be loaded.', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(setting().getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('says so when the due list could not be loaded, with Try again', async () => {
    openErasures({ months: 24 })
    server.use(mockCall(contactDataCalls.contactsDueForDeIdentification, () => apiError('internal_error', 500)))
    await sectionsShown(['Due for de-identification'])
    expect(await dueSection().findByText('The contacts due for de-identification could not be loaded.')).toBeInTheDocument()
    expect(dueSection().getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('reads in Spanish', async () => {
    await changeLocale('es')
    openErasures({ months: 24, due: [buildContactDue()] })
    expect(await screen.findByRole('heading', { level: 1, name: 'Borrado y anonimización' })).toBeInTheDocument()
    const first = within(await screen.findByRole('listitem', { name: 'Noah Bennett, pedido el 22 nov 2026' }))
    expect(first.getByText('Lo pidió Ruth Miller el 22 nov 2026')).toBeInTheDocument()
    expect(first.getByText('Se borrará el 29 nov 2026')).toBeInTheDocument()
    expect(first.getByRole('button', { name: 'Conservar este contacto: Noah Bennett' })).toBeInTheDocument()
    expect(await screen.findByRole('listitem', { name: 'Contacto borrado (registro 7), pedido el 1 oct 2026' })).toBeInTheDocument()

    const select = await screen.findByRole('combobox', { name: 'Anonimizar contactos sin actividad durante' })
    expect(select).toHaveDisplayValue('24 meses')
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeInTheDocument()
    const due = within(await screen.findByRole('listitem', { name: 'Tom Reed, se anonimizará el 5 ene 2027' }))
    expect(due.getByText('Última actividad: 5 ene 2025')).toBeInTheDocument()
    expect(due.getByRole('button', { name: 'Conservar: Tom Reed' })).toBeInTheDocument()
  })

  it('is offered on /contacts to an owner, and not to a leader, whom the page refuses', async () => {
    const empty = { items: [], count: 0, max_pages: 1 }
    server.use(mockCall(contactCalls.contacts, empty), mockCall(contactCalls.archivedContacts, empty))
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    const owner = renderApp('/contacts')
    expect(await screen.findByRole('link', { name: 'Erasure and de-identification' })).toHaveAttribute('href', '/contacts/erasures')
    owner.unmount()

    signedInAs(buildAccount([buildTeam({ id: 11, title: 'Hope Church', role: 'leader' })]), { teamId: 11, groupId: 11 })
    const leader = renderApp('/contacts')
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Erasure and de-identification' })).not.toBeInTheDocument()
    leader.unmount()
    renderApp('/contacts/erasures')
    expect(await screen.findByText('Not allowed.')).toBeInTheDocument()
  })
})
