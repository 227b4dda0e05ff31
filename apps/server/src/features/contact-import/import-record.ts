import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { contactImportUndoDays, type ImportMappingKey } from '@crm/domain'
import { rowsOf, type Executor } from '../../db/client'
import { insertMany } from '../../db/insert-many'
import { contactImportContacts, contactImports, contactSources, memberships, people, teamContacts } from '../../db/schema/index'
import type { GroupScope, Viewer } from '../../platform/access'
import { AppError } from '../../platform/errors'
import type { PersonRow } from '../contacts/contact-input'

// What a contact import keeps of itself (issue 41 items 2 and 3): the contacts of the team a
// source id names, and for each import what it did to each contact, for its undo.

/** A contact of the team a row may update: the person as it is, locked for the chunk. */
export interface ImportTarget {
  person: PersonRow
  isOwner: boolean
  /** A user of this team: their profile is their own to edit. */
  isTeamUser: boolean
}

/**
 * The team's contacts among `personIds` that an import may update, locked for the rest of the
 * chunk as update-user locks one: those the team holds (active or archived); a record merged
 * away or de-identified is not one.
 */
export async function importTargets(tx: Executor, teamId: number, personIds: readonly number[]): Promise<Map<number, ImportTarget>> {
  if (personIds.length === 0) return new Map()
  const ids = [...new Set(personIds)]
  // Three lookups of one table each, by key, rather than one join: just after a large import
  // the planner's statistics still say the team has next to no contacts (PGlite has no
  // autovacuum to refresh them), and the join then walked every contact of the team for each
  // chunk of a re-import (1.9 s a chunk at 50,000; docs/benchmarks.md).
  const held = await tx
    .select({ personId: teamContacts.person_id, isOwner: teamContacts.is_owner })
    .from(teamContacts)
    .where(and(eq(teamContacts.team_id, teamId), inArray(teamContacts.person_id, ids), eq(teamContacts.state, 'active')))
  if (held.length === 0) return new Map()
  const owners = new Map(held.map((row) => [row.personId, row.isOwner]))
  const persons = await tx
    .select()
    .from(people)
    .where(and(inArray(people.id, [...owners.keys()]), isNull(people.merged_into_id)))
    .for('update')
  const teamUsers = new Set(
    (
      await tx
        .select({ personId: memberships.person_id })
        .from(memberships)
        .where(and(eq(memberships.team_id, teamId), inArray(memberships.person_id, [...owners.keys()])))
    ).map((row) => row.personId),
  )
  return new Map(persons.map((person) => [person.id, { person, isOwner: owners.get(person.id)!, isTeamUser: teamUsers.has(person.id) }]))
}

/** The contacts of the team the file's source ids name, by source id. */
export async function contactsOfSources(tx: Executor, teamId: number, system: ImportMappingKey, sourceIds: readonly string[]): Promise<Map<string, number>> {
  if (sourceIds.length === 0) return new Map()
  const json = JSON.stringify([...new Set(sourceIds)])
  const rows = await tx
    .select({ sourceId: contactSources.source_id, personId: contactSources.person_id })
    .from(contactSources)
    .where(
      and(
        eq(contactSources.team_id, teamId),
        eq(contactSources.system, system),
        sql`${contactSources.source_id} = any(array(select json_array_elements_text(${json}::json)))`,
      ),
    )
  return new Map(rows.map((row) => [row.sourceId, row.personId]))
}

/** Ties contacts to their source ids in the team. */
export async function linkSources(
  tx: Executor,
  teamId: number,
  system: ImportMappingKey,
  links: ReadonlyArray<{ sourceId: string; personId: number }>,
): Promise<void> {
  if (links.length === 0) return
  await insertMany(
    tx,
    contactSources,
    links.map((link) => ({ team_id: teamId, system, source_id: link.sourceId, person_id: link.personId })),
    // The file's id names the contact the import makes or updates now, not a record it named before.
    { onConflict: sql`(team_id, system, source_id) do update set person_id = excluded.person_id, updated_at = now()` },
  )
}

/**
 * The import a chunk writes in: a new one for a file's first chunk, or the one the first
 * chunk's answer named, which only its importer continues in its team, before its undo.
 */
export async function openImport(
  tx: Executor,
  at: { now: Date; viewer: Viewer; scope: GroupScope },
  input: { import_id?: number | undefined; source_system?: ImportMappingKey | undefined },
): Promise<number> {
  if (input.import_id !== undefined) {
    const [open] = await tx
      .select({ id: contactImports.id })
      .from(contactImports)
      .where(
        and(
          eq(contactImports.id, input.import_id),
          eq(contactImports.team_id, at.scope.team.id),
          eq(contactImports.group_id, at.scope.group.id),
          eq(contactImports.created_by_id, at.viewer.personId),
          isNull(contactImports.undone_at),
        ),
      )
      .for('update')
    if (!open) throw new AppError('not_found')
    return open.id
  }
  const undoUntil = new Date(at.now.getTime() + contactImportUndoDays * 24 * 60 * 60_000)
  const [created] = await tx
    .insert(contactImports)
    .values({
      team_id: at.scope.team.id,
      group_id: at.scope.group.id,
      source_system: input.source_system ?? 'other',
      created_by_id: at.viewer.personId,
      created_at: at.now,
      undo_until: undoUntil,
    })
    .returning({ id: contactImports.id })
  return created!.id
}

/** What a chunk did to one contact: made it, or changed it (the columns' values before). */
export interface ImportedContact {
  personId: number
  row: number
  outcome: 'created' | 'updated'
  before: Record<string, unknown>
  linked: boolean
}

/**
 * Keeps what the chunk did to each contact, with the newest activity row once it is written
 * (later rows are someone's work since), and adds its rows to the import's counts. A contact
 * a file names in two chunks keeps its first values before and its first outcome.
 */
export async function recordImportedContacts(
  tx: Executor,
  importId: number,
  contacts: readonly ImportedContact[],
  counts: { created: number; updated: number; unchanged: number; refused: number },
  /** The import's contacts the chunk wrote about besides (their households' relationships): their activity so far is the import's. */
  alsoWritten: readonly number[] = [],
): Promise<void> {
  await tx
    .update(contactImports)
    .set({
      created: sql`${contactImports.created} + ${counts.created}`,
      updated: sql`${contactImports.updated} + ${counts.updated}`,
      unchanged: sql`${contactImports.unchanged} + ${counts.unchanged}`,
      refused: sql`${contactImports.refused} + ${counts.refused}`,
    })
    .where(eq(contactImports.id, importId))
  if (contacts.length === 0 && alsoWritten.length === 0) return
  const [newest] = rowsOf<{ id: number | null }>(await tx.execute(sql`select max(id) as id from activity_log`))
  const lastActivityId = Number(newest?.id ?? 0)
  if (alsoWritten.length > 0) {
    await tx.execute(sql`update contact_import_contacts set last_activity_id = ${lastActivityId}
      where import_id = ${importId} and person_id = any(array(select json_array_elements_text(${JSON.stringify(alsoWritten)}::json)::int))`)
  }
  if (contacts.length === 0) return
  await insertMany(
    tx,
    contactImportContacts,
    contacts.map((contact) => ({
      import_id: importId,
      person_id: contact.personId,
      row: contact.row,
      outcome: contact.outcome,
      before: contact.before,
      linked: contact.linked,
      last_activity_id: lastActivityId,
    })),
    {
      onConflict: sql`(import_id, person_id) do update set last_activity_id = excluded.last_activity_id,
        before = excluded.before || contact_import_contacts.before, linked = contact_import_contacts.linked or excluded.linked`,
    },
  )
}
