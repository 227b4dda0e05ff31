import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import { hasUnsafeNameCharacters, toE164, type Profile } from '@crm/domain'
import type { Executor } from '../../db/client'
import { accounts, memberships, notes, people, sessions, teams } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import { churchRoster } from '../../platform/church-roster'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { queueMail } from '../../platform/mail'
import { checkNewPassword, hashPassword, verifyPassword } from '../../platform/passwords'
import { refreshContactReadModel } from '../../platform/read-model'
import { sendActivationMail } from '../auth/activation.service'
import { throttledForAccount } from '../auth/account-lock.service'
import { clearThrottle, throttleKeys } from '../auth/sign-in-throttle'
import { confirmTwoFactorCode, forgetDevices, requiresTwoFactor } from '../auth/two-factor.service'
import { deletePersonWithFiles } from '../consent/contact-files'
import { assertKeepsAnOwner, owningRoles } from '../teams/ownership'
import { refuseField } from '../../platform/field-refusals'

/** Said in `errors` when a name or phone change is ignored because MD owns those fields. */
export const syncedFieldsMessage = 'Your name and phone number are kept in sync with MD while Sync with MD is on, so they were not changed.'

/** Owners of a team with the member-database integration may sync with MD (spec 3 §2.6). */
async function canSyncWithMd(db: Executor, personId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.team_id))
    .where(and(eq(memberships.person_id, personId), eq(memberships.role, 'owner'), eq(teams.has_md_integration, true)))
    .limit(1)
  return row !== undefined
}

async function loadPerson(db: Executor, personId: number) {
  const [row] = await db
    .select({ person: people, account: accounts })
    .from(accounts)
    .innerJoin(people, eq(people.id, accounts.person_id))
    .where(eq(accounts.person_id, personId))
  if (!row) throw new AppError('unauthorized')
  return row
}

/** A name part from MD worth keeping: present, at most 100 characters, nothing invisible. */
function usableName(value: string): boolean {
  return value !== '' && value.length <= 100 && !hasUnsafeNameCharacters(value)
}

/**
 * Sync with MD (spec 3 §2.6): the person's names and phone as the membership system holds
 * them are copied in (a blank one there leaves ours). False when it does not know the email.
 */
async function syncFromMd(deps: Deps, personId: number, email: string): Promise<boolean> {
  const md = await churchRoster(deps).memberProfile(email)
  if (!md) return false
  const [person] = await deps.db
    .select({ first_name: people.first_name, last_name: people.last_name, phone: people.phone })
    .from(people)
    .where(eq(people.id, personId))
  if (!person) return false
  const changes: Partial<Pick<PersonRow, 'first_name' | 'last_name' | 'phone'>> = {}
  if (usableName(md.first_name) && md.first_name !== person.first_name) changes.first_name = md.first_name
  if (usableName(md.last_name) && md.last_name !== person.last_name) changes.last_name = md.last_name
  if (md.phone && md.phone !== person.phone) changes.phone = md.phone
  if (Object.keys(changes).length === 0) return true
  await deps.db.transaction(async (tx) => {
    await tx.update(people).set(changes).where(eq(people.id, personId))
    // The person may be a contact too: the lists read their name from the read model.
    await refreshContactReadModel(tx, personId, deps.now())
    await recordActivity(tx, {
      authorId: personId,
      teamId: null,
      subjectType: 'account',
      subjectId: personId,
      action: 'update',
      before: Object.fromEntries(Object.keys(changes).map((field) => [field, person[field as keyof typeof changes]])),
      after: { ...changes, synced_with_md: true },
    })
  })
  return true
}

/** GET profile: the profile form of the signed-in account (spec 3 §2.6); while synced, fresh from MD first. */
export async function getProfile(deps: Deps, viewer: Viewer): Promise<Profile> {
  const before = await loadPerson(deps.db, viewer.personId)
  const canSync = await canSyncWithMd(deps.db, viewer.personId)
  const synced = before.account.sync_with_md && canSync
  const mdMemberFound = synced ? await syncFromMd(deps, viewer.personId, before.account.email) : undefined
  const { person, account } = synced ? await loadPerson(deps.db, viewer.personId) : before
  return {
    first_name: person.first_name,
    last_name: person.last_name,
    email: account.email,
    phone: person.phone ?? '',
    locale: account.locale,
    sync_with_md: account.sync_with_md,
    can_sync_with_md: canSync,
    ...(mdMemberFound === undefined ? {} : { md_member_found: mdMemberFound }),
    two_factor_enabled: account.totp_enabled_at !== null,
    two_factor_required: await requiresTwoFactor(deps.db, deps.config, { personId: viewer.personId, siteRole: account.site_role }),
    encryption_key: account.encryption_salt,
  }
}

export interface UpdateAccountInput {
  first_name?: string | undefined
  last_name?: string | undefined
  phone?: string | undefined
  locale?: 'en' | 'es' | undefined
  email?: string | undefined
  sync_with_md?: boolean | undefined
  old_password?: string | undefined
  password?: string | undefined
  private_notes?: Array<{ id: number; content: string }> | undefined
}

