import { accountLockReasons, authCalls, totpSetupSchema, type AccountLockReason, type TotpSetup } from '@crm/domain'
import { callApi, isApiError, type InputOf } from '../../lib/api'

// The sign-in page's calls, as plain functions: the sign-in page is a bundle of its own,
// without the query library (login.html, issue #10), and its forms keep their own busy state.

/** POST login (no bearer token: it is a call before sign-in). */
export function login(input: InputOf<typeof authCalls.login>) {
  return callApi(authCalls.login, { input, anonymous: true })
}

/** POST resend-verification-email with the typed email and password. */
export function resendVerificationEmail(input: InputOf<typeof authCalls.resendVerificationEmail>) {
  return callApi(authCalls.resendVerificationEmail, { input, anonymous: true })
}

/** POST request-password-reset. */
export function requestPasswordReset(input: InputOf<typeof authCalls.requestPasswordReset>) {
  return callApi(authCalls.requestPasswordReset, { input, anonymous: true })
}

/** The login failures with a text of their own (spec 1 §8), as keys of the errors namespace. */
export type LoginFailure = 'email_not_found' | 'email_not_verified' | 'is_locked' | 'login_failed' | 'too_many_requests'

/**
 * The whole minutes to wait after a throttled attempt (429 with retry_after seconds), at
 * least 1; null for any other answer or a 429 that does not say.
 */
export function retryAfterMinutes(error: unknown): number | null {
  if (!isApiError(error) || error.code !== 'too_many_requests') return null
  const seconds = Number(error.data['retry_after'])
  return Number.isFinite(seconds) && seconds > 0 ? Math.max(1, Math.ceil(seconds / 60)) : null
}

/**
 * The key and values of a throttled attempt's text: 'Too many attempts. Try again in
 * {n} minutes.' when the answer says how long, else the generic wait.
 */
export function tooManyAttemptsText(minutes: number | null): [key: 'errors:too_many_attempts' | 'errors:too_many_requests', values: { count?: number }] {
  return minutes === null ? ['errors:too_many_requests', {}] : ['errors:too_many_attempts', { count: minutes }]
}

/**
 * email_not_found, email_not_verified, is_locked and too_many_requests have their own
 * texts; any other failure is the generic 'Wrong email or password.'
 */
export function loginFailureOf(error: unknown): LoginFailure {
  const code = isApiError(error) ? error.code : null
  switch (code) {
    case 'email_not_found':
    case 'email_not_verified':
    case 'is_locked':
    case 'too_many_requests':
      return code
    default:
      return 'login_failed'
  }
}

/** Why a locked account is locked (is_locked's data.locked_reason), or null for any other answer. */
export function lockedReasonOf(error: unknown): AccountLockReason | null {
  if (!isApiError(error) || error.code !== 'is_locked') return null
  const reason = error.data['locked_reason']
  return accountLockReasons.find((known) => known === reason) ?? null
}

/** What a sign-in needs next when the server asks for two-factor: a code, or setting it up first. */
export interface TwoFactorRequest {
  /** With 2fa_not_setup: the QR image and grouped secret to set up. */
  setup: TotpSetup | null
}

/** The two-factor step an answer asks for (2fa_required, 2fa_not_setup with data.totp), or null. */
export function twoFactorRequestOf(error: unknown): TwoFactorRequest | null {
  if (!isApiError(error)) return null
  if (error.code === '2fa_required') return { setup: null }
  if (error.code !== '2fa_not_setup') return null
  const setup = totpSetupSchema.safeParse(error.data['totp'])
  return { setup: setup.success ? setup.data : null }
}
