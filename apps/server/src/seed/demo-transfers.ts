import type { Executor } from '../db/client'
import { transfers } from '../db/schema/index'
import { recordActivity } from '../platform/activity'

export interface DemoTransfersInput {
  conferenceId: number
  hopeId: number
  riversideId: number
  people: { entity: number; owner: number }
}

/**
 * One upcoming transfer on first start (spec 3 §2.2): Olivia Owner, Hope Street's pastor, to
 * Riverside Community Church, planned by the entity admin. It has no date, so the transfers
 * job never processes it and the demo never changes by itself; Olivia has chosen no contacts
 * yet. The transfer's id.
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
  return row!.id
}
