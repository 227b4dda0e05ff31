import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { contactCalls, relationshipCalls, relationshipTypes, type ContactItem, type ContactRelationships, type InputOf } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildTeam, buildContactHit } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { buildContactItem } from '../../contacts/pages/contact-view.fixtures'
import { activeTabStorageKey } from '../../contacts/components/view/contact-tabs'

const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'leader' })

const family: ContactRelationships = {
  items: [{ id: 1, related_user_id: 7, relationship_type: 'father', relationship_type_display: 'Father', user_name: 'Max Lee' }],
  count: 1,
  max_pages: 1,
  inverse: [{ id: 2, related_user_id: 8, relationship_type: 'daughter', relationship_type_display: 'Daughter', user_name: 'Amy Lee' }],
  inferred: [
    {
      related_user_id: 9,
      relationship_type: 'sister',
      relationship_type_display: 'Sister',
      user_name: 'Sue Lee',
      via_user_id: 7,
      via_user_name: 'Max Lee',
    },
  ],
}

/** Opens contact 5 on its Relationships tab, serving `relationships`; records the writes. */
function openRelationships(relationships: ContactRelationships = family, item: ContactItem = buildContactItem({ role: 'leader' })) {
  window.localStorage.setItem(activeTabStorageKey, 'relationships')
  signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
  const writes: Array<{ call: string; input: unknown }> = []
  const record = (call: string) => (request: { input: unknown }) => {
    writes.push({ call, input: request.input })
    return { id: 99 }
  }
  const done = (call: string) => (request: { input: unknown }) => {
    writes.push({ call, input: request.input })
    return { success: true as const }
  }
  server.use(
    mockCall(contactCalls.contact, item),
    mockCall(relationshipCalls.contactRelationships, relationships),
    mockCall(relationshipCalls.addContactRelationship, record('add')),
    mockCall(relationshipCalls.confirmInferredContactRelationship, record('confirm')),
    mockCall(relationshipCalls.removeInferredContactRelationship, done('remove')),
    mockCall(relationshipCalls.updateContactRelationship, done('update')),
    mockCall(relationshipCalls.deleteContactRelationship, done('delete')),
  )
  return { ...renderApp('/contacts/view/5'), writes }
}

// The first render loads the contact page's and the tab's chunks: slow on a busy machine.
const table = async (name: string) => within(await screen.findByRole('table', { name }, { timeout: 10_000 }))

