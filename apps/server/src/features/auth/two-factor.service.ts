import { and, eq, gt, inArray, isNull, lt, ne, or } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import type { TotpSetup } from '@crm/domain'
import type { Config } from '../../config'
import type { Executor } from '../../db/client'
import { accounts, memberships, teams, twoFactorRemembered } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { verifyPassword } from '../../platform/passwords'
import { hashToken, newToken, safeEqual } from '../../platform/tokens'
import { refuseField } from '../../platform/field-refusals'

/** TOTP of RFC 6238: 6 digits, 30-second steps, one step of clock drift either way. */
const stepSeconds = 30
const driftSteps = 1
/** A remembered device skips the code this long. */
export const rememberDeviceDays = 30

export type AccountRow = typeof accounts.$inferSelect

/** What a sign-in may carry for the second factor (spec 1 §7, POST login). */
export interface SecondFactorInput {
  totp?: string | undefined
  two_factor_remember_id?: string | undefined
  remember_device?: boolean | undefined
}

/**
 * Site admins (when `admin` is listed) and holders of a listed membership role of a church,
 * chaplaincy or conference must use two-factor sign-in (TWO_FACTOR_REQUIRED_ROLES). A group's
 * roles do not count: any member who creates a private group owns it.
 */
export async function requiresTwoFactor(
  db: Executor,
  config: Pick<Config, 'twoFactorRequiredRoles'>,
  person: { personId: number; siteRole: string | null },
): Promise<boolean> {
  const roles = config.twoFactorRequiredRoles
  if (person.siteRole === 'admin' && roles.includes('admin')) return true
  const membershipRoles = roles.filter((role) => role !== 'admin')
  if (membershipRoles.length === 0) return false
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.team_id))
    .where(and(eq(memberships.person_id, person.personId), inArray(memberships.role, membershipRoles), ne(teams.kind, 'group')))
    .limit(1)
  return row !== undefined
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

function totpOf(config: Pick<Config, 'siteName'>, email: string, secret: string): TOTP {
  return new TOTP({ issuer: config.siteName, label: email, secret: Secret.fromBase32(secret), digits: 6, period: stepSeconds })
}

/** The otpauth:// URI as a QR code (PNG data URL) and the secret in groups of four. */
export async function totpSetup(config: Pick<Config, 'siteName'>, email: string, secret: string): Promise<TotpSetup> {
  return {
    qr_code_url: await QRCode.toDataURL(totpOf(config, email, secret).toString()),
    secret_grouped: secret.match(/.{1,4}/g)!.join(' '),
  }
}

/** The step of a code within the drift window and newer than the last one accepted, or null. */
function matchStep(totp: TOTP, code: string, now: Date, lastStep: number | null): number | null {
  const current = Math.floor(now.getTime() / 1000 / stepSeconds)
  for (let step = current - driftSteps; step <= current + driftSteps; step++) {
    if (lastStep !== null && step <= lastStep) continue
    if (safeEqual(totp.generate({ timestamp: step * stepSeconds * 1000 }), code)) return step
  }
  return null
}

/**
 * Checks a code and records its step, so a code is accepted once: the step only moves
 * forward, and two sign-ins with one code cannot both move it.
 */
async function acceptCode(db: Executor, config: Pick<Config, 'siteName'>, account: AccountRow, secret: string, code: string, now: Date): Promise<boolean> {
  const step = matchStep(totpOf(config, account.email, secret), code, now, account.totp_last_step)
  if (step === null) return false
  const moved = await db
    .update(accounts)
    .set({ totp_last_step: step })
    .where(and(eq(accounts.person_id, account.person_id), or(isNull(accounts.totp_last_step), lt(accounts.totp_last_step, step))))
    .returning({ id: accounts.person_id })
  return moved.length === 1
}

/**
 * A code of the account's enabled second factor, for a signed-in confirmation (removing the
 * account): 2fa_required without one, incorrect_totp for a wrong or used one.
 */
export async function confirmTwoFactorCode(deps: Pick<Deps, 'db' | 'config' | 'now'>, account: AccountRow, code: string | undefined): Promise<void> {
  if (account.totp_enabled_at === null || account.totp_secret === null) return
  if (!code) throw new AppError('2fa_required')
  if (!(await acceptCode(deps.db, deps.config, account, account.totp_secret, code, deps.now()))) throw new AppError('incorrect_totp')
}

async function rememberDevice(db: Executor, personId: number, now: Date): Promise<string> {
  await db.delete(twoFactorRemembered).where(and(eq(twoFactorRemembered.person_id, personId), lt(twoFactorRemembered.expires_at, now)))
  const token = newToken()
  await db.insert(twoFactorRemembered).values({
    person_id: personId,
    token_hash: hashToken(token),
    expires_at: new Date(now.getTime() + rememberDeviceDays * 24 * 3600 * 1000),
  })
  return token
}

