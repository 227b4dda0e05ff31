import { and, eq } from 'drizzle-orm'
import { icalFeeds } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import type { Deps } from '../../platform/deps'
import { derivedKey, hashToken, newToken, safeEqual } from '../../platform/tokens'

// The personal calendar url (spec 1 §2.8, §7 ical-url; issue 14 item 4): one secret token per
// user and team in ical_feeds. Only the token's hash is stored (DESIGN.md §6, issue 33): the
// token is derived from the feed's random key_nonce under APP_SECRET, as invite keys are, so
// its owner is shown the url again without it being kept; the feed is found by the hash. A
// reset deletes the user's feeds, so the old urls die.

/** The feed's address of a token: public, outside /api/v1. */
export function icalFeedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/ical/${token}.ics`
}

interface FeedOwner {
  user_id: number
  team_id: number
}

/**
 * The token of a feed's url: derived, never stored. A random nonce rather than the creation
 * time (as invites use): a feed made again after a reset must never get the old token back.
 */
function icalFeedToken(deps: Pick<Deps, 'config'>, owner: FeedOwner, nonce: string): string {
  return derivedKey(deps.config.appSecret, 'ical-feed', owner.user_id, owner.team_id, nonce)
}

/** A new key for a feed: its nonce, and the hash of the token it derives. */
function newFeedKey(deps: Pick<Deps, 'config'>, owner: FeedOwner) {
  const key_nonce = newToken()
  return { key_nonce, token_hash: hashToken(icalFeedToken(deps, owner, key_nonce)), expires_at: null }
}

interface StoredFeed {
  token_hash: string
  key_nonce: string | null
  expires_at: Date | null
}

/**
 * Whether the url shown from a stored feed opens: it has a nonce (not a url made while tokens
 * were stored as they were), has not expired, and its token derives under today's APP_SECRET.
 */
function showable(deps: Pick<Deps, 'config'>, owner: FeedOwner, feed: StoredFeed, now: Date): feed is StoredFeed & { key_nonce: string } {
  if (feed.key_nonce === null || (feed.expires_at !== null && feed.expires_at <= now)) return false
  return safeEqual(hashToken(icalFeedToken(deps, owner, feed.key_nonce)), feed.token_hash)
}

/**
 * GET ical-url: the caller's url for the team's calendar, made on the first ask. Two first
 * asks at once both answer the one feed that was stored (insert … on conflict do nothing,
 * then read). A stored feed whose url cannot be shown, or would not open, gets a new key: the
 * url it had stops working.
 */
export async function getIcalUrl(deps: Deps, viewer: Viewer, scope: TeamScope): Promise<{ url: string }> {
  const owner = { user_id: viewer.personId, team_id: scope.team.id }
  const where = and(eq(icalFeeds.user_id, owner.user_id), eq(icalFeeds.team_id, owner.team_id))
  const read = async () => {
    const [row] = await deps.db
      .select({ token_hash: icalFeeds.token_hash, key_nonce: icalFeeds.key_nonce, expires_at: icalFeeds.expires_at })
      .from(icalFeeds)
      .where(where)
    return row
  }
  let feed = await read()
  if (!feed) {
    await deps.db
      .insert(icalFeeds)
      .values({ ...owner, ...newFeedKey(deps, owner) })
      .onConflictDoNothing()
    feed = await read()
  } else if (!showable(deps, owner, feed, deps.now())) {
    // Only the key that was read is replaced: two asks at once agree on one new key.
    await deps.db
      .update(icalFeeds)
      .set({ ...newFeedKey(deps, owner), created_at: deps.now() })
      .where(and(where, eq(icalFeeds.token_hash, feed.token_hash)))
    feed = await read()
  }
  return { url: icalFeedUrl(deps.config.publicUrl, icalFeedToken(deps, owner, feed!.key_nonce!)) }
}

/** POST reset-ical-urls: every calendar url of the caller stops working; the next ask makes new ones. */
export async function resetIcalUrls(deps: Deps, viewer: Viewer): Promise<{ success: true }> {
  await deps.db.delete(icalFeeds).where(eq(icalFeeds.user_id, viewer.personId))
  return { success: true }
}
