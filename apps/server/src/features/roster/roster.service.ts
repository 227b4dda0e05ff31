import { and, asc, count, eq, isNotNull, max, sql } from 'drizzle-orm'
import {
  email as emailRule,
  hasUnsafeNameCharacters,
  isMalformedText,
  toE164,
  type ChurchRosterRow,
  type ImportChurchRosterResult,
  type RosterChurch,
} from '@crm/domain'
import { churchRosterMembers, memberships, teams } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import { churchRoster } from '../../platform/church-roster'
import type { Deps } from '../../platform/deps'
import { displayDateTime } from '../../platform/format'
import { readField, type TeamLocator } from '../../platform/route'
import { subTeamWithAcmsId } from '../teams/team-records'
import { quoted, RowProblems } from '../contact-import/import-issues'
import { refuseField } from '../../platform/field-refusals'

/** A roster row ready to store. */
interface RosterRecord {
  church_acms_id: string
  church_name: string
  member_id: string | null
  email: string
  first_name: string
  last_name: string
  phone: string
}

type Failure = ImportChurchRosterResult['failed'][number]

function trimmed(value: string | null | undefined): string {
  return (value ?? '').trim()
}

function checkName(problems: RowProblems, field: string, value: string, max: number) {
  if (value.length > max) problems.add(field, `At most ${max} characters`, { code: 'too_long', max })
  else if (hasUnsafeNameCharacters(value)) problems.add(field, 'Remove the invisible or control characters', { code: 'invalid', ...quoted(value) })
}

/** One file row checked on its own: the record to store, or what is wrong with it (in English and as codes). */
function checkRow(row: ChurchRosterRow): { record: RosterRecord } | { problems: RowProblems } {
  const problems = new RowProblems()
  const churchId = trimmed(row.church_acms_id)
  if (!churchId) problems.add('church_acms_id', 'Required', { code: 'required' })
  else checkName(problems, 'church_acms_id', churchId, 60)
  const email = emailRule.safeParse(trimmed(row.email))
  if (!trimmed(row.email)) problems.add('email', 'Required', { code: 'required' })
  else if (!email.success) problems.add('email', email.error.issues[0]?.message ?? 'Invalid email', { code: 'invalid_email', ...quoted(row.email) })
  const record = {
    church_acms_id: churchId,
    church_name: trimmed(row.church_name),
    member_id: trimmed(row.member_id) || null,
    email: email.success ? email.data : '',
    first_name: trimmed(row.first_name),
    last_name: trimmed(row.last_name),
    phone: '',
  }
  checkName(problems, 'church_name', record.church_name, 120)
  checkName(problems, 'member_id', record.member_id ?? '', 60)
  checkName(problems, 'first_name', record.first_name, 100)
  checkName(problems, 'last_name', record.last_name, 100)
  const phone = trimmed(row.phone)
  if (phone) {
    const e164 = toE164(phone)
    if (e164 === undefined) problems.add('phone', 'Invalid phone number', { code: 'invalid_phone', ...quoted(phone) })
    else record.phone = e164
  }
  return problems.any ? { problems } : { record }
}

/** Thrown inside the transaction of a dry run so that nothing it wrote stays. */
class DryRun extends Error {
  constructor(readonly result: ImportChurchRosterResult) {
    super('dry run')
  }
}

/**
 * POST import-church-roster: the rows upsert on (conference, church ACMS id, email) in a few
 * statements over one JSON parameter (20,000 rows in one transaction); bad rows are reported
 * and the rest imported. With `replace`, members of the file's churches who are not in the
 * file are removed. Imports of one conference take turns (an advisory lock), so that their
 * counts are exact.
 */
