import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { contactCalls, transferCalls, type ContactListItem, type TransferItemResponse } from '@crm/domain'
import { buildAccount, buildContactListItem, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { buildTransfer, buildTransferItem } from '../transfers.fixtures'

const conference = buildTeam({ id: 1, title: 'North Conference', role: 'entity_admin', is_conference: true })
// The pastor opens the transfer from the church they leave.
const church = buildTeam({ id: 11, title: 'Grace Church', role: 'owner', parent_id: 1 })

type Query = Record<string, string>

/** Answers GET transfer/5, the pastor's assigned contacts and the writes; records them. */
function mockView(item: TransferItemResponse | (() => Response), contacts: ContactListItem[] = []) {
  const reads: Query[] = []
  const contactQueries: Query[] = []
  const writes: Array<{ call: string; input: unknown }> = []
  server.use(
    mockCall(transferCalls.transfer, ({ input }) => {
      reads.push(input as unknown as Query)
      return typeof item === 'function' ? item() : item
    }),
    mockCall(contactCalls.assignedContacts, ({ input }) => {
      contactQueries.push(input as unknown as Query)
      return { items: contacts, count: contacts.length, max_pages: 1 }
    }),
    mockCall(transferCalls.setContactsToTransfer, ({ input, params }) => {
      writes.push({ call: `set ${String(params['id'])}`, input })
      return { success: true as const }
    }),
    mockCall(transferCalls.processTransfer, ({ input, params }) => {
      writes.push({ call: `process ${String(params['id'])}`, input })
      return { success: true as const }
    }),
  )
  return { reads, contactQueries, writes }
}

async function openView(team = conference, heading = 'Transfer of Paul Green') {
  signedInAs(buildAccount([team]), { teamId: team.id, groupId: team.id })
  const view = renderApp('/transfers/view/5')
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 15000 })
  return view
}

const pastorItem = (transfer = buildTransfer()) =>
  buildTransferItem(transfer, { can_update: false, can_process: false, can_read_contacts: false, can_select_contacts: true })

