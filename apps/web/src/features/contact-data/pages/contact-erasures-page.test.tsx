import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { contactCalls, contactDataCalls, type ContactErasure, type InputOf } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { buildErasure } from '../contact-data.fixtures'

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

/** The erasures page as Grace Church's owner, with the three erasures above until one is called off. */
function openErasures() {
  let rows: ContactErasure[] = [pending, cancelled, carriedOut]
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
        row.id === 3 ? { ...row, status: 'cancelled', cancelled_by_name: 'Ruth Miller', cancelled_at: '2026-11-23T01:00:00.000Z' } : row,
      )
      return { success: true as const }
    }),
  )
  signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
  return { ...renderApp('/contacts/erasures'), asked, cancels }
}

describe('/contacts/erasures (issue 40 §2)', () => {
  it('lists each erasure: whose record, when and by whom, why, and what became of it; Keep calls a pending one off', async () => {
    const { asked, cancels, user } = openErasures()
    expect(await screen.findByRole('heading', { level: 1, name: 'Erasure requests' })).toBeInTheDocument()
    expect(await screen.findByText('3 requests')).toBeInTheDocument()
    expect(asked[0]).toMatchObject({ team_id: '10', page: '1' })

    const first = within(screen.getByRole('listitem', { name: 'Noah Bennett, asked on 22 Nov 2026' }))
    expect(first.getByRole('link', { name: 'Noah Bennett' })).toHaveAttribute('href', '/contacts/view/5')
    expect(first.getByText('Pending')).toBeInTheDocument()
    expect(first.getByText('Asked on 22 Nov 2026 by Ruth Miller')).toBeInTheDocument()
    expect(first.getByText('Reason: The person asked')).toBeInTheDocument()
    expect(first.getByText('To be erased on 29 Nov 2026')).toBeInTheDocument()

    const second = within(screen.getByRole('listitem', { name: 'Ana Ruiz, asked on 10 Nov 2026' }))
    expect(second.getByText('Called off')).toBeInTheDocument()
    expect(second.getByText('Called off on 11 Nov 2026 by Sam Ortiz')).toBeInTheDocument()
    expect(second.queryByRole('button')).not.toBeInTheDocument()

    // A record that is gone has no page to open.
    const third = within(screen.getByRole('listitem', { name: 'Erased contact (record 7), asked on 1 Oct 2026' }))
    expect(third.getByText('Erased')).toBeInTheDocument()
    expect(third.getByText('Erased on 8 Oct 2026')).toBeInTheDocument()
    expect(third.queryByRole('link')).not.toBeInTheDocument()

    await user.click(first.getByRole('button', { name: 'Keep this contact: Noah Bennett' }))
    expect(await screen.findByRole('status')).toHaveTextContent('The erasure was called off (Noah Bennett): the contact is kept.')
    expect(cancels).toEqual([{ team_id: 10, erasure_id: 3 }])
    await waitFor(() => expect(first.getByText('Called off on 23 Nov 2026 by Ruth Miller')).toBeInTheDocument())
    expect(first.queryByRole('button')).not.toBeInTheDocument()
  })

  it('says so when nothing was asked', async () => {
    server.use(mockCall(contactDataCalls.contactErasures, { items: [], count: 0, max_pages: 1 }))
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    renderApp('/contacts/erasures')
    expect(await screen.findByText('No contact of this team has been asked to be erased.')).toBeInTheDocument()
  })

  it('reads in Spanish', async () => {
    await changeLocale('es')
    openErasures()
    expect(await screen.findByRole('heading', { level: 1, name: 'Solicitudes de borrado' })).toBeInTheDocument()
    const first = within(await screen.findByRole('listitem', { name: 'Noah Bennett, pedido el 22 nov 2026' }))
    expect(first.getByText('Lo pidió Ruth Miller el 22 nov 2026')).toBeInTheDocument()
    expect(first.getByText('Se borrará el 29 nov 2026')).toBeInTheDocument()
    expect(first.getByRole('button', { name: 'Conservar este contacto: Noah Bennett' })).toBeInTheDocument()
    expect(await screen.findByRole('listitem', { name: 'Contacto borrado (registro 7), pedido el 1 oct 2026' })).toBeInTheDocument()
  })

  it('is offered on /contacts to an owner, and not to a leader, whom the page refuses', async () => {
    const empty = { items: [], count: 0, max_pages: 1 }
    server.use(mockCall(contactCalls.contacts, empty), mockCall(contactCalls.archivedContacts, empty))
    signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
    const owner = renderApp('/contacts')
    expect(await screen.findByRole('link', { name: 'Erasure requests' })).toHaveAttribute('href', '/contacts/erasures')
    owner.unmount()

    signedInAs(buildAccount([buildTeam({ id: 11, title: 'Hope Church', role: 'leader' })]), { teamId: 11, groupId: 11 })
    const leader = renderApp('/contacts')
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Erasure requests' })).not.toBeInTheDocument()
    leader.unmount()
    renderApp('/contacts/erasures')
    expect(await screen.findByText('Not allowed.')).toBeInTheDocument()
  })
})