/** The id of the person's unexpired remembered device with this token, or null. */
export async function rememberedDeviceId(db: Executor, personId: number, token: string, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ id: twoFactorRemembered.id })
    .from(twoFactorRemembered)
    .where(and(eq(twoFactorRemembered.token_hash, hashToken(token)), eq(twoFactorRemembered.person_id, personId), gt(twoFactorRemembered.expires_at, now)))
  return row?.id ?? null
}

/** Every remembered device of the person asks for a code again. */
export async function forgetDevices(db: Executor, personId: number): Promise<void> {
  await db.delete(twoFactorRemembered).where(eq(twoFactorRemembered.person_id, personId))
}

/**
 * The second factor of a sign-in, after the password and the email check. Answers the
 * remember token to hand back (null when none), or throws 2fa_not_setup (with the secret to
 * set up), 2fa_required or incorrect_totp.
 */
export async function checkSecondFactor(
  deps: Pick<Deps, 'db' | 'config' | 'now'>,
  account: AccountRow,
  input: SecondFactorInput,
): Promise<{ rememberId: string | null }> {
  const { db, config } = deps
  const now = deps.now()
  const enabled = account.totp_enabled_at !== null && account.totp_secret !== null
  if (!enabled && !(await requiresTwoFactor(db, config, { personId: account.person_id, siteRole: account.site_role }))) {
    return { rememberId: null }
  }
  const remember = async () => (input.remember_device === false ? null : rememberDevice(db, account.person_id, now))

  if (!enabled) {
    // Required but not set up: the pending secret is kept until a code confirms it.
    let secret = account.totp_secret
    if (!secret) {
      secret = newTotpSecret()
      await db.update(accounts).set({ totp_secret: secret }).where(eq(accounts.person_id, account.person_id))
    }
    if (!input.totp) throw new AppError('2fa_not_setup', { totp: await totpSetup(config, account.email, secret) })
    if (!(await acceptCode(db, config, account, secret, input.totp, now))) throw new AppError('incorrect_totp')
    await db.update(accounts).set({ totp_enabled_at: now }).where(eq(accounts.person_id, account.person_id))
    return { rememberId: await remember() }
  }

  const presented = input.two_factor_remember_id
  if (presented && (await rememberedDeviceId(db, account.person_id, presented, now)) !== null) return { rememberId: presented }
  if (!input.totp) throw new AppError('2fa_required')
  if (!(await acceptCode(db, config, account, account.totp_secret!, input.totp, now))) throw new AppError('incorrect_totp')
  return { rememberId: await remember() }
}

async function accountOf(db: Executor, personId: number): Promise<AccountRow> {
  const [account] = await db.select().from(accounts).where(eq(accounts.person_id, personId))
  if (!account) throw new AppError('unauthorized')
  return account
}

const alreadyOn = () => refuseField('totp', 'totp_already_on')

/**
 * POST two-factor-setup: a new pending secret. While two-factor sign-in is on it is refused:
 * the secret in use stays until two-factor sign-in is turned off.
 */
export async function setupTwoFactor(deps: Deps, viewer: Viewer): Promise<TotpSetup> {
  const account = await accountOf(deps.db, viewer.personId)
  if (account.totp_enabled_at) throw alreadyOn()
  const secret = newTotpSecret()
  await deps.db.update(accounts).set({ totp_secret: secret }).where(eq(accounts.person_id, viewer.personId))
  return totpSetup(deps.config, account.email, secret)
}

/** POST two-factor-enable: a code of the pending secret turns two-factor sign-in on. */
export async function enableTwoFactor(deps: Deps, viewer: Viewer, code: string): Promise<void> {
  const account = await accountOf(deps.db, viewer.personId)
  if (account.totp_enabled_at) throw alreadyOn()
  if (!account.totp_secret) throw refuseField('totp', 'totp_setup_first')
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    if (!(await acceptCode(tx, deps.config, account, account.totp_secret!, code, now))) throw new AppError('incorrect_totp')
    await tx.update(accounts).set({ totp_enabled_at: now }).where(eq(accounts.person_id, viewer.personId))
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: null,
      subjectType: 'account',
      subjectId: viewer.personId,
      action: 'update',
      after: { two_factor_enabled: true },
    })
  })
}

/**
 * POST two-factor-disable: with the password, for people whose roles do not require it.
 * The secret and every remembered device are forgotten.
 */
export async function disableTwoFactor(deps: Deps, viewer: Viewer, password: string): Promise<void> {
  const account = await accountOf(deps.db, viewer.personId)
  if (await requiresTwoFactor(deps.db, deps.config, { personId: account.person_id, siteRole: account.site_role })) {
    throw new AppError('forbidden')
  }
  if (!(await verifyPassword(account.password_hash, password))) throw new AppError('login_failed')
  await deps.db.transaction(async (tx) => {
    await tx.update(accounts).set({ totp_secret: null, totp_enabled_at: null }).where(eq(accounts.person_id, viewer.personId))
    await forgetDevices(tx, viewer.personId)
    await recordActivity(tx, {
      authorId: viewer.personId,
      teamId: null,
      subjectType: 'account',
      subjectId: viewer.personId,
      action: 'update',
      after: { two_factor_enabled: false },
    })
  })
}
