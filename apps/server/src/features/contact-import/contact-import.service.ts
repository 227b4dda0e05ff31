import type { z } from 'zod'
import { and, eq, or } from 'drizzle-orm'
import {
  dateOrderOfCountry,
  emptyImportReport,
  importRefusalLists,
  hasCapability,
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
import { resolveContactInput, type ContactInput, type ResolvedContact } from '../contacts/contact-input'
import { conferenceIdOf, inOtherTeamMessage, inThisTeamMessage, lockContactsOfConference } from '../contacts/duplicates.service'
import { todayIn } from '../interactions/interaction-view'
import { addFieldRefusals, columnsNotKept, contactImportLookupLists, notInListMessage, rowOf } from './contact-row'
import { teamNameKey, unknownTeamMessage, type ExtendedColumns, type ImportedConsent } from './extended-columns'
import { refuseColumn, refusalsOf, RowProblems } from './import-issues'
import { loadImportLookups, type ImportLookups } from './import-lookups'
import { addKeptRow, addRefusal, invalidRowMessage, RowRefused, textOf, writeUnlessDryRun } from './import-report'
import { ChunkIdentities, knownIdentities, saveNewContacts, type NewContact } from './new-contacts'

// import-users (spec 2 §3, §4 "Contact import", §7; issue 17 items 2 and 3; issue 35 items 9
// and 10): every row is checked with create-user's rules (fields, lookups, phone, the child
// rules and consent, duplicates) and the rules of what its extended columns create (a note, a
// prayer-request interaction, decisions and events, another team of the conference); then the
// rows that pass are written together (new-contacts.ts) with the writes of the features they
// belong to, each record with its activity row marked as the import's. A refused row leaves
// nothing. A dry run does all of it in a transaction it rolls back: the same answer, nothing kept.

type ImportInput = z.output<typeof importUsersRequest>

const notAllowedMessage = 'Your role in this team does not let you record this.'

/** What a chunk reads once for all its rows: the caller's capabilities, the lookups, the conference's teams. */
export interface ChunkContext {
  holds(capability: Capability): boolean
  /** The contact fields' lookups, by id or title (contact-row.ts). */
  lookups: ImportLookups
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
    lookups: await loadImportLookups(tx, contactImportLookupLists),
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
  if (extended.note && !chunk.holds('update_own_note')) refuseColumn('notes', notAllowedMessage, { code: 'not_allowed' })
  if (extended.prayerRequest && !chunk.holds('create_interaction')) refuseColumn('prayer_request', notAllowedMessage, { code: 'not_allowed' })
  if (extended.events.length > 0) {
    if (!chunk.holds('update_user_event')) refuseColumn(extended.events[0]!.column, notAllowedMessage, { code: 'not_allowed' })
    const lookups = await chunk.eventLookups()
    const retired = extended.events.find((event) => !lookups.isActive('user-event-types', event.type))
    if (retired) refuseColumn(retired.column, notInListMessage, { code: 'not_in_list', value: retired.type })
  }
  if (!extended.teamName) return null
  const team = await chunk.teamNamed(extended.teamName)
  if (!team) refuseColumn('assign_to_team_name', unknownTeamMessage, { code: 'unknown_team', value: extended.teamName })
  return team
}

export interface Checked {
  row: number
  name: string
  resolved: ResolvedContact
  extended: ExtendedColumns
  assignTo: Pick<TeamRow, 'id'> | null
  /** Recorded with the file's consent: every column kept. */
  withConsent: boolean
  /** The columns the file gave that are not kept (no consent). */
  notKept: string[]
  /** A child whose consent columns were not taken: a child's consent is a parent's or carer's. */
  consentNotTaken: boolean
}

/** The consent fields of create-user for a consent from the file: verbal as the form gives it; direct as a signed form. */
function consentFieldsOf(consent: ImportedConsent): ContactInput {
  if (consent.type === 'direct') return {}
  // The importer vouches for the file: a verbal consent noted on paper is what the form's tick confirms.
  return { consent_type: 'verbal', consent_date: consent.date, consent_content: consent.content, consent_verbal_confirmed: true }
}

/**
 * A row by create-user's rules (fields, lookups, phone, the child rules and consent) and the
 * rules of what its extended columns create; a RowRefused says why not. Reads nothing per row:
 * the chunk read the lookups and teams. An adult's consent from the file is recorded as the
 * add-contact form records it (verbal), or as a signed form the person gave (direct: the
 * consent type a QR card's visitor gives), and the row keeps every column; a child's is not
 * taken (spec 2 §4: a parent's or carer's consent, through the contact's Consent tab).
 */
export async function checkRow(
  raw: ContactImportRow,
  at: { tx: Executor; asMembers: boolean; scope: GroupScope; chunk: ChunkContext; now: Date; today: string },
): Promise<Omit<Checked, 'row' | 'name'>> {
  const { scope, now } = at
  const order = dateOrderOfCountry(scope.settings.country)
  const { fields, extended, consent } = rowOf(raw, { asMembers: at.asMembers, today: at.today, now, order, lookups: at.chunk.lookups })
  const team = await checkExtended(extended, at.chunk)
  const context = { now, country: scope.settings.country, lookups: at.chunk.lookups.keys() }
  let resolved = await resolveContactInput(at.tx, fields, null, context)
  // A child's consent is a parent's or carer's: a file's is taken for an adult only.
  const taken = consent && !resolved.isChild ? consent : null
  if (taken) resolved = await resolveContactInput(at.tx, { ...fields, ...consentFieldsOf(taken) }, null, { ...context, consentGiven: taken.type === 'direct' })
  if (resolved.isChild && scope.childGate) throw new RowRefused('unsuccessful_error', childRecordClosedMessage, undefined, [{ code: 'child_record_closed' }])
  if (resolved.refusals.any) {
    const problems = new RowProblems()
    addFieldRefusals(problems, resolved.refusals, raw)
    problems.refuse(true)
  }
  if (taken?.type === 'direct') Object.assign(resolved.values, { consent_type: 'direct', consent_date: taken.date, consent_content: taken.content })
  // An imported child has no consent on record: no one follows them up or records their decisions yet.
  if (resolved.isChild && extended.prayerRequest) refuseColumn('prayer_request', minorWithoutConsentMessage, { code: 'minor_without_consent' })
  if (resolved.isChild && extended.events.length > 0) refuseColumn(extended.events[0]!.column, minorWithoutConsentMessage, { code: 'minor_without_consent' })
  return {
    resolved,
    extended,
    assignTo: team && team.id !== scope.team.id ? team : null,
    withConsent: taken !== null,
    notKept: columnsNotKept(resolved.notKept, raw),
    consentNotTaken: consent !== null && taken === null,
  }
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
  await writeUnlessDryRun(deps.db, input.dry_run ?? false, async (tx) => {
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
      if (known[index] === 'in_this_team' || accepted.has(identity)) refuse(row.row, row.name, inThisTeam())
      else if (known[index] === 'in_other_team') refuse(row.row, row.name, inOtherTeam())
      else {
        accepted.add(identity)
        contacts.push({ row: row.row, values: row.resolved.values, isChild: row.resolved.isChild, assignTo: row.assignTo, extended: row.extended })
        addKeptRow(result, { ...row, child: row.resolved.isChild })
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
    if (error.code === 'user_exists_in_this_team') return inThisTeam()
    if (error.code === 'user_exists_in_other_team') return inOtherTeam()
    if (error.code === 'invalid_request') {
      const problems = new RowProblems()
      addFieldRefusals(problems, refusalsOf(error.details), {})
      return new RowRefused('unsuccessful_error', invalidRowMessage, problems.errors, problems.issues)
    }
  }
  throw error
}

const inThisTeam = () => new RowRefused('unsuccessful_team_user_exists', inThisTeamMessage, undefined, [{ code: 'exists_in_this_team' }])
const inOtherTeam = () => new RowRefused('unsuccessful_exists', inOtherTeamMessage, undefined, [{ code: 'exists_in_other_team' }])
