import { fieldError, fieldErrorText, type ErrorCode, type FieldError, type FieldErrorCode } from '@crm/domain'
import { AppError } from './errors'

// Every refusal of a field goes through here (DESIGN.md §4, issue 36): it names a code of the
// domain's table with its parameters, and answers both `errors` (English, for scripts and
// logs) and `error_codes` (what the web words in the reader's language).

type Refusal = FieldError | FieldErrorCode

const asFieldError = (refusal: Refusal): FieldError => (typeof refusal === 'string' ? fieldError(refusal) : refusal)

/** The refused fields of a request, each with its code and English message. */
export class FieldRefusals {
  readonly errors: Record<string, string> = {}
  readonly codes: Record<string, FieldError> = {}

  /** Refuses a field (again: the latest refusal stands). The message is the code's English unless given. */
  set(field: string, refusal: Refusal, message?: string): this {
    const error = asFieldError(refusal)
    this.errors[field] = message ?? fieldErrorText(error)
    this.codes[field] = error
    return this
  }

  /** Refuses a field unless it is refused already. */
  add(field: string, refusal: Refusal, message?: string): this {
    return this.has(field) ? this : this.set(field, refusal, message)
  }

  has(field: string): boolean {
    return Object.hasOwn(this.errors, field)
  }

  get any(): boolean {
    return Object.keys(this.errors).length > 0
  }

  /** The envelope's details: `errors` and `error_codes`. */
  details(): { errors: Record<string, string>; error_codes: Record<string, FieldError> } {
    return { errors: { ...this.errors }, error_codes: { ...this.codes } }
  }

  toError(code: ErrorCode = 'invalid_request', details: Record<string, unknown> = {}, message?: string): AppError {
    return new AppError(code, { ...details, ...this.details() }, message)
  }

  /** 400 invalid_request with the refused fields, when there are any. */
  throwIfAny(): void {
    if (this.any) throw this.toError()
  }
}

export interface RefusalOptions {
  /** The wire's code of the answer; invalid_request unless given. */
  code?: ErrorCode
  /** The field's English message, where it says more than the code's. */
  message?: string
  /** Other details of the answer (reason, team, email). */
  details?: Record<string, unknown>
  /** The field's message is also the answer's message. */
  asMessage?: boolean
}

/** The refusal of one field: throw it. */
export function refuseField(field: string, refusal: Refusal, options: RefusalOptions = {}): AppError {
  const refusals = new FieldRefusals().set(field, refusal, options.message)
  return refusals.toError(options.code, options.details, options.asMessage ? refusals.errors[field] : undefined)
}
