import { and, eq, inArray, sql } from 'drizzle-orm'
import { email as emailSchema, grantableRoles, personName as personNameSchema, type GrantableRole, type ImportIssue } from '@crm/domain'
import { accounts, activityLog, invites, mailOutbox, teams } from '../../db/schema/index'
import { churchRoster } from '../../platform/church-roster'
import type { Deps } from '../../platform/deps'
import type { Viewer } from '../../platform/access'
import { hashToken } from '../../platform/tokens'
import { inviteKey, inviteMail } from './invite-links'
import { inviteDays } from './teams.service'
import { canGrant, ownersGrantOwner, type Place } from './team-users.service'
import { issueOfSchema, quoted, RowProblems } from '../contact-import/import-issues'
import {
  emailsInTeam,
  inTeamMessage,
  mailEntityAdmins,
  notInChurchMessage,
  personName,
  requiresAdminMessage,
  rosterChurchOf,
  rosterVerdict,
} from './team-invites.service'

type RowStatus = 'invited' | 'in_team' | 'invalid' | 'acms_not_in_church'

interface RowResult {
  row: number
  email: string
  status: RowStatus
  /** By column, in English; issues says the same as codes (issue 36). */
  errors: Record<string, string>
  issues: ImportIssue[]
}

interface GoodRow {
  result: RowResult
  first_name: string
  last_name: string
  email: string
  role: GrantableRole
}

const nameField = personNameSchema(100)

function readName(value: unknown, field: string, problems: RowProblems): string {
  if (value === undefined || value === null || value === '') {
    problems.add(field, 'Required', { code: 'required' })
    return ''
  }
  const parsed = nameField.safeParse(typeof value === 'number' ? String(value) : value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    problems.add(field, issue.message || 'Invalid value', issueOfSchema(issue, value))
  } else if (parsed.data === '') problems.add(field, 'Required', { code: 'required' })
  return parsed.success ? parsed.data : ''
}

/** A row not invited for its email: the English message and its code, the email quoted. */
function refusedEmail(result: RowResult, status: RowStatus, message: string, code: 'in_team' | 'acms_not_in_church' | 'acms_requires_admin') {
  result.status = status
  result.errors = { email: message }
  result.issues = [{ field: 'email', code, ...quoted(result.email) }]
}

/**
 * import-team-users (spec 3 §5): every row is checked and reported by its 1-based number;
 * a bad row never stops a good one. All four columns are required; the role is member or
 * leader (owner where the caller may grant it); an email twice in the file is invited once.
 * The good rows are invited in one transaction with bulk writes (invites, mails, activity).
 */
export async function importTeamUsers(
  deps: Deps,
  viewer: Viewer,
  place: Place,
  input: { data: ReadonlyArray<Record<string, unknown>>; ignore_acms_check?: boolean | undefined },
) {
  const results: RowResult[] = []
  const good: GoodRow[] = []
  /** Each email by the first row that has it. */
  const seen = new Map<string, number>()
  input.data.forEach((raw, index) => {
    const problems = new RowProblems()
    const firstName = readName(raw.first_name, 'first_name', problems)
    const lastName = readName(raw.last_name, 'last_name', problems)
    let email = ''
    if (raw.email === undefined || raw.email === null || raw.email === '') problems.add('email', 'Required', { code: 'required' })
    else {
      const parsed = emailSchema.safeParse(raw.email)
      if (parsed.success) email = parsed.data
      else problems.add('email', parsed.error.issues[0]?.message ?? 'Invalid email', { code: 'invalid_email', ...quoted(raw.email) })
    }
    const roleText = typeof raw.role === 'string' ? raw.role.trim().toLowerCase() : ''
    let role: GrantableRole | undefined
    if (raw.role === undefined || raw.role === null || raw.role === '') problems.add('role', 'Required', { code: 'required' })
    else if (!(grantableRoles as readonly string[]).includes(roleText))
      problems.add('role', 'The role is member or leader', { code: 'not_in_list', ...quoted(raw.role), allowed: ['member', 'leader'] })
    else if (!canGrant(place.callerRole, roleText as GrantableRole, ownersGrantOwner(place)))
      problems.add('role', 'You cannot give this role', { code: 'role_not_grantable', ...quoted(raw.role) })
    else role = roleText as GrantableRole
    const earlier = email ? seen.get(email) : undefined
    if (earlier !== undefined) problems.add('email', 'This email is already in the file', { code: 'already_on_import', row: earlier })
    if (email && earlier === undefined) seen.set(email, index + 1)
    const result: RowResult = {
      row: index + 1,
      email: email || (typeof raw.email === 'string' ? raw.email.slice(0, 254) : ''),
      status: 'invalid',
      errors: problems.errors,
      issues: problems.issues,
    }
    results.push(result)
    if (!problems.any) good.push({ result, first_name: firstName, last_name: lastName, email, role: role! })
  })

  // In the team already: reported, not invited.
  const inTeam = await emailsInTeam(
    deps.db,
    place.target.id,
    good.map((row) => row.email),
  )
  let candidates = good.filter((row) => {
    if (!inTeam.has(row.email)) return true
    refusedEmail(row.result, 'in_team', inTeamMessage(row.email), 'in_team')
    return false
  })

  // The church roster, when the church has one.
  const church = await rosterChurchOf(deps.db, place.target)
  const needApproval: GoodRow[] = []
  if (church && candidates.length > 0) {
    const roster = churchRoster(deps)
    const kept: GoodRow[] = []
    let noRoster = false
    for (const row of candidates) {
      const answer = noRoster ? 'no_roster' : await roster.checkMember(church, row.email)
      // A church without a roster has none for the next row either.
      if (answer === 'no_roster') noRoster = true
      const verdict = rosterVerdict(answer, row.role, place.callerRole, input.ignore_acms_check ?? false)
      if (verdict === 'ok') kept.push(row)
      else {
        if (verdict === 'requires_admin') refusedEmail(row.result, 'acms_not_in_church', requiresAdminMessage(row.email), 'acms_requires_admin')
        else refusedEmail(row.result, 'acms_not_in_church', notInChurchMessage(row.email), 'acms_not_in_church')
        if (verdict === 'requires_admin') needApproval.push(row)
      }
    }
    candidates = kept
    if (needApproval.length > 0) {
      await mailEntityAdmins(
        deps,
        church.conferenceId,
        place.target,
        viewer,
        needApproval.map((row) => ({ email: row.email, name: `${row.first_name} ${row.last_name}`.trim(), role: row.role })),
      )
    }
  }

  if (candidates.length > 0) await inviteRows(deps, viewer, place, candidates)
  const invited = results.filter((result) => result.status === 'invited').length
  return { items: results, invited, failed: results.length - invited }
}