/** The ids of the request must be exactly those of every private note of the person. */
async function checkPrivateNotes(db: Executor, personId: number, given: Array<{ id: number }>): Promise<void> {
  const stored = await db
    .select({ id: notes.id })
    .from(notes)
    .where(and(eq(notes.author_id, personId), eq(notes.is_encrypted, true)))
  const expected = stored.map((note) => note.id).sort((a, b) => a - b)
  const ids = given.map((note) => note.id).sort((a, b) => a - b)
  if (ids.length !== expected.length || ids.some((id, i) => id !== expected[i])) {
    throw refuseField('private_notes', 'notes_reencrypt_required')
  }
}

type PersonRow = typeof people.$inferSelect
type AccountRow = typeof accounts.$inferSelect

/** The changes a request asks for, with what the activity log says about them. */
interface Plan {
  person: Partial<typeof people.$inferInsert>
  account: Partial<typeof accounts.$inferInsert>
  before: Record<string, unknown>
  after: Record<string, unknown>
  messages: string[]
}

/** Names, phone, locale and sync: what changes, and what MD sync keeps as it is. */
function planProfileFields(person: PersonRow, account: AccountRow, input: UpdateAccountInput): Plan {
  const plan: Plan = { person: {}, account: {}, before: {}, after: {}, messages: [] }
  let phone: string | null | undefined
  if (input.phone !== undefined) {
    phone = input.phone === '' ? null : toE164(input.phone)
    if (phone === undefined) throw refuseField('phone', 'invalid_phone')
  }
  const synced = input.sync_with_md ?? account.sync_with_md
  const personFields = { first_name: input.first_name, last_name: input.last_name, phone }
  for (const [field, value] of Object.entries(personFields) as Array<[keyof typeof personFields, string | null | undefined]>) {
    if (value === undefined || value === person[field]) continue
    if (synced) {
      if (!plan.messages.includes(syncedFieldsMessage)) plan.messages.push(syncedFieldsMessage)
      continue
    }
    plan.person[field] = value as never
    plan.before[field] = person[field]
    plan.after[field] = value
  }
  if (input.locale !== undefined && input.locale !== account.locale) {
    plan.account.locale = input.locale
    plan.before.locale = account.locale
    plan.after.locale = input.locale
  }
  if (input.sync_with_md !== undefined && input.sync_with_md !== account.sync_with_md) {
    plan.account.sync_with_md = input.sync_with_md
    plan.before.sync_with_md = account.sync_with_md
    plan.after.sync_with_md = input.sync_with_md
  }
  return plan
}

/** A new email or password needs the old password; a new email must be free. */
async function planSignInChanges(deps: Deps, viewer: Viewer, person: PersonRow, account: AccountRow, input: UpdateAccountInput, plan: Plan) {
  const newEmail = input.email !== undefined && input.email !== account.email ? input.email : undefined
  const newPassword = input.password
  if (!newEmail && !newPassword) return { newEmail, newPassword }
  if (!input.old_password || !(await verifyPassword(account.password_hash, input.old_password))) {
    throw new AppError('incorrect_old_password')
  }
  if (newEmail) {
    const [taken] = await deps.db
      .select({ id: accounts.person_id })
      .from(accounts)
      .where(and(eq(accounts.email, newEmail), ne(accounts.person_id, viewer.personId)))
    if (taken) throw new AppError('email_exists')
    Object.assign(plan.account, { email: newEmail, email_verified_at: null })
    Object.assign(plan.person, { email: newEmail, email_is_verified: false })
    plan.before.email = account.email
    plan.after.email = newEmail
  }
  if (newPassword) {
    const names = [plan.person.first_name ?? person.first_name, plan.person.last_name ?? person.last_name]
    checkNewPassword(newPassword, [...names, newEmail ?? account.email])
    await checkPrivateNotes(deps.db, viewer.personId, input.private_notes ?? [])
    plan.account.password_hash = await hashPassword(newPassword)
    plan.after.password = 'changed'
    plan.after.private_notes_reencrypted = input.private_notes?.length ?? 0
  }
  return { newEmail, newPassword }
}

async function mailEmailChange(tx: Executor, deps: Deps, personId: number, firstName: string, from: string, to: string) {
  const { siteName, supportEmail } = deps.config
  await sendActivationMail(tx, deps, { personId, email: to, firstName }, 'email_change')
  await queueMail(tx, deps, {
    to: from,
    template: 'email_changed',
    subject: `Your email address for ${siteName} was changed`,
    text: [
      `Hello ${firstName},`,
      '',
      `The email address of your ${siteName} account was changed to ${to}.`,
      `If you did not do this, please write to ${supportEmail} at once.`,
    ].join('\n'),
  })
}

/**
 * POST update-account. Names, phone and locale change directly (names and phone not while
 * synced with MD); a new email or password needs the old password, ends every session and
 * answers force_logout. A new password comes with every private note re-encrypted in the
 * browser, written in the same transaction. Nothing is written unless everything is valid.
 */
