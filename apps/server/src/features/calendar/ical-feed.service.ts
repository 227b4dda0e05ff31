import { createHash } from 'node:crypto'
import { and, asc, desc, eq, gt, gte, lt, or, isNull, sql, type SQLWrapper } from 'drizzle-orm'
import ical, { escape } from 'ical-generator'
import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import { addDays, hasCapability, icalPastDays, zonedDate, type OccurrenceException } from '@crm/domain'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client'
import { accounts, eventOccurrences, events, icalFeedTexts, icalFeeds, interactions, lookupItems, people } from '../../db/schema/index'
import { loadTeamScope, type TeamScope } from '../../platform/access'
import { personGate } from '../../platform/child-gate'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { hashToken } from '../../platform/tokens'
import { loadInteractionLookups } from '../interactions/interaction-view'
import { addEvent, addInteraction, feedZone, foldLines, type FeedContext } from './ical-vevents'

// The calendar feed /ical/{token}.ics (issue 14 item 4, decisions.md "Calendar urls"): the
// team's events with their rule and exceptions, and the user's own upcoming interactions, as
// RFC 5545 text. Dates and times are the wall clock of the team's zone, written with its TZID
// and VTIMEZONE, so a calendar app repeats a 10:00 service at 10:00 across daylight-saving
// changes, as the app's own expansion (rules/recurrence.ts) does.

/** The feed carries at most this many events (most recent last occurrence first; never-ending first). */
export const maxFeedEvents = 2000
/** And at most this many of the user's upcoming interactions, within this many days. */
export const maxFeedInteractions = 500
export const feedInteractionDays = 365

/** What the feed reads of an event row. */
/**
 * The feed's owner, team and their role there now, or null when the url no longer opens. The
 * feed is found by the token's hash on its unique index (only the hash is stored, and a
 * lookup's timing says nothing about the token), and not once it has expired.
 */
async function feedScope(db: Executor, token: string, now: Date): Promise<{ userId: number; scope: TeamScope; locale: string } | null> {
  const [feed] = await db
    .select({ user_id: icalFeeds.user_id, team_id: icalFeeds.team_id, site_role: accounts.site_role, locale: accounts.locale, is_locked: accounts.is_locked })
    .from(icalFeeds)
    .innerJoin(accounts, eq(accounts.person_id, icalFeeds.user_id))
    .where(and(eq(icalFeeds.token_hash, hashToken(token)), or(isNull(icalFeeds.expires_at), gt(icalFeeds.expires_at, now))))
  if (!feed || feed.is_locked) return null
  // The role is resolved as every call resolves it: a member removed since reads nothing.
  const viewer = { personId: feed.user_id, email: '', isSiteAdmin: feed.site_role === 'admin', sessionId: 0, locale: feed.locale }
  const scope = await loadTeamScope(db, viewer, feed.team_id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') return null
    throw error
  })
  if (!scope || scope.role === 'member_request' || !hasCapability(scope.role, 'read_event')) return null
  return { userId: feed.user_id, scope, locale: feed.locale }
}

/** What the feed reads of an event, of a moved or cancelled occurrence, and of an upcoming interaction. */
const eventColumns = {
  id: events.id,
  title: events.title,
  no_address: events.no_address,
  address_formatted: events.address_formatted,
  is_recurring: events.is_recurring,
  rrule: events.rrule,
  is_all_day: events.is_all_day,
  start_date: events.start_date,
  span_days: events.span_days,
  start_hour: events.start_hour,
  end_hour: events.end_hour,
  updated_at: events.updated_at,
}
const exceptionColumns = {
  event_id: eventOccurrences.event_id,
  original_date: eventOccurrences.original_date,
  event_date: eventOccurrences.event_date,
  is_cancelled: eventOccurrences.is_cancelled,
}
/**
 * An interaction's contact, looked up by id: joined plainly, a busy leader's 5,000 upcoming
 * interactions were hashed against every person (250 ms at 350,000 people); the LIMIT keeps
 * the lateral subquery from being flattened back into that join.
 */
