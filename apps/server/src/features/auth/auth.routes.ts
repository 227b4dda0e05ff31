import type { FastifyInstance, FastifyReply } from 'fastify'
import { authCalls } from '@crm/domain'
import type { Deps } from '../../platform/deps'
import { captchaFor } from '../../platform/captcha'
import { AppError } from '../../platform/errors'
import { addRoute, publicAccess, signedIn, siteAdmin, type RouteOptions } from '../../platform/route'
import { lockAccount, unlockAccount } from './account-lock.service'
import { login, logout } from './auth.service'
import { activateEmail, resendVerificationEmail } from './activation.service'
import { checkResetPasswordKey, requestPasswordReset, resetPassword } from './password-reset.service'
import { signup } from './signup.service'

const ok = { success: true as const }

/** A throttled attempt's 429 also says when to come back in a Retry-After header. */
async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof AppError && typeof error.details.retry_after === 'number') reply.header('retry-after', String(error.details.retry_after))
    throw error
  }
}
const perAddress: RouteOptions = { rateLimit: { max: (deps: Deps) => deps.config.loginRateLimit } }
const perAddressAndEmail: RouteOptions = { rateLimit: { max: (deps: Deps) => deps.config.loginRateLimit, byField: 'email' } }

export async function authRoutes(app: FastifyInstance) {
  addRoute(
    app,
    authCalls.login,
    publicAccess,
    ({ deps, input, request, reply }) => withRetryAfter(reply, () => login(deps, input, { ip: request.ip, userAgent: request.headers['user-agent'] })),
    perAddressAndEmail,
  )

  addRoute(app, authCalls.logout, signedIn, async ({ deps, viewer }) => {
    await logout(deps, viewer.personId, viewer.sessionId)
    return ok
  })

  addRoute(
    app,
    authCalls.signup,
    publicAccess,
    ({ deps, input, request }) => signup(deps, input, { ip: request.ip, userAgent: request.headers['user-agent'] }),
    perAddress,
  )

  addRoute(
    app,
    authCalls.captchaChallenge,
    publicAccess,
    async ({ deps, reply }) => {
      const challenge = await captchaFor(deps).challenge()
      // reCAPTCHA has no challenge of ours to hand out.
      if (!challenge) throw new AppError('not_found')
      reply.header('cache-control', 'no-store')
      return challenge
    },
    perAddress,
  )

  addRoute(
    app,
    authCalls.activate,
    publicAccess,
    async ({ deps, input }) => {
      await activateEmail(deps, input.key)
      return ok
    },
    perAddress,
  )

  addRoute(
    app,
    authCalls.resendVerificationEmail,
    publicAccess,
    async ({ deps, input, request, reply }) => {
      await withRetryAfter(reply, () => resendVerificationEmail(deps, input, request.ip))
      return ok
    },
    perAddressAndEmail,
  )

  addRoute(
    app,
    authCalls.requestPasswordReset,
    publicAccess,
    async ({ deps, input, request, reply }) => {
      await withRetryAfter(reply, () => requestPasswordReset(deps, input, request.ip))
      return ok
    },
    perAddressAndEmail,
  )

  addRoute(
    app,
    authCalls.checkResetPasswordKey,
    publicAccess,
    async ({ deps, input }) => {
      await checkResetPasswordKey(deps, input)
      return ok
    },
    perAddress,
  )

  // A site admin locks and unlocks an account (from the team users screens).
  addRoute(app, authCalls.lockUser, siteAdmin, async ({ deps, viewer, input }) => {
    await lockAccount(deps, viewer, input.user_id)
    return ok
  })

  addRoute(app, authCalls.unlockUser, siteAdmin, async ({ deps, viewer, input }) => {
    await unlockAccount(deps, viewer, input.user_id)
    return ok
  })

  addRoute(
    app,
    authCalls.resetPassword,
    publicAccess,
    async ({ deps, input }) => {
      await resetPassword(deps, input)
      return ok
    },
    perAddress,
  )
}
