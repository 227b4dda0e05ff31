import type { z } from 'zod'

// Every refusal of a field the server can answer, as a code with its parameters (DESIGN.md §4,
// issue 36): a refusal carries `data.errors` = { field: English message } for scripts and logs,
// and beside it `data.error_codes` = { field: { code, params } }, which the web words in the
// reader's language (locales/*/field-errors.json). A refused import row names the same codes.
// Nothing on either side recognises a refusal by its English text.

/** A parameter's value: a limit, a count, a name. */
export type FieldErrorParam = string | number

interface FieldErrorDefinition {
  /** The English message, with {{param}} for each parameter. */
  readonly message: string
  /** The parameters the message names. */
  readonly params: readonly string[]
}

const plain = (message: string): FieldErrorDefinition => ({ message, params: [] })
const withParams = <const P extends readonly string[]>(message: string, ...params: P) => ({ message, params })

/**
 * The one table of field error codes: each code's English message (the `errors` side of a
 * refusal) and its parameters. The import issue codes (calls/contact-import.ts) are codes of
 * this table.
 */
export const fieldErrorCodes = {
  // What the contract's shapes refuse (fieldErrorOfIssue).
  required: plain('Required'),
  /** The value is not one of a list (a lookup list's, or the choice's values). */
  not_in_list: plain('Choose a value from the list.'),
  too_long: withParams('At most {{max}} characters', 'max'),
  too_short: withParams('At least {{min}} characters', 'min'),
  /** A number (or a date's years) from min to max; an issue may name only one of them. */
  out_of_range: withParams('Enter a number from {{min}} to {{max}}', 'min', 'max'),
  too_many: withParams('Choose at most {{max}}', 'max'),
  whole_number: plain('Expected a whole number'),
  invalid_date: plain('Enter a date such as 2024-05-31.'),
  /** A date that could be read in either order (a country that writes both). */
  ambiguous_date: plain('The date could be two different dates: write it as 2024-05-31.'),
  date_out_of_range: withParams('Choose a date between {{min}} and {{max}}', 'min', 'max'),
  invalid_time: plain('Use the form HH:MM'),
  invalid_email: plain('Invalid email'),
  invalid_phone: plain('Invalid phone number'),
  /** A link to a social network that is not one of its addresses. */
  invalid_url: plain('Enter a link to this network (https://…).'),
  /** A notification's link: a web address or a path of the app. */
  invalid_link: plain('Enter a web address starting with http:// or https://, or a path starting with /'),
  yes_no: plain('Enter yes or no.'),
  yes_no_or_date: plain('Enter yes, no or a date such as 2024-05-31.'),
  unsafe_characters: plain('Remove the invisible or control characters'),
  malformed_text: plain('Remove the NUL or broken character'),
  code_digits: withParams('The code has {{digits}} digits', 'digits'),
  /** Any other value the rules refuse. */
  invalid: plain('Invalid value'),

  // Contacts and their records (spec 2).
  dob_in_future: plain('The date of birth is in the future.'),
  birth_year_required: plain('Enter the year of birth.'),
  parent_contact_required: plain('Note: An email or phone number is required.'),
  verbal_confirm_required: plain('Confirm that other options are unavailable.'),
  agree_required: plain('Tick this to agree to be contacted'),
  unknown_team: plain('No team of this conference has this name.'),
  not_allowed: plain('Your role in this team does not let you record this.'),
  child_record_closed: plain('A child’s record is closed to you without a Working with Children Check and AdSafe training.'),
  minor_without_consent: plain('A minor needs parental or carer consent on record before anyone follows them up.'),
  consent_declined: plain('The contact declined consent: no decisions or events are recorded.'),
  exists_in_this_team: plain('A contact with these details already exists in this team.'),
  exists_in_other_team: plain('A contact with these details already exists in another team.'),
  already_on_import: withParams('This person is already on the import (row {{row}}).', 'row'),
  /** A row that updates a contact (issue 41 item 2) whose team does not own it. */
  contact_not_owned: plain('Only a team that owns the contact edits it.'),
  /** A row that updates a contact who is a user of this team. */
  team_user_profile: plain('A user of this team edits their own profile.'),
  interaction_exists: plain('This interaction is already recorded for the contact.'),
  one_event_link: plain('Link the interaction to one event.'),
  other_contact_is_subject: plain('The contact is already the one this interaction is with.'),
  contacts_of_team: plain('Choose contacts of this team.'),
  event_of_team: plain('Choose an event of this team.'),
  contact_event_of_contact: plain('Choose one of this contact’s decisions or events.'),
  not_this_contact: plain('Not this contact'),
  user_of_team: plain('Choose a user of this team.'),
  group_of_team: plain('Choose a group of the team, not the team itself.'),
  child_details_by_parent: plain("A child's details are given by their parent or carer: ask for parental consent instead."),
  not_a_child: plain('Parental consent is asked only for a contact under 18.'),
  other_consent_on_record: plain('A consent of another kind is on record: verbal consent is not available.'),
  parent_email_required: plain("The parent's or carer's email is needed to send the link."),
  signature_required: plain('Sign in the box.'),
  form_photo_required: plain('Add a photo of the signed form.'),
  photo_needs_consent: plain('A photo is kept only once the contact has consented.'),
  interest_exists: plain('The contact already has this interest.'),
  related_to_self: plain('A contact cannot be related to themselves.'),
  related_outside_team: plain('Choose a contact of this team.'),
  already_related: plain('These contacts are already related.'),
  not_suggested: plain('This relationship is not suggested for the contact.'),
  note_not_encrypted: plain('A private note must be encrypted on this device before it is saved'),
  private_note_public: plain('A private note cannot be public'),
  public_notes_off: plain('This team does not keep public notes'),
  note_kind_fixed: plain('A note cannot move between private and team notes'),
  notes_reencrypt_required: plain('Every private note must be re-encrypted with the new password'),

  // Events and attendance (spec 3 §2.1).
  weekday_required: plain('Please set at least one weekday.'),
  interval: withParams('Choose an interval from {{min}} to {{max}}.', 'min', 'max'),
  month_day: withParams('Choose a day of the month from {{min}} to {{max}}.', 'min', 'max'),
  recurrence_count: withParams('Choose a number of times from 1 to {{max}}.', 'max'),
  until_before_start: plain('The schedule must end on or after the start date.'),
  until_too_late: withParams('The schedule may end at most {{years}} years after it starts.', 'years'),
  rule_unsupported: plain('This schedule is not one the form can make.'),
  no_occurrence: plain('This schedule has no date on which the event happens.'),
  end_before_start: plain('The end must be on or after the start.'),
  end_time_before_start: plain('The end time must be after the start time.'),
  not_an_occurrence: plain('The event does not happen on this date.'),
  max_event_days: withParams('A multi-day event lasts at most {{days}} days.', 'days'),
  window_too_wide: withParams('Choose a window of at most {{days}} days.', 'days'),
  occurrence_taken: plain('The event already happens on this date.'),
  move_before_start: plain('An occurrence cannot move before the event starts.'),
  move_overlap: plain('The moved occurrence would overlap another one.'),
  event_and_date_together: plain('Send event_id and event_date together'),
  visitor_not_contact: plain('A visitor is not a contact'),
  contact_or_visitor: plain('Choose a contact or add a visitor'),
  record_key_required: plain('Name the record: its id, or user_id with event_id and event_date'),

  // Teams, invites and transfers (spec 3).
  name_taken: plain('This name is already used.'),
  address_required: plain('An address is required.'),
  acms_id_taken: withParams('The ACMS id is already used by {{team}}.', 'team'),
  group_not_empty: plain('Only an empty group can be removed.'),
  primary_group: plain("The team's own group cannot be removed."),
  not_a_member: plain('You are not a member of this team, so there is nothing to leave.'),
  owner_cannot_leave: plain('An owner cannot leave the team; make someone else the owner first.'),
  last_owner: plain('The last owner cannot leave or be demoted; make someone else an owner first.'),
  in_team: withParams('{{email}} is already a member of this team.', 'email'),
  role_not_grantable: plain('You cannot give this role'),
  acms_not_in_church: withParams('The email {{email}} was not found as a member of this church.', 'email'),
  acms_requires_admin: withParams('The email {{email}} cannot be added without admin approval. An email has been sent to the admin.', 'email'),
  not_a_team_user: plain('Not a user of this team'),
  conference_team_mismatch: plain('Must be the team_id of the conference'),
  not_in_conference: plain('Not accepted in a conference'),
  invite_other_address: plain('The invite was sent to another address'),
  not_on_import: plain('This contact is not on the import.'),
  already_processed: plain('This contact has already been processed.'),
  no_church_chosen: plain('No church was chosen for this contact.'),
  not_processed: plain('The contact could not be processed.'),
  contact_not_assigned: withParams('Contact {{id}} is not a contact assigned to you in this church.', 'id'),
  church_of_conference: plain('Choose a church of the conference.'),
  transfer_date_too_soon: withParams('Choose a date at least {{days}} days from now', 'days'),
  own_conference: plain('Choose your own conference.'),
  not_your_conference: plain('Choose a conference you administer.'),
  same_church: plain('Choose a church other than the from church.'),
  not_an_owner: plain('Choose an owner of the from church.'),
  pastor_has_transfer: plain('This pastor already has an upcoming transfer.'),
  repeated_in_row: withParams('Repeated in row {{row}} for this church; that row was kept', 'row'),

  // Accounts and notifications (spec 1).
  weak_password: plain('This password is too easy to guess.'),
  totp_already_on: plain('Two-factor sign-in is already on'),
  totp_setup_first: plain('Start the setup first'),
  global_needs_site_admin: plain('Only a site admin may send a global notification'),
  date_in_past: plain('Choose today or a later date'),

  // Uploads.
  file_type: withParams('The file must be one of: {{formats}}', 'formats'),
  file_too_large: withParams('The file may have at most {{bytes}} bytes', 'bytes'),
  image_unreadable: plain('The image could not be read; export it again as JPEG or PNG.'),
  image_too_large: withParams(
    'The picture is too large ({{width}} × {{height}} pixels). Choose one of at most {{side}} pixels on each side and {{megapixels}} megapixels in all, such as a photo taken with a phone.',
    'width',
    'height',
    'side',
    'megapixels',
  ),
  body_in_query: plain('A POST takes its fields in the body, not in the query string'),
} as const satisfies Record<string, FieldErrorDefinition>