export async function importChurchRoster(
  deps: Deps,
  viewer: Viewer,
  scope: TeamScope,
  input: { data: ChurchRosterRow[]; replace?: boolean | undefined; dry_run?: boolean | undefined },
): Promise<ImportChurchRosterResult> {
  const conferenceId = scope.team.id
  const failed: Failure[] = []
  // The same church and email twice: the later row wins.
  const byKey = new Map<string, { row: number; record: RosterRecord }>()
  input.data.forEach((row, index) => {
    const checked = checkRow(row)
    if ('problems' in checked) {
      failed.push({ row: index + 1, errors: checked.problems.errors, issues: checked.problems.issues })
      return
    }
    const key = `${checked.record.church_acms_id}\u0000${checked.record.email}`
    const earlier = byKey.get(key)
    if (earlier) {
      const repeated = `Repeated in row ${index + 1} for this church; that row was kept`
      failed.push({ row: earlier.row, errors: { email: repeated }, issues: [{ code: 'already_on_import', field: 'email', row: index + 1 }] })
    }

    byKey.set(key, { row: index + 1, record: checked.record })
  })
  failed.sort((a, b) => a.row - b.row)
  const records = [...byKey.values()].map((entry) => entry.record)
  const churches = new Set(records.map((record) => record.church_acms_id))

  const run = async () =>
    deps.db.transaction(async (tx) => {
      // 7302: this lock's class (see duplicates.service.ts for 7301).
      await tx.execute(sql`select pg_advisory_xact_lock(7302, ${conferenceId})`)
      let imported = 0
      let updated = 0
      let removed = 0
      if (records.length > 0) {
        const json = JSON.stringify(records)
        const rows = sql`jsonb_to_recordset(${json}::jsonb) as v(church_acms_id text, church_name text, member_id text, email text, first_name text, last_name text, phone text)`
        if (input.replace) {
          const gone = await tx.execute(sql`
            delete from ${churchRosterMembers} m
            where m.conference_id = ${conferenceId}
              and m.church_acms_id in (select distinct v.church_acms_id from ${rows})
              and not exists (select 1 from ${rows} where v.church_acms_id = m.church_acms_id and v.email = m.email)
            returning m.id`)
          removed = (gone as unknown as { rows: unknown[] }).rows.length
        }
        const written = await tx.execute(sql`
          insert into ${churchRosterMembers} (conference_id, church_acms_id, church_name, member_id, email, first_name, last_name, phone)
          select ${conferenceId}, v.church_acms_id, v.church_name, v.member_id, v.email, v.first_name, v.last_name, v.phone from ${rows}
          on conflict (conference_id, church_acms_id, email) do update set
            church_name = case when excluded.church_name = '' then ${churchRosterMembers.church_name} else excluded.church_name end,
            member_id = coalesce(excluded.member_id, ${churchRosterMembers.member_id}),
            first_name = excluded.first_name, last_name = excluded.last_name, phone = excluded.phone, updated_at = now()
          returning (xmax = 0) as inserted`)
        const upserts = (written as unknown as { rows: Array<{ inserted: boolean }> }).rows
        imported = upserts.filter((row) => row.inserted).length
        updated = upserts.length - imported
      }
      const result = { imported, updated, removed, churches: churches.size, failed }
      if (input.dry_run) throw new DryRun(result)
      await recordActivity(tx, {
        authorId: viewer.personId,
        teamId: conferenceId,
        subjectType: 'team',
        subjectId: conferenceId,
        action: 'update',
        after: {
          church_roster_import: { imported, updated, removed, failed: failed.length, churches: [...churches].slice(0, 100), replace: Boolean(input.replace) },
        },
      })
      return result
    })
  try {
    return await run()
  } catch (error) {
    if (error instanceof DryRun) return error.result
    throw error
  }
}

