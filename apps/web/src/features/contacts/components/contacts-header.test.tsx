import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { buildGroup } from '../../../test/fixtures'
import { renderWithProviders } from '../../../test/render'
import { ContactsHeader } from './contacts-header'

const youth = buildGroup({ id: 12, title: 'Youth', is_public: true })

describe('ContactsHeader (spec 2 §2)', () => {
  it("D2-2.1-01: reads 'Contacts' for a public group, with the group's title", () => {
    renderWithProviders(<ContactsHeader group={youth} isPublicGroup />)
    expect(screen.getByRole('heading', { level: 1, name: 'Contacts' })).toBeInTheDocument()
    expect(screen.getByText('Youth')).toBeInTheDocument()
  })

  it("D2-2.1-01: reads 'My contacts' otherwise", () => {
    renderWithProviders(<ContactsHeader group={{ ...youth, is_public: false, title: 'Elders' }} isPublicGroup={false} />)
    expect(screen.getByRole('heading', { level: 1, name: 'My contacts' })).toBeInTheDocument()
    expect(screen.getByText('Elders')).toBeInTheDocument()
  })

  it('D2-2.1-02: Switch group leads to /contacts/group/switch', async () => {
    const { user, router } = renderWithProviders(<ContactsHeader group={youth} isPublicGroup />, '/contacts')
    const link = screen.getByRole('link', { name: 'Switch group' })
    expect(link).toHaveAttribute('href', '/contacts/group/switch')
    await user.click(link)
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/group/switch'))
  })
})
