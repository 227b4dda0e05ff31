import type { Capability } from '../capabilities'

// The pure rules of interactions (spec 2 §3 Interaction, §4, §6, §9), shared by the server
// and the web form.

/** The interaction types a person picks (spec 2 §3; GET lookups/interaction-types). */
export const interactionTypes = ['visit', 'bible-study', 'phone-call', 'message', 'share-literature', 'prayer', 'other'] as const
export type InteractionType = (typeof interactionTypes)[number]

/** A prayer is stored as prayer_request or prayer_answer (spec 2 §3). */
export const prayerTypes = ['request', 'answer'] as const
export type PrayerType = (typeof prayerTypes)[number]

/** The types as stored and answered: the picked type, a prayer split by its prayer type. */
export const storedInteractionTypes = ['visit', 'bible-study', 'phone-call', 'message', 'share-literature', 'prayer_request', 'prayer_answer', 'other'] as const
export type StoredInteractionType = (typeof storedInteractionTypes)[number]

/** How a contact reacted to a Bible-study lesson (spec 2 §3). */
export const reactions = ['unhappy', 'neutral', 'happy'] as const
export type Reaction = (typeof reactions)[number]

/** Where an interaction came from when a person did not log it (spec 2 §3). */
export const interactionSources = ['user_import', 'hopeva'] as const

/** The interaction date filter (spec 2 §9): All, Scheduled (future), this/last week, month, year. */
export const interactionDateFilters = ['all', 'scheduled', 'this_week', 'last_week', 'this_month', 'last_month', 'this_year', 'last_year'] as const
export type InteractionDateFilter = (typeof interactionDateFilters)[number]

/** The longest content of an interaction, in characters (issue 12). */
export const maxInteractionContentLength = 20_000
/** At most this many other contacts present at one interaction. */
export const maxOthersPresent = 50
/** The Bible-study lesson value that reveals the free-text study (bible_study_other). */
export const otherBibleStudy = 'other'
/** A reaction's animation on the form (spec 2 §9). */
export const reactionAnimationMs = 400

/** The stored type of a picked type (prayer → prayer_request or prayer_answer). */
export function storedInteractionType(type: InteractionType, prayerType: PrayerType | null | undefined): StoredInteractionType {
  if (type === 'prayer') return prayerType === 'answer' ? 'prayer_answer' : 'prayer_request'
  return type
}

/** The picked type and prayer type of a stored type. */
export function pickedInteractionType(stored: StoredInteractionType): { type: InteractionType; prayer_type: PrayerType | null } {
  if (stored === 'prayer_request') return { type: 'prayer', prayer_type: 'request' }
  if (stored === 'prayer_answer') return { type: 'prayer', prayer_type: 'answer' }
  return { type: stored, prayer_type: null }
}

/** The fields whose presence depends on the type. */
export interface InteractionTypeFields {
  type: InteractionType
  prayer_type?: PrayerType | null | undefined
  type_other?: string | null | undefined
  bible_study?: string | null | undefined
  bible_study_other?: string | null | undefined
}

/**
 * What the type asks for, per field (spec 2 §3, §7.4): a prayer is a request or an answer,
 * 'other' names itself, a Bible study names its lesson, and the lesson 'other' its study.
 */
export function interactionTypeErrors(input: InteractionTypeFields): Record<string, string> {
  const errors: Record<string, string> = {}
  if (input.type === 'prayer' && !input.prayer_type) errors.prayer_type = 'Choose a prayer request or an answer'
  if (input.type === 'other' && !input.type_other?.trim()) errors.type_other = 'Say what kind of interaction it was'
  if (input.type === 'bible-study') {
    if (!input.bible_study) errors.bible_study = 'Choose the Bible study'
    else if (input.bible_study === otherBibleStudy && !input.bible_study_other?.trim()) errors.bible_study_other = 'Name the Bible study'
  }
  return errors
}

/** The interaction a change rule is asked about. */
export interface InteractionForRule {
  author_id: number | null
  by_user_id: number | null
  team_id: number
  conference_id: number | null
}

/**
 * Spec 2 §6: an interaction may be edited by its author or by-user holding
 * update_own_interaction; by a holder of update_interaction; with
 * update_sub_team_interaction when its conference is the selected team; with
 * update_own_team_interaction when its team is the selected team. Deleting follows the same
 * shape with the delete_ capabilities.
 */
export function mayChangeInteraction(
  action: 'update' | 'delete',
  item: InteractionForRule,
  viewer: { personId: number; teamId: number },
  holds: (capability: Capability) => boolean,
): boolean {
  const own = item.author_id === viewer.personId || item.by_user_id === viewer.personId
  if (own && holds(`${action}_own_interaction`)) return true
  if (holds(`${action}_interaction`)) return true
  if (item.conference_id !== null && item.conference_id === viewer.teamId && holds(`${action}_sub_team_interaction`)) return true
  return item.team_id === viewer.teamId && holds(`${action}_own_team_interaction`)
}

/** A calendar date as YYYY-MM-DD. */
function isoDay(year: number, monthIndex: number, day: number): string {
  return new Date(Date.UTC(year, monthIndex, day)).toISOString().slice(0, 10)
}

/**
 * The calendar dates (inclusive, YYYY-MM-DD) of a date filter, from today's date where the
 * team lives. Weeks start on Monday. 'all' and 'scheduled' are not date ranges: null.
 */
export function interactionDateRange(filter: InteractionDateFilter, today: string): { from: string; to: string } | null {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number]
  const monthIndex = month - 1
  switch (filter) {
    case 'this_week':
    case 'last_week': {
      const weekday = (new Date(Date.UTC(year, monthIndex, day)).getUTCDay() + 6) % 7
      const monday = day - weekday - (filter === 'last_week' ? 7 : 0)
      return { from: isoDay(year, monthIndex, monday), to: isoDay(year, monthIndex, monday + 6) }
    }
    case 'this_month':
      return { from: isoDay(year, monthIndex, 1), to: isoDay(year, monthIndex + 1, 0) }
    case 'last_month':
      return { from: isoDay(year, monthIndex - 1, 1), to: isoDay(year, monthIndex, 0) }
    case 'this_year':
      return { from: `${year}-01-01`, to: `${year}-12-31` }
    case 'last_year':
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` }
    default:
      return null
  }
}

/**
 * Spec 2 §4: a grow-phase banner is shown once, before the first item of its phase, when a
 * later phase first appears (the list runs newest first, so a banner heads each phase's
 * run); with no items, the prepare banner alone. Returns the index of each item that gets
 * a banner, with its phase.
 */
export function growPhaseBanners(phases: ReadonlyArray<string | null>): Array<{ index: number; phase: string }> {
  if (phases.length === 0) return [{ index: 0, phase: 'prepare' }]
  const seen = new Set<string>()
  const banners: Array<{ index: number; phase: string }> = []
  phases.forEach((phase, index) => {
    if (!phase || seen.has(phase)) return
    seen.add(phase)
    banners.push({ index, phase })
  })
  return banners
}
