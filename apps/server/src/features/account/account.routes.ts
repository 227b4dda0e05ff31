import type { FastifyInstance } from 'fastify'
import { accountCalls } from '@crm/domain'
import type { Deps } from '../../platform/deps'
import { addRoute, signedIn, type RouteOptions } from '../../platform/route'
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from '../auth/two-factor.service'
import { getAccount } from './account.service'
import { deleteAccount, getProfile, listMyPrivateNotes, updateAccount } from './profile.service'

const ok = { success: true as const }
// These take a password or a code: limited like sign-in, so a session cannot guess them.
const limited: RouteOptions = { rateLimit: { max: (deps: Deps) => deps.config.loginRateLimit } }

export async function accountRoutes(app: FastifyInstance) {
  addRoute(app, accountCalls.user, signedIn, ({ deps, viewer, input }) => getAccount(deps, viewer, input.return_teams ?? false))

  addRoute(app, accountCalls.profile, signedIn, ({ deps, viewer }) => getProfile(deps, viewer))

  addRoute(app, accountCalls.updateAccount, signedIn, ({ deps, viewer, input }) => updateAccount(deps, viewer, input), limited)

  addRoute(
    app,
    accountCalls.deleteAccount,
    signedIn,
    async ({ deps, viewer, input }) => {
      await deleteAccount(deps, viewer, input)
      return ok
    },
    limited,
  )

  addRoute(app, accountCalls.twoFactorSetup, signedIn, ({ deps, viewer }) => setupTwoFactor(deps, viewer))

  addRoute(
    app,
    accountCalls.twoFactorEnable,
    signedIn,
    async ({ deps, viewer, input }) => {
      await enableTwoFactor(deps, viewer, input.totp!)
      return ok
    },
    limited,
  )

  addRoute(
    app,
    accountCalls.twoFactorDisable,
    signedIn,
    async ({ deps, viewer, input }) => {
      await disableTwoFactor(deps, viewer, input.password)
      return ok
    },
    limited,
  )

  addRoute(app, accountCalls.myPrivateNotes, signedIn, ({ deps, viewer }) => listMyPrivateNotes(deps, viewer))
}