describe('the Relationships tab', () => {
  it('D2-3.12-02 shows the three lists: direct, inverse and inferred (through whom)', async () => {
    openRelationships()
    const direct = await table('Relationships')
    expect(direct.getByRole('link', { name: 'Max Lee' })).toHaveAttribute('href', '/contacts/view/7')
    expect(direct.getByText('Father')).toBeInTheDocument()
    // The buttons' column is named too, for a screen reader's column headers (axe empty-table-header).
    expect(direct.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Contact', 'Relationship', 'Actions'])
    const inverse = await table('Recorded on other contacts')
    expect(inverse.getByRole('link', { name: 'Amy Lee' })).toHaveAttribute('href', '/contacts/view/8')
    expect(inverse.getByText('Daughter')).toBeInTheDocument()
    const inferred = await table('Suggested relationships')
    expect(inferred.getByText('Sister')).toBeInTheDocument()
    expect(inferred.getByText('Through Max Lee')).toBeInTheDocument()
  })

  it('D2-7.5-07 D2-7.5-06 confirms an inferred relationship with its type, and removes another', async () => {
    const { user, writes } = openRelationships()
    const inferred = await table('Suggested relationships')
    await user.click(inferred.getByRole('button', { name: 'Confirm Sue Lee as Sister' }))
    await waitFor(() =>
      expect(writes).toContainEqual({ call: 'confirm', input: { team_id: 10, group_id: 10, user_id: 5, related_user_id: 9, relationship_type: 'sister' } }),
    )
    await user.click(inferred.getByRole('button', { name: 'Remove the suggestion Sue Lee' }))
    await waitFor(() => expect(writes).toContainEqual({ call: 'remove', input: { team_id: 10, group_id: 10, user_id: 5, related_user_id: 9 } }))
  })

  it('D2-5-13 D2-7.5-03 adds a relationship: the search leaves out the contact itself; every type of spec 2 §3 is offered', async () => {
    const searches: Array<InputOf<typeof contactCalls.teamContactSuggestions>> = []
    server.use(
      mockCall(contactCalls.teamContactSuggestions, ({ input }) => {
        searches.push(input)
        return { items: [buildContactHit(31, 'Peter Lee')] }
      }),
    )
    const { user, writes } = openRelationships()
    const form = within(await screen.findByRole('region', { name: 'Add a relationship' }, { timeout: 5000 }))
    await user.type(form.getByRole('textbox', { name: /^Contact/ }), 'Pet')
    await user.click(await screen.findByRole('option', { name: 'Peter Lee' }))
    expect(searches.at(-1)).toEqual({ search: 'Pet', team_id: '10', group_id: '10', exclude_id: '5' })
    const type = form.getByRole('combobox', { name: /^Relationship/ })
    const options = within(type)
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'))
    expect(options.filter(Boolean)).toEqual([...relationshipTypes])
    await user.selectOptions(type, 'coworker')
    await user.click(form.getByRole('button', { name: 'Add relationship' }))
    await waitFor(() =>
      expect(writes).toContainEqual({ call: 'add', input: { team_id: 10, group_id: 10, user_id: 5, related_user_id: 31, relationship_type: 'coworker' } }),
    )
  })

  it('names a missing field and sends nothing', async () => {
    const { user, writes } = openRelationships()
    const form = within(await screen.findByRole('region', { name: 'Add a relationship' }, { timeout: 5000 }))
    await user.click(form.getByRole('button', { name: 'Add relationship' }))
    expect(await form.findAllByText('This field is required.')).toHaveLength(2)
    expect(writes).toEqual([])
  })

  it('D2-8-13 a failed add is silent; a refused contact is named on its field', async () => {
    server.use(mockCall(contactCalls.teamContactSuggestions, { items: [buildContactHit(31, 'Peter Lee')] }))
    const { user } = openRelationships()
    server.use(mockCall(relationshipCalls.addContactRelationship, () => apiError('internal_error', 500)))
    const form = within(await screen.findByRole('region', { name: 'Add a relationship' }, { timeout: 5000 }))
    await user.type(form.getByRole('textbox', { name: /^Contact/ }), 'Pet')
    await user.click(await screen.findByRole('option', { name: 'Peter Lee' }))
    await user.selectOptions(form.getByRole('combobox', { name: /^Relationship/ }), 'friend')
    await user.click(form.getByRole('button', { name: 'Add relationship' }))
    await waitFor(() => expect(form.getByRole('button', { name: 'Add relationship' })).toBeEnabled())
    expect(form.getByRole('alert')).toHaveTextContent('')

    server.use(
      mockCall(relationshipCalls.addContactRelationship, () =>
        apiError('invalid_request', 400, {
          errors: { related_user_id: 'Choose a contact of this team.' },
          error_codes: { related_user_id: { code: 'related_outside_team', params: {} } },
        }),
      ),
    )
    await user.click(form.getByRole('button', { name: 'Add relationship' }))
    expect(await form.findByText('Choose a contact of this team.')).toBeInTheDocument()
  })

  it('changes the type of a direct relationship and deletes one after confirming', async () => {
    const { user, writes } = openRelationships()
    const direct = await table('Relationships')
    await user.click(direct.getByRole('button', { name: 'Edit the relationship with Max Lee' }))
    await user.selectOptions(direct.getByRole('combobox', { name: 'Relationship' }), 'guardian')
    await user.click(direct.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(writes).toContainEqual({ call: 'update', input: { team_id: 10, group_id: 10, user_id: 5, id: 1, relationship_type: 'guardian' } }),
    )
    await user.click(direct.getByRole('button', { name: 'Delete the relationship with Max Lee' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this relationship?' }))
    await user.click(dialog.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(writes).toContainEqual({ call: 'delete', input: { team_id: 10, group_id: 10, user_id: 5, id: 1 } }))
  })

  it('offers no changes without the right to edit the contact', async () => {
    openRelationships(family, buildContactItem({ role: 'member' }))
    const direct = await table('Relationships')
    expect(direct.queryByRole('button')).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Add a relationship' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Confirm/ })).not.toBeInTheDocument()
  })

  it('reads in Spanish', async () => {
    await changeLocale('es')
    openRelationships()
    expect(await screen.findByRole('table', { name: 'Relaciones sugeridas' }, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Añadir una relación' })).toBeInTheDocument()
    await changeLocale('en')
  })
})
