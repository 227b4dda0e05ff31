import { and, isNull, lt, or, sql } from 'drizzle-orm'
import { signInThrottles } from '../../db/schema/index'
import type { Deps } from '../../platform/deps'
import type { Job } from '../../platform/jobs'
import { accountThrottle, addressThrottle, resetAccountThrottle, resetAddressThrottle } from './sign-in-throttle'

/** The longest quiet time after which any key's failures are forgotten anyway. */
const longestForgetSeconds = Math.max(...[accountThrottle, addressThrottle, resetAddressThrottle, resetAccountThrottle].map((rule) => rule.forgetSeconds))

/**
 * Throttle rows that no longer slow anyone (quiet past every rule's forget time, no delay
 * running) are deleted, so addresses met once do not pile up. One statement: safe in
 * several processes at once.
 */
export async function forgetOldSignInFailures(deps: Deps): Promise<string | void> {
  const now = deps.now()
  const quietSince = new Date(now.getTime() - longestForgetSeconds * 1000)
  const removed = await deps.db
    .delete(signInThrottles)
    .where(
      and(
        lt(signInThrottles.last_failure_at, quietSince),
        or(isNull(signInThrottles.blocked_until), lt(signInThrottles.blocked_until, sql`${now.toISOString()}::timestamptz`)),
      ),
    )
    .returning({ key: signInThrottles.key })
  if (removed.length > 0) return `${removed.length} sign-in throttle rows forgotten`
}

export const authJobs: Job[] = [{ name: 'sign-in-throttle-cleanup', everyMs: 3600_000, run: forgetOldSignInFailures }]
