import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { siteCalls } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'

function servePages() {
  const asked: Array<{ slug: unknown; locale: unknown }> = []
  server.use(
    mockCall(siteCalls.contentPage, ({ params, input }) => {
      asked.push({ slug: params['slug'], locale: input.locale })
      if (params['slug'] === 'missing') return apiError('not_found', 404)
      const title = params['slug'] === 'privacy' ? 'Privacy policy' : 'About us'
      return { slug: String(params['slug']), title, content: '<p>We keep your <strong>data</strong> safe.</p>' }
    }),
  )
  return asked
}

describe('content pages', () => {
  it.each(['/privacy', '/terms', '/code-of-conduct'])('D1-2.2-03 %s is a content page', async (path) => {
    const asked = servePages()
    renderApp(path)
    await screen.findByRole('article')
    expect(asked).toEqual([{ slug: path.slice(1), locale: 'en' }])
  })

  it('D1-2.2-05 a catch-all slug shows the title and the HTML content, titled by the site', async () => {
    servePages()
    renderApp('/about-us')
    const article = within(await screen.findByRole('article'))
    expect(article.getByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument()
    expect(article.getByText('data').tagName).toBe('STRONG')
    await waitFor(() => expect(document.title).toBe('Grace CRM - About us'))
    // The footer is on every page.
    expect(screen.getByRole('link', { name: 'Code of conduct' })).toHaveAttribute('href', '/code-of-conduct')
  })

  it('says when a page does not exist', async () => {
    servePages()
    renderApp('/missing')
    expect(await screen.findByRole('heading', { name: 'Page not found.' })).toBeInTheDocument()
  })

  it('D1-2.2-04 /loading and /error render their own screens', async () => {
    const loading = renderApp('/loading')
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…')
    loading.unmount()
    renderApp('/error')
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument()
  })

  it('is asked for and shown in the chosen locale', async () => {
    const asked = servePages()
    await changeLocale('es')
    renderApp('/privacy')
    await screen.findByRole('article')
    expect(asked[0]?.locale).toBe('es')
    expect(screen.getByRole('link', { name: 'Código de conducta' })).toHaveAttribute('href', '/code-of-conduct')
  })
})
