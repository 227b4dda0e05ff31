import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { contactCalls } from '@crm/domain'
import type { InputOf } from '../../../lib/api'
import { mockCall, server } from '../../../test/server'
import { buildContactHit } from '../../../test/fixtures'
import { openNew, mockAddExisting } from './contact-new-page.fixtures'

describe('/contacts/new: adding an existing contact to the group (spec 2 §2, §5)', () => {
  const addExisting = () => within(screen.getByRole('region', { name: 'Add an existing contact' }))

  it("D2-2.3-03, D2-5-11: in a group, submitting with nothing selected says 'Please select a contact' and sends nothing", async () => {
    const { user } = await openNew({ groupId: 12 })
    const adds = mockAddExisting({ id: 31, is_awaiting_approval: false })
    expect(addExisting().getByRole('textbox', { name: /^Existing contact/ })).not.toHaveAccessibleDescription('Please select a contact')
    await user.click(addExisting().getByRole('button', { name: 'Add existing contact' }))
    await waitFor(() => expect(addExisting().getByRole('textbox', { name: /^Existing contact/ })).toHaveAccessibleDescription('Please select a contact'))
    expect(addExisting().getByText('Please correct the errors to continue.')).toBeInTheDocument()
    expect(adds).toEqual([])
  })

  it('D2-5-12, D2-2.3-03: the search leaves out the contacts already in the group (exclude_group_id); the picked one is added', async () => {
    const { user, router } = await openNew({ groupId: 12 })
    const searches: Array<InputOf<typeof contactCalls.teamContactSuggestions>> = []
    server.use(
      mockCall(contactCalls.teamContactSuggestions, ({ input }) => {
        searches.push(input)
        return { items: [buildContactHit(31, 'Peter Pan')] }
      }),
    )
    const adds = mockAddExisting({ id: 31, is_awaiting_approval: false })
    await user.type(addExisting().getByRole('textbox', { name: /^Existing contact/ }), 'Pet')
    await user.click(await screen.findByRole('option', { name: 'Peter Pan' }))
    expect(searches.at(-1)).toEqual({ search: 'Pet', team_id: '10', group_id: '12', exclude_group_id: '12' })
    await user.click(addExisting().getByRole('button', { name: 'Add existing contact' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/view/31'))
    expect(adds).toEqual([{ team_id: 10, group_id: 12, user_id: 31 }])
  })
})