describe('/transfers/view/{id} (spec 3 §2.2)', () => {
  it('D3-2.2-03 D3-2.2-05 shows the pastor, both churches with their addresses and the date; Edit for the conference', async () => {
    const { reads } = mockView(buildTransferItem())
    await openView()
    expect(reads[0]).toEqual({ team_id: '1' })
    expect(screen.getByText('Paul Green')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'paul@example.test' })).toHaveAttribute('href', 'mailto:paul@example.test')
    const from = within(screen.getByRole('region', { name: 'From' }))
    expect(from.getByText('Grace Church')).toBeInTheDocument()
    // address_formatted_break keeps its lines.
    expect(from.getByText(/1 Main St\s+Springfield NSW 2000/)).toHaveStyle({ whiteSpace: 'pre-line' })
    const to = within(screen.getByRole('region', { name: 'To' }))
    expect(to.getByText('Hope Chapel')).toBeInTheDocument()
    expect(to.getByText(/9 Hill Rd\s+Shelbyville NSW 2001/)).toBeInTheDocument()
    expect(screen.getByText('1 Mar 2027')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/transfers/edit/5')
    // A dated transfer is processed on its date: no Process now.
    expect(screen.queryByRole('button', { name: 'Process now' })).not.toBeInTheDocument()
    expect(document.title).toMatch(/ - Transfer of Paul Green$/)
  }, 30_000)

  it("D3-2.2-04 D3-4-01 a processed transfer says 'This transfer has been processed.' with no Edit and no selection form", async () => {
    mockView(buildTransferItem(buildTransfer({ is_processed: true, processed_display: '1 Mar 2027' }), { can_select_contacts: true }))
    await openView()
    expect(screen.getByText('This transfer has been processed.')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Choose your contacts' })).not.toBeInTheDocument()
    expect(screen.queryByRole('radio')).not.toBeInTheDocument()
  }, 30_000)

  it('D3-2.2-10 D3-6-05 staff read the chosen contacts with their state, without inputs', async () => {
    mockView(
      buildTransferItem(
        buildTransfer({
          move_contact_ids: [101],
          share_contact_ids: [102],
          contacts: [
            { id: 101, name: 'Anna Smith', transfer_state: 'move' },
            { id: 102, name: 'Ben Jones', transfer_state: 'share' },
          ],
        }),
      ),
    )
    await openView()
    const chosen = within(screen.getByRole('list', { name: 'Chosen contacts' }))
    expect(chosen.getByText('Anna Smith').closest('[role="listitem"]')).toHaveTextContent('Move')
    expect(chosen.getByText('Ben Jones').closest('[role="listitem"]')).toHaveTextContent('Share')
    expect(screen.queryByRole('radio')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument()
  }, 30_000)

  it("D3-2.2-11 staff read 'No contacts have been selected.' when the pastor chose none", async () => {
    mockView(buildTransferItem())
    await openView()
    expect(screen.getByText('No contacts have been selected.')).toBeInTheDocument()
  }, 30_000)

  it("D3-2.2-09 D3-2.2-13 D3-4-02 the pastor marks contacts move or share and saves the map: 'Changes saved.', cleared after the success second", async () => {
    const { reads, contactQueries, writes } = mockView(pastorItem(buildTransfer({ share_contact_ids: [103] })), [
      buildContactListItem({ id: 101, name: 'Anna Smith' }),
      buildContactListItem({ id: 102, name: 'Ben Jones' }),
      buildContactListItem({ id: 103, name: 'Cleo Park' }),
    ])
    const { user } = await openView(church)
    expect(reads[0]).toEqual({ team_id: '11' })
    const form = within(screen.getByRole('form', { name: 'Choose your contacts' }))
    const anna = within(await form.findByRole('radiogroup', { name: 'Anna Smith' }))
    expect(contactQueries[0]).toMatchObject({ transfer_team_id: '11', team_id: '11', group_id: '11' })
    expect(anna.getByRole('radio', { name: 'Stay' })).toBeChecked()
    // The stored selection is shown.
    expect(within(form.getByRole('radiogroup', { name: 'Cleo Park' })).getByRole('radio', { name: 'Share' })).toBeChecked()
    await user.click(anna.getByRole('radio', { name: 'Move' }))
    await user.click(within(form.getByRole('radiogroup', { name: 'Ben Jones' })).getByRole('radio', { name: 'Share' }))
    await user.click(within(form.getByRole('radiogroup', { name: 'Cleo Park' })).getByRole('radio', { name: 'Stay' }))
    expect(form.getByText('1 to move, 1 to share')).toBeInTheDocument()

    // The moment the message appears, noted by the DOM itself: a findBy that wakes late on a
    // busy machine would shorten the second it is measured to show.
    const appeared = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!screen.queryByText('Changes saved.')) return
        observer.disconnect()
        resolve(performance.now())
      })
      observer.observe(document.body, { subtree: true, childList: true, characterData: true })
    })
    await user.click(form.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument()
    const shown = await appeared
    expect(writes).toEqual([{ call: 'set 5', input: { team_id: 11, contacts: { '101': 'move', '102': 'share' } } }])
    // The success shows for a second, then clears.
    await waitFor(() => expect(screen.queryByText('Changes saved.')).not.toBeInTheDocument(), { timeout: 3000 })
    expect(performance.now() - shown).toBeGreaterThanOrEqual(900)
  }, 30_000)

  it("D3-4-02 'Changes saved.' is put into a polite status region that was there before saving, so screen readers announce it", async () => {
    mockView(pastorItem(), [buildContactListItem({ id: 101, name: 'Anna Smith' })])
    const { user } = await openView(church)
    const form = within(screen.getByRole('form', { name: 'Choose your contacts' }))
    await user.click(within(await form.findByRole('radiogroup', { name: 'Anna Smith' })).getByRole('radio', { name: 'Move' }))
    // A region added together with its text is not announced: the one that speaks must be there, empty, before.
    const before = form.getAllByRole('status')
    await user.click(form.getByRole('button', { name: 'Save' }))
    const region = (await form.findByText('Changes saved.')).closest('[role="status"]')
    expect(region).not.toBeNull()
    expect(before).toContain(region)
    expect(region).not.toHaveAttribute('aria-live', 'off')
  }, 30_000)

  it("D3-2.2-12 a pastor with no assigned contacts reads 'You don't have any assigned contacts.'", async () => {
    mockView(pastorItem(), [])
    await openView(church)
    expect(await screen.findByText("You don't have any assigned contacts.")).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument()
  }, 30_000)

  it('processes a transfer without a date after a confirmation', async () => {
    const { writes } = mockView(buildTransferItem(buildTransfer({ date: null, date_display: null })))
    const { user } = await openView()
    expect(screen.getByText('No date: processed by hand')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Process now' }))
    const dialog = within(await screen.findByRole('dialog'))
    expect(writes).toEqual([])
    await user.click(dialog.getByRole('button', { name: 'Process now' }))
    await waitFor(() => expect(writes).toEqual([{ call: 'process 5', input: { team_id: 1 } }]))
  }, 30_000)

  it('D3-8-01 a failed processing closes the dialog and the page says why', async () => {
    mockView(buildTransferItem(buildTransfer({ date: null, date_display: null })))
    server.use(mockCall(transferCalls.processTransfer, apiError('internal_error', 500)))
    const { user } = await openView()
    await user.click(screen.getByRole('button', { name: 'Process now' }))
    const dialog = within(await screen.findByRole('dialog'))
    await user.click(dialog.getByRole('button', { name: 'Process now' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByText('The transfer was not processed.').closest('[role="alert"]')).not.toBeNull()
    expect(screen.getByRole('button', { name: 'Process now' })).toBeInTheDocument()
  }, 30_000)

  it('D3-6-22 D3-1-03 a 403 on the transfer shows the not-allowed page', async () => {
    mockView(() => apiError('forbidden', 403))
    signedInAs(buildAccount([conference]), { teamId: 1, groupId: 1 })
    renderApp('/transfers/view/5')
    expect(await screen.findByText('You do not have permission to see this transfer.', {}, { timeout: 15000 })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { level: 1, name: /Transfer of/ })).not.toBeInTheDocument()
  }, 30_000)

  it('a transfer that does not exist says so', async () => {
    mockView(() => apiError('not_found', 404))
    signedInAs(buildAccount([conference]), { teamId: 1, groupId: 1 })
    renderApp('/transfers/view/5')
    expect(await screen.findByText('This transfer does not exist or is not in your team.', {}, { timeout: 15000 })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to transfers' })).toHaveAttribute('href', '/transfers')
  }, 30_000)
})