const contact = new QueryBuilder()
  .select({ first_name: people.first_name, last_name: people.last_name, dob_year: people.dob_year, dob_month: people.dob_month })
  .from(people)
  .where(eq(people.id, interactions.contact_id))
  .limit(1)
  .as('contact')
const interactionColumns = {
  id: interactions.id,
  type: interactions.type,
  type_other: interactions.type_other,
  date: interactions.date,
  time: interactions.time,
  first_name: contact.first_name,
  last_name: contact.last_name,
  dob_year: contact.dob_year,
  dob_month: contact.dob_month,
  updated_at: interactions.updated_at,
}

type FeedOwner = NonNullable<Awaited<ReturnType<typeof feedScope>>>

/** The rows a feed reads at `now`: the team's events, their exceptions, and the user's upcoming interactions. */
function feedRows(deps: Deps, { scope, userId }: FeedOwner, now: Date) {
  const today = zonedDate(now, scope.settings.timeZone)
  const eventWhere = and(eq(events.team_id, scope.team.id), or(isNull(events.last_date), gte(events.last_date, addDays(today, -icalPastDays))))
  const isException = or(eq(eventOccurrences.is_cancelled, true), sql`${eventOccurrences.event_date} <> ${eventOccurrences.original_date}`)
  const interactionWhere = and(
    eq(interactions.by_person_id, userId),
    eq(interactions.team_id, scope.team.id),
    eq(interactions.is_completed, false),
    gte(interactions.occurs_at, now),
    lt(interactions.occurs_at, new Date(now.getTime() + feedInteractionDays * 86_400_000)),
  )
  const feedEvents = deps.db
    .select(eventColumns)
    .from(events)
    .where(eventWhere)
    .orderBy(sql`${events.last_date} desc nulls first`, desc(events.id))
    .limit(maxFeedEvents)
  const feedExceptions = deps.db
    .select(exceptionColumns)
    .from(eventOccurrences)
    .innerJoin(events, eq(events.id, eventOccurrences.event_id))
    .where(and(eventWhere, isException))
  const feedInteractions = deps.db
    .select(interactionColumns)
    .from(interactions)
    .crossJoinLateral(contact)
    .where(interactionWhere)
    .orderBy(asc(interactions.occurs_at), asc(interactions.id))
    .limit(maxFeedInteractions)
  const interactionTypes = deps.db
    .select({ value: lookupItems.value, title: lookupItems.title, translations: lookupItems.translations })
    .from(lookupItems)
    .where(eq(lookupItems.list, 'interaction-types'))
  return {
    events: feedEvents,
    exceptions: feedExceptions,
    interactions: feedInteractions,
    /**
     * One statement: for each of the feed's three queries, as the text reads them (limits
     * included: a busy leader's 5,000 upcoming interactions beyond the 500 shown change nothing
     * the calendar sees), and the interaction types' titles, the count of rows and the sum of
     * a hash of each row. Unlike max(updated_at), it moves when a row is deleted, and when a
     * value changes within the clock's millisecond or without updated_at; with no text built
     * or sorted, it takes about 2 ms over 1,300 events where md5 over the rows' text took 10.
     */
    digest: () => {
      const digestOf = (query: SQLWrapper) => sql`(select concat_ws('/', count(*), sum(hash_record_extended(q, 0))) from (${query}) q)`
      return deps.db.execute(sql`select concat_ws(':',
        ${digestOf(feedEvents)}, ${digestOf(feedExceptions)}, ${digestOf(feedInteractions)}, ${digestOf(interactionTypes)}
      ) as digest`)
    },
  }
}

/**
 * Bump when the feed's text changes for the same rows (its format, a field added): the
 * entity tags calendar apps hold then no longer match.
 */
const feedFormat = 1

/** A feed its token opens: its entity tag, cheap, and its text, the whole build. */
export interface IcalFeed {
  etag: string
  text(): Promise<string>
}

/**
 * The feed of a token, or null (404) for an unknown or expired token or a user who may no
 * longer read the team's events. Its weak entity tag digests everything the text is made of:
 * the rows it reads, the team's name and zone, the caller's role and child data gate (and the
 * month, by which a child comes of age), the user's language and the site's name and address;
 * a calendar app that has the text is answered 304 without it being built.
 */
