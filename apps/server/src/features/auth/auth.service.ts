import { and, eq } from 'drizzle-orm'
import type { LoginSession } from '@crm/domain'
import { accounts, sessions } from '../../db/schema/index'
import type { Executor } from '../../db/client'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { dummyPasswordHash, verifyPassword } from '../../platform/passwords'
import { hashToken, newToken } from '../../platform/tokens'
import { throttledForAccount } from './account-lock.service'
import { clearThrottle, throttleKeys, type ThrottleKey } from './sign-in-throttle'
import { checkSecondFactor, rememberedDeviceId, type AccountRow, type SecondFactorInput } from './two-factor.service'

export interface LoginInput extends SecondFactorInput {
  email: string
  password: string
}

/** Where a sign-in comes from: the client address keys the throttle. */
export interface SignInClient {
  ip: string
  userAgent?: string | undefined
}

/** The outcomes that count as a failed attempt; the rest give the attempt back. */
export function isFailedSignIn(error: unknown): boolean {
  return error instanceof AppError && (error.code === 'email_not_found' || error.code === 'login_failed' || error.code === 'incorrect_totp')
}

/**
 * The throttle keys of an attempt to prove the password of `account` (or of an unknown
 * email). A valid remembered two-factor device is keyed on its own: failures others cause
 * from other places never block the owner's device, and failures on the device do not
 * spill onto the account (decisions: sign-in throttle).
 */
export async function signInThrottleKeys(
  deps: Pick<Deps, 'db'>,
  account: { person_id: number } | undefined,
  input: Pick<SecondFactorInput, 'two_factor_remember_id'>,
  ip: string,
  now: Date,
): Promise<ThrottleKey[]> {
  if (account && input.two_factor_remember_id) {
    const deviceId = await rememberedDeviceId(deps.db, account.person_id, input.two_factor_remember_id, now)
    if (deviceId !== null) return [throttleKeys.device(deviceId)]
  }
  return account ? [throttleKeys.address(ip), throttleKeys.account(account.person_id)] : [throttleKeys.address(ip)]
}

/**
 * Signs a person in (spec 1 §7). The order of the checks matters: the throttle comes first,
 * so a throttled account or address cannot be probed; an unknown email and a wrong password
 * cost the same time; a locked account answers is_locked before its password is checked;
 * verification is revealed only with the password. Sustained failures lock the account.
 */
export async function login(deps: Deps, input: LoginInput, client: SignInClient): Promise<LoginSession> {
  const now = deps.now()
  const [account] = await deps.db.select().from(accounts).where(eq(accounts.email, input.email))
  const keys = await signInThrottleKeys(deps, account, input, client.ip, now)
  return throttledForAccount(
    deps,
    account?.person_id,
    keys,
    now,
    async () => {
      if (!account) {
        await verifyPassword(await dummyPasswordHash(), input.password)
        throw new AppError('email_not_found')
      }
      // Locked: the same answer with any password, so it tells nothing about the password.
      if (account.locked_reason) throw new AppError('is_locked', { locked_reason: account.locked_reason })
      if (!(await verifyPassword(account.password_hash, input.password))) throw new AppError('login_failed')
      const session = await completeSignIn(deps, account, input, client.userAgent)
      // The right password (and code): the account's failures, from anywhere, are forgotten;
      // an address's are not, or one good account would hide a spray from that address.
      for (const key of [throttleKeys.account(account.person_id), ...keys]) {
        if (!key.key.startsWith('address:')) await clearThrottle(deps.db, key.key)
      }
      return session
    },
    isFailedSignIn,
  )
}

/**
 * What follows a right password (login, sign-up, a new person's invite): the email check,
 * the second factor, then a session.
 */
export async function completeSignIn(deps: Deps, account: AccountRow, input: SecondFactorInput, userAgent?: string): Promise<LoginSession> {
  if (!account.email_verified_at) throw new AppError('email_not_verified')
  const now = deps.now()
  const { rememberId } = await checkSecondFactor(deps, account, input)
  await deps.db.update(accounts).set({ last_login_at: now }).where(eq(accounts.person_id, account.person_id))
  const session = await startSession(deps.db, deps, account.person_id, account.encryption_salt, userAgent)
  return { ...session, two_factor_remember_id: rememberId }
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
  const now = deps.now()
  await db.insert(sessions).values({
    person_id: personId,
    token_hash: hashToken(token),
    last_seen_at: now,
    expires_at: new Date(now.getTime() + ttl * 1000),
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
