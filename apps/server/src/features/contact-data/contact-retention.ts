import { sql, type SQL } from 'drizzle-orm'
import { retentionNoticeDays, type RetentionMonths } from '@crm/domain'
import { rowsOf, type Executor } from '../../db/client'
import { notifications } from '../../db/schema/index'
import { escapeHtml } from '../../platform/sanitize'
import type { Deps } from '../../platform/deps'
import { deIdentifyPerson } from './de-identify'

// Retention on schedule (issue 40 §2, APP 11.2): a team that keeps contacts without activity
// for 12, 24 or 36 months has a daily job tell its owners of the contacts it owns that will
// pass that mark within retentionNoticeDays, and de-identify them once the notice has run
// out, unless an owner kept them or something happened since.

/**
 * The last sign of life of the contact of the team_contacts row `tc` (people row `p`): the
 * latest interaction, planned or done, a keep, and when a team took them in, in any team
 * holding them; a change to their record, a note, a decision or event, an attendance.
 */
export const lastActivity: SQL = sql`greatest(
    (select max(greatest(h.created_at, h.last_interaction_at, h.next_interaction_at, h.retention_kept_at))
       from team_contacts h where h.person_id = tc.person_id),
    p.updated_at,
    (select max(n.created_at) from notes n where n.contact_id = tc.person_id),
    (select max(e.created_at) from contact_events e where e.contact_id = tc.person_id),
    (select max(a.event_date)::timestamptz from event_attendance a where a.person_id = tc.person_id))`

/**
 * The contact of `tc` has had no activity since `threshold`: the row's own columns first (a
 * contact with a recent one is passed over without reading the other tables: 2.5 s for a
 * church of 100,000 contacts without them), then the whole of lastActivity.
 */
function quietSince(threshold: SQL): SQL {
  return sql`tc.created_at < ${threshold} and p.updated_at < ${threshold}
    and coalesce(greatest(tc.last_interaction_at, tc.next_interaction_at, tc.retention_kept_at), '-infinity'::timestamptz) < ${threshold}
    and ${lastActivity} < ${threshold}`
}

/** The team's contacts the schedule may act on: owned by it, active, not a person who signs in, no erasure pending. */
const retainedBy = (teamId: number) => sql`tc.team_id = ${teamId} and tc.is_owner and tc.state = 'active'
    and not exists (select 1 from accounts u where u.person_id = tc.person_id)
    and not exists (select 1 from contact_erasures x where x.contact_id = tc.person_id and x.cancelled_at is null and x.carried_out_at is null)`

const noticeWords = {
  en: (count: number, church: string, months: number, date: string) =>
    `${count === 1 ? `1 contact of ${church} has` : `${count} contacts of ${church} have`} had no activity for ${months} months and will be de-identified on ${date} unless you keep ${count === 1 ? 'it' : 'them'}.`,
  es: (count: number, church: string, months: number, date: string) =>
    `${count === 1 ? `1 contacto de ${church} no ha tenido` : `${count} contactos de ${church} no han tenido`} actividad en ${months} meses y ${count === 1 ? 'será desidentificado' : 'serán desidentificados'} el ${date} salvo que ${count === 1 ? 'lo conserve' : 'los conserve'}.`,
  link: { en: 'Review contacts', es: 'Revisar contactos' },
}

interface RetainingTeam {
  id: number
  title: string
  months: RetentionMonths
}

/**
 * One team's notices, in one transaction under the team's retention lock (another process at
 * it skips the team): a notice the contact has had activity since is withdrawn; the contacts
 * within the notice period of the mark are told of, in one notification to each owner.
 */
