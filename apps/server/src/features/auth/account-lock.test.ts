import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { accounts, activityLog, sessions, signInThrottles, twoFactorRemembered } from '../../db/schema/index'
import { hashToken, newToken } from '../../platform/tokens'
import { addMember, body, buildPerson, buildTeam, createTestApp, linkIn, mailTo, strongPassword, testPassword, type TestApp } from '../../../test/harness'
import { accountLockFailures, accountThrottle } from './sign-in-throttle'

// Locked accounts (D1-8-03, issue 35 item 1): sustained failed sign-ins lock an account until its
// owner sets a new password through the reset mail; a site admin locks and unlocks accounts.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

let addressSequence = 0
/** A client address of its own, so the address throttle never blocks these tests. */
function newAddress(): string {
  addressSequence += 1
  return `10.35.${Math.floor(addressSequence / 250)}.${(addressSequence % 250) + 1}`
}

const login = (email: string, password: string, remoteAddress = newAddress()) =>
  t.call({ method: 'POST', url: '/api/v1/login', payload: { email, password }, remoteAddress })
const post = (path: string, payload: Record<string, unknown>, token?: string) =>
  t.call({ method: 'POST', url: `/api/v1/${path}`, payload, ...(token ? { token } : {}) })

async function lockOf(personId: number) {
  const [row] = await t.db
    .select({ is_locked: accounts.is_locked, locked_reason: accounts.locked_reason, locked_at: accounts.locked_at })
    .from(accounts)
    .where(eq(accounts.person_id, personId))
  return row!
}

/** The account's throttle row as many failures in a row would leave it, its wait running. */
async function failedBefore(personId: number, failures: number, waitSeconds = accountThrottle.capSeconds) {
  await t.db.insert(signInThrottles).values({
    key: `account:${personId}`,
    failures,
    blocked_until: new Date(t.clock.now().getTime() + waitSeconds * 1000),
    last_failure_at: t.clock.now(),
  })
}

/** Past the running wait of the account's throttle. */
async function waitOut(personId: number) {
  const [row] = await t.db
    .select()
    .from(signInThrottles)
    .where(eq(signInThrottles.key, `account:${personId}`))
  if (row?.blocked_until) t.clock.advance(row.blocked_until.getTime() - t.clock.now().getTime() + 1000)
}

