import { afterEach, describe, expect, it, vi } from 'vitest'
import { getCookie } from './cookies'
import { changeLocale } from './i18n'
import { clearSession, getAccessToken, readStoredSelection, startSession, storeSelection } from './session'

/** Records what the app writes to document.cookie (jsdom hides max-age once stored). */
function recordCookieWrites(): string[] {
  const writes: string[] = []
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')
  if (!descriptor?.set || !descriptor.get) throw new Error('no cookie property')
  const { get, set } = descriptor
  vi.spyOn(document, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
    writes.push(value)
    set.call(this, value)
  })
  vi.spyOn(document, 'cookie', 'get').mockImplementation(function (this: Document) {
    return get.call(this) as string
  })
  return writes
}

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('session', () => {
  it('stores the access token for expires_in seconds, SameSite=Lax on path /', () => {
    const writes = recordCookieWrites()
    startSession({ access_token: 'tok', expires_in: 600 })
    expect(getAccessToken()).toBe('tok')
    expect(writes.find((write) => write.startsWith('access_token=tok'))).toMatch(/path=\/; SameSite=Lax; max-age=600/)
  })

  it('is authenticated only while the stored expiry is later than now', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'))
    startSession({ access_token: 'tok', expires_in: 60 })
    vi.setSystemTime(new Date('2026-01-01T00:00:59Z'))
    expect(getAccessToken()).toBe('tok')
    vi.setSystemTime(new Date('2026-01-01T00:01:00Z'))
    expect(getAccessToken()).toBeNull()
  })

  it('clears the auth cookies at logout and keeps the team, group and locale choices', () => {
    startSession({ access_token: 'tok', expires_in: 600 })
    storeSelection({ teamId: 3, groupId: 4 })
    clearSession()
    expect(getAccessToken()).toBeNull()
    expect(getCookie('access_token')).toBeNull()
    expect(readStoredSelection()).toEqual({ teamId: 3, groupId: 4 })
  })

  it('keeps the selected team and group for 365 days', () => {
    const writes = recordCookieWrites()
    storeSelection({ teamId: 3, groupId: 4 })
    expect(writes).toEqual([expect.stringMatching(/^selected_team=3; .*max-age=31536000/), expect.stringMatching(/^selected_group=4; .*max-age=31536000/)])
  })

  it('keeps a chosen locale for 365 days', async () => {
    const writes = recordCookieWrites()
    await changeLocale('es', { persist: true })
    await changeLocale('en')
    expect(writes).toContainEqual(expect.stringMatching(/^locale=es; path=\/; SameSite=Lax; max-age=31536000$/))
  })
})
