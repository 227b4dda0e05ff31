import type { Executor } from '../db/client'
import { insertMany } from '../db/insert-many'
import { activityLog } from '../db/schema/index'

export type ActivitySubject =
  | 'user'
  | 'interaction'
  | 'user_event'
  | 'team_contacts'
  | 'user_assignment'
  | 'user_note'
  | 'user_relationship'
  | 'user_invites'
  | 'parental_consent'
  | 'team'
  | 'group'
  | 'membership'
  | 'account'
  | 'event'
  | 'transfer'
  | 'contact_merge'

export interface ActivityEntry {
  authorId: number | null
  teamId: number | null
  subjectType: ActivitySubject
  subjectId: number | null
  contactId?: number | null
  /** 'view': a read recorded for safeguarding (a minor's notes or interactions), not a change. */
  action: 'add' | 'update' | 'delete' | 'view'
  before?: unknown
  after?: unknown
}

/** Records a change; call it with the transaction that makes the change. */
export async function recordActivity(tx: Executor, entry: ActivityEntry): Promise<void> {
  await recordActivities(tx, [entry])
}

/** Records several changes in one statement (an import's rows); call it with their transaction. */
export async function recordActivities(tx: Executor, entries: readonly ActivityEntry[]): Promise<void> {
  if (entries.length === 0) return
  const rows = entries.map((entry) => ({
    author_id: entry.authorId,
    team_id: entry.teamId,
    subject_type: entry.subjectType,
    subject_id: entry.subjectId,
    contact_id: entry.contactId ?? null,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  }))
  // Hundreds of rows go as one JSON parameter, far cheaper than as many VALUES tuples.
  if (rows.length > 1) await insertMany(tx, activityLog, rows)
  else await tx.insert(activityLog).values(rows)
}

/** What a safeguarding read opened: the record itself, or one of its lists. */
export type MinorRead = 'record' | 'notes' | 'private_notes' | 'interactions' | 'studies'

const minorReadSubject: Record<MinorRead, ActivitySubject> = {
  record: 'user',
  notes: 'user_note',
  private_notes: 'user_note',
  interactions: 'interaction',
  studies: 'interaction',
}

/**
 * Safeguarding (issue 12 item 5): opening a minor's record, or reading a minor's notes or
 * interactions, is recorded — who, when, what — as a 'view' row the team's owners see as
 * "Viewed by". An adult's reads are not recorded.
 */
export async function recordMinorRead(
  db: Executor,
  read: { authorId: number; teamId: number; contactId: number; isChild: boolean; what: MinorRead; page?: number },
): Promise<void> {
  if (!read.isChild) return
  await recordActivity(db, {
    authorId: read.authorId,
    teamId: read.teamId,
    subjectType: minorReadSubject[read.what],
    subjectId: null,
    contactId: read.contactId,
    action: 'view',
    after: read.page === undefined ? { list: read.what } : { list: read.what, page: read.page },
  })
}
