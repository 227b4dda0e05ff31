import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { contactCalls, interestCalls, lookupCalls, type ContactItem, type InterestItem } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { buildContactItem } from '../../contacts/pages/contact-view.fixtures'
import { activeTabStorageKey } from '../../contacts/components/view/contact-tabs'

const grace = buildTeam({ id: 10, title: 'Grace Church', role: 'leader' })

const held: InterestItem[] = [
  { value: 'music', name: 'Music and worship', is_other: false, title: 'Music and worship' },
  { value: 'other', name: 'Chess', is_other: true, title: 'Chess' },
]

/** Opens contact 5 on its Interests tab; records the writes. */
function openInterests(items: InterestItem[] = held, item: ContactItem = buildContactItem({ role: 'leader' })) {
  window.localStorage.setItem(activeTabStorageKey, 'interests')
  signedInAs(buildAccount([grace]), { teamId: 10, groupId: 10 })
  const writes: Array<{ call: string; input: unknown }> = []
  server.use(
    mockCall(contactCalls.contact, item),
    mockCall(interestCalls.contactInterests, { items, count: items.length, max_pages: 1 }),
    mockCall(lookupCalls.lookups, ({ params }) => ({
      items:
        params['list'] === 'interest-types'
          ? [
              { id: 'music', title: 'Music and worship' },
              { id: 'prayer', title: 'Prayer' },
              { id: 'other', title: 'Other', is_other: true },
            ]
          : [],
    })),
    mockCall(interestCalls.addContactInterest, ({ input }) => {
      writes.push({ call: 'add', input })
      return { id: 1 }
    }),
    mockCall(interestCalls.deleteContactInterest, ({ input }) => {
      writes.push({ call: 'delete', input })
      return { success: true as const }
    }),
  )
  return { ...renderApp('/contacts/view/5'), writes }
}

const form = async () => within(await screen.findByRole('region', { name: 'Add an interest' }, { timeout: 5000 }))

describe('the Interests tab', () => {
  it('D2-3.11-01 D2-3.11-02 lists the interests, an other one by its text', async () => {
    openInterests()
    const list = within(await screen.findByRole('table', { name: 'Interests' }, { timeout: 5000 }))
    expect(list.getByText('Music and worship')).toBeInTheDocument()
    expect(list.getByText('Chess')).toBeInTheDocument()
  })

  it('D1-3-15 D2-7.5-01 choosing Other reveals its text field; the interest is added with it', async () => {
    const { user, writes } = openInterests()
    const add = await form()
    const select = add.getByRole('combobox', { name: /^Interest/ })
    // Music is held already: it is not offered again; Other always is.
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['', 'Prayer', 'Other']),
    )
    expect(add.queryByRole('textbox', { name: /^Other interest/ })).not.toBeInTheDocument()
    await user.selectOptions(select, 'other')
    await user.click(add.getByRole('button', { name: 'Add interest' }))
    expect(await add.findByText('Describe the interest.')).toBeInTheDocument()
    expect(writes).toEqual([])
    await user.type(add.getByRole('textbox', { name: /^Other interest/ }), 'Hiking')
    await user.click(add.getByRole('button', { name: 'Add interest' }))
    await waitFor(() =>
      expect(writes).toEqual([{ call: 'add', input: { team_id: 10, group_id: 10, user_id: 5, interest: 'other', interest_other: 'Hiking' } }]),
    )
  })

  it('D2-7.5-02 removes an interest, an other one with its text', async () => {
    const { user, writes } = openInterests()
    await user.click(await screen.findByRole('button', { name: 'Remove the interest Chess' }, { timeout: 5000 }))
    await user.click(screen.getByRole('button', { name: 'Remove the interest Music and worship' }))
    await waitFor(() =>
      expect(writes).toEqual([
        { call: 'delete', input: { team_id: 10, group_id: 10, user_id: 5, interest: 'other', interest_other: 'Chess' } },
        { call: 'delete', input: { team_id: 10, group_id: 10, user_id: 5, interest: 'music' } },
      ]),
    )
  })

  it('D2-8-13 a failed add says nothing', async () => {
    const { user } = openInterests()
    server.use(mockCall(interestCalls.addContactInterest, () => apiError('internal_error', 500)))
    const add = await form()
    await waitFor(() => expect(within(add.getByRole('combobox', { name: /^Interest/ })).getAllByRole('option')).toHaveLength(3))
    await user.selectOptions(add.getByRole('combobox', { name: /^Interest/ }), 'prayer')
    await user.click(add.getByRole('button', { name: 'Add interest' }))
    await waitFor(() => expect(add.getByRole('button', { name: 'Add interest' })).toBeEnabled())
    expect(add.getByRole('alert')).toHaveTextContent('')
  })

  it('shows no changes without the right to edit, and reads in Spanish', async () => {
    await changeLocale('es')
    openInterests(held, buildContactItem({ role: 'member' }))
    expect(await screen.findByRole('table', { name: 'Intereses' }, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Quitar/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Añadir un interés' })).not.toBeInTheDocument()
    await changeLocale('en')
  })
})
