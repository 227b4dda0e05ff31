import { and, eq, inArray, not, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { updateUserImportRequest } from '@crm/domain'
import { affectedRows } from '../../db/client'
import { userImportRows, userImports } from '../../db/schema/index'
import type { TeamScope } from '../../platform/access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { assertNoFieldErrors, churchIdsAmong, lockUserImport, notAChurchMessage, notOnImportMessage } from './records'
import { FieldRefusals } from '../../platform/field-refusals'

// update-user-import and delete-user-import (spec 2 §4 "Import-and-share", §7).

type UpdateInput = z.output<typeof updateUserImportRequest>

const r = userImportRows

/**
 * update-user-import: the title, date and notes; the people kept (a person not processed and
 * left out of `users` is taken off the import, a processed one never); the church chosen for
 * each person not yet processed. Every id is checked first: a contact not on the import or a
 * team that is not a church of the conference is a 400 naming the field, and nothing changes.
 */
export async function updateUserImport(deps: Deps, scope: TeamScope, importId: number, input: UpdateInput): Promise<{ success: true }> {
  await deps.db.transaction(async (tx) => {
    await lockUserImport(tx, scope, importId)
    const onImport = new Set((await tx.select({ person_id: r.person_id }).from(r).where(eq(r.import_id, importId))).map((row) => row.person_id))
    const errors = new FieldRefusals()
    for (const [index, contactId] of (input.users ?? []).entries())
      if (!onImport.has(contactId)) errors.set(`users.${index}`, 'not_on_import', notOnImportMessage)
    const choices = Object.entries(input.team_id_by_user ?? {}).map(([key, teamId]) => ({ key, contactId: Number(key), teamId }))
    const churches = await churchIdsAmong(
      tx,
      scope.team.id,
      choices.flatMap((choice) => (choice.teamId === null ? [] : [choice.teamId])),
    )
    for (const choice of choices) {
      if (!onImport.has(choice.contactId)) errors.set(`team_id_by_user.${choice.key}`, 'not_on_import', notOnImportMessage)
      else if (choice.teamId !== null && !churches.has(choice.teamId)) errors.set(`team_id_by_user.${choice.key}`, 'church_of_conference', notAChurchMessage)
    }
    assertNoFieldErrors(errors)

    const header = {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.date !== undefined ? { date: input.date } : {}),
      ...(input.content !== undefined ? { content: input.content } : {}),
    }
    if (Object.keys(header).length > 0) await tx.update(userImports).set(header).where(eq(userImports.id, importId))
    if (choices.length > 0) {
      // One statement for every choice; a processed person's church is history and stays.
      const contactIds = sql.join(
        choices.map((choice) => sql`${choice.contactId}`),
        sql`, `,
      )
      const teamIds = sql.join(
        choices.map((choice) => sql`${choice.teamId}`),
        sql`, `,
      )
      await tx.execute(sql`
        update ${r} set team_id = chosen.team_id, updated_at = now()
        from unnest(array[${contactIds}]::int[], array[${teamIds}]::int[]) as chosen(person_id, team_id)
        where ${r.import_id} = ${importId} and ${r.person_id} = chosen.person_id and not ${r.is_processed}
          and ${r.team_id} is distinct from chosen.team_id`)
    }
    if (input.users) {
      const kept = input.users
      await tx.delete(r).where(and(eq(r.import_id, importId), eq(r.is_processed, false), kept.length > 0 ? not(inArray(r.person_id, kept)) : undefined))
    }
  })
  return { success: true }
}

/** delete-user-import: the record and its rows go; the contacts stay where they are. */
export async function deleteUserImport(deps: Deps, scope: TeamScope, importId: number): Promise<{ success: true }> {
  const result = await deps.db.delete(userImports).where(and(eq(userImports.id, importId), eq(userImports.team_id, scope.team.id)))
  if (affectedRows(result) === 0) throw new AppError('not_found')
  return { success: true }
}
