import '@testing-library/jest-dom/vitest'
// jsdom has no IndexedDB; the private-notes key is kept there (lib/note-key.ts).
import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { initI18n, i18next, loadAllTexts } from '../lib/i18n'
import { clearNoteKey } from '../lib/note-key'
import { documentNavigation } from '../lib/document-navigation'
import { server } from './server'

// Mantine reads matchMedia and ResizeObserver, which jsdom lacks. This matchMedia answers
// width queries against window.innerWidth so tests can play a phone or a desktop.
function matches(query: string): boolean {
  // Tests run with reduced motion: no transitions to wait for.
  if (query.includes('prefers-reduced-motion: reduce')) return true
  const width = window.innerWidth
  const max = /max-width:\s*([\d.]+)px/.exec(query)
  const min = /min-width:\s*([\d.]+)px/.exec(query)
  if (max && width > Number(max[1])) return false
  if (min && width < Number(min[1])) return false
  return Boolean(max || min)
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }),
})

class ResizeObserverStandIn {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStandIn
// Mantine's autosize textarea listens for web fonts loading; jsdom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() })
}
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {}
window.scrollTo = (() => undefined) as typeof window.scrollTo

// Testing Library advances fake timers only through a `jest` global; vitest's fake timers
// answer the same call, so user-event and waitFor work under vi.useFakeTimers().
Object.assign(globalThis, { jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } })

// The whole suite shares two cores with the API tests; a screen that renders after a mocked
// call can take well over Testing Library's default second to appear under that load.
configure({ asyncUtilTimeout: 5_000 })

// jsdom cannot load another page: a test that reaches /login in the app sees this record of
// the page load it asked for (app/sign-in-page-load.tsx). Made before each test, as a test
// may restore every mock.
beforeEach(() => {
  vi.spyOn(documentNavigation, 'replace')
    .mockClear()
    .mockImplementation(() => undefined)
})

// Pages render with every namespace, as after their route has loaded (app/router.tsx).
await initI18n('en')
await loadAllTexts()
// The app loads the signed-in shell lazily (app/router.tsx); loading it here keeps its one-time
// transform out of the 5 s of the first test that signs in.
await import('../app/shell/shell-layout')

function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; max-age=0; path=/`
  }
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(async () => {
  cleanup()
  server.resetHandlers()
  clearCookies()
  window.localStorage.clear()
  window.sessionStorage.clear()
  window.innerWidth = 1024
  await clearNoteKey()
  if (i18next.language !== 'en') await i18next.changeLanguage('en')
})
afterAll(() => server.close())
