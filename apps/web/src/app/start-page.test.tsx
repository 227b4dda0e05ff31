import { afterEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { startPage } from './start-page'

describe('startPage (the start of index.html, login.html and consent.html)', () => {
  afterEach(() => document.getElementById('root')?.remove())

  it('renders the page into #root once its texts are loaded, and not before', async () => {
    document.body.insertAdjacentHTML('beforeend', '<div id="root"></div>')
    let textsLoaded = () => {}
    const texts = new Promise<void>((resolve) => (textsLoaded = resolve))
    startPage('index.html', texts, () => <p>Contacts</p>)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByText('Contacts')).not.toBeInTheDocument()
    textsLoaded()
    expect(await screen.findByText('Contacts')).toBeInTheDocument()
  })
})