describe('sustained failed sign-ins', () => {
  it('lock the account at accountLockFailures failures counted across the throttle’s waits; sign-in then answers is_locked', async () => {
    const person = await buildPerson(t)
    await t.db
      .insert(twoFactorRemembered)
      .values({ person_id: person.id, token_hash: hashToken(newToken()), expires_at: new Date(t.clock.now().getTime() + 86_400_000) })

    // Hours of guessing at the throttle's pace: one failure short of the rule, a wait running.
    await failedBefore(person.id, accountLockFailures - 3)
    // An attempt during a wait is refused unchecked and counts nothing.
    expect((await login(person.email, 'during the wait')).statusCode).toBe(429)
    for (let i = 0; i < 2; i++) {
      await waitOut(person.id)
      expect(body(await login(person.email, `wrong guess ${i}`)).code).toBe('login_failed')
    }
    expect(await lockOf(person.id)).toMatchObject({ is_locked: false, locked_reason: null })
    await waitOut(person.id)
    const before = t.clock.now().getTime()
    const last = await login(person.email, 'the last wrong guess')
    expect(body(last).code).toBe('login_failed')
    const lock = await lockOf(person.id)
    expect(lock).toMatchObject({ is_locked: true, locked_reason: 'failures' })
    expect(lock.locked_at!.getTime()).toBeGreaterThanOrEqual(before)
    // Every way in ends: sessions, remembered devices; the count is spent (no wait hides the lock).
    expect(await t.db.select().from(sessions).where(eq(sessions.person_id, person.id))).toHaveLength(0)
    expect(await t.db.select().from(twoFactorRemembered).where(eq(twoFactorRemembered.person_id, person.id))).toHaveLength(0)
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: person.token })).statusCode).toBe(401)

    // The right password and a wrong one answer alike: 423 is_locked, nothing about the password.
    const right = await login(person.email, testPassword)
    const wrong = await login(person.email, 'yet another guess')
    expect(right.statusCode).toBe(423)
    expect(body(right)).toEqual({ code: 'is_locked', message: 'Your account has been locked.', data: { status: 423, locked_reason: 'failures' } })
    expect(body(wrong)).toEqual(body(right))
    expect(body(right)).not.toHaveProperty('access_token')

    // The owner is told, with the reset link that unlocks it.
    const [mail] = (await mailTo(t, person.email)).filter((row) => row.template === 'account_locked')
    expect(mail!.subject).toBe(`Your ${t.config.siteName} account has been locked`)
    expect(linkIn(mail!.text_body, '/reset-password').searchParams.get('user_id')).toBe(String(person.id))
    const [audit] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subject_type, 'account'), eq(activityLog.subject_id, person.id)))
    expect(audit).toMatchObject({ author_id: null, action: 'update', after: { locked: 'failures' } })
  })

  it('do not lock when a day of quiet comes between them', async () => {
    const person = await buildPerson(t)
    await failedBefore(person.id, accountLockFailures - 1)
    t.clock.advance(accountThrottle.forgetSeconds * 1000 + 1000)
    expect(body(await login(person.email, 'after a quiet day')).code).toBe('login_failed')
    expect((await lockOf(person.id)).is_locked).toBe(false)
    expect((await login(person.email, testPassword)).statusCode).toBe(200)
  })

  it('are lifted by the owner setting a new password through the mailed link', async () => {
    const person = await buildPerson(t)
    await failedBefore(person.id, accountLockFailures - 1, 0)
    await login(person.email, 'the failure that locks')
    expect((await login(person.email, testPassword)).statusCode).toBe(423)

    const link = linkIn((await mailTo(t, person.email)).at(-1)!.text_body, '/reset-password')
    const reset = await post('reset-password', {
      user_id: Number(link.searchParams.get('user_id')),
      key: link.searchParams.get('key'),
      password: strongPassword,
    })
    expect(reset.statusCode).toBe(200)
    expect(await lockOf(person.id)).toMatchObject({ is_locked: false, locked_reason: null, locked_at: null })
    expect((await login(person.email, strongPassword)).statusCode).toBe(200)
  })
})

describe('a site admin’s lock', () => {
  it('is not lifted by a password reset', async () => {
    const admin = await buildPerson(t, { siteRole: 'admin' })
    const person = await buildPerson(t)
    expect((await post('lock-user', { user_id: person.id }, admin.token)).statusCode).toBe(200)
    await post('request-password-reset', { email: person.email })
    const link = linkIn((await mailTo(t, person.email)).at(-1)!.text_body, '/reset-password')
    const reset = await post('reset-password', { user_id: person.id, key: link.searchParams.get('key'), password: strongPassword })
    expect(reset.statusCode).toBe(200)
    const response = await login(person.email, strongPassword)
    expect(response.statusCode).toBe(423)
    expect(body(response).data.locked_reason).toBe('admin')
  })
})

