import { and, eq } from 'drizzle-orm'
import { icalFeeds } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import type { Deps } from '../../platform/deps'
import { newToken } from '../../platform/tokens'

// The personal calendar url (spec 1 §2.8, §7 ical-url; issue 14 item 4): one secret token per
// user and team in ical_feeds. The token is the url's only proof, so it is shown again as it
// is (the feed reads it back by its unique index) and dies with the profile's reset.

/** The feed's address of a token: public, outside /api/v1. */
export function icalFeedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/ical/${token}.ics`
}

/**
 * GET ical-url: the caller's url for the team's calendar, made on the first ask. Two first
 * asks at once both answer the one token that was stored (insert … on conflict do nothing,
 * then read).
 */
export async function getIcalUrl(deps: Deps, viewer: Viewer, scope: TeamScope): Promise<{ url: string }> {
  const where = and(eq(icalFeeds.user_id, viewer.personId), eq(icalFeeds.team_id, scope.team.id))
  let [row] = await deps.db.select({ token: icalFeeds.token }).from(icalFeeds).where(where)
  if (!row) {
    await deps.db.insert(icalFeeds).values({ user_id: viewer.personId, team_id: scope.team.id, token: newToken() }).onConflictDoNothing()
    ;[row] = await deps.db.select({ token: icalFeeds.token }).from(icalFeeds).where(where)
  }
  return { url: icalFeedUrl(deps.config.publicUrl, row!.token) }
}

/** POST reset-ical-urls: every calendar url of the caller stops working; the next ask makes new ones. */
export async function resetIcalUrls(deps: Deps, viewer: Viewer): Promise<{ success: true }> {
  await deps.db.delete(icalFeeds).where(eq(icalFeeds.user_id, viewer.personId))
  return { success: true }
}
