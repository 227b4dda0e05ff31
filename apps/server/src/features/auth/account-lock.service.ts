import { and, eq, gte, isNull, sql } from 'drizzle-orm'
import type { AccountLockReason } from '@crm/domain'
import type { Executor } from '../../db/client'
import { accounts, people, sessions, signInThrottles } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { mailResetLink } from './password-reset.service'
import { accountLockFailures, clearThrottle, throttled, throttleKeys, type ThrottleKey } from './sign-in-throttle'
import { forgetDevices } from './two-factor.service'

// Locked accounts (spec 1 §8 is_locked). A locked account's sign-in answers is_locked whatever
// the password, and its sessions, remembered devices and links stop working. Sustained failed
// sign-ins lock it (a reset lifts that lock); a site admin locks and unlocks any other account.

/** Every way into the account ends: its sessions and its remembered two-factor devices. */
async function endAccess(tx: Executor, personId: number): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.person_id, personId))
  await forgetDevices(tx, personId)
}

/**
 * After a failed sign-in counted on the account: once its throttle has counted
 * `accountLockFailures` failures, the account is locked, its access ends, its count is
 * forgotten (its owner then reads 'Your account has been locked.', not a wait) and its owner
 * gets the reset link that unlocks it. One statement decides, so concurrent failures lock once.
 */
export async function lockAfterSustainedFailures(deps: Deps, personId: number): Promise<void> {
  const key = throttleKeys.account(personId).key
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    const sustained = tx
      .select({ key: signInThrottles.key })
      .from(signInThrottles)
      .where(and(eq(signInThrottles.key, key), gte(signInThrottles.failures, accountLockFailures)))
    const [locked] = await tx
      .update(accounts)
      .set({ locked_reason: 'failures', locked_at: now })
      .where(and(eq(accounts.person_id, personId), isNull(accounts.locked_reason), sql`exists ${sustained}`))
      .returning({ email: accounts.email })
    if (!locked) return
    await endAccess(tx, personId)
    await clearThrottle(tx, key)
    await recordActivity(tx, {
      authorId: null,
      teamId: null,
      subjectType: 'account',
      subjectId: personId,
      action: 'update',
      before: { locked: null },
      after: { locked: 'failures', failed_sign_ins: accountLockFailures },
    })
    const [person] = await tx.select({ firstName: people.first_name }).from(people).where(eq(people.id, personId))
    await mailResetLink(tx, deps, { personId, email: locked.email, firstName: person?.firstName ?? '' }, { why: 'locked' })
  })
}

/**
 * `throttled` for a check of an account's password or code (sign-in, resend, removing the
 * account): a failure counted on the account's own key may lock it.
 */
export async function throttledForAccount<T>(
  deps: Deps,
  personId: number | undefined,
  keys: ThrottleKey[],
  now: Date,
  attempt: () => Promise<T>,
  isFailure: (error: unknown) => boolean,
): Promise<T> {
  try {
    return await throttled(deps.db, keys, now, attempt, isFailure)
  } catch (error) {
    const accountKey = personId === undefined ? null : throttleKeys.account(personId).key
    if (personId !== undefined && isFailure(error) && keys.some((key) => key.key === accountKey)) await lockAfterSustainedFailures(deps, personId)
    throw error
  }
}

/** The account's lock (null when none), held for the rest of the transaction; 404 without an account. */
async function lockOf(tx: Executor, personId: number): Promise<AccountLockReason | null> {
  const [row] = await tx.select({ reason: accounts.locked_reason }).from(accounts).where(eq(accounts.person_id, personId)).for('update')
  if (!row) throw new AppError('not_found')
  return row.reason
}

/**
 * POST lock-user (site admins): the account is locked until a site admin unlocks it (a reset
 * does not lift this lock); every session and remembered device ends. A site admin cannot lock
 * their own account (nobody might be left to unlock it).
 */
export async function lockAccount(deps: Deps, viewer: Viewer, personId: number): Promise<void> {
  if (personId === viewer.personId) throw new AppError('forbidden', {}, 'You cannot lock your own account.')
  await deps.db.transaction(async (tx) => {
    const before = await lockOf(tx, personId)
    if (before === 'admin') return
    await tx.update(accounts).set({ locked_reason: 'admin', locked_at: deps.now() }).where(eq(accounts.person_id, personId))
    await endAccess(tx, personId)
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: null,
      subjectType: 'account',
      subjectId: personId,
      action: 'update',
      before: { locked: before },
      after: { locked: 'admin' },
    })
  })
}

/** POST unlock-user (site admins): lifts either lock; the account's failed sign-ins are forgotten. */
export async function unlockAccount(deps: Deps, viewer: Viewer, personId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await lockOf(tx, personId)
    if (before === null) return
    await tx.update(accounts).set({ locked_reason: null, locked_at: null }).where(eq(accounts.person_id, personId))
    await clearThrottle(tx, throttleKeys.account(personId).key)
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: null,
      subjectType: 'account',
      subjectId: personId,
      action: 'update',
      before: { locked: before },
      after: { locked: null },
    })
  })
}
