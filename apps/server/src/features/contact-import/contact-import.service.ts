import type { z } from 'zod'
import { and, eq, or } from 'drizzle-orm'
import {
  contactAddressFields,
  contactFieldsSchema,
  contactFlagFields,
  contactImportFieldColumns,
  emptyImportReport,
  importRefusalLists,
  genderMessage,
  genderOfCell,
  hasCapability,
  requiredContactImportColumns,
  socialNetworks,
  type Capability,
  type ContactImportRow,
  type ImportUsersResult,
  type importUsersRequest,
} from '@crm/domain'
import type { Executor } from '../../db/client'
import { teams } from '../../db/schema/index'
import type { GroupScope, TeamRow, Viewer } from '../../platform/access'
import { childRecordClosedMessage, contactRoleOf, minorWithoutConsentMessage } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { loadEventLookups, type EventLookups } from '../contact-events/contact-events.service'
import { loadContactLookups, resolveContactInput, type ContactInput, type ResolvedContact } from '../contacts/contact-input'
import { conferenceIdOf, inOtherTeamMessage, inThisTeamMessage, lockContactsOfConference } from '../contacts/duplicates.service'
import { todayIn } from '../interactions/interaction-view'
import { extendedColumnsOf, teamNameKey, unknownTeamMessage, yesNoMessage, yesNoOf, type ExtendedColumns } from './extended-columns'
import { addRefusal, invalidRowMessage, requiredMessage, RowRefused, textOf } from './import-report'
import { ChunkIdentities, knownIdentities, saveNewContacts, type NewContact } from './new-contacts'

// import-users (spec 2 §3, §4 "Contact import", §7; issue 17 items 2 and 3): every row is
// checked with create-user's rules (fields, lookups, phone, the child rules and consent,
// duplicates) and the rules of what its extended columns create (a note, a prayer-request
// interaction, decisions and events, another team of the conference); then the rows that
// pass are written together (new-contacts.ts) with the writes of the features they belong
// to, each record with its activity row marked as the import's. A refused row leaves nothing.

type ImportInput = z.output<typeof importUsersRequest>

const notAllowedMessage = 'Your role in this team does not let you record this.'
const notInListMessage = 'Choose a value from the list.'

/** A date of birth as the reader sends it: YYYY-MM-DD or YYYY-MM (the browser turns Excel dates into text). */
function birthOf(text: string): { dob_year: number; dob_month: number | null } | null {
  const match = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/.exec(text)
  if (!match) return null
  return { dob_year: Number(match[1]), dob_month: match[2] ? Number(match[2]) : null }
}

// The field columns by how a cell becomes the field; every other one (plainColumns) is the cell's
// text as it reads, so a text field added to the contract is imported with no change here.
const flagColumns = contactImportFieldColumns.filter((column) => (contactFlagFields as readonly string[]).includes(column))
const addressColumns = contactImportFieldColumns.filter((column) => (contactAddressFields as readonly string[]).includes(column))
/** Choices: their values are lower case, as a sheet may not write them. */
const choiceColumns = new Set<string>(['marital_status', 'parent_carer_relationship'])
const ownRules = new Set<string>(['gender', 'dob', 'address_country', 'member_status', ...socialNetworks, ...flagColumns])
const plainColumns = contactImportFieldColumns.filter((column) => !ownRules.has(column))

/** The create-user fields of a row and what its extended columns create, or the row's field errors. */
export function rowOf(raw: ContactImportRow, asMembers: boolean, today: string): { fields: ContactInput; extended: ExtendedColumns } {
  const errors: Record<string, string> = {}
  for (const column of requiredContactImportColumns) if (!textOf(raw[column])) errors[column] = requiredMessage
  const genderText = textOf(raw.gender)
  const gender = genderText ? genderOfCell(genderText) : null
  if (genderText && !gender) errors.gender = genderMessage
  const fields: Record<string, unknown> = { gender }
  const dob = textOf(raw.dob)
  if (dob) {
    const birth = birthOf(dob)
    if (birth) Object.assign(fields, birth)
    else errors.dob = 'Use a date such as 1990-05-31'
  }
  for (const column of plainColumns) {
    const value = textOf(raw[column])
    if (value) fields[column] = choiceColumns.has(column) ? value.toLowerCase() : value
  }
  const country = textOf(raw.address_country)
  if (country) fields.address_country = country.toUpperCase()
  if (addressColumns.some((column) => fields[column])) fields.address_manual_input = true
  const social = Object.fromEntries(socialNetworks.map((network) => [network, textOf(raw[network])]).filter(([, url]) => url))
  if (Object.keys(social).length > 0) fields.social = social
  // Imported as church members: the column is dropped and each one is a member (spec 2 §4).
  const memberStatus = asMembers ? 'member' : textOf(raw.member_status)
  if (memberStatus) fields.member_status = memberStatus
  for (const column of flagColumns) {
    const text = textOf(raw[column])
    if (!text) continue
    const ticked = yesNoOf(text)
    if (ticked === null) errors[column] = yesNoMessage
    else fields[column] = ticked
  }
  const extended = extendedColumnsOf(raw, today, errors)

  const parsed = contactFieldsSchema.safeParse(fields)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'row')
      errors[field] ??= issue.message
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) refuseInvalid(errors)
  return { fields: parsed.data, extended }
}

