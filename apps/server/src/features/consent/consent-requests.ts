import { and, eq, gt, sql } from 'drizzle-orm'
import QRCode from 'qrcode'
import { consentKeyTtlMs } from '@crm/domain'
import type { Executor } from '../../db/client'
import { consentRequests } from '../../db/schema/index'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { hashToken, newToken } from '../../platform/tokens'

export type ConsentRequestRow = typeof consentRequests.$inferSelect
export type ConsentPurpose = ConsentRequestRow['purpose']

/**
 * A new link to the consent page. The key is shown once (in the answer, the QR code or the
 * mail) and only its hash is kept; it expires after consentKeyTtlMs (issue 13).
 */
export async function issueConsentRequest(
  tx: Executor,
  deps: Pick<Deps, 'config' | 'now'>,
  request: {
    purpose: ConsentPurpose
    teamId: number
    groupId: number | null
    contactId: number | null
    requestedById: number
    settings?: Record<string, unknown>
    sentTo?: string | null
  },
): Promise<{ id: number; key: string; url: string }> {
  const key = newToken()
  const now = deps.now()
  const [row] = await tx
    .insert(consentRequests)
    .values({
      purpose: request.purpose,
      key_hash: hashToken(key),
      team_id: request.teamId,
      group_id: request.groupId,
      contact_id: request.contactId,
      requested_by_id: request.requestedById,
      settings: request.settings ?? {},
      sent_to: request.sentTo ?? null,
      sent_at: request.sentTo ? now : null,
      expires_at: new Date(now.getTime() + consentKeyTtlMs),
    })
    .returning({ id: consentRequests.id })
  return { id: row!.id, key, url: consentPageUrl(deps.config.publicUrl, key) }
}

/** The public consent page of a key; `embed` for the frame inside the app (spec 2 §4.2). */
export function consentPageUrl(publicUrl: string, key: string, options: { embed?: boolean } = {}): string {
  return `${publicUrl}/consent/${key}${options.embed ? '?embed=1' : ''}`
}

/** The link as a QR code: a PNG data URL, as the two-factor set-up shows its own. */
export function qrCodeOf(url: string): Promise<string> {
  return QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 320 })
}

/** A single-use link already answered: key_invalid, saying so (the page thanks, not "expired"). */
const answeredLink = () => new AppError('key_invalid', { answered: true }, 'This link has already been answered.')

/**
 * The request of a key that still works: known, not expired, and (but for a QR card, which
 * serves one visitor after another until it expires) not yet answered. Otherwise
 * key_invalid: with `answered: true` for a link already answered, expired since or not (its
 * holder is the one who answered it, issue 35 item 11); the same plain answer for an
 * unknown or expired key.
 */
export async function findUsableRequest(db: Executor, now: Date, key: string): Promise<ConsentRequestRow> {
  const [row] = await db
    .select()
    .from(consentRequests)
    .where(eq(consentRequests.key_hash, hashToken(key)))
  if (row && row.purpose !== 'new_contact' && row.status === 'submitted') throw answeredLink()
  if (!row || row.expires_at.getTime() <= now.getTime()) throw new AppError('key_invalid')
  return row
}

/**
 * Marks a single-use request answered, inside the answer's transaction: of two answers sent
 * at once only one gets the row (the other is key_invalid and changes nothing).
 */
export async function claimRequest(tx: Executor, now: Date, request: ConsentRequestRow): Promise<void> {
  if (request.purpose === 'new_contact') return
  const claimed = await tx
    .update(consentRequests)
    .set({ status: 'submitted', submitted_at: now })
    .where(and(eq(consentRequests.id, request.id), sql`${consentRequests.status} <> 'submitted'`, gt(consentRequests.expires_at, now)))
    .returning({ id: consentRequests.id })
  if (claimed.length === 0) throw request.expires_at.getTime() <= now.getTime() ? new AppError('key_invalid') : answeredLink()
}