export async function openIcalFeed(deps: Deps, token: string): Promise<IcalFeed | null> {
  const now = deps.now()
  const owner = await feedScope(deps.db, token, now)
  if (!owner) return null
  const rows = feedRows(deps, owner, now)
  const digest = (await rows.digest()) as unknown as { rows: Array<{ digest: string }> }
  const { scope } = owner
  const tag = createHash('sha256')
    .update(
      JSON.stringify([
        feedFormat,
        digest.rows[0]!.digest,
        scope.team.id,
        scope.team.title,
        scope.settings.timeZone,
        owner.userId,
        scope.role,
        scope.childGate === null ? null : `${now.getFullYear()}-${now.getMonth()}`,
        owner.locale,
        deps.config.siteName,
        deps.config.publicUrl,
      ]),
    )
    .digest('base64url')
  const etag = `W/"${tag.slice(0, 27)}"`
  return { etag, text: () => keptFeedText(deps, owner, etag, () => buildFeedText(deps, owner, rows, now)) }
}

/**
 * The text built for this tag, kept in ical_feed_texts: a busy leader's feed of 1,800 events
 * takes about 50 ms to build and a few to read back. A text is kept only under the tag that
 * digests what it was built from, so it is never older than what it shows.
 */
async function keptFeedText(deps: Deps, { userId, scope }: FeedOwner, etag: string, build: () => Promise<string>): Promise<string> {
  const key = and(eq(icalFeedTexts.user_id, userId), eq(icalFeedTexts.team_id, scope.team.id))
  const [kept] = await deps.db
    .select({ text: icalFeedTexts.text })
    .from(icalFeedTexts)
    .where(and(key, eq(icalFeedTexts.etag, etag)))
  if (kept) return kept.text
  const text = await build()
  const built = { user_id: userId, team_id: scope.team.id, etag, text, built_at: deps.now() }
  try {
    await deps.db
      .insert(icalFeedTexts)
      .values(built)
      .onConflictDoUpdate({ target: [icalFeedTexts.user_id, icalFeedTexts.team_id], set: { etag, text, built_at: built.built_at } })
  } catch (error) {
    // The url was reset meanwhile (its row, and the kept text's key, are gone): nothing to keep.
    deps.log.warn({ err: error }, 'calendar feed: the text was not kept')
  }
  return text
}

/** The feed as iCalendar text. */
async function buildFeedText(deps: Deps, { scope, locale }: FeedOwner, rows: ReturnType<typeof feedRows>, now: Date): Promise<string> {
  const timeZone = scope.settings.timeZone
  const [eventRows, exceptionRows, interactionRows, lookups] = await Promise.all([
    rows.events,
    rows.exceptions,
    rows.interactions,
    loadInteractionLookups(deps.db, locale),
  ])
  const exceptionsOf = new Map<number, OccurrenceException[]>()
  for (const { event_id, ...exception } of exceptionRows) {
    const list = exceptionsOf.get(event_id)
    if (list) list.push(exception)
    else exceptionsOf.set(event_id, [exception])
  }

  const tzid = feedZone(timeZone)
  const context: FeedContext = { timeZone, tzid, host: new URL(deps.config.publicUrl).host, publicUrl: deps.config.publicUrl }
  // The calendar: its name, the team's zone (X-WR-TIMEZONE) and that zone's VTIMEZONE.
  const shell = ical({ name: escape(scope.team.title, false), prodId: { company: deps.config.siteName, product: 'calendar', language: 'EN' } })
  if (tzid) shell.timezone({ name: tzid, generator: getVtimezoneComponent })
  else shell.x('X-WR-TIMEZONE', timeZone)
  const vevents: string[] = []
  for (const row of eventRows) addEvent(vevents, row, exceptionsOf.get(row.id) ?? [], context)
  for (const row of interactionRows) addInteraction(vevents, row, { ...context, typeTitle: lookups.typeTitle, gate: personGate(scope, now) })
  return shell.toString().replace(/END:VCALENDAR(\r\n)?$/, () => `${foldLines(vevents.join(''))}END:VCALENDAR\r\n`)
}
