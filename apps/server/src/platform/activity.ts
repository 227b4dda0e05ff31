import type { Executor } from '../db/client'
import { activityLog } from '../db/schema/index'

export type ActivitySubject =
  | 'user'
  | 'interaction'
  | 'user_event'
  | 'team_contacts'
  | 'user_assignment'
  | 'user_relationship'
  | 'user_invites'
  | 'parental_consent'
  | 'team'
  | 'group'
  | 'membership'
  | 'account'

export interface ActivityEntry {
  authorId: number | null
  teamId: number | null
  subjectType: ActivitySubject
  subjectId: number | null
  contactId?: number | null
  action: 'add' | 'update' | 'delete'
  before?: unknown
  after?: unknown
}

/** Records a change; call it with the transaction that makes the change. */
export async function recordActivity(tx: Executor, entry: ActivityEntry): Promise<void> {
  await tx.insert(activityLog).values({
    author_id: entry.authorId,
    team_id: entry.teamId,
    subject_type: entry.subjectType,
    subject_id: entry.subjectId,
    contact_id: entry.contactId ?? null,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  })
}
