import type { z } from 'zod'
import { and, eq, or } from 'drizzle-orm'
import {
  contactImportSourceIdColumn,
  dateOrderOfCountry,
  emptyImportReport,
  familyRoleOfCell,
  fieldErrorCodes,
  maxImportSourceIdLength,
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
import { addFieldRefusals, clearedFieldsOf, columnsNotKept, contactImportLookupLists, notInListMessage, rowOf } from './contact-row'
import { teamNameKey, unknownTeamMessage, type ExtendedColumns, type ImportedConsent } from './extended-columns'
import { refuseColumn, refusalsOf, RowProblems } from './import-issues'
import { loadImportLookups, type ImportLookups } from './import-lookups'
import { addKeptRow, addRefusal, invalidRowMessage, RowRefused, textOf, writeUnlessDryRun } from './import-report'
import { contactsOfSources, importTargets, linkSources, openImport, recordImportedContacts, type ImportedContact, type ImportTarget } from './import-record'
import { makeHouseholds, type HouseholdEntry } from './import-households'
import { ChunkIdentities, knownIdentities, saveNewContacts, type NewContact } from './new-contacts'
import { writeContactChanges } from '../contacts/update.service'

// import-users (spec 2 §3, §4 "Contact import", §7; issue 17 items 2 and 3; issue 35 items 9
// and 10): every row is checked with create-user's rules (fields, lookups, phone, the child
// rules and consent, duplicates) and the rules of what its extended columns create (a note, a
// prayer-request interaction, decisions and events, another team of the conference); then the
// rows that pass are written together (new-contacts.ts) with the writes of the features they
// belong to, each record with its activity row marked as the import's. A refused row leaves
// nothing. A dry run does all of it in a transaction it rolls back: the same answer, nothing kept.

type ImportInput = z.output<typeof importUsersRequest>

const notAllowedMessage = fieldErrorCodes.not_allowed.message
const teamUserProfileMessage = fieldErrorCodes.team_user_profile.message
const notOwnedMessage = fieldErrorCodes.contact_not_owned.message

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
  at: {
    tx: Executor
    asMembers: boolean
    scope: GroupScope
    chunk: ChunkContext
    now: Date
    today: string
    /** The contact the row updates (issue 41 item 2); none for a new contact. */
    existing?: ImportTarget | null
    /** An update's empty cells clear the contact's fields. */
    clearEmptyCells?: boolean
  },
): Promise<Omit<Checked, 'row' | 'name'>> {
  const { scope, now } = at
  const existing = at.existing ?? null
  if (existing) checkUpdatable(existing, at.chunk)
  const order = dateOrderOfCountry(scope.settings.country)
  const row = rowOf(raw, { asMembers: at.asMembers, today: at.today, now, order, lookups: at.chunk.lookups })
  const { extended, consent } = row
  const fields = existing && at.clearEmptyCells ? { ...clearedFieldsOf(raw), ...row.fields } : row.fields
  // What the extended columns create is made with a new contact only: a file read again does not make it twice.
  const team = existing ? null : await checkExtended(extended, at.chunk)
  const context = { now, country: scope.settings.country, lookups: at.chunk.lookups.keys() }
  let resolved = await resolveContactInput(at.tx, fields, existing?.person ?? null, context)
  // A child's consent is a parent's or carer's: a file's is taken for an adult only, and for a
  // contact with no consent on record yet (a recorded one is the consent engine's to change).
  const taken = consent && !resolved.isChild && !existing?.person.consent_type ? consent : null
  if (taken)
    resolved = await resolveContactInput(at.tx, { ...fields, ...consentFieldsOf(taken) }, existing?.person ?? null, {
      ...context,
      consentGiven: taken.type === 'direct',
    })
  if (resolved.isChild && scope.childGate) throw new RowRefused('unsuccessful_error', childRecordClosedMessage, undefined, [{ code: 'child_record_closed' }])
  if (resolved.refusals.any) {
    const problems = new RowProblems()
    addFieldRefusals(problems, resolved.refusals, raw)
    problems.refuse(true)
  }
  if (taken?.type === 'direct') Object.assign(resolved.values, { consent_type: 'direct', consent_date: taken.date, consent_content: taken.content })
  // An imported child has no consent on record: no one follows them up or records their decisions yet.
  if (!existing && resolved.isChild && extended.prayerRequest) refuseColumn('prayer_request', minorWithoutConsentMessage, { code: 'minor_without_consent' })
  if (!existing && resolved.isChild && extended.events.length > 0)
    refuseColumn(extended.events[0]!.column, minorWithoutConsentMessage, { code: 'minor_without_consent' })
  return {
    resolved,
    extended,
    assignTo: team && team.id !== scope.team.id ? team : null,
    withConsent: taken !== null,
    notKept: columnsNotKept(resolved.notKept, raw),
    consentNotTaken: consent !== null && resolved.isChild,
  }
}