export async function updateAccount(deps: Deps, viewer: Viewer, input: UpdateAccountInput) {
  const { person, account } = await loadPerson(deps.db, viewer.personId)
  if (input.sync_with_md === true && !account.sync_with_md && !(await canSyncWithMd(deps.db, viewer.personId))) {
    throw new AppError('forbidden')
  }
  const plan = planProfileFields(person, account, input)
  const { newEmail, newPassword } = await planSignInChanges(deps, viewer, person, account, input, plan)
  const forceLogout = Boolean(newEmail || newPassword)

  await deps.db.transaction(async (tx) => {
    if (Object.keys(plan.person).length > 0) {
      await tx.update(people).set(plan.person).where(eq(people.id, viewer.personId))
      // The person may be a contact too: the lists read their name, email and phone from the read model.
      await refreshContactReadModel(tx, viewer.personId, deps.now())
    }
    if (Object.keys(plan.account).length > 0) await tx.update(accounts).set(plan.account).where(eq(accounts.person_id, viewer.personId))
    if (newPassword && input.private_notes && input.private_notes.length > 0) {
      // One statement for every note; only the person's own private notes can match.
      await tx.execute(sql`
        update ${notes} set content = v.content, updated_at = ${deps.now()}
        from jsonb_to_recordset(${JSON.stringify(input.private_notes)}::jsonb) as v(id integer, content text)
        where ${notes.id} = v.id and ${notes.author_id} = ${viewer.personId} and ${notes.is_encrypted}`)
    }
    if (forceLogout) await tx.delete(sessions).where(eq(sessions.person_id, viewer.personId))
    if (newPassword) await forgetDevices(tx, viewer.personId)
    if (newEmail) await mailEmailChange(tx, deps, viewer.personId, plan.person.first_name ?? person.first_name, account.email, newEmail)
    if (Object.keys(plan.after).length > 0) {
      await recordActivity(tx, {
        authorId: viewer.personId,
        teamId: null,
        subjectType: 'account',
        subjectId: viewer.personId,
        action: 'update',
        before: plan.before,
        after: plan.after,
      })
    }
  })
  // Turning sync on takes the names and phone from MD at once.
  if (plan.account.sync_with_md === true) await syncFromMd(deps, viewer.personId, plan.account.email ?? account.email)
  return { force_logout: forceLogout, errors: plan.messages }
}

/**
 * DELETE delete-account: with the password (and the code while two-factor sign-in is on),
 * the person goes, and with them the account, sessions, memberships, their private notes
 * (ciphertext no one can read any more) and their private groups, which nobody else owns.
 * Wrong passwords and codes count towards the account's sign-in throttle.
 */
/**
 * A team or group the person owns keeps an owner after they go (issue 15): removing the
 * account is refused while they are the last owner anywhere, except in their own private
 * groups, which go with them.
 */
async function keepTheirTeamsOwned(tx: Executor, personId: number): Promise<void> {
  const owned = await tx
    .select({ team_id: memberships.team_id })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.team_id))
    .where(and(eq(memberships.person_id, personId), inArray(memberships.role, [...owningRoles]), sql`${teams.isolated_owner_id} is distinct from ${personId}`))
    .orderBy(asc(memberships.team_id))
  for (const { team_id } of owned) await assertKeepsAnOwner(tx, team_id, [personId])
}

export async function deleteAccount(deps: Deps, viewer: Viewer, input: { password: string; totp?: string | undefined }): Promise<void> {
  const { account } = await loadPerson(deps.db, viewer.personId)
  const accountKey = throttleKeys.account(viewer.personId)
  await throttledForAccount(
    deps,
    viewer.personId,
    [accountKey],
    deps.now(),
    async () => {
      if (!(await verifyPassword(account.password_hash, input.password))) throw new AppError('incorrect_password', {}, 'The password is incorrect.')
      await confirmTwoFactorCode(deps, account, input.totp)
    },
    (error) => error instanceof AppError && (error.code === 'incorrect_password' || error.code === 'incorrect_totp'),
  )
  await deps.db.transaction(async (tx) => {
    await keepTheirTeamsOwned(tx, viewer.personId)
    const privateGroups = await tx
      .delete(teams)
      .where(and(eq(teams.kind, 'group'), eq(teams.isolated_owner_id, viewer.personId)))
      .returning({ id: teams.id })
    await recordActivity(tx, {
      authorId: null,
      teamId: null,
      subjectType: 'account',
      subjectId: viewer.personId,
      action: 'delete',
      after: { private_groups_removed: privateGroups.map((group) => group.id) },
    })
    await tx.delete(notes).where(and(eq(notes.author_id, viewer.personId), eq(notes.is_encrypted, true)))
    // The person's photo and the consent files kept about them go with the account.
    await deletePersonWithFiles(deps, tx, viewer.personId)
    await clearThrottle(tx, accountKey.key)
  })
}

/** GET my-private-notes: every private note of the person, as stored ciphertext. */
export async function listMyPrivateNotes(deps: Deps, viewer: Viewer) {
  const items = await deps.db
    .select({ id: notes.id, content: notes.content })
    .from(notes)
    .where(and(eq(notes.author_id, viewer.personId), eq(notes.is_encrypted, true)))
    .orderBy(asc(notes.id))
  return { items }
}
