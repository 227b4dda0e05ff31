import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import type { z } from 'zod'
import type { ImportIssueCode, ImportRowProblem, ProcessUserImportResult, processUserImportRequest } from '@crm/domain'
import type { Executor } from '../../db/client'
import { accounts, memberships, notifications, people, teamContacts, userImportRows } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import { personGate } from '../../platform/child-gate'
import type { Deps } from '../../platform/deps'
import { refreshContactReadModel } from '../../platform/read-model'
import { lockContactsOfConference } from '../contacts/duplicates.service'
import { escapeHtml } from '../../platform/sanitize'
import { assertNoFieldErrors, churchIdsAmong, lockUserImport, notAChurchMessage, notOnImportMessage, shownDetails } from './records'
import { FieldRefusals } from '../../platform/field-refusals'

// process-user-import (spec 2 §4 "Import-and-share", §7; issue 17 item 4): each person given
// goes to the church chosen for them, in a savepoint of its own. A person only the conference
// holds is moved (the church becomes the owner; the conference keeps a copy it no longer
// owns); a person other teams hold is shared (the church holds them too, approved: a
// conference officer decided it). Processing cannot be undone; it can be repeated for the
// people left. The import's row is locked for the whole call, so two calls at once process a
// person once. Each church that received people is told in its notifications panel.

type ProcessInput = z.output<typeof processUserImportRequest>

const r = userImportRows

export const alreadyProcessedMessage = 'This contact has already been processed.'
export const noChurchMessage = 'No church was chosen for this contact.'
const failedMessage = 'The contact could not be processed.'

/** What became of a person in the chosen church: moved there, shared with it, or already there. */
type Placement = 'moved' | 'shared' | 'approved' | 'already_there'

/** Puts the contact in the church as the ownership model says (see the file's comment). */
async function placeInChurch(
  tx: Executor,
  at: { now: Date; viewer: Viewer; conferenceId: number; importId: number },
  contactId: number,
  churchId: number,
): Promise<Placement> {
  const origin = { source_of_change: 'user_import', user_import_id: at.importId }
  const held = await tx
    .select({ id: teamContacts.id, team_id: teamContacts.team_id, is_owner: teamContacts.is_owner, state: teamContacts.state })
    .from(teamContacts)
    .where(eq(teamContacts.person_id, contactId))
  const inChurch = held.find((row) => row.team_id === churchId)
  if (inChurch?.state === 'active') return 'already_there'
  if (inChurch) {
    // The church had asked for the contact: the conference's decision approves it.
    await tx.update(teamContacts).set({ state: 'active', requested_by_id: null }).where(eq(teamContacts.id, inChurch.id))
    await recordActivity(tx, {
      authorId: at.viewer.personId,
      teamId: churchId,
      subjectType: 'team_contacts',
      subjectId: inChurch.id,
      contactId,
      action: 'update',
      before: { team_id: churchId, state: 'awaiting_approval' },
      after: { team_id: churchId, state: 'active', ...origin },
    })
    return 'approved'
  }
  const conferenceRow = held.find((row) => row.team_id === at.conferenceId)
  const moves = held.every((row) => row.team_id === at.conferenceId)
  const [added] = await tx
    .insert(teamContacts)
    .values({ team_id: churchId, person_id: contactId, is_owner: moves, state: 'active', added_by_id: at.viewer.personId })
    .returning({ id: teamContacts.id })
  await recordActivity(tx, {
    authorId: at.viewer.personId,
    teamId: churchId,
    subjectType: 'team_contacts',
    subjectId: added!.id,
    contactId,
    action: 'add',
    after: { team_id: churchId, state: 'active', is_owner: moves, from_team_id: at.conferenceId, ...origin },
  })
  if (moves && conferenceRow?.is_owner) {
    await tx.update(teamContacts).set({ is_owner: false }).where(eq(teamContacts.id, conferenceRow.id))
    await recordActivity(tx, {
      authorId: at.viewer.personId,
      teamId: at.conferenceId,
      subjectType: 'team_contacts',
      subjectId: conferenceRow.id,
      contactId,
      action: 'update',
      before: { team_id: at.conferenceId, is_owner: true },
      after: { team_id: at.conferenceId, is_owner: false, moved_to_team_id: churchId, ...origin },
    })
  }
  // The church's lists read the read model of its new row.
  await refreshContactReadModel(tx, contactId, at.now)
  return moves ? 'moved' : 'shared'
}

/**
 * process-user-import: the people of add_team_id_by_user_id, each to its church. A contact
 * not on the import or a team that is not a church of the conference is a 400 and nothing
 * changes; a person already processed is not processed again and is reported in
 * unsuccessful_error, as is one with no church chosen.
 */