export type FieldErrorCode = keyof typeof fieldErrorCodes
export const fieldErrorCodeList = Object.keys(fieldErrorCodes) as [FieldErrorCode, ...FieldErrorCode[]]

/** A refusal of one field: its code and the parameters its message names. */
export interface FieldError {
  code: FieldErrorCode
  params: Record<string, FieldErrorParam>
}

export function isFieldErrorCode(value: unknown): value is FieldErrorCode {
  return typeof value === 'string' && Object.hasOwn(fieldErrorCodes, value)
}

export function fieldError(code: FieldErrorCode, params: Record<string, FieldErrorParam> = {}): FieldError {
  return { code, params }
}

/** The English message of a refusal, its parameters filled in. */
export function fieldErrorText({ code, params }: FieldError): string {
  return fieldErrorCodes[code].message.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])))
}

/**
 * The options of a refinement (refine, or addIssue with code 'custom') that refuses with a
 * code: the English message, and the code in the issue's params for fieldErrorOfIssue.
 */
export function issueOf(code: FieldErrorCode, params: Record<string, FieldErrorParam> = {}): { message: string; params: Record<string, FieldErrorParam> } {
  return { message: fieldErrorText({ code, params }), params: { ...params, code } }
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === ''
}

// A bound of zod's issue as a number, where one is given (bigint and Date bounds too).
function bound(value: unknown): number {
  return value instanceof Date ? value.getUTCFullYear() : Number(value)
}

