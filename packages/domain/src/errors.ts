import type { FieldError } from './field-errors'

/**
 * The error codes of the wire (DESIGN.md §4) and the HTTP status of each. The server's
 * AppError carries one of these; the web client turns it into the spec's text via
 * `t('errors:<code>')`.
 */
export const errorStatus = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  too_many_requests: 429,
  internal_error: 500,
  /** The server has more requests waiting than it takes (embedded PGlite, issue 39): data.retry_after in seconds. */
  service_unavailable: 503,
  // sign-in and accounts (spec 1 §8)
  email_not_found: 401,
  email_not_verified: 403,
  is_locked: 423,
  login_failed: 401,
  '2fa_required': 401,
  '2fa_not_setup': 401,
  incorrect_totp: 401,
  email_exists: 409,
  incorrect_recaptcha: 400,
  key_invalid: 400,
  expired: 410,
  incorrect_old_password: 400,
  /** The password that confirms removing the account is wrong (not a spec code). */
  incorrect_password: 400,
  // contacts (spec 2 §8)
  user_exists_in_this_team: 409,
  user_exists_in_other_team: 409,
  child_data_gate: 403,
  // teams and invites (spec 3 §8)
  in_team: 409,
  acms_not_in_church: 409,
  acms_not_in_church_requires_admin: 409,
  name_taken: 409,
  require_address: 400,
  /** Another sub-team of the conference holds the ACMS id (issue 35); data.team names it. */
  acms_id_taken: 409,
  // merging duplicates (issue 40)
  /** The record to be merged away signs in (an account): data.name; the other way round works. */
  merge_has_account: 409,
  /** Teams the caller may not act for hold either record: data.teams, their titles; request-contact-merge asks them. */
  merge_other_team: 409,
  /** request-contact-merge where the caller acts for every team holding either record: merge-contacts does it. */
  merge_approval_not_needed: 409,
  /** The merge request was decided already (merged or declined). */
  merge_request_decided: 409,
  /** The contact was merged into another: data.contact_id, when the caller may open that one. */
  contact_merged: 404,
  // a person's data (issue 40 §2)
  /** The contact signs in (an account): the person removes their account themselves. */
  erase_has_account: 409,
  /** The call's team holds the contact without owning it: only the owning team's owners erase it. */
  erase_not_owner: 403,
  /** Either record of a merge is to be erased: the erasure is called off first, or carried out. */
  contact_erasure_pending: 409,
  // contact imports (issue 41)
  /** The import was undone already: data.undone_at. */
  import_undone: 409,
  /** An import is undone within 30 days (contactImportUndoDays): data.undo_until. */
  import_undo_expired: 410,
} as const

export type ErrorCode = keyof typeof errorStatus

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorStatus, value)
}

/** The error envelope every failed call answers with. */
export interface ErrorEnvelope {
  code: ErrorCode
  message: string
  data: {
    status: number
    /** A refusal's fields: `{ field: message }`, English, for scripts and logs. */
    errors?: Record<string, string>
    /** Beside errors: each refused field's code and parameters (field-errors.ts), which clients word. */
    error_codes?: Record<string, FieldError>
    [detail: string]: unknown
  }
}