async function noticeTeam(deps: Pick<Deps, 'db' | 'now'>, team: RetainingTeam): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const [lock] = rowsOf<{ held: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(7305, ${team.id}) as held`))
    if (!lock?.held) return 0
    const now = deps.now()
    const at = sql`${now.toISOString()}::timestamptz`
    await tx.execute(sql`update team_contacts tc set retention_notice_at = null from people p
      where p.id = tc.person_id and tc.team_id = ${team.id} and tc.retention_notice_at is not null
        and (${lastActivity} >= tc.retention_notice_at or tc.state <> 'active' or not tc.is_owner)`)
    const told = rowsOf<{ person_id: number }>(
      await tx.execute(sql`update team_contacts tc set retention_notice_at = ${at} from people p
        where p.id = tc.person_id and ${retainedBy(team.id)} and tc.retention_notice_at is null
          and ${quietSince(sql`${at} - make_interval(months => ${team.months}) + make_interval(days => ${retentionNoticeDays})`)}
        returning tc.person_id`),
    )
    if (told.length === 0) return 0
    const date = new Date(now.getTime() + retentionNoticeDays * 24 * 60 * 60_000).toISOString().slice(0, 10)
    const owners = rowsOf<{ person_id: number; locale: string | null }>(
      await tx.execute(sql`select m.person_id, a.locale from memberships m left join accounts a on a.person_id = m.person_id
        where m.team_id = ${team.id} and m.role in ('owner', 'entity_admin')`),
    )
    const params = { count: told.length, church: team.title, months: team.months, date }
    if (owners.length > 0) {
      await tx.insert(notifications).values(
        owners.map((owner) => {
          const language = owner.locale === 'es' ? 'es' : 'en'
          return {
            level: 'team' as const,
            team_id: team.id,
            recipient_user_id: owner.person_id,
            content: `<p>${escapeHtml(noticeWords[language](told.length, team.title, team.months, date))}</p>`,
            kind: 'contacts_due_for_de_identification' as const,
            params,
            link_url: '/contacts/erasures',
            link_text: noticeWords.link[language],
            importance: 'high' as const,
            date: now,
          }
        }),
      )
    }
    return told.length
  })
}

/**
 * De-identifies a batch of the team's contacts whose notice has run out with no activity
 * since, each recorded as an erasure the schedule carried out; rows another process holds are
 * its to do.
 */
async function deIdentifyDue(deps: Pick<Deps, 'db' | 'config' | 'now'>, team: RetainingTeam, batchSize: number): Promise<number> {
  return deps.db.transaction(async (tx: Executor) => {
    const now = deps.now()
    const at = sql`${now.toISOString()}::timestamptz`
    const due = rowsOf<{ person_id: number }>(
      await tx.execute(sql`select tc.person_id from team_contacts tc join people p on p.id = tc.person_id
        where ${retainedBy(team.id)} and tc.retention_notice_at <= ${at} - make_interval(days => ${retentionNoticeDays})
          and ${lastActivity} < tc.retention_notice_at
        order by tc.retention_notice_at, tc.person_id
        limit ${batchSize}
        for update of tc, p skip locked`),
    )
    for (const { person_id: personId } of due) {
      await tx.execute(sql`insert into contact_erasures (contact_id, team_id, mode, reason, retention_months, requested_at, due_at, carried_out_at)
        values (${personId}, ${team.id}, 'de_identify', '', ${team.months}, ${at}, ${at}, ${at})`)
      await deIdentifyPerson(deps, tx, personId)
    }
    return due.length
  })
}

/** The retention job: every team that keeps contacts for a while, its notices, then its due contacts. */
export async function applyContactRetention(deps: Pick<Deps, 'db' | 'config' | 'now'>, batchSize = 100): Promise<string | void> {
  const teams = rowsOf<RetainingTeam>(
    await deps.db.execute(sql`select id, title, (settings ->> 'contact_retention_months')::int as months
      from teams where settings ? 'contact_retention_months' order by id`),
  )
  let told = 0
  let deIdentified = 0
  for (const team of teams) {
    told += await noticeTeam(deps, team)
    for (;;) {
      const done = await deIdentifyDue(deps, team, batchSize)
      deIdentified += done
      if (done < batchSize) break
    }
  }
  const contacts = (n: number) => `${n} ${n === 1 ? 'contact' : 'contacts'}`
  const said = [told > 0 ? `told owners of ${contacts(told)} due` : null, deIdentified > 0 ? `de-identified ${contacts(deIdentified)}` : null]
  return said.filter(Boolean).join(', ') || undefined
}
