import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { ResponseSerializationError, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { errorStatus, fieldErrorOfIssue, type ErrorCode, type ErrorEnvelope, type FieldError } from '@crm/domain'

/** Default messages; the web client shows the spec's translated text for each code. */
const defaultMessages: Partial<Record<ErrorCode, string>> = {
  invalid_request: 'The request is not valid.',
  unauthorized: 'Sign in to continue.',
  forbidden: 'You do not have permission to do this.',
  not_found: 'Not found.',
  too_many_requests: 'Too many requests. Please wait a moment.',
  internal_error: 'Something went wrong.',
  service_unavailable: 'The server is busy. Please try again in a moment.',
  email_not_found: 'Wrong email or password.',
  login_failed: 'Wrong email or password.',
  email_not_verified: 'Email not verified.',
  is_locked: 'Your account has been locked.',
  '2fa_required': 'Enter the code of your authenticator app.',
  '2fa_not_setup': 'Set up two-factor sign-in to continue.',
  incorrect_totp: 'Incorrect verification code.',
  email_exists: 'A user with this email already exists',
  incorrect_recaptcha: 'The captcha could not be verified.',
  key_invalid: 'The link is not valid or has already been used.',
  expired: 'The link has expired.',
  incorrect_old_password: 'The old password provided is incorrect.',
  merge_has_account: 'This person signs in: keep their record and merge the other into it.',
  merge_other_team: 'Teams you do not act for hold this person; their owners must agree first.',
  contact_merged: 'This contact was merged into another.',
}

/** An error the client may see: a code of the wire, its status and details. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly status: number
  readonly details: Record<string, unknown>

  constructor(code: ErrorCode, details: Record<string, unknown> = {}, message?: string) {
    super(message ?? defaultMessages[code] ?? code)
    this.code = code
    this.status = errorStatus[code]
    this.details = details
  }
}

export function envelope(error: AppError, status = error.status): ErrorEnvelope {
  return { code: error.code, message: error.message, data: { status, ...error.details } }
}

/** A busy or stopping process's refusal: 503 `service_unavailable`, to be asked again after `seconds`. */
export function refuseAsBusy(reply: FastifyReply, seconds: number): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', String(seconds))
    .send(envelope(new AppError('service_unavailable', { retry_after: seconds })))
}

/** Turns every failure into the envelope of DESIGN.md §4; internals are logged, not sent. */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  // Refused before its body was read (a file where none is taken, too large): the client
  // may still be sending, so the connection ends with the answer instead of reading on.
  if (request.raw.complete === false) reply.header('connection', 'close')
  if (error instanceof AppError) {
    // The web app signs out on a 401 to a call made with a session, so there 401 means only
    // "no session": a wrong code or password given to a signed-in call answers 400.
    const status = error.status === 401 && error.code !== 'unauthorized' && request.viewer ? 400 : error.status
    return reply.code(status).send(envelope(error, status))
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string> = {}
    const codes: Record<string, FieldError> = {}
    const payload = payloadOf(request, (error as FastifyError).validationContext)
    for (const issue of error.validation) {
      const path = issue.instancePath.split('/').filter(Boolean)
      const field = path.join('.') || '_'
      if (Object.hasOwn(errors, field)) continue
      errors[field] = issue.message ?? 'Invalid value'
      // The issue as zod gave it (fastify-type-provider-zod keeps its fields in params).
      const zodIssue = { ...issue.params, code: issue.keyword, message: issue.message, path } as unknown as z.core.$ZodIssue
      codes[field] = fieldErrorOfIssue(zodIssue, valueAt(payload, path))
    }
    return reply.code(400).send(envelope(new AppError('invalid_request', { errors, error_codes: codes })))
  }

  if (error instanceof ResponseSerializationError) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema')
    return reply.code(500).send(envelope(new AppError('internal_error')))
  }

  const status = (error as FastifyError).statusCode
  if (status === 429) return reply.code(429).send(envelope(new AppError('too_many_requests')))
  if (status === 413) return reply.code(413).send(envelope(new AppError('payload_too_large')))
  if (status && status >= 400 && status < 500) {
    // Malformed JSON, unsupported media type and the like.
    return reply
      .code(400)
      .send(envelope(new AppError('invalid_request', { errors: { _: error.message }, error_codes: { _: { code: 'invalid', params: {} } } })))
  }
  request.log.error({ err: error }, 'unhandled error')
  return reply.code(500).send(envelope(new AppError('internal_error')))
}

/** The part of the request a validation refused: its body, query string or path. */
function payloadOf(request: FastifyRequest, context: string | undefined): unknown {
  if (context === 'querystring') return request.query
  if (context === 'params') return request.params
  if (context === 'headers') return request.headers
  return request.body
}

/** The value at a path of the payload; undefined where there is none. */
function valueAt(payload: unknown, path: readonly string[]): unknown {
  let value = payload
  for (const key of path) {
    if (!value || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[key]
  }
  return value
}

/** An error of the database: a driver's (SQLSTATE `code`, `severity`) or Drizzle's wrapper of a failed query. */
function isDatabaseError(error: object): boolean {
  return ('query' in error && 'params' in error) || ('severity' in error && 'code' in error)
}

/** The errors of a chain: the error, its cause, the cause's cause. */
function chainOf(error: unknown): object[] {
  const chain: object[] = []
  for (let current = error; current && typeof current === 'object' && chain.length < 5; current = (current as { cause?: unknown }).cause) {
    chain.push(current)
  }
  return chain
}

/** Where an error was thrown: the stack without its first line, which repeats the message. */
function stackOf(error: object): string {
  const stack = (error as { stack?: unknown }).stack
  return typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => line.trimStart().startsWith('at '))
        .join('\n')
    : ''
}

type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown }

/**
 * The log's view of an error. A database error keeps its kind, SQLSTATE, constraint and
 * statement, but never its parameters or messages, which repeat the values (personal data);
 * every other error is logged whole.
 */
export function serializeError(error: unknown): LoggedError {
  const chain = chainOf(error)
  if (!chain.some(isDatabaseError)) {
    const plain = error as { message?: unknown; stack?: unknown; code?: unknown; statusCode?: unknown; cause?: unknown } | undefined
    return {
      type: error === null || error === undefined ? String(error) : (error.constructor?.name ?? typeof error),
      message: String(plain?.message ?? error),
      stack: String(plain?.stack ?? ''),
      ...(plain?.code !== undefined ? { code: plain.code } : {}),
      ...(plain?.statusCode !== undefined ? { statusCode: plain.statusCode } : {}),
      ...(plain?.cause !== undefined ? { cause: serializeError(plain.cause) } : {}),
    }
  }
  const logged: LoggedError = { type: chain[0]!.constructor.name, message: 'database error (values not logged)', stack: stackOf(chain[0]!) }
  for (const item of chain) {
    const fields = item as Record<string, unknown>
    if (typeof fields.query === 'string') logged.query = fields.query
    for (const key of ['code', 'severity', 'routine', 'constraint', 'table', 'column', 'schema'] as const) {
      if (typeof fields[key] === 'string' && logged[key] === undefined) logged[key] = fields[key]
    }
  }
  return logged
}

/** A write that broke a unique index (PostgreSQL 23505), however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
