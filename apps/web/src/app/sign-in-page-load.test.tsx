import { describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { documentNavigation } from '../lib/document-navigation'
import { renderApp, waitForSignInPage } from '../test/render'

describe('/login inside the app (the sign-in page is login.html)', () => {
  it('loads the sign-in page with its query', async () => {
    const { router } = renderApp('/login?redirect_to=%2Fcontacts&locale=es')
    await waitForSignInPage('/login?redirect_to=%2Fcontacts&locale=es')
    expect(router.state.location.pathname).toBe('/login')
  })

  it('shows the error screen, not a reload loop, when the server sent the app for /login itself', async () => {
    const loadedAt = vi.spyOn(documentNavigation, 'loadedAt').mockReturnValue(true)
    try {
      renderApp('/login')
      expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument()
      expect(documentNavigation.replace).not.toHaveBeenCalled()
    } finally {
      loadedAt.mockRestore()
    }
  })
})
