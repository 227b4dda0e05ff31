import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { LoginSession } from '@crm/domain'
import type { Db, Executor } from '../../db/client'
import { accounts, memberships, ownerRequests, people, teams } from '../../db/schema/index'
import { recordActivity } from '../../platform/activity'
import { captchaFor } from '../../platform/captcha'
import type { Deps } from '../../platform/deps'
import { AppError, isUniqueViolation } from '../../platform/errors'
import { checkNewPassword, hashPassword } from '../../platform/passwords'
import { sendActivationMail } from './activation.service'
import { completeSignIn } from './auth.service'
import { refuseField } from '../../platform/field-refusals'

export interface SignupInput {
  first_name: string
  last_name: string
  email: string
  password: string
  conference_id: number
  team_id: number
  recaptcha_token: string
}

/** The church must be a team (kind 'team') of the conference chosen. */
async function checkChurch(db: Db, conferenceId: number, teamId: number): Promise<void> {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.kind, 'team'), eq(teams.parent_id, conferenceId)))
  if (!row) throw refuseField('team_id', 'church_of_conference', { message: 'Choose a church of the conference' })
}

/**
 * POST signup (spec 1 §2): a person asks to join a church. The payload is checked first,
 * then the captcha (a solution is spent even when the email turns out to be taken, so one
 * solution cannot probe many addresses), then everything is written in one transaction:
 * person, unverified account, a member_request on the church, the activity entry and the
 * activation mail. A church with no owner also gets an owner request from the person, for a
 * site admin to decide (/team/owner-requests): someone has to be able to accept the members.
 * The answer is what login would answer for the new account, which is email_not_verified
 * until the link is opened.
 */
export async function signup(deps: Deps, input: SignupInput, client: { ip: string; userAgent?: string }): Promise<LoginSession> {
  checkNewPassword(input.password, [input.first_name, input.last_name, input.email])
  await checkChurch(deps.db, input.conference_id, input.team_id)
  if (!(await captchaFor(deps).verify(input.recaptcha_token, client.ip))) throw new AppError('incorrect_recaptcha')

  const passwordHash = await hashPassword(input.password)
  const personId = await deps.db
    .transaction(async (tx) => {
      const [taken] = await tx.select({ id: accounts.person_id }).from(accounts).where(eq(accounts.email, input.email))
      if (taken) throw new AppError('email_exists')
      const id = await createAccount(
        tx,
        deps.now(),
        { firstName: input.first_name, lastName: input.last_name, email: input.email, password: input.password, verified: false },
        passwordHash,
      )
      await tx.insert(memberships).values({ person_id: id, team_id: input.team_id, role: 'member_request' })
      await recordActivity(tx, {
        authorId: id,
        teamId: input.team_id,
        subjectType: 'membership',
        subjectId: id,
        action: 'add',
        after: { role: 'member_request', via: 'signup' },
      })
      const [owner] = await tx
        .select({ id: memberships.id })
        .from(memberships)
        .where(and(eq(memberships.team_id, input.team_id), eq(memberships.role, 'owner')))
        .limit(1)
      if (!owner) await tx.insert(ownerRequests).values({ person_id: id, team_id: input.team_id })
      await sendActivationMail(tx, deps, { personId: id, email: input.email, firstName: input.first_name }, 'signup')
      return id
    })
    .catch((error: unknown) => {
      // Two sign-ups of one address at once: the unique index decides.
      throw isUniqueViolation(error) ? new AppError('email_exists') : error
    })
  const [account] = await deps.db.select().from(accounts).where(eq(accounts.person_id, personId))
  return completeSignIn(deps, account!, {}, client.userAgent)
}

export interface NewAccount {
  firstName: string
  lastName: string
  email: string
  password: string
  siteRole?: 'admin' | null
  locale?: string
  verified: boolean
}

/** Creates a person with an account; sign-up, invites and the demo seed go through here. */
export async function createAccount(tx: Executor, now: Date, account: NewAccount, passwordHash?: string): Promise<number> {
  const email = account.email.toLowerCase()
  const [person] = await tx
    .insert(people)
    .values({
      first_name: account.firstName,
      last_name: account.lastName,
      email,
      email_is_verified: account.verified,
    })
    .returning({ id: people.id })
  await tx.insert(accounts).values({
    person_id: person!.id,
    email,
    password_hash: passwordHash ?? (await hashPassword(account.password)),
    site_role: account.siteRole ?? null,
    locale: account.locale ?? 'en',
    email_verified_at: account.verified ? now : null,
    encryption_salt: randomBytes(16).toString('base64'),
  })
  return person!.id
}
