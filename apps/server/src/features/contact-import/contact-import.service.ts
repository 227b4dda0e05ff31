import type { z } from 'zod'
import {
  contactFieldsSchema,
  genderMessage,
  genderOfCell,
  hasCapability,
  requiredContactImportColumns,
  socialNetworks,
  type ContactImportRow,
  type ImportRowProblem,
  type ImportUsersResult,
  type importUsersRequest,
} from '@crm/domain'
import type { GroupScope, Viewer } from '../../platform/access'
import { childRecordClosedMessage } from '../../platform/contact-access'
import { recordActivity } from '../../platform/activity'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { resolveContactInput, type ContactInput } from '../contacts/contact-input'
import { insertNewContact } from '../contacts/create.service'
import { assertNoDuplicate, inOtherTeamMessage, inThisTeamMessage, lockContactsOfConference } from '../contacts/duplicates.service'
import { refreshContactReadModel } from '../contacts/read-model'

// import-users (spec 2 §3, §4 "Contact import", §7; issue 17 item 2): every row is checked
// with create-user's rules (fields, lookups, phone, the child rules and consent, duplicates)
// and saved in a savepoint of its own, so a bad row never half-saves and never stops the
// rest. The conference's contacts are locked once for the chunk, as create-user locks them
// for one contact: two imports (or an import and a form) cannot add the same person twice.

type ImportInput = z.output<typeof importUsersRequest>

type Refusal = keyof Omit<ImportUsersResult, 'count_successful' | 'count_unsuccessful'>

const requiredMessage = 'Required'
const invalidRowMessage = 'The row has invalid values.'

/** A refused row, sorted into the spec's list by why. */
class RowRefused extends Error {
  constructor(
    readonly list: Refusal,
    readonly reason: string,
    readonly errors?: Record<string, string>,
  ) {
    super(reason)
  }
}

/** A cell as text: numbers and booleans as written, nothing as ''. */
function textOf(value: ContactImportRow[keyof ContactImportRow]): string {
  if (value === null || value === undefined) return ''
  return String(value).trim()
}

/** A date of birth as the reader sends it: YYYY-MM-DD or YYYY-MM (the browser turns Excel dates into text). */
function birthOf(text: string): { dob_year: number; dob_month: number | null } | null {
  const match = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/.exec(text)
  if (!match) return null
  return { dob_year: Number(match[1]), dob_month: match[2] ? Number(match[2]) : null }
}

/** The create-user fields of a row, or the row's field errors. */
function contactInputOf(raw: ContactImportRow, asMembers: boolean): ContactInput {
  const errors: Record<string, string> = {}
  for (const column of requiredContactImportColumns) if (!textOf(raw[column])) errors[column] = requiredMessage
  const genderText = textOf(raw.gender)
  const gender = genderText ? genderOfCell(genderText) : null
  if (genderText && !gender) errors.gender = genderMessage
  const fields: Record<string, unknown> = {
    first_name: textOf(raw.first_name),
    last_name: textOf(raw.last_name),
    gender,
  }
  const dob = textOf(raw.dob)
  if (dob) {
    const birth = birthOf(dob)
    if (birth) Object.assign(fields, birth)
    else errors.dob = 'Use a date such as 1990-05-31'
  }
  const plain = ['age', 'religion', 'marital_status', 'email', 'phone', 'address_street', 'address_city', 'address_state', 'address_postcode', 'source'] as const
  for (const column of plain) {
    const value = textOf(raw[column])
    if (value) fields[column] = column === 'marital_status' ? value.toLowerCase() : value
  }
  const country = textOf(raw.address_country)
  if (country) fields.address_country = country.toUpperCase()
  if (fields.address_street || fields.address_city || fields.address_state || fields.address_postcode || fields.address_country) fields.address_manual_input = true
  const social = Object.fromEntries(socialNetworks.map((network) => [network, textOf(raw[network])]).filter(([, url]) => url))
  if (Object.keys(social).length > 0) fields.social = social
  // Imported as church members: the column is dropped and each one is a member (spec 2 §4).
  const memberStatus = asMembers ? 'member' : textOf(raw.member_status)
  if (memberStatus) fields.member_status = memberStatus

  const parsed = contactFieldsSchema.safeParse(fields)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'row')
      errors[field] ??= issue.message
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) refuseInvalid(errors)
  return parsed.data
}

/** Invalid fields: an invalid email has its own list (spec 2 §3), anything else is an error row. */
function refuseInvalid(errors: Record<string, string>): never {
  if (errors.email && Object.keys(errors).length === 1) throw new RowRefused('unsuccessful_invalid_email', errors.email, errors)
  throw new RowRefused('unsuccessful_error', invalidRowMessage, errors)
}

/** import-users: the chunk's rows, each checked and saved on its own; the spec's counts. */
export async function importContacts(deps: Deps, viewer: Viewer, scope: GroupScope, input: ImportInput): Promise<ImportUsersResult> {
  const result: ImportUsersResult = {
    count_successful: 0,
    count_unsuccessful: 0,
    unsuccessful_exists: [],
    unsuccessful_not_exists: [],
    unsuccessful_team_user_exists: [],
    unsuccessful_invalid_email: [],
    unsuccessful_error: [],
  }
  const now = deps.now()
  const check = {
    viewer,
    team: scope.team,
    gated: scope.childGate !== null,
    readsTeam: hasCapability(scope.role, 'read_contact'),
    disregardOtherTeams: false,
  }
  await deps.db.transaction(async (tx) => {
    await lockContactsOfConference(tx, scope.team)
    for (const [index, raw] of input.data.entries()) {
      const row = input.first_row + index
      const name = `${textOf(raw.first_name)} ${textOf(raw.last_name)}`.trim()
      try {
        // A savepoint: whatever a refused row wrote is undone, and the rest carry on.
        await tx.transaction(async (savepoint) => {
          const fields = contactInputOf(raw, input.import_as_members ?? false)
          const resolved = await resolveContactInput(savepoint, fields, null, { now, country: scope.settings.country })
          if (resolved.isChild && scope.childGate) throw new RowRefused('unsuccessful_error', childRecordClosedMessage)
          if (Object.keys(resolved.errors).length > 0) refuseInvalid(resolved.errors)
          await assertNoDuplicate(savepoint, deps, check, resolved.identity)
          const id = await insertNewContact(savepoint, viewer, scope, resolved.values)
          await refreshContactReadModel(savepoint, id, now)
          await recordActivity(savepoint, {
            authorId: viewer.personId,
            teamId: scope.team.id,
            subjectType: 'user',
            subjectId: id,
            contactId: id,
            action: 'add',
            after: { ...resolved.values, group_id: scope.group.id, source_of_change: 'user_import', import_row: row },
          })
        })
        result.count_successful += 1
      } catch (error) {
        const refusal = refusalOf(error)
        result.count_unsuccessful += 1
        const problem: ImportRowProblem = { row, name, reason: refusal.reason }
        if (refusal.errors) problem.errors = refusal.errors
        result[refusal.list].push(problem)
      }
    }
  })
  return result
}

/** Why a row was refused; anything unforeseen is the row's error, never the whole import's. */
function refusalOf(error: unknown): RowRefused {
  if (error instanceof RowRefused) return error
  if (error instanceof AppError) {
    if (error.code === 'user_exists_in_this_team') return new RowRefused('unsuccessful_team_user_exists', inThisTeamMessage)
    if (error.code === 'user_exists_in_other_team') return new RowRefused('unsuccessful_exists', inOtherTeamMessage)
  }
  throw error
}