/** A contact a row may update: the team owns it, it is not a user of the team, the caller may edit contacts (update-user's rules). */
function checkUpdatable(target: ImportTarget, chunk: ChunkContext): void {
  if (!chunk.holds('update_contact')) throw new RowRefused('unsuccessful_error', notAllowedMessage, undefined, [{ code: 'not_allowed' }])
  if (target.isTeamUser) throw new RowRefused('unsuccessful_error', teamUserProfileMessage, undefined, [{ code: 'team_user_profile' }])
  if (!target.isOwner) throw new RowRefused('unsuccessful_error', notOwnedMessage, undefined, [{ code: 'contact_not_owned' }])
}

/** A row that passed its checks, with the contact it updates (by its source id, or its details), if any. */
interface CheckedRow extends Checked {
  sourceId: string | null
  target: ImportTarget | null
  /** The row ties the contact to its source id now. */
  links: boolean
}

/**
 * import-users: the chunk's rows, each checked on its own, then those that pass written
 * together; the spec's counts. Every rule is checked before anything is written, so a
 * refused row leaves nothing and never stops the rest; the conference's contacts are locked
 * for the chunk first, as create-user locks them for one contact, so two imports (or an import
 * and a form) cannot add the same person twice. A row with a source id the team has imported
 * before, or whose details match a contact of the team, updates that contact with the fields
 * the file gives (issue 41 item 2); each row is answered created, updated, unchanged or refused.
 */
