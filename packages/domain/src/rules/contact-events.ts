// Contact events (spec 2 §3 "Contact event", §4.5): the decisions and events of a
// contact's journey, values of the user-event-types lookup list.

/** The Decisions tab and the Events tab each list one kind (spec 2 §2). */
export const contactEventKinds = ['decision', 'event'] as const
export type ContactEventKind = (typeof contactEventKinds)[number]

/** The value of the lookup's 'other' type: the only type that carries a grow phase (spec 2 §3). */
export const otherContactEventType = 'other'

/** Bound of a contact event's text; stored as text, never rendered as HTML. */
export const maxContactEventContentLength = 5000

/**
 * Which tab a type belongs to: a baptism, a profession of faith and every 'decision-…'
 * type are decisions; the rest (a prayer request, other) are events. The lookup list is
 * seeded with these values (apps/server/src/features/lookups/lookup-lists.ts); a type added
 * later that is not named like a decision is an event.
 */
export function contactEventKindOf(type: string): ContactEventKind {
  return type === 'baptism' || type === 'profession-of-faith' || type.startsWith('decision-') ? 'decision' : 'event'
}

/** The types of a kind, in the lookup's order. */
export function contactEventTypesOf<T extends { id: string | number }>(types: readonly T[], kind: ContactEventKind): T[] {
  return types.filter((type) => contactEventKindOf(String(type.id)) === kind)
}

/**
 * The member status an add form shows for a type (spec 2 §4.5): a baptism makes the
 * contact a member; any other type keeps the contact's current status.
 */
export function presetMemberStatus(type: string | null | undefined, current: string | null | undefined): string | null {
  if (type === 'baptism') return 'member'
  return current ?? null
}

/** A grow phase belongs to an event of type other alone; any other type keeps none. */
export function growPhaseOf(type: string, growPhase: string | null | undefined): string | null {
  return type === otherContactEventType ? (growPhase ?? null) : null
}
