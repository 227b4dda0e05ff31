import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { contactCalls, contactDataCalls, type InputOf } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'

// Leave to any system (issue 41 item 5): a team's owners export its contacts from /contacts.

const emptyList = { items: [], count: 0, max_pages: 0 }

/** Signs in to Grace Church (team 10) as `role` on /contacts, the exports answered and recorded. */
async function openContacts(role: 'owner' | 'leader', exportAnswer?: Response) {
  signedInAs(buildAccount([buildTeam({ id: 10, title: 'Grace Church', role })]), { teamId: 10, groupId: 10 })
  const calls = {
    zip: [] as Array<InputOf<typeof contactDataCalls.teamContactsExport>>,
    vcard: [] as Array<InputOf<typeof contactDataCalls.teamContactsVcard>>,
  }
  server.use(
    mockCall(contactCalls.contacts, emptyList),
    mockCall(contactCalls.assignedContacts, emptyList),
    mockCall(contactCalls.archivedContacts, emptyList),
    mockCall(contactDataCalls.teamContactsExport, ({ input }) => {
      calls.zip.push(input)
      return exportAnswer ?? new HttpResponse(new Uint8Array([0x50, 0x4b]), { headers: { 'content-type': 'application/zip' } })
    }),
    mockCall(contactDataCalls.teamContactsVcard, ({ input }) => {
      calls.vcard.push(input)
      return new HttpResponse('BEGIN:VCARD\r\nVERSION:4.0\r\nEND:VCARD\r\n', { headers: { 'content-type': 'text/vcard' } })
    }),
  )
  const view = renderApp('/contacts')
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })
  return { ...view, calls }
}

describe("the team's export on /contacts (issue 41 item 5)", () => {
  const createObjectURL = URL.createObjectURL
  const revokeObjectURL = URL.revokeObjectURL
  afterEach(() => {
    URL.createObjectURL = createObjectURL
    URL.revokeObjectURL = revokeObjectURL
    vi.restoreAllMocks()
  })

  it('offers an owner the CSV files and the vCards, each fetched for the team and saved under its name', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:team')
    URL.revokeObjectURL = vi.fn()
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    const { user, calls } = await openContacts('owner')
    await user.click(await screen.findByRole('button', { name: 'Export contacts' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Export the team’s contacts' }))
    expect(dialog.getByText('Everything Grace Church holds about its contacts, to keep a copy or to move to another system.')).toBeInTheDocument()
    await user.click(dialog.getByRole('button', { name: 'Contacts, relationships and interactions (CSV files in a ZIP)' }))
    await waitFor(() => expect(saved).toEqual(['team-10-contacts.zip']))
    expect(calls.zip).toEqual([{ team_id: '10' }])
    await user.click(dialog.getByRole('button', { name: 'Contact cards (vCard)' }))
    await waitFor(() => expect(saved).toEqual(['team-10-contacts.zip', 'team-10-contacts.vcf']))
    expect(calls.vcard).toEqual([{ team_id: '10' }])
  })

  it('says so when the export is refused, and saves nothing', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click')
    const { user } = await openContacts('owner', apiError('forbidden', 403))
    await user.click(await screen.findByRole('button', { name: 'Export contacts' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Export the team’s contacts' }))
    await user.click(dialog.getByRole('button', { name: 'Contacts, relationships and interactions (CSV files in a ZIP)' }))
    expect(await dialog.findByRole('alert')).toBeInTheDocument()
    expect(click).not.toHaveBeenCalled()
  })

  it('is not offered to a leader, who may not take the team’s contacts away', async () => {
    await openContacts('leader')
    expect(await screen.findByRole('region', { name: 'All contacts in team' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Export contacts' })).not.toBeInTheDocument()
  })

  it('reads in Spanish', async () => {
    await changeLocale('es')
    const { user } = await openContacts('owner')
    await user.click(await screen.findByRole('button', { name: 'Exportar contactos' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Exportar los contactos del equipo' }))
    expect(dialog.getByRole('button', { name: 'Tarjetas de contacto (vCard)' })).toBeInTheDocument()
  })
})