export async function importContacts(deps: Deps, viewer: Viewer, scope: GroupScope, input: ImportInput): Promise<ImportUsersResult> {
  const result: ImportUsersResult = { ...emptyImportReport(), created: [], updated: [], unchanged: [] }
  const refuse = (row: number, name: string, error: unknown) => addRefusal(result, row, name, refusalOf(error))
  const now = deps.now()
  const today = todayIn(now, scope.settings.timeZone)
  const system = input.source_system ?? 'other'
  await writeUnlessDryRun(deps.db, input.dry_run ?? false, async (tx) => {
    await lockContactsOfConference(tx, scope.team)
    const importId = input.dry_run ? null : await openImport(tx, { now, viewer, scope }, input)
    const chunk = await chunkContextOf(tx, scope)
    const rowAt = { tx, asMembers: input.import_as_members ?? false, scope, chunk, now, today, clearEmptyCells: input.clear_empty_cells ?? false }

    const sourceIdOf = (raw: ContactImportRow) => textOf(raw[contactImportSourceIdColumn]) || null
    const sources = await contactsOfSources(
      tx,
      scope.team.id,
      system,
      input.data.flatMap((raw) => sourceIdOf(raw) ?? []),
    )
    const targets = await importTargets(tx, scope.team.id, [...sources.values()])
    const sourceRows = new Map<string, number>()
    // The row that updates each contact: a contact is updated by one row of a chunk.
    const updatedBy = new Map<number, number>()
    const checked: CheckedRow[] = []
    for (const [index, raw] of input.data.entries()) {
      const row = input.first_row + index
      const name = `${textOf(raw.first_name)} ${textOf(raw.last_name)}`.trim()
      const sourceId = sourceIdOf(raw)
      try {
        if (sourceId !== null) checkSourceId(sourceId, sourceRows.get(sourceId))
        if (sourceId !== null) sourceRows.set(sourceId, row)
        const target = sourceId === null ? null : (targets.get(sources.get(sourceId) ?? 0) ?? null)
        const earlier = target ? updatedBy.get(target.person.id) : undefined
        if (earlier !== undefined) throw alreadyOnImport(earlier)
        if (target) updatedBy.set(target.person.id, row)
        checked.push({ row, name, sourceId, target, links: false, ...(await checkRow(raw, { ...rowAt, existing: target })) })
      } catch (error) {
        refuse(row, name, error)
      }
    }

    // A new row with a source id whose details match a contact of the team ties that contact to it and updates it.
    const fresh = checked.filter((row) => row.target === null)
    const known = await knownIdentities(
      tx,
      scope.team,
      fresh.map((row) => row.resolved.identity),
    )
    const matched = await importTargets(
      tx,
      scope.team.id,
      fresh.flatMap((row, index) => (row.sourceId !== null && known[index]!.personId !== null ? [known[index]!.personId!] : [])),
    )
    const accepted = new ChunkIdentities()
    const contacts: NewContact[] = []
    const creations: CheckedRow[] = []
    const updates: CheckedRow[] = []
    for (const row of checked) {
      if (row.target) {
        updates.push(row)
        continue
      }
      const { known: where, personId } = known[fresh.indexOf(row)]!
      const { identity } = row.resolved
      const match = personId === null ? undefined : matched.get(personId)
      if (where === 'in_this_team' && row.sourceId !== null && match && !accepted.has(identity)) {
        const earlier = updatedBy.get(match.person.id)
        try {
          if (earlier !== undefined) throw alreadyOnImport(earlier)
          const raw = input.data[row.row - input.first_row]!
          updates.push({ ...row, ...(await checkRow(raw, { ...rowAt, existing: match })), target: match, links: true })
          updatedBy.set(match.person.id, row.row)
        } catch (error) {
          refuse(row.row, row.name, error)
        }
      } else if (where === 'in_this_team' || accepted.has(identity)) refuse(row.row, row.name, inThisTeam())
      else if (where === 'in_other_team') refuse(row.row, row.name, inOtherTeam())
      else {
        accepted.add(identity)
        creations.push(row)
        contacts.push({ row: row.row, values: row.resolved.values, isChild: row.resolved.isChild, assignTo: row.assignTo, extended: row.extended })
        addKeptRow(result, { ...row, child: row.resolved.isChild })
      }
    }
    const ids = await saveNewContacts(tx, { now, today, viewer, scope }, contacts)
    const imported: ImportedContact[] = creations.map((row, index) => ({
      personId: ids[index]!,
      row: row.row,
      outcome: 'created',
      before: {},
      linked: row.sourceId !== null,
    }))
    result.created = creations.map((row) => row.row)

    for (const row of updates) {
      const target = row.target!
      const logged = { source_of_change: 'user_import', import_row: row.row }
      const { before } = await writeContactChanges(tx, now, viewer, scope.team.id, target.person, row.resolved.values, logged)
      const changed = Object.keys(before).length > 0
      ;(changed ? result.updated : result.unchanged)!.push(row.row)
      addKeptRow(result, { ...row, child: row.resolved.isChild })
      if (changed || row.links) imported.push({ personId: target.person.id, row: row.row, outcome: 'updated', before, linked: row.links })
    }
    await linkSources(
      tx,
      scope.team.id,
      system,
      imported.flatMap((contact) => {
        const sourceId = contact.linked ? sourceIdOfRow(contact.row) : null
        return sourceId === null ? [] : [{ sourceId, personId: contact.personId }]
      }),
    )
    result.count_successful = contacts.length + updates.length
    const households = await makeHouseholds(tx, { importId, viewer, scope }, [
      ...creations.flatMap((row, index) => householdEntryOf(row.row, ids[index]!)),
      ...updates.flatMap((row) => householdEntryOf(row.row, row.target!.person.id)),
    ])
    if (households.made > 0) result.relationships_made = households.made
    if (importId !== null) {
      const counts = { created: contacts.length, updated: result.updated!.length, unchanged: result.unchanged!.length, refused: result.count_unsuccessful }
      await recordImportedContacts(tx, importId, imported, counts, households.members)
      result.import_id = importId
    }

    /** A row's household and its role there, when the file gives a household. */
    function householdEntryOf(row: number, personId: number): HouseholdEntry[] {
      const raw = input.data[row - input.first_row]!
      const householdId = textOf(raw.household_id)
      return householdId ? [{ personId, householdId, role: familyRoleOfCell(textOf(raw.family_role)), row }] : []
    }

    function sourceIdOfRow(row: number): string | null {
      return sourceIdOf(input.data[row - input.first_row]!)
    }
  })
  // Each list by row number, as the file reads.
  for (const list of importRefusalLists) {
    result[list].sort((a, b) => a.row - b.row)
  }
  for (const list of ['updated', 'unchanged'] as const) result[list]!.sort((a, b) => a - b)
  return result
}

/** A source id is kept up to its limit, and names one row of a chunk. */
function checkSourceId(sourceId: string, earlier: number | undefined): void {
  if (sourceId.length > maxImportSourceIdLength)
    refuseColumn(contactImportSourceIdColumn, fieldErrorCodes.too_long.message.replace('{{max}}', String(maxImportSourceIdLength)), {
      code: 'too_long',
      max: maxImportSourceIdLength,
    })
  if (earlier !== undefined) throw alreadyOnImport(earlier)
}

const alreadyOnImport = (row: number) =>
  new RowRefused('unsuccessful_team_user_exists', fieldErrorCodes.already_on_import.message.replace('{{row}}', String(row)), undefined, [
    { code: 'already_on_import', row },
  ])

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
