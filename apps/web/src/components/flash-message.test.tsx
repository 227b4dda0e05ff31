import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { Link, useNavigate } from 'react-router'
import { Button } from '@mantine/core'
import { withFlash } from '../lib/flash'
import { renderWithProviders } from '../test/render'
import { FlashMessage } from './flash-message'

function Page() {
  const navigate = useNavigate()
  return (
    <>
      <FlashMessage />
      <Button onClick={() => void navigate('/contacts', { state: withFlash('Ann Lee was archived.') })}>Archive</Button>
      <Link to="/elsewhere">Elsewhere</Link>
    </>
  )
}

describe('FlashMessage', () => {
  it('says once, on the page a navigation led to, what the carried message says; closing it removes it', async () => {
    const { user, router } = renderWithProviders(<Page />, '/contacts/view/5')
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Archive' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Ann Lee was archived.')
    expect(router.state.location.pathname).toBe('/contacts')
    // Taken out of the history entry: a reload or Back does not say it again.
    await waitFor(() => expect(router.state.location.state).toBeNull())
    expect(screen.getByRole('status')).toHaveTextContent('Ann Lee was archived.')
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('is gone on the next page', async () => {
    const { user } = renderWithProviders(<Page />, '/contacts/view/5')
    await user.click(screen.getByRole('button', { name: 'Archive' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Ann Lee was archived.')
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument())
  })
})
