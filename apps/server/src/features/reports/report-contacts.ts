import { and, count, eq, gt, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import { activeMemberDays, type ReportChart, type ReportsSummary } from '@crm/domain'
import type { Executor } from '../../db/client'
import { contactEvents, interactions, reportBaptisms, reportFollowUps, reportNewContacts, teamContacts } from '../../db/schema/index'
import { buildChart, dateLabel, instantBuckets, periodInstants, yearCorrections, type BucketCount, type PeriodDates } from './report-periods'

// The contact widgets of the reports (spec 3 §2.3): new contacts, their sources, baptisms and
// the follow-ups. A report counts the contacts a leader reads: those the team holds, active
// (not awaiting the owner's approval) and not archived, of one member status when asked; and
// the contacts de-identified since (issue 40 §2), so that the figures stay as they were.

/** What the report is about: the teams whose figures add up, and the filter. */
export interface ReportTarget {
  teamIds: number[]
  /** The time zone of the buckets. */
  timeZone: string
  memberStatus: string | null
}

/** `column = id`, or `column in (…)` for a conference's churches. */
export function inTeams(column: Parameters<typeof eq>[0], teamIds: readonly number[]): SQL {
  // A conference without churches adds up nothing.
  if (teamIds.length === 0) return sql`false`
  return teamIds.length === 1 ? eq(column, teamIds[0]!) : inArray(column, [...teamIds])
}

/**
 * The states of the team_contacts rows a report counts, each read apart by its own partial
 * index (the listed contacts' indexes are the active ones'; the de-identified are few): a
 * condition on both states at once would use neither.
 */
const countedStates = ['active', 'de_identified'] as const
type CountedState = (typeof countedStates)[number]

/** The team_contacts rows of one counted state a report counts. */
function countedContacts(target: ReportTarget, state: CountedState): SQL {
  return and(
    inTeams(teamContacts.team_id, target.teamIds),
    eq(teamContacts.state, state),
    isNull(teamContacts.archived_at),
    target.memberStatus === null ? undefined : eq(teamContacts.member_status, target.memberStatus),
  )!
}

/** The rows of each counted state's reading, together (the charts add up rows of one bucket). */
async function inEachCountedState<T>(read: (state: CountedState) => Promise<T[]>): Promise<T[]> {
  return (await Promise.all(countedStates.map(read))).flat()
}

function createdIn(dates: PeriodDates, timeZone: string): SQL | undefined {
  const { from, until } = periodInstants(dates, timeZone)
  return and(from ? gte(teamContacts.created_at, from) : undefined, until ? lt(teamContacts.created_at, until) : undefined)
}

/** New contacts per bucket and source (null: none), the rows the two widgets below add up. */
async function countBySource(db: Executor, target: ReportTarget, dates: PeriodDates): Promise<Array<{ label: string; source: string | null; n: number }>> {
  if (dates.period === 'all') return countAllBySource(db, target, dates)
  const buckets = instantBuckets(dates, target.timeZone)
  const rows = await inEachCountedState((state) =>
    db
      .select({ bucket: buckets.index(teamContacts.created_at).mapWith(Number), source: teamContacts.source, n: count() })
      .from(teamContacts)
      .where(and(countedContacts(target, state), createdIn(dates, target.timeZone)))
      .groupBy(sql`1`, sql`2`),
  )
  return rows.map((row) => ({ label: buckets.labelOf(row.bucket), source: row.source, n: row.n }))
}

/**
 * The 'all' period's years from the running totals (migration 0038), which count by UTC year;
 * the contacts taken in between a UTC new year and the reader's (up to 14 hours each year) are
 * read from the created index and moved to the reader's year.
 */
async function countAllBySource(db: Executor, target: ReportTarget, dates: PeriodDates): Promise<Array<{ label: string; source: string | null; n: number }>> {
  const totals = await db
    .select({ year: reportNewContacts.year, source: reportNewContacts.source, n: sql<number>`sum(${reportNewContacts.contacts})`.mapWith(Number) })
    .from(reportNewContacts)
    .where(
      and(
        inTeams(reportNewContacts.team_id, target.teamIds),
        target.memberStatus === null ? undefined : eq(reportNewContacts.member_status, target.memberStatus),
      ),
    )
    .groupBy(reportNewContacts.year, reportNewContacts.source)
  const counts = new Map<string, number>()
  const add = (year: string, source: string, n: number) => counts.set(`${year}|${source}`, (counts.get(`${year}|${source}`) ?? 0) + n)
  for (const row of totals) add(String(row.year), row.source, row.n)
  const windows = yearCorrections(
    totals.map((row) => row.year),
    target.timeZone,
  )
  if (windows.length > 0) {
    const buckets = instantBuckets(dates, target.timeZone)
    const moved = await inEachCountedState((state) =>
      db
        .select({
          utcYear: sql<number>`extract(year from ${teamContacts.created_at} at time zone 'UTC')::int`.mapWith(Number),
          bucket: buckets.index(teamContacts.created_at).mapWith(Number),
          source: teamContacts.source,
          n: count(),
        })
        .from(teamContacts)
        .where(
          and(
            countedContacts(target, state),
            or(...windows.map(({ from, until }) => and(gte(teamContacts.created_at, from), lt(teamContacts.created_at, until)))),
          ),
        )
        .groupBy(sql`1`, sql`2`, sql`3`),
    )
    for (const row of moved) {
      add(String(row.utcYear), row.source ?? '', -row.n)
      add(buckets.labelOf(row.bucket), row.source ?? '', row.n)
    }
  }
  return [...counts]
    .filter(([, n]) => n !== 0)
    .map(([key, n]) => {
      const [label, source] = key.split('|') as [string, string]
      return { label, source: source === '' ? null : source, n }
    })
}

/** New contacts per bucket: the team took them in (team_contacts.created_at) in the period. */
function newContactsChart(dates: PeriodDates, rows: Awaited<ReturnType<typeof countBySource>>): ReportChart {
  return buildChart(
    'line',
    dates,
    ['contacts'],
    rows.map((row) => ({ label: row.label, key: 'contacts', n: row.n })),
  )
}

/**
 * New contacts per source and bucket: one key per source, most frequent first (then by
 * name); `primary` is the first. Contacts without a source are left out.
 */
function contactSourcesChart(dates: PeriodDates, rows: Awaited<ReturnType<typeof countBySource>>): ReportsSummary['contact_sources'] {
  const counts = rows.filter((row) => row.source !== null).map((row) => ({ label: row.label, key: row.source!, n: row.n }))
  const totals = new Map<string, number>()
  for (const row of counts) totals.set(row.key, (totals.get(row.key) ?? 0) + row.n)
  const keys = [...totals.keys()].sort((a, b) => totals.get(b)! - totals.get(a)! || a.localeCompare(b))
  return { ...buildChart('pie', dates, keys, counts), primary: keys[0] ?? null }
}

/** The Contacts and Contact sources widgets: one read of the new contacts when their periods agree. */
export async function countNewContacts(
  db: Executor,
  target: ReportTarget,
  periods: { contacts: PeriodDates; sources: PeriodDates },
): Promise<{ contacts: ReportChart; sources: ReportsSummary['contact_sources'] }> {
  const same = periods.contacts.period === periods.sources.period
  const [contactRows, sourceRows] = await Promise.all([
    countBySource(db, target, periods.contacts),
    same ? undefined : countBySource(db, target, periods.sources),
  ])
  return { contacts: newContactsChart(periods.contacts, contactRows), sources: contactSourcesChart(periods.sources, sourceRows ?? contactRows) }
}

/**
 * The Baptism decisions widget's two series (packages/domain rules/contact-events.ts): the
 * decisions for baptism the title promises, and the baptisms that followed, apart.
 */
export const baptismSeries = { baptism_decisions: 'decision-for-baptism', baptisms: 'baptism' } as const
const seriesOfType = new Map(Object.entries(baptismSeries).map(([key, type]) => [type as string, key]))

/**
 * Decisions for baptism and baptisms recorded by the team per bucket, on the entry's date.
 * Each entry's contact is looked up by its key in each counted state (the LIMIT keeps the
 * lateral from being flattened): joined plainly, a conference's 33,000 baptism entries were hashed against its
 * 240,000 counted contacts (130 ms).
 */
export async function countBaptismDecisions(db: Executor, target: ReportTarget, dates: PeriodDates): Promise<ReportChart> {
  if (dates.period === 'all') return countAllBaptismDecisions(db, target, dates)
  const label = dateLabel(contactEvents.date, dates.granularity)
  const inState = (state: CountedState) =>
    db
      .select({ counted: sql<number>`1`.as('counted') })
      .from(teamContacts)
      .where(and(eq(teamContacts.team_id, contactEvents.team_id), eq(teamContacts.person_id, contactEvents.contact_id), countedContacts(target, state)))
  const counted = inState('active').unionAll(inState('de_identified')).limit(1).as('counted_contact')
  const rows = await db
    .select({ label: label.mapWith(String), type: contactEvents.type, n: count() })
    .from(contactEvents)
    .crossJoinLateral(counted)
    .where(
      and(
        inTeams(contactEvents.team_id, target.teamIds),
        inArray(contactEvents.type, Object.values(baptismSeries)),
        dates.from ? gte(contactEvents.date, dates.from) : undefined,
        dates.until ? lt(contactEvents.date, dates.until) : undefined,
      ),
    )
    .groupBy(sql`1`, sql`2`)
  return buildChart(
    'line',
    dates,
    Object.keys(baptismSeries),
    rows.map((row): BucketCount => ({ label: row.label, key: seriesOfType.get(row.type)!, n: row.n })),
  )
}

/**
 * The 'all' period's years from the running totals (migration 0042). An entry's date is a
 * calendar date, so its year is the same for every reader: nothing moves between years.
 */
async function countAllBaptismDecisions(db: Executor, target: ReportTarget, dates: PeriodDates): Promise<ReportChart> {
  const rows = await db
    .select({ year: reportBaptisms.year, type: reportBaptisms.type, n: sql<number>`sum(${reportBaptisms.entries})`.mapWith(Number) })
    .from(reportBaptisms)
    .where(
      and(inTeams(reportBaptisms.team_id, target.teamIds), target.memberStatus === null ? undefined : eq(reportBaptisms.member_status, target.memberStatus)),
    )
    .groupBy(reportBaptisms.year, reportBaptisms.type)
  return buildChart(
    'line',
    dates,
    Object.keys(baptismSeries),
    rows
      .filter((row) => row.n !== 0 && seriesOfType.has(row.type))
      // A year as bucketLabels writes it, as the new contacts' totals are labelled.
      .map((row): BucketCount => ({ label: String(row.year), key: seriesOfType.get(row.type)!, n: row.n })),
  )
}

/**
 * The follow-ups of the counted contacts' assignments, from their running totals per team,
 * assignee and member status (report_follow_ups, migration 0037; each assignment's follow-up
 * is kept on it by migration 0028): outstanding while the assignee has completed no
 * interaction with the contact in the team; the response time is the mean of the hours from
 * each assignment to its first response; active members are assignees with a completed
 * interaction in the team in the last 30 days (each church's own, added up over churches).
 */
export async function countFollowUps(db: Executor, target: ReportTarget, now: Date): Promise<ReportsSummary['followups']> {
  const since = new Date(now.getTime() - activeMemberDays * 24 * 3_600_000).toISOString()
  const totals = db
    .select({
      team_id: reportFollowUps.team_id,
      to_person_id: reportFollowUps.to_person_id,
      outstanding: sql`sum(${reportFollowUps.outstanding})`.as('outstanding'),
      responded: sql`sum(${reportFollowUps.responded})`.as('responded'),
      hours: sql`sum(${reportFollowUps.response_hours})`.as('hours'),
    })
    .from(reportFollowUps)
    .where(
      and(
        inTeams(reportFollowUps.team_id, target.teamIds),
        target.memberStatus === null ? undefined : eq(reportFollowUps.member_status, target.memberStatus),
        gt(reportFollowUps.assignments, 0),
      ),
    )
    .groupBy(reportFollowUps.team_id, reportFollowUps.to_person_id)
  // The assignees are few (a few a church): each is looked up in their own interactions
  // (interactions_by_person_idx) and the first one in the window answers; a lateral with a
  // limit keeps the planner from reading every recent interaction of the conference instead.
  const result = await db.execute(sql`
    with assignees as materialized (${totals})
    select (select coalesce(sum(outstanding), 0)::int from assignees) as outstanding,
           (select sum(hours) / nullif(sum(responded), 0) from assignees) as hours,
           (select count(*)::int from assignees a
              cross join lateral (
                select 1 from ${interactions} i
                where i.by_person_id = a.to_person_id and i.team_id = a.team_id and i.is_completed
                  and i.occurs_at >= ${since}::timestamptz
                  and least(i.occurs_at, coalesce(i.completed_at, i.occurs_at)) between ${since}::timestamptz and ${now.toISOString()}::timestamptz
                limit 1) active) as active`)
  const [row] = (result as unknown as { rows: Array<{ outstanding: number; hours: string | number | null; active: number }> }).rows
  return {
    outstanding: row?.outstanding ?? 0,
    response_time_average: row?.hours === null || row?.hours === undefined ? null : Math.round(Number(row.hours) * 100) / 100,
    active_members: row?.active ?? 0,
  }
}
