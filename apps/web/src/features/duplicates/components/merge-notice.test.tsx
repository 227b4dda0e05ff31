import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { contactCalls, mergeCalls, type InputOf, type UndoableMerge } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { buildContactItem, contactPageSideCalls } from '../../contacts/pages/contact-view.fixtures'

const annMerge: UndoableMerge = {
  id: 77,
  contact_id: 5,
  other_contact_id: 9,
  other_name: 'Anne Baker',
  created_at: '2026-11-22T01:00:00.000Z',
  undo_until: '2026-12-22T01:00:00.000Z',
}

/** Opens contact 5 as the team's `role`; the merges into it are `merges` until one is undone. */
function openContact(role: 'owner' | 'leader', merges: UndoableMerge[] = [annMerge]) {
  signedInAs(buildAccount([buildTeam({ id: 10, title: 'Grace Church', role })]), { teamId: 10, groupId: 10 })
  let current = merges
  const asked: Array<InputOf<typeof mergeCalls.contactMerges>> = []
  const undone: Array<InputOf<typeof mergeCalls.undoContactMerge>> = []
  let contactReads = 0
  server.use(
    ...contactPageSideCalls(),
    mockCall(contactCalls.contact, () => {
      contactReads++
      return buildContactItem()
    }),
    mockCall(mergeCalls.contactMerges, ({ input }) => {
      asked.push(input)
      return { data: current }
    }),
    mockCall(mergeCalls.undoContactMerge, ({ input }) => {
      undone.push(input)
      current = []
      return annMerge
    }),
  )
  return { ...renderApp('/contacts/view/5'), asked, undone, contactReads: () => contactReads }
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' }, { timeout: 5000 })

describe("a contact's merges on its page (issue 40 §1)", () => {
  it('says which record was merged in and when, and undoes the merge once confirmed', async () => {
    const { asked, undone, contactReads, user } = openContact('owner')
    await heading()
    const notice = (await screen.findByText(/^Merged from Anne Baker/)).closest('[role="note"]') as HTMLElement
    expect(notice).toHaveTextContent('Merged from Anne Baker on 22 Nov 2026. It can be undone until 22 Dec 2026.')
    expect(asked).toEqual([{ team_id: '10', contact_id: '5' }])
    const readsBefore = contactReads()

    await user.click(within(notice).getByRole('button', { name: 'Undo merge with Anne Baker' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Undo the merge?' }))
    expect(
      dialog.getByText(
        'Anne Baker becomes a record of its own again, with its notes, interactions, events, attendance and relationships, and this record is as it was before the merge.',
      ),
    ).toBeInTheDocument()
    await user.click(dialog.getByRole('button', { name: 'Undo merge' }))

    const done = await screen.findByText('The merge was undone: Anne Baker is a record of its own again.')
    expect(undone).toEqual([{ team_id: 10, merge_id: 77 }])
    expect(within(done.closest('[role="status"]') as HTMLElement).getByRole('link', { name: 'Open Anne Baker' })).toHaveAttribute('href', '/contacts/view/9')
    // The contact and its merges are read again: the notice is gone.
    await waitFor(() => expect(screen.queryByText(/Merged from Anne Baker/)).not.toBeInTheDocument())
    expect(contactReads()).toBeGreaterThan(readsBefore)
  })

  it('says why an undo was refused', async () => {
    const { user } = openContact('owner')
    server.use(mockCall(mergeCalls.undoContactMerge, () => apiError('merge_other_team', 409, { teams: ['Hope Chapel'] })))
    await heading()
    await user.click(await screen.findByRole('button', { name: 'Undo merge with Anne Baker' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Undo merge' }))
    const refusal = await screen.findByText('These records are also held by Hope Chapel: their owners must agree first.')
    expect(refusal.closest('[role="alert"]')).not.toBeNull()
    expect(screen.getByText(/Merged from Anne Baker/)).toBeInTheDocument()
  })

  it('reads in Spanish', async () => {
    await changeLocale('es')
    openContact('owner')
    expect(
      await screen.findByText('Fusionado desde Anne Baker el 22 nov 2026. Se puede deshacer hasta el 22 dic 2026.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Deshacer la fusión con Anne Baker' })).toBeInTheDocument()
  })

  it('is not asked for by who may not merge in the team', async () => {
    const { asked } = openContact('leader')
    await heading()
    expect(asked).toEqual([])
    expect(screen.queryByText(/Merged from/)).not.toBeInTheDocument()
  })
})
