import { createChallenge, randomInt, verifySolution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { lt } from 'drizzle-orm'
import { z } from 'zod'
import { captchaSolutions } from '../db/schema/index'
import type { Deps } from './deps'
import { derivedKey } from './tokens'

/**
 * The sign-up captcha (DESIGN.md §7): self-hosted ALTCHA proof of work by default, so no
 * third party sees the visitor; Google reCAPTCHA when RECAPTCHA_SECRET is set. The solved
 * token travels in the spec's field `recaptcha_token` either way.
 */
export interface Captcha {
  kind: 'altcha' | 'recaptcha'
  /** A new challenge (ALTCHA's challenge JSON); undefined for a captcha without one. */
  challenge(): Promise<Record<string, unknown> | undefined>
  /** True for a good solution, used now for the first time; false otherwise. */
  verify(token: string, remoteIp: string): Promise<boolean>
}

type CaptchaDeps = Pick<Deps, 'db' | 'config' | 'now' | 'log'>

export function captchaFor(deps: CaptchaDeps): Captcha {
  return deps.config.recaptchaSecret ? recaptcha(deps, deps.config.recaptchaSecret) : altcha(deps)
}

/** A solution stays usable this long; a person may solve it before filling in the form. */
const challengeMinutes = 30
const algorithm = 'PBKDF2/SHA-256'

// The payload the ALTCHA widget (v2 challenges) puts in its field: base64 of this JSON.
const altchaPayload = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string(),
      expiresAt: z.number(),
    }),
    signature: z.string().min(1),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
})

function altcha(deps: CaptchaDeps): Captcha {
  const { config } = deps
  // Both HMAC secrets come from APP_SECRET, so every server process verifies every challenge.
  const hmacSignatureSecret = derivedKey(config.appSecret, 'altcha-signature')
  const hmacKeySignatureSecret = derivedKey(config.appSecret, 'altcha-key-signature')
  return {
    kind: 'altcha',
    async challenge() {
      // Deterministic mode: the browser tries counters until it reaches the one drawn here,
      // ALTCHA_COST PBKDF2 iterations each; the server checks a solution with one HMAC.
      const max = config.altchaMaxCounter
      const challenge = await createChallenge({
        algorithm,
        cost: config.altchaCost,
        counter: randomInt(max, Math.ceil(max / 2)),
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
        expiresAt: new Date(deps.now().getTime() + challengeMinutes * 60_000),
      })
      return { parameters: challenge.parameters, signature: challenge.signature }
    },
    async verify(token) {
      const payload = decodeAltcha(token)
      if (!payload) return false
      const now = deps.now()
      const expiresAt = new Date(payload.challenge.parameters.expiresAt * 1000)
      if (expiresAt <= now) return false
      try {
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        })
        if (!result.verified) return false
      } catch {
        return false
      }
      // One solution, one sign-up: its signature is kept until the challenge expires.
      await deps.db.delete(captchaSolutions).where(lt(captchaSolutions.expires_at, now))
      const inserted = await deps.db
        .insert(captchaSolutions)
        .values({ signature: payload.challenge.signature, expires_at: expiresAt })
        .onConflictDoNothing()
        .returning({ signature: captchaSolutions.signature })
      return inserted.length === 1
    },
  }
}

function decodeAltcha(token: string): z.infer<typeof altchaPayload> | undefined {
  try {
    const parsed = altchaPayload.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

function recaptcha(deps: CaptchaDeps, secret: string): Captcha {
  return {
    kind: 'recaptcha',
    challenge: async () => undefined,
    async verify(token, remoteIp) {
      // Google refuses a token it has seen before, so replays need no table here.
      try {
        const response = await fetch(deps.config.recaptchaVerifyUrl, {
          method: 'POST',
          body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
          signal: AbortSignal.timeout(10_000),
        })
        if (!response.ok) {
          deps.log.warn({ status: response.status }, 'reCAPTCHA verification failed')
          return false
        }
        const result = (await response.json()) as { success?: unknown }
        return result.success === true
      } catch (error) {
        deps.log.warn({ err: error }, 'reCAPTCHA verification failed')
        return false
      }
    },
  }
}
