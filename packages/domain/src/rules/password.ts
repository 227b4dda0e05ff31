import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import * as common from '@zxcvbn-ts/language-common'
import * as en from '@zxcvbn-ts/language-en'
import { passwordMinLength } from '../constants'

/**
 * Password strength (spec 1 §5): at least 12 characters, otherwise 'Weak' and an error;
 * zxcvbn's score rated Poor (0-1), Weak (2), Good (3), Strong (4); Poor and Weak are errors.
 * The dictionaries are large: the web app imports this module only where a password field
 * shows (`import('@crm/domain/rules/password')`); it is not re-exported by the index.
 */
export type PasswordRating = 'Poor' | 'Weak' | 'Good' | 'Strong'

export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4
  rating: PasswordRating
  /** False for Poor and Weak, and for anything shorter than 12 characters. */
  acceptable: boolean
}

let factory: ZxcvbnFactory | undefined
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  })
  return factory
}

const ratings: Record<number, PasswordRating> = { 0: 'Poor', 1: 'Poor', 2: 'Weak', 3: 'Good', 4: 'Strong' }

/** Rates a password; `userInputs` (name, email) count against it. */
export function ratePassword(password: string, userInputs: string[] = []): PasswordStrength {
  const { score } = zxcvbn().check(password, userInputs.filter(Boolean))
  if (password.length < passwordMinLength) return { score: Math.min(score, 2) as PasswordStrength['score'], rating: 'Weak', acceptable: false }
  return { score, rating: ratings[score]!, acceptable: score > 2 }
}
