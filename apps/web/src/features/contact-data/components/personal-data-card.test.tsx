import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { changeLocale } from '../../../lib/i18n'
import { openContactPage } from '../contact-data.fixtures'

const section = () => within(screen.getByRole('region', { name: 'Personal data' }))

describe("a contact's personal data on its page (issue 40 §2)", () => {
  const createObjectURL = URL.createObjectURL
  const revokeObjectURL = URL.revokeObjectURL
  afterEach(() => {
    URL.createObjectURL = createObjectURL
    URL.revokeObjectURL = revokeObjectURL
    vi.restoreAllMocks()
  })

  it('offers an owner the ZIP, the vCard and Erase, each download fetched with the session and saved as the server names it', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:contact')
    URL.revokeObjectURL = vi.fn()
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    const { calls, user } = await openContactPage()
    expect(await screen.findByRole('region', { name: 'Personal data' })).toBeInTheDocument()
    expect(section().getByRole('button', { name: 'Erase or de-identify this contact…' })).toBeInTheDocument()
    expect(section().getByRole('link', { name: 'Erasure and de-identification in this team' })).toHaveAttribute('href', '/contacts/erasures')

    await user.click(section().getByRole('button', { name: 'Download all their data (ZIP)' }))
    await waitFor(() => expect(saved).toEqual(['contact-5-data.zip']))
    expect(calls.exports).toEqual([{ team_id: '10', group_id: '10', user_id: '5' }])
    await user.click(section().getByRole('button', { name: 'Download contact card (vCard)' }))
    await waitFor(() => expect(saved).toEqual(['contact-5-data.zip', 'contact-5.vcf']))
    expect(calls.vcards).toEqual([{ team_id: '10', group_id: '10', user_id: '5' }])
    // The page asked whether an erasure is pending, once for the notice and the card.
    expect(calls.erasures).toEqual([{ team_id: '10', contact_id: '5', per_page: '4' }])
  })

  it('is not shown to who may not remove the team’s contacts, who asks nothing about erasures', async () => {
    const { calls } = await openContactPage({ role: 'leader' })
    expect(screen.queryByRole('region', { name: 'Personal data' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Download all their data/ })).not.toBeInTheDocument()
    expect(calls.erasures).toEqual([])
  })

  it('offers the downloads but not Erase when another team owns the contact', async () => {
    await openContactPage({ owned: false })
    expect(await screen.findByRole('region', { name: 'Personal data' })).toBeInTheDocument()
    expect(section().getByRole('button', { name: 'Download contact card (vCard)' })).toBeInTheDocument()
    expect(section().queryByRole('button', { name: 'Erase or de-identify this contact…' })).not.toBeInTheDocument()
  })

  it('reads in Spanish', async () => {
    await changeLocale('es')
    await openContactPage()
    expect(await screen.findByRole('region', { name: 'Datos personales' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Descargar todos sus datos (ZIP)' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Borrar o anonimizar este contacto…' })).toBeInTheDocument()
  })
})
