import { and, desc, eq, getTableColumns, gt, sql } from 'drizzle-orm'
import { hasCapability, type ContactImport, type ContactImportUndo, type ImportUndoKeptReason } from '@crm/domain'
import { rowsOf, type Executor } from '../../db/client'
import { contactImports, contactSources, people } from '../../db/schema/index'
import type { GroupScope, Viewer } from '../../platform/access'
import { recordActivities, recordActivity } from '../../platform/activity'
import { personGate } from '../../platform/child-gate'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { fullName } from '../../platform/format'
import { refreshContactReadModel } from '../../platform/read-model'
import { erasePerson } from '../contact-data/contact-data.jobs'
import { lockContactsOfConference } from '../contacts/duplicates.service'

// A group's contact imports and their undo (issue 41 item 3): within contactImportUndoDays an
// import is taken back whole — the contacts it made removed, the fields it changed given back —
// except a contact someone has worked on since (any activity about it after the import wrote
// it, reading aside), one merged into another, or a child's record the caller may not touch:
// those are left as they are and named.

type ImportRow = typeof contactImports.$inferSelect

/** An import as the caller reads it: who made it by name only where the caller reads team users' names. */
function importOf(row: ImportRow, by: { first_name: string | null; last_name: string | null } | null, viewer: Viewer, scope: GroupScope): ContactImport {
  const byMe = row.created_by_id === viewer.personId
  const readsNames = byMe || hasCapability(scope.role, 'read_dcrm_team_users_names')
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    source_system: row.source_system ?? null,
    created_by_name: readsNames && by ? `${by.first_name ?? ''} ${by.last_name ?? ''}`.trim() : '',
    by_me: byMe,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    refused: row.refused,
    undone_at: row.undone_at?.toISOString() ?? null,
    undo_until: row.undo_until.toISOString(),
  }
}

/** The most imports the list answers: a group imports a few files a month. */
const maxListed = 100

/** GET contact-imports: the group's imports whose undo has not ended, newest first. */
export async function listContactImports(deps: Deps, viewer: Viewer, scope: GroupScope): Promise<{ data: ContactImport[] }> {
  const rows = await deps.db
    .select({ row: contactImports, by: { first_name: people.first_name, last_name: people.last_name } })
    .from(contactImports)
    .leftJoin(people, eq(people.id, contactImports.created_by_id))
    .where(and(eq(contactImports.group_id, scope.group.id), eq(contactImports.team_id, scope.team.id), gt(contactImports.undo_until, deps.now())))
    .orderBy(desc(contactImports.created_at), desc(contactImports.id))
    .limit(maxListed)
  return { data: rows.map(({ row, by }) => importOf(row, by, viewer, scope)) }
}

interface ImportedContactRow {
  person_id: number
  outcome: 'created' | 'updated'
  before: Record<string, unknown> | null
  linked: boolean
  merged: boolean
  worked_on: boolean
  first_name: string
  last_name: string
  dob_year: number | null
  dob_month: number | null
}

/** What an import did to each contact, with whether it was merged away or worked on since. */
async function importedContacts(tx: Executor, importId: number): Promise<ImportedContactRow[]> {
  return rowsOf<ImportedContactRow>(
    await tx.execute(sql`
      select c.person_id, c.outcome, c.before, c.linked, p.first_name, p.last_name, p.dob_year, p.dob_month,
        p.merged_into_id is not null as merged,
        exists (select 1 from activity_log a where a.contact_id = c.person_id and a.id > c.last_activity_id and a.action <> 'view') as worked_on
      from contact_import_contacts c join people p on p.id = c.person_id
      where c.import_id = ${importId}
      order by c.row`),
  )
}

/**
 * POST undo-contact-import: in one transaction, under the conference's lock as an import
 * writes. A contact the import made goes with everything about it (as an erasure removes it);
 * a contact it changed gets back each column's value before, recorded in its activity as the
 * undo's; the source ids the import tied are untied. What undo needed is forgotten after it.
 */
