import { z } from 'zod'

/** Spec 1 §5: non-space text, an @, non-space text, a dot and non-space text. */
export const emailPattern = /^\S+@\S+\.\S+$/

export function isEmail(value: string): boolean {
  return emailPattern.test(value)
}

/** A trimmed, lower-cased email of at most 254 characters. */
export const email = z
  .string()
  .trim()
  .max(254)
  .regex(emailPattern, { message: 'Invalid email' })
  .transform((value) => value.toLowerCase())

/** Spec 1 §5: a dotted host name whose top level has at least 2 letters. */
export const domainPattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i

export function isDomain(value: string): boolean {
  return domainPattern.test(value)
}
