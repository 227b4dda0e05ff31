import { lt } from 'drizzle-orm'
import { icalFeedTexts } from '../../db/schema/index'
import type { Deps } from '../../platform/deps'
import type { Job } from '../../platform/jobs'

/** How long a feed's kept text may wait for its calendar app to ask again. */
export const keptFeedTextHours = 24

/**
 * A feed's kept text (ical-feed.service.ts) holds the names its build showed until the feed is
 * next built; a feed no app asks for any more would hold them for good. Texts not built for a
 * day are deleted (a calendar app asking again has it built anew). One statement: safe in
 * several processes at once.
 */
export async function forgetOldFeedTexts(deps: Deps): Promise<string | void> {
  const builtBefore = new Date(deps.now().getTime() - keptFeedTextHours * 3600_000)
  const removed = await deps.db.delete(icalFeedTexts).where(lt(icalFeedTexts.built_at, builtBefore)).returning({ user_id: icalFeedTexts.user_id })
  if (removed.length > 0) return `${removed.length} calendar feed texts forgotten`
}

export const calendarJobs: Job[] = [{ name: 'calendar-feed-texts-cleanup', everyMs: 3600_000, run: forgetOldFeedTexts }]
