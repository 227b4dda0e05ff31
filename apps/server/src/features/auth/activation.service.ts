import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { accounts, people } from '../../db/schema/index'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { queueMail } from '../../platform/mail'
import { issueOneTimeKey, useOneTimeKey } from '../../platform/one-time-keys'
import { dummyPasswordHash, verifyPassword } from '../../platform/passwords'
import { isFailedSignIn, signInThrottleKeys } from './auth.service'
import { throttledForAccount } from './account-lock.service'
import type { Addressee } from '../../platform/one-time-keys'

/** An activation link works this long. */
export const activationDays = 7

/**
 * Mails an activation link (sign-up, resend, a new email address); older activation links of
 * the person stop working. Call it in the transaction that makes the address unverified.
 */
export async function sendActivationMail(
  tx: Executor,
  deps: Pick<Deps, 'config' | 'now'>,
  to: Addressee,
  reason: 'signup' | 'resend' | 'email_change',
): Promise<void> {
  const key = await issueOneTimeKey(tx, deps.now(), {
    personId: to.personId,
    purpose: 'activation',
    ttlMs: activationDays * 24 * 3600 * 1000,
  })
  const { siteName, publicUrl } = deps.config
  const link = `${publicUrl}/activate?key=${encodeURIComponent(key)}`
  const opening =
    reason === 'email_change' ? `You changed the email address of your ${siteName} account to this one.` : `Thank you for signing up to ${siteName}.`
  await queueMail(tx, deps, {
    to: to.email,
    template: 'activation',
    subject: reason === 'email_change' ? `Confirm your new email address for ${siteName}` : `Confirm your email address for ${siteName}`,
    text: [
      `Hello ${to.firstName},`,
      '',
      `${opening} Please confirm your email address by opening this link:`,
      '',
      link,
      '',
      `The link works for ${activationDays} days. If you did not ask for this, you can ignore this email.`,
      '',
      `${siteName}`,
    ].join('\n'),
  })
}

/** POST activate: the key of an activation link verifies the email address. */
export async function activateEmail(deps: Deps, key: string): Promise<void> {
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    const personId = await useOneTimeKey(tx, now, 'activation', key)
    await tx.update(accounts).set({ email_verified_at: now }).where(eq(accounts.person_id, personId))
    await tx.update(people).set({ email_is_verified: true }).where(eq(people.id, personId))
  })
}

/**
 * POST resend-verification-email: with the right password, a new activation link for an
 * unverified address. It checks a password, so it counts failures and respects the
 * throttle exactly as sign-in does.
 */
export async function resendVerificationEmail(deps: Deps, input: { email: string; password: string }, ip: string): Promise<void> {
  const now = deps.now()
  const [row] = await deps.db
    .select({ account: accounts, firstName: people.first_name })
    .from(accounts)
    .innerJoin(people, eq(people.id, accounts.person_id))
    .where(eq(accounts.email, input.email))
  const keys = await signInThrottleKeys(deps, row?.account, {}, ip, now)
  await throttledForAccount(
    deps,
    row?.account.person_id,
    keys,
    now,
    async () => {
      if (!row) {
        await verifyPassword(await dummyPasswordHash(), input.password)
        throw new AppError('login_failed')
      }
      const { account } = row
      if (account.locked_reason) throw new AppError('is_locked', { locked_reason: account.locked_reason })
      if (!(await verifyPassword(account.password_hash, input.password))) throw new AppError('login_failed')
      if (account.email_verified_at) return
      await deps.db.transaction((tx) => sendActivationMail(tx, deps, { personId: account.person_id, email: account.email, firstName: row.firstName }, 'resend'))
    },
    isFailedSignIn,
  )
}
