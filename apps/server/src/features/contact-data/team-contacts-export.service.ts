import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { strToU8, zipSync } from 'fflate'
import {
  contactExportColumns,
  contactImportDecisionTypes,
  dobOf,
  exportedHouseholds,
  fieldsKeptWithoutConsent,
  interactionImportColumns,
  pickedInteractionType,
  socialNetworks,
  type ContactImportDecisionColumn,
  type RelationshipType,
} from '@crm/domain'
import type { Executor } from '../../db/client'
import { contactEvents, contactRelationships, interactions, people, teamContacts } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import { recordActivities } from '../../platform/activity'
import { isChildSql, personGate } from '../../platform/child-gate'
import { csvText, type CsvCell } from '../../platform/csv'
import type { Deps } from '../../platform/deps'
import { vcardOf } from './vcard'

// Leave to any system (issue 41 item 5): a team's owners take the team's contacts with them,
// as the CSV files the contact import reads back (contacts.csv in the import's own column
// names; the round trip is tested) and as vCard 4.0 for an address book. What a contact
// without consent has is its name and gender (a child's birth and parent too), as the team
// keeps it; a child the caller may not see is left out (the child gate); a child's consent is
// a parent's, recorded on the Consent tab, never a file's column.

/** A contact of the export, and whether they are a child now (child-gate.ts's rule). */
type PersonRow = typeof people.$inferSelect & { is_child: boolean }

/** The contacts a team's export holds: those the team has (not archived, not awaiting approval, not merged away), by name. */
async function contactsOf(db: Executor, scope: TeamScope, now: Date): Promise<PersonRow[]> {
  const gate = personGate(scope, now)
  const rows = await db
    .select({ person: people, is_child: isChildSql(people, now).mapWith(Boolean) })
    .from(teamContacts)
    .innerJoin(people, eq(people.id, teamContacts.person_id))
    .where(
      and(
        eq(teamContacts.team_id, scope.team.id),
        eq(teamContacts.state, 'active'),
        isNull(teamContacts.archived_at),
        isNull(people.merged_into_id),
        gate.visibleTo(),
      ),
    )
    .orderBy(asc(sql`lower(${people.last_name})`), asc(sql`lower(${people.first_name})`), asc(people.id))
  return rows.map((row) => ({ ...row.person, is_child: row.is_child }))
}

/** The contact's id in the file: what a later import of the file matches the row by (its source_id). */
const sourceIdOf = (personId: number) => `crm-${personId}`

/** Consent on record (spec 2 §4): a kind not declined; a child's is a parent's not declined. */
function hasConsent(person: PersonRow, child: boolean): boolean {
  return person.consent_type !== null && !person.consent_declined && !(child && person.parental_consent_declined)
}

