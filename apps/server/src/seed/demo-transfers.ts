import { and, asc, eq, isNull, lt, or } from 'drizzle-orm'
import { adultAge } from '@crm/domain'
import type { Executor } from '../db/client'
import { assignments, teamContacts, transfers } from '../db/schema/index'
import { recordActivity } from '../platform/activity'
import { notifyPastorOfPlan } from '../features/transfers/process-notify'

export interface DemoTransfersInput {
  conferenceId: number
  hopeId: number
  riversideId: number
  people: { entity: number; owner: number }
  now: Date
}

/** How many of Hope Street's adults Olivia follows up, so the transfer has contacts to choose from. */
const demoPastorContacts = 3

/**
 * One upcoming transfer on first start (spec 3 §2.2): Olivia Owner, Hope Street's pastor, to
 * Riverside Community Church, planned by the entity admin. It has no date, so the transfers
 * job never processes it and the demo never changes by itself. Olivia follows up three of Hope
 * Street's adults and has chosen none of them yet; her notifications say the choice is hers.
 * The transfer's id.
 */
export async function seedDemoTransfers(tx: Executor, demo: DemoTransfersInput): Promise<number> {
  const [row] = await tx
    .insert(transfers)
    .values({
      from_conference_id: demo.conferenceId,
      to_conference_id: demo.conferenceId,
      from_team_id: demo.hopeId,
      to_team_id: demo.riversideId,
      person_id: demo.people.owner,
      created_by_id: demo.people.entity,
      date: null,
    })
    .returning({ id: transfers.id })
  await recordActivity(tx, {
    authorId: demo.people.entity,
    teamId: demo.conferenceId,
    subjectType: 'transfer',
    subjectId: row!.id,
    action: 'add',
    after: { from_team_id: demo.hopeId, to_team_id: demo.riversideId, user_id: demo.people.owner, date: null },
  })
  const adultsBornBefore = (demo.now.getUTCFullYear() - adultAge) * 12
  const adults = await tx
    .select({ id: teamContacts.person_id })
    .from(teamContacts)
    .where(
      and(
        eq(teamContacts.team_id, demo.hopeId),
        eq(teamContacts.state, 'active'),
        isNull(teamContacts.archived_at),
        or(isNull(teamContacts.birth_month), lt(teamContacts.birth_month, adultsBornBefore)),
      ),
    )
    .orderBy(asc(teamContacts.person_id))
    .limit(demoPastorContacts)
  await tx
    .insert(assignments)
    .values(adults.map((adult) => ({ team_id: demo.hopeId, contact_id: adult.id, to_person_id: demo.people.owner, by_person_id: demo.people.owner })))
    .onConflictDoNothing()
  await notifyPastorOfPlan(
    tx,
    { id: row!.id, person_id: demo.people.owner, from_team_id: demo.hopeId, to_team_id: demo.riversideId },
    demo.now,
    demo.people.entity,
  )
  return row!.id
}
