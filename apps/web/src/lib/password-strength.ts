import { useEffect, useMemo, useState } from 'react'
import { passwordMinLength } from '@crm/domain'
import type * as passwordRules from '@crm/domain/rules/password'
import type { PasswordStrength } from '@crm/domain/rules/password'

type PasswordRules = typeof passwordRules

let loading: Promise<PasswordRules> | null = null

/**
 * The password rules with zxcvbn's dictionaries (~750 KiB on the wire): a chunk of its own,
 * fetched with the first character typed in a password field, not when the field shows, so a
 * password page is usable on a phone before they arrive (issue 37).
 */
export function loadPasswordRules(): Promise<PasswordRules> {
  loading ??= import('@crm/domain/rules/password').catch((error: unknown) => {
    loading = null
    throw error
  })
  return loading
}

export type PasswordProblem = 'tooShort' | 'tooWeak'

export interface PasswordVerdict {
  /** The rating of a typed password; null while empty or while the rules load. */
  strength: PasswordStrength | null
  /** What is wrong with a typed password (spec 1 §5); blank is the form's concern. */
  problem: PasswordProblem | null
  /** The password may be sent: rated acceptable, or blank where blank is allowed. */
  ok: boolean
  isEmpty: boolean
  /** A typed password waits for the rules to load: not ok yet, but not wrong either. */
  pending: boolean
}

export interface PasswordCheck extends PasswordVerdict {
  /**
   * The verdict once the rules have loaded. A submit awaits it, so pressing the button while
   * zxcvbn's dictionaries still load submits as soon as they are in, instead of refusing.
   */
  settle: () => Promise<PasswordVerdict>
}

export interface PasswordCheckOptions {
  /** Names and email count against the password (zxcvbn user inputs). */
  userInputs?: readonly string[]
  /** Blank keeps the current password (profile). */
  allowBlank?: boolean
}

function judgePassword(rules: PasswordRules | null, password: string, userInputs: string[], allowBlank: boolean): PasswordVerdict {
  const isEmpty = password === ''
  if (isEmpty) return { strength: null, problem: null, ok: allowBlank, isEmpty, pending: false }
  if (!rules) return { strength: null, problem: null, ok: false, isEmpty, pending: true }
  const strength = rules.ratePassword(password, userInputs)
  const problem: PasswordProblem | null = strength.acceptable ? null : password.length < passwordMinLength ? 'tooShort' : 'tooWeak'
  return { strength, problem, ok: strength.acceptable, isEmpty, pending: false }
}

/**
 * Rates a password as it is typed (spec 1 §5): under 12 characters it is 'Weak' and an
 * error; Poor and Weak (a score of 2 or below) are errors; blank passes only where allowed.
 */
export function usePasswordCheck(password: string, options: PasswordCheckOptions = {}): PasswordCheck {
  const { userInputs = [], allowBlank = false } = options
  const [rules, setRules] = useState<PasswordRules | null>(null)
  // Typed (or filled in by a password manager): focus alone would fetch them for everyone who
  // tabs through the form, and a page that opens on the field would fetch them at once.
  const typed = password !== ''
  useEffect(() => {
    if (!typed || rules) return
    let live = true
    loadPasswordRules().then(
      (loaded) => live && setRules(loaded),
      (error: unknown) => console.error('The password rules could not be loaded', error),
    )
    return () => {
      live = false
    }
  }, [typed, rules])

  const inputsKey = userInputs.join('\u0000')
  return useMemo(() => {
    const inputs = inputsKey ? inputsKey.split('\u0000') : []
    const verdict = judgePassword(rules, password, inputs, allowBlank)
    // Rules that fail to load leave the verdict pending (not ok); the next press tries again.
    const settle = () =>
      verdict.pending
        ? loadPasswordRules().then(
            (loaded) => judgePassword(loaded, password, inputs, allowBlank),
            () => verdict,
          )
        : Promise.resolve(verdict)
    return { ...verdict, settle }
  }, [password, rules, inputsKey, allowBlank])
}
