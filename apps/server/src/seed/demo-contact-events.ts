import { and, asc, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm'
import { contactEventKindOf, growPhaseOf, type GrowPhase } from '@crm/domain'
import type { Executor } from '../db/client'
import { contactEvents, people, teamContacts } from '../db/schema/index'
import { recordActivity } from '../platform/activity'

export interface DemoContactEventsInput {
  /** Hope Street Church records the decisions and events. */
  hopeId: number
  people: { owner: number; leader: number }
  now: Date
}

interface PlannedEvent {
  type: string
  daysAgo: number
  content?: string
  growPhase?: GrowPhase
}

// What each member status's journey shows: its decisions (the Decisions tab) and events
// (the Events tab). The member status each event records is the contact's current one, so
// the seed changes no contact's status (a baptism is recorded on members only).
const journeys: Record<string, PlannedEvent[]> = {
  member: [
    { type: 'decision-to-follow-jesus', daysAgo: 900, content: 'At the end of the evangelistic series.' },
    { type: 'decision-for-baptism', daysAgo: 820 },
    { type: 'baptism', daysAgo: 760, content: 'Baptised with two friends from the study group.' },
    { type: 'decision-for-service', daysAgo: 200, content: 'Joined the welcome team.' },
  ],
  'baptismal-candidate': [
    { type: 'decision-to-follow-jesus', daysAgo: 160 },
    { type: 'decision-for-baptism', daysAgo: 30, content: 'Baptism planned for next quarter.' },
    { type: 'prayer-request', daysAgo: 12, content: 'For their family to understand the decision.' },
  ],
  'study-in-person': [
    { type: 'decision-for-bible-studies', daysAgo: 90, content: 'Studying Discover with the leader on Tuesdays.' },
    { type: 'other', daysAgo: 45, content: 'Came to the health seminar.', growPhase: 'cultivate' },
  ],
  'lead-visited': [
    { type: 'decision-to-interact', daysAgo: 40 },
    { type: 'prayer-request', daysAgo: 20, content: 'A job interview next week.' },
  ],
  'church-attendee': [{ type: 'profession-of-faith', daysAgo: 300 }],
  'event-interest': [{ type: 'other', daysAgo: 15, content: 'Signed up at the community fair.', growPhase: 'plant' }],
}

/**
 * Decisions and events on Hope Street's adult contacts with consent, two of each member
 * status with a journey, and their activity-log rows as the service writes them.
 */
export async function seedDemoContactEvents(tx: Executor, demo: DemoContactEventsInput): Promise<number> {
  const adultBorn = demo.now.getFullYear() - 18
  const held = await tx
    .select({ id: people.id, member_status: people.member_status })
    .from(teamContacts)
    .innerJoin(people, eq(people.id, teamContacts.person_id))
    .where(
      and(
        eq(teamContacts.team_id, demo.hopeId),
        eq(teamContacts.state, 'active'),
        isNull(teamContacts.archived_at),
        isNotNull(people.consent_type),
        eq(people.consent_declined, false),
        inArray(people.member_status, Object.keys(journeys)),
        or(isNull(people.dob_year), lt(people.dob_year, adultBorn)),
      ),
    )
    .orderBy(asc(teamContacts.person_id))
  const taken = new Map<string, number>()
  let count = 0
  for (const contact of held) {
    const status = contact.member_status!
    if ((taken.get(status) ?? 0) >= 2) continue
    taken.set(status, (taken.get(status) ?? 0) + 1)
    for (const [index, planned] of journeys[status]!.entries()) {
      const createdAt = new Date(demo.now.getTime() - planned.daysAgo * 86_400_000)
      const columns = {
        type: planned.type,
        date: createdAt.toISOString().slice(0, 10),
        grow_phase: growPhaseOf(planned.type, planned.growPhase),
        member_status: status,
        content: planned.content ?? null,
      }
      const authorId = index % 2 === 0 ? demo.people.leader : demo.people.owner
      const [row] = await tx
        .insert(contactEvents)
        .values({
          ...columns,
          kind: contactEventKindOf(planned.type),
          contact_id: contact.id,
          team_id: demo.hopeId,
          author_id: authorId,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning({ id: contactEvents.id })
      await recordActivity(tx, {
        authorId,
        teamId: demo.hopeId,
        subjectType: 'user_event',
        subjectId: row!.id,
        contactId: contact.id,
        action: 'add',
        after: columns,
      })
      count += 1
    }
  }
  return count
}
