import { afterEach, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { accountCalls, authCalls, requestTimeoutMs, siteCalls, teamCalls } from '@crm/domain'
import { apiError, mockCall, server } from '../test/server'
import { buildAccount, buildSite, signIn } from '../test/fixtures'
import { ApiError, apiBase, buildPath, buildQuery, busyRetries, callApi } from './api'
import { getAccessToken } from './session'
import { i18next } from './i18n'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('callApi', () => {
  it('sends GET input as a query string under /api/v1, skipping undefined values', async () => {
    let url = ''
    server.use(
      http.get(`${apiBase}/pending-items`, ({ request }) => {
        url = request.url
        return HttpResponse.json({ membership_requests: 2, owner_requests: 0 })
      }),
    )
    const answer = await callApi(teamCalls.pendingItems, { input: { team_id: 5 } })
    expect(new URL(url).pathname).toBe('/api/v1/pending-items')
    expect(new URL(url).search).toBe('?team_id=5')
    expect(answer).toEqual({ membership_requests: 2, owner_requests: 0 })
    expect(buildQuery({ a: 1, b: undefined, c: null, d: 'x y', e: [1, 2] })).toBe('?a=1&d=x+y&e=1&e=2')
  })

  it('asks for answers in the language on screen (Accept-Language)', async () => {
    const languages: Array<string | null> = []
    server.use(
      http.get(`${apiBase}/pending-items`, ({ request }) => {
        languages.push(request.headers.get('accept-language'))
        return HttpResponse.json({ membership_requests: 0, owner_requests: 0 })
      }),
    )
    await callApi(teamCalls.pendingItems, { input: { team_id: 5 } })
    await i18next.changeLanguage('es')
    await callApi(teamCalls.pendingItems, { input: { team_id: 5 } })
    expect(languages).toEqual(['en', 'es'])
  })

  it('fills path parameters', async () => {
    server.use(mockCall(siteCalls.contentPage, ({ params }) => ({ slug: String(params['slug']), title: 'T', content: '<p>x</p>' })))
    const page = await callApi(siteCalls.contentPage, { params: { slug: 'privacy' } })
    expect(page.slug).toBe('privacy')
    expect(buildPath('/lookups/:list', { list: 'a b' })).toBe('/lookups/a%20b')
  })

  it('sends POST input as JSON', async () => {
    let body: unknown
    let contentType: string | null = null
    server.use(
      mockCall(teamCalls.addGroup, ({ input, headers }) => {
        body = input
        contentType = headers.get('content-type')
        return { id: 44 }
      }),
    )
    await expect(callApi(teamCalls.addGroup, { input: { team_id: 1, title: 'Youth', is_private: true } })).resolves.toEqual({ id: 44 })
    expect(body).toEqual({ team_id: 1, title: 'Youth', is_private: true })
    expect(contentType).toBe('application/json')
  })

  it('sends a bearer token only when signed in (D1-7-02)', async () => {
    const seen: Array<string | null> = []
    server.use(mockCall(siteCalls.site, ({ headers }) => (seen.push(headers.get('authorization')), buildSite())))
    await callApi(siteCalls.site, {})
    signIn('abc')
    await callApi(siteCalls.site, {})
    expect(seen).toEqual([null, 'Bearer abc'])
  })

  it('sends no token with a call before sign-in, and a 401 there keeps the session', async () => {
    signIn('abc')
    let authorization: string | null = 'unset'
    server.use(mockCall(authCalls.login, ({ headers }) => ((authorization = headers.get('authorization')), apiError('login_failed', 401))))
    await expect(callApi(authCalls.login, { input: { email: 'a@b.co', password: 'x' }, anonymous: true })).rejects.toMatchObject({
      code: 'login_failed',
    })
    expect(authorization).toBeNull()
    expect(getAccessToken()).toBe('abc')
  })

  it('turns the error envelope into an ApiError with code, status, message and data', async () => {
    server.use(mockCall(authCalls.login, () => apiError('invalid_request', 400, { errors: { email: 'Invalid email' } })))
    const failure = await callApi(authCalls.login, { input: { email: 'x', password: 'y' } }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ code: 'invalid_request', status: 400, message: 'invalid_request' })
    expect((failure as ApiError).fieldErrors).toEqual({ email: 'Invalid email' })
  })

  it('reads a failure without an envelope as internal_error', async () => {
    server.use(http.get(`${apiBase}/site`, () => new HttpResponse('<html>bad gateway</html>', { status: 502 })))
    await expect(callApi(siteCalls.site, {})).rejects.toMatchObject({ code: 'internal_error', status: 502 })
  })

  it('ends the session on a 401 to a call made with a token', async () => {
    signIn()
    server.use(mockCall(accountCalls.user, () => apiError('unauthorized', 401)))
    await expect(callApi(accountCalls.user, { input: { return_teams: 1 } })).rejects.toMatchObject({ status: 401 })
    expect(getAccessToken()).toBeNull()
  })

  it('keeps the session on a 401 that answers a check of a signed-in call (a wrong two-factor code)', async () => {
    signIn()
    server.use(mockCall(accountCalls.twoFactorEnable, () => apiError('incorrect_totp', 401)))
    await expect(callApi(accountCalls.twoFactorEnable, { input: { totp: '123456' } })).rejects.toMatchObject({
      code: 'incorrect_totp',
    })
    expect(getAccessToken()).toBe('test-token')
  })

  it('keeps the session on other failures', async () => {
    signIn()
    server.use(mockCall(accountCalls.user, () => apiError('forbidden', 403)))
    await expect(callApi(accountCalls.user, {})).rejects.toMatchObject({ code: 'forbidden' })
    expect(getAccessToken()).toBe('test-token')
  })

  it('parses the answer with the call’s response schema', async () => {
    server.use(http.get(`${apiBase}/user`, () => HttpResponse.json({ user_id: 'not a number' })))
    await expect(callApi(accountCalls.user, {})).rejects.toMatchObject({ code: 'invalid_response' })
    server.use(mockCall(accountCalls.user, buildAccount([])))
    await expect(callApi(accountCalls.user, {})).resolves.toMatchObject({ user_id: 7 })
  })

  it('gives up after 5 minutes (D1-7-01)', async () => {
    vi.useFakeTimers()
    let aborted = false
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => {
              aborted = true
              reject(new DOMException('aborted', 'AbortError'))
            })
          }),
      ),
    )
    const pending = callApi(siteCalls.site, {}).catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(requestTimeoutMs - 1)
    expect(aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(aborted).toBe(true)
    await expect(pending).resolves.toMatchObject({ code: 'timeout' })
  })

  it('asks a write again after the Retry-After a busy server names, and returns its answer (issue 39)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const asked: number[] = []
    server.use(
      mockCall(teamCalls.addGroup, () => {
        asked.push(Date.now())
        if (asked.length === 1)
          return HttpResponse.json(
            { code: 'service_unavailable', message: 'busy', data: { status: 503, retry_after: 2 } },
            { status: 503, headers: { 'Retry-After': '2' } },
          )
        return { id: 45 }
      }),
    )
    const pending = callApi(teamCalls.addGroup, { input: { team_id: 1, title: 'Youth', is_private: true } }).catch((error: unknown) => error)
    // The first answer arrives (I/O, not a timer; vi.waitFor would move the fake clock on).
    for (let turn = 0; turn < 200 && asked.length === 0; turn++) await new Promise((resolve) => setImmediate(resolve))
    expect(asked).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1_999)
    expect(asked).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await expect(pending).resolves.toEqual({ id: 45 })
    expect(asked).toHaveLength(2)
  })

  it('gives the busy answer to the caller after two more refusals, and does not ask again on any other 503', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let asked = 0
    server.use(
      http.get(`${apiBase}/site`, () => {
        asked += 1
        return HttpResponse.json(
          { code: 'service_unavailable', message: 'busy', data: { status: 503, retry_after: 1 } },
          { status: 503, headers: { 'Retry-After': '1' } },
        )
      }),
    )
    const pending = callApi(siteCalls.site, {}).catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(5_000)
    await expect(pending).resolves.toMatchObject({ code: 'service_unavailable', status: 503 })
    expect(asked).toBe(1 + busyRetries)

    asked = 0
    server.use(
      http.get(`${apiBase}/site`, () => {
        asked += 1
        return new HttpResponse('<html>unavailable</html>', { status: 503 })
      }),
    )
    await expect(callApi(siteCalls.site, {})).rejects.toMatchObject({ code: 'internal_error', status: 503 })
    expect(asked).toBe(1)
  })

  it('passes the caller’s abort through', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
          }),
      ),
    )
    const controller = new AbortController()
    const pending = callApi(siteCalls.site, { signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })
})
