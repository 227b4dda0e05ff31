import { and, eq, sql } from 'drizzle-orm'
import { loginFailuresBeforeLock, loginLockMinutes, type LoginSession } from '@crm/domain'
import { accounts, sessions } from '../../db/schema/index'
import type { Executor } from '../../db/client'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { dummyPasswordHash, verifyPassword } from '../../platform/passwords'
import { hashToken, newToken } from '../../platform/tokens'
import { checkSecondFactor, type AccountRow, type SecondFactorInput } from './two-factor.service'

export interface LoginInput extends SecondFactorInput {
  email: string
  password: string
}

/**
 * Signs a person in (spec 1 §7). The order of the checks matters: an unknown email and a
 * wrong password cost the same time; the lock is checked before the password, so a
 * locked account cannot be probed; verification is revealed only with the password.
 */
export async function login(deps: Deps, input: LoginInput, userAgent?: string): Promise<LoginSession> {
  const now = deps.now()
  const [account] = await deps.db.select().from(accounts).where(eq(accounts.email, input.email))
  if (!account) {
    await verifyPassword(await dummyPasswordHash(), input.password)
    throw new AppError('email_not_found')
  }
  if (account.is_locked || (account.locked_until && account.locked_until > now)) {
    throw new AppError('is_locked')
  }
  if (!(await verifyPassword(account.password_hash, input.password))) {
    await recordFailedLogin(deps, account.person_id, now)
    throw new AppError('login_failed')
  }
  return completeSignIn(deps, account, input, userAgent)
}

/**
 * What follows a right password (login, sign-up, a new person's invite): the email check,
 * the second factor, then a session. A wrong code counts towards the lock like a wrong
 * password.
 */
export async function completeSignIn(
  deps: Deps,
  account: AccountRow,
  input: SecondFactorInput,
  userAgent?: string,
): Promise<LoginSession> {
  if (!account.email_verified_at) throw new AppError('email_not_verified')
  const now = deps.now()
  let rememberId: string | null
  try {
    rememberId = (await checkSecondFactor(deps, account, input)).rememberId
  } catch (error) {
    if (error instanceof AppError && error.code === 'incorrect_totp') await recordFailedLogin(deps, account.person_id, now)
    throw error
  }
  await deps.db
    .update(accounts)
    .set({ failed_login_count: 0, locked_until: null, last_login_at: now })
    .where(eq(accounts.person_id, account.person_id))
  const session = await startSession(deps.db, deps, account.person_id, account.encryption_salt, userAgent)
  return { ...session, two_factor_remember_id: rememberId }
}

// Repeated failures lock the account for a while; the counter restarts after the lock.
export async function recordFailedLogin(deps: Pick<Deps, 'db'>, personId: number, now: Date): Promise<void> {
  await deps.db
    .update(accounts)
    .set({
      failed_login_count: sql`case when ${accounts.failed_login_count} + 1 >= ${loginFailuresBeforeLock} then 0 else ${accounts.failed_login_count} + 1 end`,
      locked_until: sql`case when ${accounts.failed_login_count} + 1 >= ${loginFailuresBeforeLock} then ${new Date(now.getTime() + loginLockMinutes * 60_000).toISOString()}::timestamptz else ${accounts.locked_until} end`,
    })
    .where(eq(accounts.person_id, personId))
}

/** Creates a session and answers the login session shape. Sign-up and invites reuse it. */
export async function startSession(
  db: Executor,
  deps: Pick<Deps, 'config' | 'now'>,
  personId: number,
  encryptionSalt: string,
  userAgent?: string,
): Promise<LoginSession> {
  const token = newToken()
  const ttl = deps.config.sessionTtlSeconds
  await db.insert(sessions).values({
    person_id: personId,
    token_hash: hashToken(token),
    expires_at: new Date(deps.now().getTime() + ttl * 1000),
    user_agent: userAgent?.slice(0, 300) ?? null,
  })
  return {
    access_token: token,
    expires_in: ttl,
    encryption_key: encryptionSalt,
    user_id: personId,
    two_factor_remember_id: null,
    authorization_code: null,
  }
}

/** Ends the calling session; its token answers 401 from now on. */
export async function logout(deps: Deps, personId: number, sessionId: number): Promise<void> {
  await deps.db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.person_id, personId)))
}