/** Invalid fields: an invalid email has its own list (spec 2 §3), anything else is an error row. */
export function refuseInvalid(errors: Record<string, string>): never {
  if (errors.email && Object.keys(errors).length === 1) throw new RowRefused('unsuccessful_invalid_email', errors.email, errors)
  throw new RowRefused('unsuccessful_error', invalidRowMessage, errors)
}

/** A refusal that names one column and says why in its reason. */
function refuseColumn(column: string, message: string): never {
  throw new RowRefused('unsuccessful_error', message, { [column]: message })
}

/** What a chunk reads once for all its rows: the caller's capabilities, the lookups, the conference's teams. */
export interface ChunkContext {
  holds(capability: Capability): boolean
  contactLookups: ReadonlySet<string>
  eventLookups(): Promise<EventLookups>
  teamNamed(name: string): Promise<Pick<TeamRow, 'id' | 'title'> | null>
}

export async function chunkContextOf(tx: Executor, scope: GroupScope): Promise<ChunkContext> {
  // A new contact is nobody's assignment: the caller's team role decides, as on the contact's record.
  const role = contactRoleOf(scope.role, false)
  let lookups: Promise<EventLookups> | undefined
  let named: Promise<Map<string, Pick<TeamRow, 'id' | 'title'>>> | undefined
  return {
    holds: (capability) => hasCapability(role, capability),
    contactLookups: await loadContactLookups(tx),
    eventLookups: () => (lookups ??= loadEventLookups(tx)),
    teamNamed: async (name) => (await (named ??= teamsOfConference(tx, scope.team))).get(teamNameKey(name)) ?? null,
  }
}

/**
 * The teams a row may name in assign_to_team_name: the conference and its churches (their
 * names are unique in it, any case); a church's name wins over the conference's. Outside a
 * conference, the team itself. Another conference's teams are not read, so not revealed.
 */
async function teamsOfConference(tx: Executor, team: TeamRow): Promise<Map<string, Pick<TeamRow, 'id' | 'title'>>> {
  const conference = conferenceIdOf(team)
  const rows = await tx
    .select({ id: teams.id, kind: teams.kind, title: teams.title })
    .from(teams)
    .where(conference === null ? eq(teams.id, team.id) : or(eq(teams.id, conference), and(eq(teams.parent_id, conference), eq(teams.kind, 'team'))))
  const byName = new Map<string, Pick<TeamRow, 'id' | 'title'>>()
  for (const row of rows.sort((a, b) => Number(a.kind === 'team') - Number(b.kind === 'team')))
    byName.set(teamNameKey(row.title), { id: row.id, title: row.title })
  return byName
}

/**
 * The extended columns the caller may not write, or that name what does not exist, refuse
 * the row: each needs the capability its own call needs (add-contact-note, -interaction, -event).
 */
async function checkExtended(extended: ExtendedColumns, chunk: ChunkContext): Promise<Pick<TeamRow, 'id' | 'title'> | null> {
  if (extended.note && !chunk.holds('update_own_note')) refuseColumn('notes', notAllowedMessage)
  if (extended.prayerRequest && !chunk.holds('create_interaction')) refuseColumn('prayer_request', notAllowedMessage)
  if (extended.events.length > 0) {
    if (!chunk.holds('update_user_event')) refuseColumn(extended.events[0]!.column, notAllowedMessage)
    const lookups = await chunk.eventLookups()
    const retired = extended.events.find((event) => !lookups.isActive('user-event-types', event.type))
    if (retired) refuseColumn(retired.column, notInListMessage)
  }
  if (!extended.teamName) return null
  const team = await chunk.teamNamed(extended.teamName)
  if (!team) refuseColumn('assign_to_team_name', unknownTeamMessage)
  return team
}

export interface Checked {
  row: number
  name: string
  resolved: ResolvedContact
  extended: ExtendedColumns
  assignTo: Pick<TeamRow, 'id'> | null
}

