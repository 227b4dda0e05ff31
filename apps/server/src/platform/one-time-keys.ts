import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { oneTimeKeys } from '../db/schema/index'
import { AppError } from './errors'
import { hashToken, newToken } from './tokens'

/** What a mailed key is for; a key of one purpose never works for another. */
export type KeyPurpose = 'activation' | 'reset'

/** The person a mailed key goes to. */
export interface Addressee {
  personId: number
  email: string
  firstName: string
}

/**
 * A new single-use key for a mailed link; the person's older keys of the same purpose stop
 * working. Only the key's hash is stored.
 */
export async function issueOneTimeKey(tx: Executor, now: Date, key: { personId: number; purpose: KeyPurpose; ttlMs: number }): Promise<string> {
  await tx.delete(oneTimeKeys).where(and(eq(oneTimeKeys.person_id, key.personId), eq(oneTimeKeys.purpose, key.purpose)))
  const token = newToken()
  await tx.insert(oneTimeKeys).values({
    purpose: key.purpose,
    person_id: key.personId,
    key_hash: hashToken(token),
    expires_at: new Date(now.getTime() + key.ttlMs),
  })
  return token
}

function usable(now: Date, purpose: KeyPurpose, token: string, personId?: number) {
  return and(
    eq(oneTimeKeys.key_hash, hashToken(token)),
    eq(oneTimeKeys.purpose, purpose),
    isNull(oneTimeKeys.used_at),
    gt(oneTimeKeys.expires_at, now),
    personId === undefined ? undefined : eq(oneTimeKeys.person_id, personId),
  )
}

/** The person of an unused, unexpired key (of that person, when given), or key_invalid. */
export async function checkOneTimeKey(db: Executor, now: Date, purpose: KeyPurpose, token: string, personId?: number): Promise<number> {
  const [row] = await db
    .select({ personId: oneTimeKeys.person_id })
    .from(oneTimeKeys)
    .where(usable(now, purpose, token, personId))
  if (!row) throw new AppError('key_invalid')
  return row.personId
}

/** Marks the key used and answers its person; a key works once, even for two calls at once. */
export async function useOneTimeKey(tx: Executor, now: Date, purpose: KeyPurpose, token: string, personId?: number): Promise<number> {
  const [row] = await tx
    .update(oneTimeKeys)
    .set({ used_at: now })
    .where(usable(now, purpose, token, personId))
    .returning({ personId: oneTimeKeys.person_id })
  if (!row) throw new AppError('key_invalid')
  return row.personId
}
