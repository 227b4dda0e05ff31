import { isErrorCode, requestTimeoutMs, type Call, type CallParams, type ErrorCode, type FieldError, type InputOf, type OutputOf } from '@crm/domain'
import i18next from 'i18next'
import { clearSession, getAccessToken } from './session'
import { readFieldError, wordFieldErrors } from './field-errors'

export const apiBase = '/api/v1'

/** Codes of failures that happen in the browser, not on the server. */
export type ClientErrorCode = 'network_error' | 'timeout' | 'invalid_response'

/** A failed call: the server's error envelope, or a failure on the way. */
export class ApiError extends Error {
  readonly code: ErrorCode | ClientErrorCode
  readonly status: number
  readonly data: Record<string, unknown>

  constructor(code: ErrorCode | ClientErrorCode, status: number, message: string, data: Record<string, unknown> = {}) {
    super(message)
    this.name = 'ApiError'
    this.code = code
    this.status = status
    this.data = data
  }

  /**
   * Field errors of a refusal, `{ field: text }` in the reader's language: each field's code of
   * data.error_codes worded (DESIGN.md §4); a field without one (an older server) keeps the
   * server's message.
   */
  get fieldErrors(): Record<string, string> {
    return wordFieldErrors(this.data['errors'], this.data['error_codes'])
  }

