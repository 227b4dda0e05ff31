import { inArray, and, eq, sql, type SQL } from 'drizzle-orm'
import { rowsOf, type Executor } from '../../db/client'
import { accounts, memberships, missedInteractionRules, notifications, unassignedContactRules } from '../../db/schema/index'
import type { Deps } from '../../platform/deps'
import type { Job } from '../../platform/jobs'
import { queueMail } from '../../platform/mail'
import { escapeHtml } from '../../platform/sanitize'

// The two notification rules' jobs (spec 3 §3, §7 Notifications; issue 16). Each delivery is
// claimed in rule_deliveries (ON CONFLICT DO NOTHING) in the same statement or transaction
// as the notifications and mails it writes, so a re-run or a second process never repeats one.

/**
 * Team contact ids looked at per statement: a range of the primary key, so each batch is an
 * index range scan and a run is linear in the contacts (a LIMIT after a cursor let the planner
 * sort the whole conference again for every batch). Set-based, never one contact at a time.
 */
const batchSize = 10_000
/** Most contacts a missed-activity mail names; the rest are counted. */
const mailListLimit = 200
const dayMs = 86_400_000

/**
 * The rules' words, in the language of the person told (their account's locale);
 * a mail to an outside address is in English. A notification is written once, in its
 * recipient's language.
 */
const ruleTexts = {
  en: {
    child: 'A contact under 18',
    quiet: (days: number) => ` has had no interaction for ${days === 1 ? '1 day' : `${days} days`}.`,
    viewContact: 'View contact',
    unassigned: (count: number, church: string) =>
      count === 1 ? `1 contact of ${church} is not assigned to anyone.` : `${count} contacts of ${church} are not assigned to anyone.`,
    viewContacts: 'View contacts',
  },
  es: {
    child: 'Un contacto menor de 18 años',
    quiet: (days: number) => ` no ha tenido ninguna interacción en ${days === 1 ? '1 día' : `${days} días`}.`,
    viewContact: 'Ver contacto',
    unassigned: (count: number, church: string) =>
      count === 1 ? `1 contacto de ${church} no está asignado a nadie.` : `${count} contactos de ${church} no están asignados a nadie.`,
    viewContacts: 'Ver contactos',
  },
}
type RuleTexts = (typeof ruleTexts)['en']
const textsOf = (locale: string | null): RuleTexts => (locale === 'es' ? ruleTexts.es : ruleTexts.en)
const neutralName = ruleTexts.en.child

/** A text in the language of `locale` (an SQL expression), for set-based inserts. */
function inLocale(locale: SQL, text: (texts: RuleTexts) => string): SQL {
  return sql`(case when ${locale} = 'es' then ${text(ruleTexts.es)}::text else ${text(ruleTexts.en)}::text end)`
}