describe('POST /api/v1/lock-user and /api/v1/unlock-user', () => {
  it('are for site admins only: 401 without a session, 403 for anyone else (an owner too), nothing changes', async () => {
    const church = await buildTeam(t)
    const owner = await buildPerson(t)
    const person = await buildPerson(t)
    await addMember(t, owner.id, church, 'owner')
    await addMember(t, person.id, church, 'member')
    for (const path of ['lock-user', 'unlock-user']) {
      expect((await post(path, { user_id: person.id })).statusCode).toBe(401)
      const refused = await post(path, { user_id: person.id, team_id: church }, owner.token)
      expect(refused.statusCode).toBe(403)
      expect(body(refused).code).toBe('forbidden')
    }
    expect((await lockOf(person.id)).is_locked).toBe(false)
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: person.token })).statusCode).toBe(200)
  })

  it('lock an account (its sessions end, sign-in answers is_locked) and unlock it, recorded with the admin', async () => {
    const admin = await buildPerson(t, { siteRole: 'admin' })
    const person = await buildPerson(t)
    const locked = await post('lock-user', { user_id: person.id }, admin.token)
    expect(locked.statusCode).toBe(200)
    expect(body(locked)).toEqual({ success: true })
    expect(await lockOf(person.id)).toMatchObject({ is_locked: true, locked_reason: 'admin' })
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: person.token })).statusCode).toBe(401)
    expect(await t.db.select().from(sessions).where(eq(sessions.person_id, person.id))).toHaveLength(0)
    expect((await login(person.email, testPassword)).statusCode).toBe(423)
    // Locking again changes nothing.
    expect((await post('lock-user', { user_id: person.id }, admin.token)).statusCode).toBe(200)

    const unlocked = await post('unlock-user', { user_id: person.id }, admin.token)
    expect(unlocked.statusCode).toBe(200)
    expect(await lockOf(person.id)).toMatchObject({ is_locked: false, locked_reason: null, locked_at: null })
    expect((await login(person.email, testPassword)).statusCode).toBe(200)

    const audit = await t.db
      .select({ author_id: activityLog.author_id, before: activityLog.before, after: activityLog.after })
      .from(activityLog)
      .where(and(eq(activityLog.subject_type, 'account'), eq(activityLog.subject_id, person.id)))
      .orderBy(activityLog.id)
    expect(audit).toEqual([
      { author_id: admin.id, before: { locked: null }, after: { locked: 'admin' } },
      { author_id: admin.id, before: { locked: 'admin' }, after: { locked: null } },
    ])
  })

  it('unlock a lock of failed sign-ins too, and forget the failures', async () => {
    const admin = await buildPerson(t, { siteRole: 'admin' })
    const person = await buildPerson(t)
    await failedBefore(person.id, accountLockFailures - 1, 0)
    await login(person.email, 'the failure that locks')
    expect((await lockOf(person.id)).locked_reason).toBe('failures')
    expect((await post('unlock-user', { user_id: person.id }, admin.token)).statusCode).toBe(200)
    expect((await login(person.email, testPassword)).statusCode).toBe(200)
  })

  it('refuse locking oneself (403) and a person without an account (404); a bad id is 400', async () => {
    const admin = await buildPerson(t, { siteRole: 'admin' })
    expect((await post('lock-user', { user_id: admin.id }, admin.token)).statusCode).toBe(403)
    expect((await lockOf(admin.id)).is_locked).toBe(false)
    expect((await post('lock-user', { user_id: 2 ** 30 }, admin.token)).statusCode).toBe(404)
    expect((await post('unlock-user', { user_id: 2 ** 30 }, admin.token)).statusCode).toBe(404)
    const bad = await post('lock-user', { user_id: 'x' }, admin.token)
    expect(bad.statusCode).toBe(400)
    expect(body(bad).data.errors).toHaveProperty('user_id')
  })
})

describe('the team users screen', () => {
  it('shows each account’s lock to a site admin only', async () => {
    const church = await buildTeam(t)
    const admin = await buildPerson(t, { siteRole: 'admin' })
    const owner = await buildPerson(t)
    const person = await buildPerson(t)
    await addMember(t, owner.id, church, 'owner')
    await addMember(t, person.id, church, 'member')
    await post('lock-user', { user_id: person.id }, admin.token)
    const usersAs = async (token: string) => {
      const response = await t.call({ method: 'GET', url: `/api/v1/manage-team/${church}?team_id=${church}&with_users=1`, token })
      expect(response.statusCode).toBe(200)
      return body(response).users as Array<{ user_id: number; account_lock?: string | null }>
    }
    const asAdmin = await usersAs(admin.token)
    expect(asAdmin.find((user) => user.user_id === person.id)?.account_lock).toBe('admin')
    expect(asAdmin.find((user) => user.user_id === owner.id)?.account_lock).toBeNull()
    for (const user of await usersAs(owner.token)) expect(user).not.toHaveProperty('account_lock')
  })
})
