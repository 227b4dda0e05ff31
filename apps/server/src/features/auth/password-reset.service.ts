import { and, eq, sql } from 'drizzle-orm'
import { safeRedirectPath } from '@crm/domain'
import type { Executor } from '../../db/client'
import { accounts, people, sessions } from '../../db/schema/index'
import { recordActivity } from '../../platform/activity'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { queueMail } from '../../platform/mail'
import { checkOneTimeKey, issueOneTimeKey, useOneTimeKey } from '../../platform/one-time-keys'
import { checkNewPassword, hashPassword } from '../../platform/passwords'
import { clearThrottle, takeAttempt, throttleKeys, tooManyAttempts } from './sign-in-throttle'
import { forgetDevices } from './two-factor.service'
import type { Addressee } from '../../platform/one-time-keys'

/** A reset link works this long, once. */
export const resetHours = 2

/**
 * POST request-password-reset: mails a reset link when the account exists. The caller
 * always gets the same answer, so the form does not tell who has an account.
 */
export async function requestPasswordReset(deps: Deps, input: { email: string; redirect?: string | undefined }, ip: string): Promise<void> {
  const now = deps.now()
  // Every request from an address counts, whatever the email: no mail bombing across emails.
  const blockedUntil = await takeAttempt(deps.db, throttleKeys.resetAddress(ip), now)
  if (blockedUntil) throw tooManyAttempts(blockedUntil, now)
  const [row] = await deps.db
    .select({ personId: accounts.person_id, email: accounts.email, firstName: people.first_name })
    .from(accounts)
    .innerJoin(people, eq(people.id, accounts.person_id))
    .where(eq(accounts.email, input.email))
  if (!row) return
  // Past a few mails to one account, from any address, the answer stays the same (it must
  // not tell who has an account) but no mail goes out until the delay passes.
  if (await takeAttempt(deps.db, throttleKeys.resetAccount(row.personId), now)) return
  await deps.db.transaction((tx) =>
    mailResetLink(tx, deps, { personId: row.personId, email: row.email, firstName: row.firstName }, { why: 'requested', redirect: input.redirect }),
  )
}

/**
 * Mails a reset link (the older ones of the person stop working): one the person asked for, or
 * the one that tells them sustained failed sign-ins locked their account and that a new
 * password unlocks it. Call it in the transaction of the request or of the lock.
 */
export async function mailResetLink(
  tx: Executor,
  deps: Pick<Deps, 'config' | 'now'>,
  to: Addressee,
  options: { why: 'requested' | 'locked'; redirect?: string | undefined },
): Promise<void> {
  const { siteName, publicUrl } = deps.config
  const key = await issueOneTimeKey(tx, deps.now(), { personId: to.personId, purpose: 'reset', ttlMs: resetHours * 3600 * 1000 })
  const query = new URLSearchParams({ key, user_id: String(to.personId) })
  const redirect = safeRedirectPath(options.redirect)
  if (redirect) query.set('redirect_to', redirect)
  const link = `${publicUrl}/reset-password?${query}`
  const requested = [
    `Someone, hopefully you, asked to set a new password for your ${siteName} account. Open this link to choose one:`,
    '',
    link,
    '',
    `The link works once, for ${resetHours} hours. Private notes you wrote before the reset can no longer be read after it.`,
    'If you did not ask for this, you can ignore this email: your password stays as it is.',
  ]
  const locked = [
    `Your ${siteName} account has been locked: someone kept signing in to it with a wrong password, many times over many hours. Whoever it was did not get in.`,
    '',
    'To unlock it, choose a new password with this link:',
    '',
    link,
    '',
    `The link works once, for ${resetHours} hours; after that, ask for a new one with "Don't remember your password?" on the sign-in page. Private notes you wrote before the reset can no longer be read after it.`,
  ]
  await queueMail(tx, deps, {
    to: to.email,
    template: options.why === 'locked' ? 'account_locked' : 'reset',
    subject: options.why === 'locked' ? `Your ${siteName} account has been locked` : `Set a new password for ${siteName}`,
    text: [`Hello ${to.firstName},`, '', ...(options.why === 'locked' ? locked : requested), '', siteName].join('\n'),
  })
}

/** POST check-reset-password-key: ok for an unused, unexpired reset key of that person. */
export async function checkResetPasswordKey(deps: Deps, input: { user_id: number; key: string }): Promise<void> {
  await checkOneTimeKey(deps.db, deps.now(), 'reset', input.key, input.user_id)
}

/**
 * POST reset-password: a new password with the key of a reset link. The link came by mail,
 * so the address counts as verified; the account's failed sign-ins are forgotten (and the lock
 * they brought, not a site admin's), and every session and remembered device of the person ends.
 */
export async function resetPassword(deps: Deps, input: { user_id: number; key: string; password: string }): Promise<void> {
  const now = deps.now()
  await checkOneTimeKey(deps.db, now, 'reset', input.key, input.user_id)
  const [person] = await deps.db
    .select({ first_name: people.first_name, last_name: people.last_name, email: accounts.email })
    .from(accounts)
    .innerJoin(people, eq(people.id, accounts.person_id))
    .where(eq(accounts.person_id, input.user_id))
  if (!person) throw new AppError('key_invalid')
  checkNewPassword(input.password, [person.first_name, person.last_name, person.email])
  const passwordHash = await hashPassword(input.password)
  await deps.db.transaction(async (tx) => {
    const personId = await useOneTimeKey(tx, now, 'reset', input.key, input.user_id)
    await tx
      .update(accounts)
      .set({
        password_hash: passwordHash,
        email_verified_at: sql`coalesce(${accounts.email_verified_at}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(accounts.person_id, personId))
    await tx.update(people).set({ email_is_verified: true }).where(eq(people.id, personId))
    await tx.delete(sessions).where(eq(sessions.person_id, personId))
    await forgetDevices(tx, personId)
    await clearThrottle(tx, throttleKeys.account(personId).key)
    await clearThrottle(tx, throttleKeys.resetAccount(personId).key)
    // The lock of sustained failed sign-ins ends with the new password; a site admin's stays.
    const unlocked = await tx
      .update(accounts)
      .set({ locked_reason: null, locked_at: null })
      .where(and(eq(accounts.person_id, personId), eq(accounts.locked_reason, 'failures')))
      .returning({ personId: accounts.person_id })
    await recordActivity(tx, {
      authorId: personId,
      teamId: null,
      subjectType: 'account',
      subjectId: personId,
      action: 'update',
      ...(unlocked.length > 0 ? { before: { locked: 'failures' }, after: { password: 'reset', locked: null } } : { after: { password: 'reset' } }),
    })
  })
}