/**
 * A zod issue as a refusal with a code. `input` is the refused value when the caller knows
 * it (zod keeps it in the issue only with reportInput): a blank value is `required`.
 */
export function fieldErrorOfIssue(issue: z.core.$ZodIssue, input: unknown = (issue as { input?: unknown }).input): FieldError {
  switch (issue.code) {
    case 'custom': {
      const { code, ...params } = (issue.params ?? {}) as Record<string, FieldErrorParam>
      return isFieldErrorCode(code) ? fieldError(code, params) : fieldError('invalid')
    }
    case 'invalid_type':
      if (isBlank(input)) return fieldError('required')
      return issue.expected === 'number' || issue.expected === 'int' || issue.expected === 'bigint' ? fieldError('whole_number') : fieldError('invalid')
    case 'invalid_union': {
      if (isBlank(input)) return fieldError('required')
      // The wire's whole numbers take a number or a string of digits (wire.ts integer).
      const number = issue.errors.some((branch) => branch.some((inner) => inner.code === 'invalid_type' && inner.expected === 'number'))
      return fieldError(number ? 'whole_number' : 'invalid')
    }
    case 'invalid_value':
      return fieldError('not_in_list')
    case 'too_big':
      if (issue.origin === 'string') return fieldError('too_long', { max: bound(issue.maximum) })
      if (issue.origin === 'array' || issue.origin === 'set') return fieldError('too_many', { max: bound(issue.maximum) })
      return fieldError('out_of_range', { max: bound(issue.maximum) })
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        if (bound(issue.minimum) <= 1) return fieldError('required')
        return issue.origin === 'string' ? fieldError('too_short', { min: bound(issue.minimum) }) : fieldError('invalid')
      }
      return fieldError('out_of_range', { min: bound(issue.minimum) })
    case 'invalid_format':
      if (issue.format === 'email') return fieldError('invalid_email')
      if (issue.format === 'url') return fieldError('invalid_url')
      if (issue.format === 'date' || issue.format === 'datetime') return isBlank(input) ? fieldError('required') : fieldError('invalid_date')
      if (issue.format === 'time') return fieldError('invalid_time')
      return fieldError('invalid')
    default:
      return isBlank(input) ? fieldError('required') : fieldError('invalid')
  }
}