  /** The server's own messages by field (data.errors, English): for logs, never for matching. */
  get fieldMessages(): Record<string, string> {
    const errors = this.data['errors']
    if (!errors || typeof errors !== 'object') return {}
    return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, String(message)]))
  }

  /** The codes of the refused fields (data.error_codes) that this client knows. */
  get fieldErrorCodes(): Record<string, FieldError> {
    const codes = this.data['error_codes']
    if (!codes || typeof codes !== 'object') return {}
    const known: Record<string, FieldError> = {}
    for (const [field, value] of Object.entries(codes)) {
      const coded = readFieldError(value)
      if (coded) known[field] = coded
    }
    return known
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

export type ParamsOf<C extends Call> = CallParams<C>
// The call types live in the domain; the web's modules take them from here with callApi.
export type { InputOf, OutputOf }

type ParamsOption<C extends Call> = ParamsOf<C> extends undefined ? { params?: undefined } : { params: ParamsOf<C> }
// Calls whose request has no required field may omit `input`.
type InputOption<C extends Call> = Record<string, never> extends InputOf<C> ? { input?: InputOf<C> } : { input: InputOf<C> }

export type CallOptions<C extends Call> = ParamsOption<C> &
  InputOption<C> & {
    signal?: AbortSignal
    /** A call before sign-in (login, signup, …): sends no bearer token even when one is stored. */
    anonymous?: boolean
  }

/** Fills `:name` path parameters. */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name]
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`)
    return encodeURIComponent(String(value))
  })
}

/** A query string of the defined values; arrays repeat their key. */
export function buildQuery(input: unknown): string {
  if (!input || typeof input !== 'object') return ''
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue
    const values: unknown[] = Array.isArray(value) ? value : [value]
    for (const item of values) {
      if (item === undefined || item === null) continue
      query.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item))
    }
  }
  const text = query.toString()
  return text ? `?${text}` : ''
}

function readEnvelope(body: unknown, status: number): ApiError {
  if (body && typeof body === 'object') {
    const { code, message, data } = body as { code?: unknown; message?: unknown; data?: unknown }
    const details = data && typeof data === 'object' ? (data as Record<string, unknown>) : {}
    if (isErrorCode(code)) return new ApiError(code, status, typeof message === 'string' ? message : code, details)
  }
  return new ApiError(status === 401 ? 'unauthorized' : 'internal_error', status, `Request failed with status ${status}`)
}

/** How many times a call refused by a busy server is asked again, and the longest wait before each. */
export const busyRetries = 2
const maxBusyWaitMs = 5_000

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined
  } catch {
    return undefined
  }
}

/** One request and its whole body, within the time-out, the caller's abort passed through. */
async function exchange(url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<{ response: Response; text: string }> {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, requestTimeoutMs)
  const abortFromCaller = () => controller.abort(signal?.reason)
  if (signal?.aborted) abortFromCaller()
  else signal?.addEventListener('abort', abortFromCaller, { once: true })
  try {
    // The time-out covers the whole exchange, the body included.
    const response = await fetch(url, { ...init, signal: controller.signal })
    return { response, text: await response.text() }
  } catch (error) {
    if (timedOut) throw new ApiError('timeout', 0, 'The request timed out')
    if (signal?.aborted) throw error
    throw new ApiError('network_error', 0, error instanceof Error ? error.message : 'Network error')
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', abortFromCaller)
  }
}

/**
 * Calls the API: GET sends the input as a query string, POST as JSON; the answer is
 * parsed with the call's response schema. Times out after 5 minutes; a 401 `unauthorized` on
 * a call made with a token ends the session.
 */
export async function callApi<C extends Call>(call: C, options: CallOptions<C>): Promise<OutputOf<C>> {
  const { params, input, signal, anonymous } = options as {
    params?: Record<string, unknown>
    input?: unknown
    signal?: AbortSignal
    anonymous?: boolean
  }
  const token = anonymous ? null : getAccessToken()
  const path = apiBase + buildPath(call.path, params)
  const headers: Record<string, string> = { Accept: 'application/json' }
  // The server writes every *_display text and date in the language on screen.
  if (i18next.language) headers['Accept-Language'] = i18next.language
  if (token) headers['Authorization'] = `Bearer ${token}`
  let url = path
  let body: string | undefined
  if (call.method === 'GET') {
    url += buildQuery(input)
  } else {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(input ?? {})
  }

  let { response, text } = await exchange(url, { method: call.method, headers, body }, signal)
  // A busy embedded database refuses a call before running it (503 service_unavailable, with
  // Retry-After): it is asked again after the wait the server names, a write as safely as a
  // read, so a brief crowd on a small church's server shows no error.
  let json = parseJson(text)
  for (let retry = 0; retry < busyRetries && response.status === 503 && (json as { code?: unknown } | undefined)?.code === 'service_unavailable'; retry++) {
    // An aborted caller ends the next exchange at once.
    await new Promise((resolve) => setTimeout(resolve, Math.min(maxBusyWaitMs, 1000 * (Number(response.headers.get('retry-after')) || 1))))
    ;({ response, text } = await exchange(url, { method: call.method, headers, body }, signal))
    json = parseJson(text)
  }
  if (!response.ok) {
    const error = readEnvelope(json, response.status)
    // No valid session ends it here; a 401 that answers a check (a wrong two-factor code) does not.
    if (response.status === 401 && token && error.code === 'unauthorized') clearSession()
    throw error
  }
  const parsed = call.response.safeParse(json)
  if (!parsed.success) throw new ApiError('invalid_response', response.status, 'The answer did not match its schema')
  return parsed.data as OutputOf<C>
}

/**
 * A GET call whose answer is a file (a consent's signature or photo, a CSV export): the same
 * path, query, bearer token, language and error envelope as callApi, the body kept as a Blob.
 * Never a guessable URL: the page shows or saves the blob through an object URL of its own.
 */
export async function fetchApiBlob<C extends Call>(call: C, options: { input: InputOf<C>; params?: ParamsOf<C>; signal?: AbortSignal }): Promise<Blob> {
  const token = getAccessToken()
  const headers: Record<string, string> = {}
  if (i18next.language) headers['Accept-Language'] = i18next.language
  if (token) headers['Authorization'] = `Bearer ${token}`
  let response: Response
  try {
    response = await fetch(apiBase + buildPath(call.path, options.params as Record<string, unknown> | undefined) + buildQuery(options.input), {
      headers,
      signal: options.signal,
    })
  } catch (error) {
    if (options.signal?.aborted) throw error
    throw new ApiError('network_error', 0, error instanceof Error ? error.message : 'Network error')
  }
  if (!response.ok) {
    const json: unknown = await response.json().catch(() => undefined)
    throw readEnvelope(json, response.status)
  }
  return response.blob()
}

/**
 * A POST call with one file (multipart): the input's fields first, the file last (the server
 * reads the fields before the file), the same bearer token, error envelope and response schema
 * as callApi.
 */
export async function postApiMultipart<C extends Call>(
  call: C,
  options: { input: InputOf<C>; file: { field: string; blob: Blob; filename: string } },
): Promise<OutputOf<C>> {
  const token = getAccessToken()
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (i18next.language) headers['Accept-Language'] = i18next.language
  if (token) headers['Authorization'] = `Bearer ${token}`
  const form = new FormData()
  for (const [name, value] of Object.entries(options.input as Record<string, unknown>)) {
    if (value !== null && value !== undefined) form.append(name, String(value))
  }
  form.append(options.file.field, options.file.blob, options.file.filename)
  let response: Response
  try {
    response = await fetch(apiBase + buildPath(call.path, undefined), { method: 'POST', headers, body: form })
  } catch (error) {
    throw new ApiError('network_error', 0, error instanceof Error ? error.message : 'Network error')
  }
  const json: unknown = await response.json().catch(() => undefined)
  if (!response.ok) throw readEnvelope(json, response.status)
  const parsed = call.response.safeParse(json)
  if (!parsed.success) throw new ApiError('invalid_response', response.status, 'The answer did not match its schema')
  return parsed.data as OutputOf<C>
}
