import { z } from 'zod'
import { twoFactorCodeLength } from '../constants'
import { email } from '../rules/email'
import { defineCall } from './define'
import { redirectPath } from '../rules/redirect'
import { id, okSchema, requiredPersonName, requiredText } from '../rules/wire'
import { issueOf } from '../field-errors'

/** A two-factor code: 6 digits; an empty value counts as none. */
export const totpCode = z
  .string()
  .trim()
  .refine((value) => new RegExp(`^\\d{${twoFactorCodeLength}}$`).test(value), issueOf('code_digits', { digits: twoFactorCodeLength }))
  .optional()
  .or(z.literal('').transform(() => undefined))

/** A new password; its strength is checked by the server with rules/password (spec 1 §5). */
export const newPassword = z.string().min(1).max(1024)

export const loginRequestSchema = z.object({
  email,
  password: z.string().min(1).max(1024),
  two_factor_remember_id: z.string().max(200).optional(),
  totp: totpCode,
  /** Remember this device for two-factor sign-in (30 days); on unless false. */
  remember_device: z.boolean().optional(),
})

/** The login session of spec 1 §3; signup and invite activation answer the same shape. */
export const loginSessionSchema = z.object({
  access_token: z.string(),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
  /** The per-account salt private notes' key is derived with; never a key itself. */
  encryption_key: z.string(),
  user_id: z.number().int(),
  two_factor_remember_id: z.string().nullable(),
  /** Reserved for single sign-on into a partner app; none is configured (decisions.md). */
  authorization_code: z.string().nullable(),
})
export type LoginSession = z.infer<typeof loginSessionSchema>

/**
 * The data of a 2fa_not_setup answer (its `data.totp`): the QR image of the otpauth URL as a
 * PNG data URL, and the secret in groups of four for typing by hand.
 */
export const totpSetupSchema = z.object({ qr_code_url: z.string(), secret_grouped: z.string() })
export type TotpSetup = z.infer<typeof totpSetupSchema>

/**
 * Why an account is locked (spec 1 §8 is_locked): `admin`, a site admin locked it and only a
 * site admin unlocks it; `failures`, sustained failed sign-ins locked it and its owner unlocks
 * it by setting a new password through the reset mail (or a site admin unlocks it).
 */
export const accountLockReasons = ['admin', 'failures'] as const
export type AccountLockReason = (typeof accountLockReasons)[number]

export const signupRequestSchema = z.object({
  first_name: requiredPersonName(100),
  last_name: requiredPersonName(100),
  email,
  password: newPassword,
  conference_id: id,
  /** The church (team) of the conference the person asks to join. */
  team_id: id,
  /** The solved captcha: ALTCHA's payload, or reCAPTCHA's token when that is configured. */
  recaptcha_token: z.string().min(1).max(20_000),
})

export const authCalls = {
  login: defineCall({
    method: 'POST',
    path: '/login',
    request: loginRequestSchema,
    response: loginSessionSchema,
    summary: 'Sign in with email and password',
  }),
  signup: defineCall({
    method: 'POST',
    path: '/signup',
    request: signupRequestSchema,
    response: loginSessionSchema,
    summary: 'Create an account asking to join a church; answers as login would for it',
  }),
  captchaChallenge: defineCall({
    method: 'GET',
    path: '/captcha-challenge',
    request: z.object({}),
    response: z.record(z.string(), z.unknown()),
    summary: "A proof-of-work challenge for the sign-up captcha (ALTCHA's challenge JSON)",
  }),
  activate: defineCall({
    method: 'POST',
    path: '/activate',
    request: z.object({ key: requiredText(200) }),
    response: okSchema,
    summary: 'Verify an email address with the key of the activation link',
  }),
  resendVerificationEmail: defineCall({
    method: 'POST',
    path: '/resend-verification-email',
    request: z.object({ email, password: z.string().min(1).max(1024) }),
    response: okSchema,
    summary: 'Send the activation link again (needs the password)',
  }),
  requestPasswordReset: defineCall({
    method: 'POST',
    path: '/request-password-reset',
    request: z.object({ email, redirect: redirectPath }),
    response: okSchema,
    summary: 'Mail a password reset link; the same answer whether or not the account exists',
  }),
  checkResetPasswordKey: defineCall({
    method: 'POST',
    path: '/check-reset-password-key',
    request: z.object({ user_id: id, key: requiredText(200) }),
    response: okSchema,
    summary: 'Check the key of a password reset link',
  }),
  resetPassword: defineCall({
    method: 'POST',
    path: '/reset-password',
    request: z.object({ user_id: id, key: requiredText(200), password: newPassword, redirect: redirectPath }),
    response: okSchema,
    summary: 'Set a new password with the key of a reset link; ends every session',
  }),
  logout: defineCall({
    method: 'GET',
    path: '/logout',
    request: z.object({}),
    response: okSchema,
    summary: 'End the current session',
  }),
  lockUser: defineCall({
    method: 'POST',
    path: '/lock-user',
    request: z.object({ user_id: id }),
    response: okSchema,
    summary: "A site admin locks a person's account: sign-in answers is_locked and every session ends, until a site admin unlocks it",
  }),
  unlockUser: defineCall({
    method: 'POST',
    path: '/unlock-user',
    request: z.object({ user_id: id }),
    response: okSchema,
    summary: "A site admin unlocks a person's account (either lock), and its failed sign-ins are forgotten",
  }),
}