export async function undoContactImport(deps: Deps, viewer: Viewer, scope: GroupScope, input: { import_id: number }): Promise<ContactImportUndo> {
  const now = deps.now()
  const gate = personGate(scope, now)
  return deps.db.transaction(async (tx) => {
    await lockContactsOfConference(tx, scope.team)
    const [row] = await tx
      .select()
      .from(contactImports)
      .where(and(eq(contactImports.id, input.import_id), eq(contactImports.team_id, scope.team.id), eq(contactImports.group_id, scope.group.id)))
      .for('update')
    if (!row) throw new AppError('not_found')
    if (row.undone_at) throw new AppError('import_undone', { undone_at: row.undone_at.toISOString() })
    if (row.undo_until <= now) throw new AppError('import_undo_expired', { undo_until: row.undo_until.toISOString() })

    const kept: ContactImportUndo['kept'] = []
    let removed = 0
    let restored = 0
    for (const contact of await importedContacts(tx, row.id)) {
      const reason: ImportUndoKeptReason | null = gate.hides(contact)
        ? 'child_record_closed'
        : contact.merged
          ? 'merged'
          : contact.worked_on
            ? 'worked_on_since'
            : null
      if (reason) {
        kept.push({ user_id: contact.person_id, name: gate.nameOf(contact), reason })
        continue
      }
      if (contact.outcome === 'created') {
        await erasePerson(deps, tx, contact.person_id)
        removed += 1
        continue
      }
      const before = contact.before ?? {}
      if (Object.keys(before).length > 0) {
        await restoreColumns(tx, contact.person_id, before, { viewer, scope })
        await refreshContactReadModel(tx, contact.person_id, now)
        restored += 1
      }
      if (contact.linked) {
        await tx
          .delete(contactSources)
          .where(
            and(
              eq(contactSources.team_id, scope.team.id),
              eq(contactSources.system, row.source_system ?? 'other'),
              eq(contactSources.person_id, contact.person_id),
            ),
          )
      }
    }
    // The relationships it made between its households' members (those with a removed contact are gone with it), but for a contact left.
    const left = JSON.stringify(kept.map((contact) => contact.user_id))
    const unmade = rowsOf<{ id: number; contact_id: number; related_id: number; relationship_type: string }>(
      await tx.execute(sql`delete from contact_relationships r using contact_import_relationships i
        where i.import_id = ${row.id} and r.id = i.relationship_id
          and not (r.contact_id = any(array(select json_array_elements_text(${left}::json)::int))
            or r.related_id = any(array(select json_array_elements_text(${left}::json)::int)))
        returning r.id, r.contact_id, r.related_id, r.relationship_type`),
    )
    const named = JSON.stringify(unmade.flatMap((relationship) => [relationship.contact_id, relationship.related_id]))
    const names = new Map(
      rowsOf<{ id: number; first_name: string; last_name: string }>(
        await tx.execute(sql`select id, first_name, last_name from people where id = any(array(select json_array_elements_text(${named}::json)::int))`),
      ).map((person) => [person.id, fullName(person.first_name, person.last_name)]),
    )
    // As delete-contact-relationship records one, on each contact; the types as the import made them.
    await recordActivities(
      tx,
      unmade.flatMap((relationship) =>
        [
          [relationship.contact_id, relationship.related_id],
          [relationship.related_id, relationship.contact_id],
        ].map(([contactId, relatedId]) => ({
          authorId: viewer.personId,
          teamId: scope.team.id,
          subjectType: 'user_relationship' as const,
          subjectId: relationship.id,
          contactId,
          action: 'delete' as const,
          before: { related_user_id: relatedId, user_name: names.get(relatedId!) ?? '', source_of_change: 'user_import_undo' },
        })),
      ),
    )
    // What undo needed is kept no longer; the import stays listed as undone.
    await tx.execute(sql`delete from contact_import_contacts where import_id = ${row.id}`)
    await tx.execute(sql`delete from contact_import_households where import_id = ${row.id}`)
    await tx.execute(sql`delete from contact_import_relationships where import_id = ${row.id}`)
    const [undone] = await tx.update(contactImports).set({ undone_at: now, undone_by_id: viewer.personId }).where(eq(contactImports.id, row.id)).returning()
    const [by] = row.created_by_id
      ? await tx.select({ first_name: people.first_name, last_name: people.last_name }).from(people).where(eq(people.id, row.created_by_id))
      : []
    return { removed, restored, kept, import: importOf(undone!, by ?? null, viewer, scope) }
  })
}

/**
 * Gives a person's columns back the values kept (JSON, as the import's change recorded them;
 * each read into its column's type by PostgreSQL), and records it in the contact's activity
 * as the undo of an import.
 */
async function restoreColumns(tx: Executor, personId: number, before: Record<string, unknown>, at: { viewer: Viewer; scope: GroupScope }): Promise<void> {
  const columns = getTableColumns(people)
  const keys = Object.keys(before).filter((key) => Object.hasOwn(columns, key) && key !== 'id')
  if (keys.length === 0) return
  const [undone] = rowsOf<Record<string, unknown>>(
    await tx.execute(
      sql`select ${sql.join(
        keys.map((key) => sql`${sql.identifier(key)}`),
        sql`, `,
      )} from people where id = ${personId} for update`,
    ),
  )
  await tx.execute(sql`update people set ${sql.join(
    keys.map((key) => sql`${sql.identifier(key)} = r.${sql.identifier(key)}`),
    sql`, `,
  )}
    from jsonb_populate_record(null::people, ${JSON.stringify(before)}::jsonb) as r where people.id = ${personId}`)
  await recordActivity(tx, {
    authorId: at.viewer.personId,
    teamId: at.scope.team.id,
    subjectType: 'user',
    subjectId: personId,
    contactId: personId,
    action: 'update',
    before: undone ?? {},
    after: { ...Object.fromEntries(keys.map((key) => [key, before[key]])), source_of_change: 'user_import_undo' },
  })
}
