import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** A random token for a session or a mailed link: 256 bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Tokens are stored only as their SHA-256. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

/** A key derived from the server secret, so a link can be shown again without storing it. */
export function derivedKey(secret: string, purpose: string, ...parts: Array<string | number>): string {
  return createHmac('sha256', secret)
    .update([purpose, ...parts].join(':'))
    .digest('base64url')
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