/** The bulk writes of an import: open invites of the emails replaced, new invites, their keys, mails and activity rows. */
async function inviteRows(deps: Deps, viewer: Viewer, place: Place, rows: GoodRow[]) {
  const inviterName = await personName(deps.db, viewer.personId)
  await deps.db.transaction(async (tx) => {
    await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, place.target.id)).for('update')
    // Joined meanwhile (accepted another invite): in the team now.
    const joined = await emailsInTeam(
      tx,
      place.target.id,
      rows.map((row) => row.email),
    )
    const fresh = rows.filter((row) => {
      if (!joined.has(row.email)) return true
      refusedEmail(row.result, 'in_team', inTeamMessage(row.email), 'in_team')
      return false
    })
    if (fresh.length === 0) return
    const emails = fresh.map((row) => row.email)
    await tx
      .update(invites)
      .set({ status: 'cancelled', key_hash: null })
      .where(and(eq(invites.team_id, place.target.id), eq(invites.status, 'pending'), inArray(invites.email, emails)))
    const existing = new Set((await tx.select({ email: accounts.email }).from(accounts).where(inArray(accounts.email, emails))).map((row) => row.email))
    const expiresAt = new Date(deps.now().getTime() + inviteDays * 24 * 3600 * 1000)
    const inserted = await tx
      .insert(invites)
      .values(
        fresh.map((row) => ({
          team_id: place.target.id,
          invited_by_id: viewer.personId,
          email: row.email,
          first_name: row.first_name,
          last_name: row.last_name,
          role: row.role,
          expires_at: expiresAt,
        })),
      )
      .returning({ id: invites.id, email: invites.email, created_at: invites.created_at })
    const byEmail = new Map(fresh.map((row) => [row.email, row]))
    const keyed = inserted.map((invite) => ({ ...invite, key: inviteKey(deps, invite.id, invite.created_at) }))
    await tx.execute(
      sql`update invites set key_hash = v.key_hash from (values ${sql.join(
        keyed.map((invite) => sql`(${invite.id}::int, ${hashToken(invite.key)})`),
        sql`, `,
      )}) as v(id, key_hash) where invites.id = v.id`,
    )
    await tx.insert(mailOutbox).values(
      keyed.map((invite) => {
        const row = byEmail.get(invite.email)!
        const mail = inviteMail(deps, {
          id: invite.id,
          created_at: invite.created_at,
          email: invite.email,
          first_name: row.first_name,
          last_name: row.last_name,
          team_title: place.target.title,
          invited_by_name: inviterName,
          existing: existing.has(invite.email),
        })
        return {
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          template: mail.template,
          status: deps.config.smtpUrl ? ('pending' as const) : ('kept' as const),
          next_attempt_at: deps.now(),
        }
      }),
    )
    await tx.insert(activityLog).values(
      keyed.map((invite) => ({
        author_id: viewer.personId,
        team_id: place.activityTeamId,
        subject_type: 'user_invites',
        subject_id: invite.id,
        action: 'add' as const,
        after: { team_id: place.target.id, email: invite.email, role: byEmail.get(invite.email)!.role, imported: true },
      })),
    )
    for (const row of fresh) row.result.status = 'invited'
  })
}