/** The same escape in SQL, for names written by a set-based insert. */
function escapedSql(value: SQL): SQL {
  return sql`replace(replace(replace(replace(replace(${value}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`
}

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`)

/** A child is under 18 by birth year and month (rules/contacts.ts ageFrom and isChild). */
function childSql(today: string): SQL {
  return sql`(p.dob_year is not null and make_date(p.dob_year + 18, coalesce(p.dob_month, 1), 1) > ${today}::date)`
}

/** Who may see a child's details in the team (the child gate, platform/access.ts childGateFor). */
const seesChildrenSql = sql`(m.role in ('entity_admin', 'owner') or (m.has_wwcc and m.has_adsafe))`

type MissedRule = typeof missedInteractionRules.$inferSelect

const teamsOf = (rule: MissedRule) =>
  sql`select t.id from teams t where t.id = ${rule.team_id}::int or (t.parent_id = ${rule.team_id}::int and t.kind = 'team')`

/**
 * The contacts of the rule's conference and its churches quiet since before the cutoff, team
 * contact ids from `from` up to `from + batchSize`, with each one's subject key: a new
 * interaction starts a new period.
 */
function candidatesSql(rule: MissedRule, from: number, cutoff: Date, today: string): SQL {
  return sql`
    select tc.id, tc.team_id, tc.person_id, ${childSql(today)} as is_child,
      trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')) as name,
      tc.id::text || ':' || coalesce(floor(extract(epoch from tc.last_interaction_at) * 1000)::bigint::text, 'never') as subject_key
    from team_contacts tc
    join people p on p.id = tc.person_id
    where tc.id >= ${from}::int and tc.id < ${from + batchSize}::int
      and tc.team_id in (${teamsOf(rule)})
      and tc.state = 'active' and tc.archived_at is null
      and coalesce(tc.last_interaction_at, tc.created_at) < ${cutoff.toISOString()}::timestamptz`
}

/**
 * Claims the batch's deliveries: the unique key turns away those delivered before, one index
 * probe per candidate. A `not exists` over the rule's deliveries read all of them for every
 * batch (a hash of the whole rule, or a scan per candidate when the table's statistics were
 * young), so a run grew with the square of the contacts (issue 39: 203 s for 214,649).
 */
function claimSql(rule: MissedRule): SQL {
  return sql`
    insert into rule_deliveries (rule_kind, rule_id, subject_key)
    select 'missed_interaction', ${rule.id}::int, c.subject_key from candidates c
    on conflict do nothing
    returning subject_key`
}

/** The panel's recipients of a fresh contact: its assignees, or the team's leaders or owners. */
function recipientsSql(to: 'user' | 'leader' | 'owner'): SQL {
  if (to === 'user') {
    return sql`
      select f.*, a.to_person_id as recipient, coalesce(${seesChildrenSql}, false) as sees_children
      from fresh f
      join assignments a on a.team_id = f.team_id and a.contact_id = f.person_id
      left join memberships m on m.team_id = f.team_id and m.person_id = a.to_person_id`
  }
  return sql`
    select f.*, m.person_id as recipient, ${seesChildrenSql} as sees_children
    from fresh f join memberships m on m.team_id = f.team_id and m.role = ${to}`
}

/** Notifications of one batch; how many were written. */
async function notifyBatch(tx: Executor, rule: MissedRule, to: 'user' | 'leader' | 'owner', from: number, cutoff: Date, now: Date): Promise<number> {
  const today = now.toISOString().slice(0, 10)
  const locale = sql`ra.locale`
  const [row] = rowsOf<{ written: number }>(
    await tx.execute(sql`
      with candidates as (${candidatesSql(rule, from, cutoff, today)}),
      claimed as (${claimSql(rule)}),
      fresh as (select c.* from candidates c where c.subject_key in (select subject_key from claimed)),
      recipients as (${recipientsSql(to)}),
      written as (
        insert into notifications (level, team_id, recipient_user_id, associated_person_id, content, kind, params, link_url, link_text, importance, date)
        select 'team', r.team_id, r.recipient, r.person_id,
          '<p>' || case when r.is_child and not r.sees_children then ${inLocale(locale, (texts) => texts.child)} else ${escapedSql(sql`r.name`)} end
            || ${inLocale(locale, (texts) => texts.quiet(rule.after_days))} || '</p>',
          'contact_quiet',
          jsonb_build_object('name', case when r.is_child and not r.sees_children then null else r.name end, 'days', ${rule.after_days}::int),
          '/contacts/view/' || r.person_id, ${inLocale(locale, (texts) => texts.viewContact)}, 'medium', ${now.toISOString()}::timestamptz
        from recipients r left join accounts ra on ra.person_id = r.recipient
        returning 1)
      select (select count(*) from written)::int as written`),
  )
  return Number(row?.written ?? 0)
}

/** An external address: one mail per batch listing the contacts; a minor is never named. */
async function mailBatch(tx: Executor, deps: Deps, rule: MissedRule, from: number, cutoff: Date, now: Date): Promise<number> {
  const today = now.toISOString().slice(0, 10)
  const rows = rowsOf<{ id: number; person_id: number; name: string; is_child: boolean; fresh: boolean }>(
    await tx.execute(sql`
      with candidates as (${candidatesSql(rule, from, cutoff, today)}),
      claimed as (${claimSql(rule)})
      select c.id, c.person_id, c.name, c.is_child, c.subject_key in (select subject_key from claimed) as fresh
      from candidates c order by c.id`),
  )
  const fresh = rows.filter((row) => row.fresh)
  if (fresh.length === 0 || !rule.to_email) return 0
  const lines = fresh
    .slice(0, mailListLimit)
    .map((row) => `- ${row.is_child ? neutralName : row.name}: ${deps.config.publicUrl}/contacts/view/${row.person_id}`)
  if (fresh.length > mailListLimit) lines.push(`… and ${fresh.length - mailListLimit} more`)
  const count = fresh.length === 1 ? '1 contact has' : `${fresh.length} contacts have`
  await queueMail(tx, deps, {
    to: rule.to_email,
    subject: `${count} had no interaction for ${days(rule.after_days)}`,
    text: `${count} had no interaction for ${days(rule.after_days)}:\n\n${lines.join('\n')}\n`,
    template: 'missed-interaction-rule',
  })
  return 1
}

/** Runs one missed-activity rule over its conference, batch after batch by team contact id. */
export async function runMissedInteractionRule(deps: Deps, rule: MissedRule): Promise<number> {
  const now = deps.now()
  const cutoff = new Date(now.getTime() - rule.after_days * dayMs)
  const [range] = rowsOf<{ low: number | null; high: number | null }>(
    await deps.db.execute(sql`select min(id) as low, max(id) as high from team_contacts where team_id in (${teamsOf(rule)})`),
  )
  if (range?.low === null || range?.low === undefined) return 0
  let written = 0
  for (let from = Number(range.low); from <= Number(range.high); from += batchSize) {
    written += await deps.db.transaction((tx) =>
      rule.to === 'email' ? mailBatch(tx, deps, rule, from, cutoff, now) : notifyBatch(tx, rule, rule.to as 'user' | 'leader' | 'owner', from, cutoff, now),
    )
  }
  return written
}

export async function runMissedInteractionRules(deps: Deps): Promise<string | void> {
  const rules = await deps.db.select().from(missedInteractionRules).orderBy(missedInteractionRules.id)
  let written = 0
  for (const rule of rules) written += await runMissedInteractionRule(deps, rule)
  if (written > 0) return `missed-activity rules wrote ${written} notifications or mails`
}

type UnassignedRule = typeof unassignedContactRules.$inferSelect

/**
 * One unassigned-contacts rule, when its every_days have passed since its last run: the
 * rule row is claimed by moving last_run_at (a concurrent run finds it not due), each
 * church's delivery by `${church_id}:${period start date}`.
 */
async function runUnassignedContactsRule(deps: Deps, rule: UnassignedRule): Promise<number> {
  const now = deps.now()
  const at = sql`${now.toISOString()}::timestamptz`
  const period = now.toISOString().slice(0, 10)
  return deps.db.transaction(async (tx) => {
    const due = rowsOf<{ id: number }>(
      await tx.execute(sql`
        update unassigned_contact_rules set last_run_at = ${at}
        where id = ${rule.id}::int and (last_run_at is null or last_run_at + every_days * interval '1 day' <= ${at})
        returning id`),
    )
    if (due.length === 0) return 0
    const churches = rowsOf<{ id: number; title: string; unassigned: number }>(
      await tx.execute(sql`
        with counted as (
          select t.id, t.title, (
            select count(*) from team_contacts tc
            where tc.team_id = t.id and tc.state = 'active' and tc.archived_at is null
              and not exists (select 1 from assignments a where a.team_id = tc.team_id and a.contact_id = tc.person_id))::int as unassigned
          from teams t where t.parent_id = ${rule.team_id}::int and t.kind = 'team'),
        claimed as (
          insert into rule_deliveries (rule_kind, rule_id, subject_key)
          select 'unassigned_contacts', ${rule.id}::int, c.id::text || ':' || ${period} from counted c where c.unassigned > 0
          on conflict do nothing
          returning subject_key)
        select c.id, c.title, c.unassigned from counted c where c.id::text || ':' || ${period} in (select subject_key from claimed)
        order by c.id`),
    )
    if (churches.length === 0) return 0
    const textOf = (church: { title: string; unassigned: number }, texts: RuleTexts = ruleTexts.en) => texts.unassigned(church.unassigned, church.title)
    if (rule.to === 'email') {
      if (!rule.to_email) return 0
      for (const church of churches) {
        await queueMail(tx, deps, {
          to: rule.to_email,
          subject: textOf(church),
          text: `${textOf(church)}\n\n${deps.config.publicUrl}/contacts\n`,
          template: 'unassigned-contacts-rule',
        })
      }
      return churches.length
    }
    const byId = new Map(churches.map((church) => [church.id, church]))
    const recipients = await tx
      .select({ person_id: memberships.person_id, team_id: memberships.team_id, locale: accounts.locale })
      .from(memberships)
      .leftJoin(accounts, eq(accounts.person_id, memberships.person_id))
      .where(and(inArray(memberships.team_id, [...byId.keys()]), eq(memberships.role, rule.to)))
    if (recipients.length === 0) return 0
    await tx.insert(notifications).values(
      recipients.map((recipient) => ({
        level: 'team' as const,
        team_id: recipient.team_id,
        recipient_user_id: recipient.person_id,
        content: `<p>${escapeHtml(textOf(byId.get(recipient.team_id)!, textsOf(recipient.locale)))}</p>`,
        kind: 'contacts_unassigned' as const,
        params: { count: byId.get(recipient.team_id)!.unassigned, church: byId.get(recipient.team_id)!.title },
        link_url: '/contacts',
        link_text: textsOf(recipient.locale).viewContacts,
        importance: 'medium' as const,
        date: now,
      })),
    )
    return recipients.length
  })
}

export async function runUnassignedContactsRules(deps: Deps): Promise<string | void> {
  const rules = await deps.db.select().from(unassignedContactRules).orderBy(unassignedContactRules.id)
  let written = 0
  for (const rule of rules) written += await runUnassignedContactsRule(deps, rule)
  if (written > 0) return `unassigned-contacts rules wrote ${written} notifications or mails`
}

export const ruleJobs: Job[] = [
  // Hourly: a rule counts whole days, so a reminder comes within the hour it is due.
  { name: 'missed-interaction-rules', everyMs: 60 * 60_000, run: (deps) => runMissedInteractionRules(deps) },
  { name: 'unassigned-contacts-rules', everyMs: 60 * 60_000, run: (deps) => runUnassignedContactsRules(deps) },
]