/** The columns the team keeps of a contact: every one with consent, else the name and gender (a child's birth and parent too). */
function keptColumnsOf(person: PersonRow): (column: string) => boolean {
  const child = person.is_child
  if (hasConsent(person, child)) return () => true
  const kept = fieldsKeptWithoutConsent(child)
  return (column) => kept.has(column) || (column === 'dob' && kept.has('dob_year'))
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no')

/** The first date of each decision the team recorded for each contact of the export. */
async function firstDecisions(db: Executor, teamId: number, personIds: ReadonlySet<number>): Promise<Map<number, Map<string, string>>> {
  const rows = await db
    .select({ contactId: contactEvents.contact_id, type: contactEvents.type, date: sql<string>`min(${contactEvents.date})::text` })
    .from(contactEvents)
    .where(and(eq(contactEvents.team_id, teamId), inArray(contactEvents.type, Object.values(contactImportDecisionTypes))))
    .groupBy(contactEvents.contact_id, contactEvents.type)
  const decisions = new Map<number, Map<string, string>>()
  for (const row of rows)
    if (personIds.has(row.contactId)) decisions.set(row.contactId, (decisions.get(row.contactId) ?? new Map<string, string>()).set(row.type, row.date))
  return decisions
}

/** The team's relationships between the contacts of the export. */
async function relationshipsBetween(db: Executor, teamId: number, personIds: ReadonlySet<number>) {
  const rows = await db
    .select({ contactId: contactRelationships.contact_id, relatedId: contactRelationships.related_id, type: contactRelationships.relationship_type })
    .from(contactRelationships)
    .where(eq(contactRelationships.team_id, teamId))
    .orderBy(asc(contactRelationships.id))
  return rows.filter((row) => personIds.has(row.contactId) && personIds.has(row.relatedId)).map((row) => ({ ...row, type: row.type as RelationshipType }))
}

/** A contact's cells in contactExportColumns' order. */
function contactCells(
  person: PersonRow,
  context: { decisions: Map<string, string> | undefined; household: { householdId: string; role: string } | undefined },
): CsvCell[] {
  const kept = keptColumnsOf(person)
  const child = person.is_child
  const social = person.social as Partial<Record<string, string>>
  const value = (column: string): CsvCell => {
    if (column === 'source_id') return sourceIdOf(person.id)
    if (column === 'household_id') return context.household ? sourceIdOf(Number(context.household.householdId)) : ''
    if (column === 'family_role') return context.household?.role ?? ''
    if (!kept(column)) return ''
    if (column === 'dob') return dobOf(person.dob_year, person.dob_month)
    if (column === 'expect_follow_up') return yesNo(person.expect_follow_up)
    if ((socialNetworks as readonly string[]).includes(column)) return social[column] ?? ''
    if (Object.hasOwn(contactImportDecisionTypes, column))
      return context.decisions?.get(contactImportDecisionTypes[column as ContactImportDecisionColumn]) ?? ''
    if (column === 'consent_type' || column === 'consent_date' || column === 'consent_content') {
      // A child's consent is a parent's, on record with its permissions: the import does not take it from a file.
      if (child || !hasConsent(person, false)) return ''
      // An adult's photographed form is consent they signed: the import's `direct` (the photo stays with the team).
      if (column === 'consent_type') return person.consent_type === 'verbal' ? 'verbal' : 'direct'
      return column === 'consent_date' ? person.consent_date : person.consent_content
    }
    return (person as unknown as Record<string, CsvCell>)[column] ?? ''
  }
  return contactExportColumns.map(value)
}

/** Safeguarding (issue 12 item 5): each child in an export is a minor's record read. */
async function recordChildrenRead(db: Executor, viewer: Viewer, teamId: number, children: readonly PersonRow[]) {
  await recordActivities(
    db,
    children.map((child) => ({
      authorId: viewer.personId,
      teamId,
      subjectType: 'user' as const,
      subjectId: null,
      contactId: child.id,
      action: 'view' as const,
      after: { list: 'record' },
    })),
  )
}

/** GET team-contacts-export: contacts.csv, relationships.csv and interactions.csv in a ZIP. */
export async function exportTeamContacts(deps: Deps, viewer: Viewer, scope: TeamScope): Promise<{ fileName: string; bytes: Buffer }> {
  const now = deps.now()
  const contacts = await contactsOf(deps.db, scope, now)
  const ids = new Set(contacts.map((person) => person.id))
  const [decisions, relationships, interactionRows] = await Promise.all([
    firstDecisions(deps.db, scope.team.id, ids),
    relationshipsBetween(deps.db, scope.team.id, ids),
    interactionsOf(deps.db, scope.team.id, ids),
  ])
  const households = exportedHouseholds(
    contacts.map((person) => ({ id: person.id, gender: person.gender as 'male' | 'female' | 'declined' | null })),
    relationships,
  )
  const contactsCsv = csvText({
    header: [...contactExportColumns],
    rows: contacts.map((person) => contactCells(person, { decisions: decisions.get(person.id), household: households.get(person.id) })),
  })
  const relationshipsCsv = csvText({
    header: ['source_id', 'relationship_type', 'related_source_id'],
    rows: relationships.map((row) => [sourceIdOf(row.contactId), row.type, sourceIdOf(row.relatedId)]),
  })
  const interactionsCsv = csvText({
    header: ['source_id', ...interactionImportColumns],
    rows: interactionRows.map((row) => {
      const { type, prayer_type } = pickedInteractionType(row.type)
      const cells: Record<(typeof interactionImportColumns)[number], CsvCell> = {
        date: row.date,
        time: row.time ?? '',
        type,
        content: row.content,
        is_completed: yesNo(row.is_completed),
        prayer_type,
        type_other: row.type_other,
        bible_study: row.bible_study,
        bible_study_other: row.bible_study_other,
        reaction: row.reaction,
      }
      return [sourceIdOf(row.contactId), ...interactionImportColumns.map((column) => cells[column])]
    }),
  })
  await recordChildrenRead(
    deps.db,
    viewer,
    scope.team.id,
    contacts.filter((person) => person.is_child),
  )
  const bytes = zipSync(
    { 'contacts.csv': strToU8(contactsCsv), 'relationships.csv': strToU8(relationshipsCsv), 'interactions.csv': strToU8(interactionsCsv) },
    { level: 6, mtime: now },
  )
  return { fileName: `team-${scope.team.id}-contacts.zip`, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }
}

/** The team's interactions with the contacts of the export, by contact and when they happened. */
async function interactionsOf(db: Executor, teamId: number, personIds: ReadonlySet<number>) {
  const rows = await db
    .select({
      contactId: interactions.contact_id,
      type: interactions.type,
      date: interactions.date,
      time: interactions.time,
      content: interactions.content,
      is_completed: interactions.is_completed,
      type_other: interactions.type_other,
      bible_study: interactions.bible_study,
      bible_study_other: interactions.bible_study_other,
      reaction: interactions.reaction,
    })
    .from(interactions)
    .where(eq(interactions.team_id, teamId))
    .orderBy(asc(interactions.contact_id), asc(interactions.occurs_at), asc(interactions.id))
  return rows.filter((row) => personIds.has(row.contactId))
}

/** GET team-contacts-vcard: a card per contact, what the team keeps of each (no photos: a team's would make a file of megabytes). */
export async function teamContactsVcard(deps: Deps, viewer: Viewer, scope: TeamScope): Promise<{ fileName: string; text: string }> {
  const now = deps.now()
  const contacts = await contactsOf(deps.db, scope, now)
  const text = contacts
    .map((person) => {
      const kept = keptColumnsOf(person)
      const keep = <T>(column: string, value: T): T | null => (kept(column) ? value : null)
      return vcardOf({
        ...person,
        dob_year: keep('dob', person.dob_year),
        dob_month: keep('dob', person.dob_month),
        email: keep('email', person.email),
        phone: keep('phone', person.phone),
        address_formatted: keep('address_street', person.address_formatted),
        address_street: keep('address_street', person.address_street),
        address_city: keep('address_city', person.address_city),
        address_state: keep('address_state', person.address_state),
        address_postcode: keep('address_postcode', person.address_postcode),
        address_country: keep('address_country', person.address_country),
      })
    })
    .join('')
  await recordChildrenRead(
    deps.db,
    viewer,
    scope.team.id,
    contacts.filter((person) => person.is_child),
  )
  return { fileName: `team-${scope.team.id}-contacts.vcf`, text }
}
