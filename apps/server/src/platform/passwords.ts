import { hash, verify } from '@node-rs/argon2'
import { ratePassword } from '@crm/domain/rules/password'
import { refuseField } from './field-refusals'

// argon2id with OWASP's minimum parameters: 19 MiB, two passes (~60 ms here).
// algorithm 2 is Argon2id (a const enum in the package's types).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, options)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

// Verifying against this keeps an unknown email as slow as a wrong password.
let dummyHash: Promise<string> | undefined
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-of-anyone')
  return dummyHash
}

/**
 * Every new password (sign-up, reset, invite, profile) is rated as the browser rates it
 * (spec 1 §5): under 12 characters, or Poor or Weak, is refused with a field error. The
 * person's names and email count against it.
 */
export function checkNewPassword(password: string, personal: string[]): void {
  const strength = ratePassword(password, personal)
  if (!strength.acceptable) {
    throw refuseField('password', 'weak_password', { message: `${strength.rating} password` })
  }
}