export async function processUserImport(deps: Deps, viewer: Viewer, scope: TeamScope, importId: number, input: ProcessInput): Promise<ProcessUserImportResult> {
  const now = deps.now()
  const gate = personGate(scope, now)
  const result: ProcessUserImportResult = { count_successful: 0, count_unsuccessful: 0, unsuccessful_error: [] }
  /** Church → how many people it received. */
  const received = new Map<number, number>()
  const entries = Object.entries(input.add_team_id_by_user_id).map(([key, churchId]) => ({ key, contactId: Number(key), churchId }))
  const title = await deps.db.transaction(async (tx) => {
    const record = await lockUserImport(tx, scope, importId)
    const contactIds = entries.map((entry) => entry.contactId)
    const rows =
      contactIds.length === 0
        ? []
        : await tx
            .select({
              person_id: r.person_id,
              row: r.row,
              is_processed: r.is_processed,
              first_name: people.first_name,
              last_name: people.last_name,
              email: people.email,
              phone: people.phone,
              dob_year: people.dob_year,
              dob_month: people.dob_month,
            })
            .from(r)
            .innerJoin(people, eq(people.id, r.person_id))
            .where(and(eq(r.import_id, importId), inArray(r.person_id, contactIds)))
            .orderBy(asc(r.row))
    const byContact = new Map(rows.map((row) => [row.person_id, row]))
    const churches = await churchIdsAmong(
      tx,
      scope.team.id,
      entries.flatMap((entry) => (entry.churchId === null ? [] : [entry.churchId])),
    )
    const errors = new FieldRefusals()
    for (const entry of entries) {
      if (!byContact.has(entry.contactId)) errors.set(`add_team_id_by_user_id.${entry.key}`, 'not_on_import', notOnImportMessage)
      else if (entry.churchId !== null && !churches.has(entry.churchId))
        errors.set(`add_team_id_by_user_id.${entry.key}`, 'church_of_conference', notAChurchMessage)
    }
    assertNoFieldErrors(errors)
    // Contacts change teams: the conference's duplicate checks and imports wait for this.
    await lockContactsOfConference(tx, scope.team)

    const churchOf = new Map(entries.map((entry) => [entry.contactId, entry.churchId]))
    for (const person of rows) {
      const churchId = churchOf.get(person.person_id) ?? null
      const shown = shownDetails(person, gate)
      // Why, in English and as its code, which the web words (issue 36).
      const refuse = (reason: string, code: ImportIssueCode) => {
        const problem: ImportRowProblem = { row: person.row, name: `${shown.first_name} ${shown.last_name}`.trim(), reason, issues: [{ code }] }
        result.count_unsuccessful += 1
        result.unsuccessful_error.push(problem)
      }
      if (person.is_processed) {
        refuse(alreadyProcessedMessage, 'already_processed')
        continue
      }
      if (churchId === null) {
        refuse(noChurchMessage, 'no_church_chosen')
        continue
      }
      try {
        const placement = await tx.transaction(async (savepoint) => {
          const placed = await placeInChurch(savepoint, { now, viewer, conferenceId: scope.team.id, importId }, person.person_id, churchId)
          await savepoint
            .update(r)
            .set({ is_processed: true, team_id: churchId, processed_team_id: churchId, processed_at: now })
            .where(and(eq(r.import_id, importId), eq(r.person_id, person.person_id)))
          return placed
        })
        result.count_successful += 1
        if (placement !== 'already_there') received.set(churchId, (received.get(churchId) ?? 0) + 1)
      } catch (error) {
        // The savepoint undid this person's writes; the others carry on.
        deps.log.error({ err: error, importId, contactId: person.person_id }, 'user import: a contact could not be processed')
        refuse(failedMessage, 'not_processed')
      }
    }
    return record.title
  })
  await notifyChurches(deps, viewer, title, received)
  return result
}

/** The words of the notification, in the language of each person told. */
const receivedTexts = {
  en: {
    received: (count: number, title: string) =>
      count === 1
        ? `1 contact from the conference's import '${title}' was added to your church.`
        : `${count} contacts from the conference's import '${title}' were added to your church.`,
    viewContacts: 'View contacts',
  },
  es: {
    received: (count: number, title: string) =>
      count === 1
        ? `1 contacto de la importación '${title}' de la conferencia se añadió a su iglesia.`
        : `${count} contactos de la importación '${title}' de la conferencia se añadieron a su iglesia.`,
    viewContacts: 'Ver contactos',
  },
}

/**
 * One notification per church and call, to each of the church's users (not those still
 * asking to join), after the people were processed: the processing stands whatever happens
 * here, so a failure is logged, not answered.
 */
async function notifyChurches(deps: Deps, viewer: Viewer, importTitle: string, received: Map<number, number>): Promise<void> {
  if (received.size === 0) return
  try {
    const recipients = await deps.db
      .select({ person_id: memberships.person_id, team_id: memberships.team_id, locale: accounts.locale })
      .from(memberships)
      .leftJoin(accounts, eq(accounts.person_id, memberships.person_id))
      .where(and(inArray(memberships.team_id, [...received.keys()]), ne(memberships.role, 'member_request')))
    if (recipients.length === 0) return
    const now = deps.now()
    await deps.db.insert(notifications).values(
      recipients.map((recipient) => {
        const texts = recipient.locale === 'es' ? receivedTexts.es : receivedTexts.en
        return {
          level: 'team' as const,
          team_id: recipient.team_id,
          recipient_user_id: recipient.person_id,
          created_by: viewer.personId,
          content: `<p>${escapeHtml(texts.received(received.get(recipient.team_id) ?? 0, importTitle))}</p>`,
          kind: 'import_received' as const,
          params: { count: received.get(recipient.team_id) ?? 0, import_title: importTitle },
          link_url: '/contacts',
          link_text: texts.viewContacts,
          importance: 'normal' as const,
          date: now,
        }
      }),
    )
  } catch (error) {
    deps.log.error({ err: error }, 'user import: the churches could not be told')
  }
}