/**
 * A row by create-user's rules (fields, lookups, phone, the child rules and consent) and the
 * rules of what its extended columns create; a RowRefused says why not. Reads nothing per row:
 * the chunk read the lookups and teams.
 */
export async function checkRow(
  raw: ContactImportRow,
  at: { tx: Executor; asMembers: boolean; scope: GroupScope; chunk: ChunkContext; now: Date; today: string },
): Promise<Omit<Checked, 'row' | 'name'>> {
  const { scope, now } = at
  const { fields, extended } = rowOf(raw, at.asMembers, at.today)
  const team = await checkExtended(extended, at.chunk)
  const resolved = await resolveContactInput(at.tx, fields, null, { now, country: scope.settings.country, lookups: at.chunk.contactLookups })
  if (resolved.isChild && scope.childGate) throw new RowRefused('unsuccessful_error', childRecordClosedMessage)
  if (Object.keys(resolved.errors).length > 0) refuseInvalid(resolved.errors)
  // An imported child has no consent on record: no one follows them up or records their decisions yet.
  if (resolved.isChild && extended.prayerRequest) refuseColumn('prayer_request', minorWithoutConsentMessage)
  if (resolved.isChild && extended.events.length > 0) refuseColumn(extended.events[0]!.column, minorWithoutConsentMessage)
  return { resolved, extended, assignTo: team && team.id !== scope.team.id ? team : null }
}

/**
 * import-users: the chunk's rows, each checked on its own, then those that pass written
 * together; the spec's counts. Every rule is checked before anything is written, so a
 * refused row leaves nothing and never stops the rest; the conference's contacts are locked
 * for the chunk first, as create-user locks them for one contact, so two imports (or an import
 * and a form) cannot add the same person twice.
 */
export async function importContacts(deps: Deps, viewer: Viewer, scope: GroupScope, input: ImportInput): Promise<ImportUsersResult> {
  const result = emptyImportReport()
  const refuse = (row: number, name: string, error: unknown) => addRefusal(result, row, name, refusalOf(error))
  const now = deps.now()
  const today = todayIn(now, scope.settings.timeZone)
  await deps.db.transaction(async (tx) => {
    await lockContactsOfConference(tx, scope.team)
    const chunk = await chunkContextOf(tx, scope)
    const checked: Checked[] = []
    for (const [index, raw] of input.data.entries()) {
      const row = input.first_row + index
      const name = `${textOf(raw.first_name)} ${textOf(raw.last_name)}`.trim()
      try {
        checked.push({ row, name, ...(await checkRow(raw, { tx, asMembers: input.import_as_members ?? false, scope, chunk, now, today })) })
      } catch (error) {
        refuse(row, name, error)
      }
    }
    const known = await knownIdentities(
      tx,
      scope.team,
      checked.map((row) => row.resolved.identity),
    )
    const accepted = new ChunkIdentities()
    const contacts: NewContact[] = []
    for (const [index, row] of checked.entries()) {
      const { identity } = row.resolved
      if (known[index] === 'in_this_team' || accepted.has(identity))
        refuse(row.row, row.name, new RowRefused('unsuccessful_team_user_exists', inThisTeamMessage))
      else if (known[index] === 'in_other_team') refuse(row.row, row.name, new RowRefused('unsuccessful_exists', inOtherTeamMessage))
      else {
        accepted.add(identity)
        contacts.push({ row: row.row, values: row.resolved.values, isChild: row.resolved.isChild, assignTo: row.assignTo, extended: row.extended })
      }
    }
    await saveNewContacts(tx, { now, today, viewer, scope }, contacts)
    result.count_successful = contacts.length
  })
  // Each list by row number, as the file reads.
  for (const list of importRefusalLists) {
    result[list].sort((a, b) => a.row - b.row)
  }
  return result
}

/**
 * Why a row was refused (create-user's duplicate answers and a reused write's field errors
 * included, for the imports that check one row at a time); anything unforeseen is the whole
 * chunk's error, and nothing of it is saved.
 */
export function refusalOf(error: unknown): RowRefused {
  if (error instanceof RowRefused) return error
  if (error instanceof AppError) {
    if (error.code === 'user_exists_in_this_team') return new RowRefused('unsuccessful_team_user_exists', inThisTeamMessage)
    if (error.code === 'user_exists_in_other_team') return new RowRefused('unsuccessful_exists', inOtherTeamMessage)
    if (error.code === 'invalid_request') return new RowRefused('unsuccessful_error', invalidRowMessage, (error.details.errors ?? {}) as Record<string, string>)
  }
  throw error
}