/** GET church-roster: the conference's roster churches with their counts and sub-teams. */
export async function listRosterChurches(deps: Deps, viewer: Viewer, scope: TeamScope): Promise<{ items: RosterChurch[] }> {
  const conferenceId = scope.team.id
  const churches = await deps.db
    .select({
      church_acms_id: churchRosterMembers.church_acms_id,
      church_name: max(churchRosterMembers.church_name),
      members: count(),
      last_imported: max(churchRosterMembers.updated_at),
    })
    .from(churchRosterMembers)
    .where(eq(churchRosterMembers.conference_id, conferenceId))
    .groupBy(churchRosterMembers.church_acms_id)
    .orderBy(asc(churchRosterMembers.church_acms_id))
  const subTeams = await deps.db
    .select({ id: teams.id, title: teams.title, acms_id: teams.acms_id })
    .from(teams)
    .where(and(eq(teams.parent_id, conferenceId), eq(teams.kind, 'team'), isNotNull(teams.acms_id)))
    .orderBy(asc(teams.id))
  const subTeamOf = new Map<string, { id: number; title: string }>()
  for (const team of subTeams) if (team.acms_id && !subTeamOf.has(team.acms_id)) subTeamOf.set(team.acms_id, team)
  const items = churches.map((church) => {
    const subTeam = subTeamOf.get(church.church_acms_id)
    return {
      church_acms_id: church.church_acms_id,
      church_name: church.church_name ?? '',
      members: Number(church.members),
      sub_team_id: subTeam?.id ?? null,
      sub_team_title: subTeam?.title ?? null,
      last_imported_display: church.last_imported ? displayDateTime(new Date(church.last_imported), viewer.locale, scope.settings.timeZone) : '',
    }
  })
  // Churches with a sub-team first, by its title; then the others by name and id.
  const label = (item: RosterChurch) => (item.sub_team_title ?? item.church_name) || item.church_acms_id
  items.sort((a, b) => Number(a.sub_team_id === null) - Number(b.sub_team_id === null) || label(a).localeCompare(label(b)))
  return { items }
}

/**
 * The conference of acms-get-id-for-team when it names none (spec 3 §7: team_name,
 * conference_acms_id): the conference with that ACMS id (any case), one the caller belongs to
 * first. The route then needs update_team there, as with team_id; a conference the caller has
 * no place in is not found.
 */
export const conferenceByAcmsId: TeamLocator = async (deps, viewer, request) => {
  const sent = readField(request, 'conference_acms_id')
  const acmsId = typeof sent === 'string' ? sent.trim() : ''
  if (!acmsId) throw refuseField('conference_acms_id', 'required')
  // Read before the call's schema runs: a value no ACMS id can be finds nothing.
  if (acmsId.length > 60 || isMalformedText(acmsId)) return null
  const [row] = await deps.db
    .select({ id: teams.id })
    .from(teams)
    .leftJoin(memberships, and(eq(memberships.team_id, teams.id), eq(memberships.person_id, viewer.personId)))
    .where(and(eq(teams.kind, 'conference'), eq(sql`lower(${teams.acms_id})`, acmsId.toLowerCase())))
    .orderBy(sql`${memberships.id} is null`, asc(teams.id))
    .limit(1)
  return row?.id ?? null
}

/**
 * GET acms-get-id-for-team: the guessed ACMS id of a sub-team from its name. The conference's
 * own ACMS id is the stored one when it has one, else the one the form sent. An id another
 * sub-team of the conference holds is never the guess (issue 35: saving it would be refused,
 * and invites would be checked against that church's roster); the sub-team being edited
 * (sub_team_id) may get its own.
 */
export async function guessAcmsId(
  deps: Deps,
  scope: TeamScope,
  input: { team_name: string; conference_acms_id?: string | undefined; sub_team_id?: number | undefined },
) {
  const [conference] = await deps.db.select({ acms_id: teams.acms_id }).from(teams).where(eq(teams.id, scope.team.id))
  const conferenceAcmsId = conference?.acms_id || input.conference_acms_id || null
  const id = await churchRoster(deps).guessChurchId({ conferenceId: scope.team.id, conferenceAcmsId }, input.team_name)
  if (id === null) return { id }
  const holder = await subTeamWithAcmsId(deps.db, scope.team.id, id, input.sub_team_id)
  return { id: holder ? null : id }
}
