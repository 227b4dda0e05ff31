import { eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { signInThrottles } from '../../db/schema/index'
import { AppError } from '../../platform/errors'

/**
 * How a kind of key slows repeated failures: `free` failures pass, then each failure refuses
 * attempts for `baseSeconds` doubled per further failure, at most `capSeconds`. A key with no
 * failure for `forgetSeconds` starts again from nothing.
 */
export interface ThrottleRule {
  free: number
  baseSeconds: number
  capSeconds: number
  forgetSeconds: number
}

const minutes = 60
const hours = 3600

/** Failures of one account (wrong passwords and codes, from anywhere). */
export const accountThrottle: ThrottleRule = { free: 5, baseSeconds: 30, capSeconds: 15 * minutes, forgetSeconds: 24 * hours }
/**
 * Failures of one account, counted by its throttle (no day's quiet, no right password between
 * them), that lock it until a password reset or a site admin lifts the lock. At the throttle's
 * pace the 50th comes after some ten hours of guessing: sustained, never a few typing slips.
 */
export const accountLockFailures = 50
/** Failures of one account from one remembered two-factor device: the owner's own way in. */
export const deviceThrottle: ThrottleRule = accountThrottle
/** Failed sign-ins from one client address, whatever the email (spraying, enumeration). */
export const addressThrottle: ThrottleRule = { free: 20, baseSeconds: 30, capSeconds: 15 * minutes, forgetSeconds: 1 * hours }
/** Password-reset requests from one client address, whatever the email. */
export const resetAddressThrottle: ThrottleRule = { free: 10, baseSeconds: 60, capSeconds: 15 * minutes, forgetSeconds: 1 * hours }
/** Reset mails to one account: past these the request answers as usual but sends nothing. */
export const resetAccountThrottle: ThrottleRule = { free: 3, baseSeconds: 5 * minutes, capSeconds: 1 * hours, forgetSeconds: 24 * hours }

export interface ThrottleKey {
  key: string
  rule: ThrottleRule
}

export const throttleKeys = {
  account: (personId: number): ThrottleKey => ({ key: `account:${personId}`, rule: accountThrottle }),
  device: (rememberedId: number): ThrottleKey => ({ key: `device:${rememberedId}`, rule: deviceThrottle }),
  address: (ip: string): ThrottleKey => ({ key: `address:${ip}`, rule: addressThrottle }),
  resetAddress: (ip: string): ThrottleKey => ({ key: `reset:${ip}`, rule: resetAddressThrottle }),
  resetAccount: (personId: number): ThrottleKey => ({ key: `reset-account:${personId}`, rule: resetAccountThrottle }),
}

/** The 429 of a throttled key: retry_after in whole seconds (the route sets Retry-After). */
export function tooManyAttempts(blockedUntil: Date, now: Date): AppError {
  return new AppError('too_many_requests', { retry_after: Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000)) })
}

/**
 * Counts an attempt as a failure before its outcome is known, unless the key is blocked:
 * answers null when the attempt may go on, or the time the key is blocked until. One
 * statement under the row's lock, so concurrent attempts (several server processes) never
 * all slip past the limit; an attempt that turns out well gives its count back (`forgive`).
 */
export async function takeAttempt(db: Executor, { key, rule }: ThrottleKey, now: Date): Promise<Date | null> {
  const at = now.toISOString()
  const t = signInThrottles
  // The failures counted with this attempt: from one after a quiet `forgetSeconds`.
  const failures = sql`case when ${t.last_failure_at} < ${at}::timestamptz - make_interval(secs => ${rule.forgetSeconds}) then 1 else ${t.failures} + 1 end`
  const delay = sql`least(${rule.capSeconds}::float8, ${rule.baseSeconds}::float8 * power(2::float8, least((${failures}) - ${rule.free} - 1, 30)))`
  const taken = await db
    .insert(t)
    .values({ key, failures: 1, blocked_until: null, last_failure_at: now })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures,
        blocked_until: sql`case when (${failures}) > ${rule.free} then ${at}::timestamptz + make_interval(secs => ${delay}) else null end`,
        last_failure_at: now,
      },
      setWhere: sql`${t.blocked_until} is null or ${t.blocked_until} <= ${at}::timestamptz`,
    })
    .returning({ key: t.key })
  if (taken.length === 1) return null
  const [row] = await db.select({ blockedUntil: t.blocked_until }).from(t).where(eq(t.key, key))
  return row?.blockedUntil ?? now
}

/** Gives back the count of an attempt that was not a failure; a delay it started ends too. */
export async function forgiveAttempt(db: Executor, { key, rule }: ThrottleKey): Promise<void> {
  const t = signInThrottles
  await db
    .update(t)
    .set({
      failures: sql`greatest(${t.failures} - 1, 0)`,
      blocked_until: sql`case when ${t.failures} - 1 > ${rule.free} then ${t.blocked_until} else null end`,
    })
    .where(eq(t.key, key))
}

/** Forgets every failure of a key: a successful sign-in of the account, a password reset. */
export async function clearThrottle(db: Executor, key: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.key, key))
}

/**
 * Runs a check that may fail (a password, a code) under the throttles of its keys: refused
 * with 429 while any key is blocked, counted as a failure when `isFailure` says so, and given
 * back otherwise.
 */
export async function throttled<T>(
  db: Executor,
  keys: ThrottleKey[],
  now: Date,
  attempt: () => Promise<T>,
  isFailure: (error: unknown) => boolean,
): Promise<T> {
  const taken: ThrottleKey[] = []
  for (const key of keys) {
    const blockedUntil = await takeAttempt(db, key, now)
    if (blockedUntil) {
      for (const done of taken) await forgiveAttempt(db, done)
      throw tooManyAttempts(blockedUntil, now)
    }
    taken.push(key)
  }
  try {
    const result = await attempt()
    for (const key of taken) await forgiveAttempt(db, key)
    return result
  } catch (error) {
    if (!isFailure(error)) for (const key of taken) await forgiveAttempt(db, key)
    throw error
  }
}
