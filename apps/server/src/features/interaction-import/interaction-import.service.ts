import { and, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  addContactInteractionRequest,
  emptyImportReport,
  hasCapability,
  interactionTypes,
  prayerTypes,
  requiredInteractionImportColumns,
  supportedLocales,
  type AddContactInteractionInput,
  type ImportUsersResult,
  type InteractionImportRow,
  type InteractionType,
  type PrayerType,
  type Reaction,
  type importContactInteractionsRequest,
} from '@crm/domain'
import type { Executor } from '../../db/client'
import { interactions, lookupItems } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import type { ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { lockInteractionReadModel, refreshInteractionReadModel } from '../../platform/read-model'
import { instantIn, prayerTitles } from '../interactions/interaction-view'
import { checkFollowUpAllowed } from '../interactions/interaction-rules'
import { checkNewInteraction, insertInteraction, type NewInteraction } from '../interactions/interactions.service'
import { addRefusal, invalidRowMessage, requiredMessage, RowRefused, textOf } from '../contact-import/import-report'

// import-contact-interactions (spec 2 §3 "Contact import columns", §6 import_interaction, §7;
// issue 17): one contact's interactions from spreadsheet rows. Each row becomes an
// add-contact-interaction request and is checked by that call's schema and rules, then saved
// in a savepoint of its own inside one transaction, so a bad row never half-saves and never
// stops the rest. The contact's read model is locked first, as add-contact-interaction locks
// it: two imports of one file at once add each interaction once.

type ImportInput = z.output<typeof importContactInteractionsRequest>
const unknownTypeMessage = 'Choose an interaction type of the list.'
const completedMessage = 'Use yes or no.'
/** The same contact, type, date and time is already recorded in this team: the row is skipped. */
export const interactionExistsMessage = 'This interaction is already recorded for the contact.'

/** A word compared case, accents and separators aside: 'Llamada telefonica' is 'llamada telefónica', 'phone_call' is 'phone-call'. */
function wordOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim()
}

/** A time of day as written (H:mm, HH:mm, HH:mm:ss) in add-contact-interaction's form, HH:MM. */
function timeOf(text: string): string {
  const match = /^(\d{1,2}):(\d{2})(?::([0-5]\d))?$/.exec(text)
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : text
}

const completedWords = new Map<string, boolean>([
  ...['true', 'yes', 'y', '1', 'si', 'x', 'completed', 'done'].map((word): [string, boolean] => [word, true]),
  ...['false', 'no', 'n', '0'].map((word): [string, boolean] => [word, false]),
])

/** The interaction types and Bible-study lessons, found by key or by a title in any language. */
interface ImportLookups {
  type(text: string): { type: InteractionType; prayer_type: PrayerType | null } | null
  lesson(text: string): string | null
}

async function loadImportLookups(db: Executor): Promise<ImportLookups> {
  const rows = await db
    .select({ list: lookupItems.list, value: lookupItems.value, title: lookupItems.title, translations: lookupItems.translations })
    .from(lookupItems)
    .where(and(inArray(lookupItems.list, ['interaction-types', 'bible-studies']), eq(lookupItems.is_active, true)))
  const types = new Map<string, { type: InteractionType; prayer_type: PrayerType | null }>()
  const lessons = new Map<string, string>()
  for (const row of rows) {
    const names = [row.value, row.title, ...Object.values(row.translations)].map(wordOf)
    if (row.list === 'bible-studies') for (const name of names) lessons.set(name, row.value)
    else if ((interactionTypes as readonly string[]).includes(row.value)) {
      for (const name of names) types.set(name, { type: row.value as InteractionType, prayer_type: null })
    }
  }
  // A prayer's own titles ('Prayer request', 'Oración contestada') and stored keys name its prayer type.
  for (const prayerType of prayerTypes) {
    const names = [`prayer_${prayerType}`, ...supportedLocales.map((locale) => prayerTitles[locale][prayerType])]
    for (const name of names) types.set(wordOf(name), { type: 'prayer', prayer_type: prayerType })
  }
  return { type: (text) => types.get(wordOf(text)) ?? null, lesson: (text) => lessons.get(wordOf(text)) ?? null }
}

/**
 * A row as an add-contact-interaction request, checked by that call's schema; the row's field
 * errors otherwise. Without is_completed, an interaction whose moment has passed is completed
 * and a later one is not (the add form's default).
 */
function requestOf(raw: InteractionImportRow, input: ImportInput, lookups: ImportLookups, scope: ContactScope, now: Date) {
  const errors: Record<string, string> = {}
  for (const column of requiredInteractionImportColumns) if (!textOf(raw[column])) errors[column] = requiredMessage
  const typeText = textOf(raw.type)
  const picked = typeText ? lookups.type(typeText) : null
  if (typeText && !picked) errors.type = unknownTypeMessage
  const completedText = wordOf(textOf(raw.is_completed))
  const completed = completedText ? completedWords.get(completedText) : undefined
  if (completedText && completed === undefined) errors.is_completed = completedMessage
  const studyText = textOf(raw.bible_study)
  const optional = (column: 'content' | 'type_other' | 'bible_study_other') => textOf(raw[column]) || null
  const request: AddContactInteractionInput = {
    team_id: input.team_id,
    group_id: input.group_id,
    user_id: input.user_id,
    type: (picked?.type ?? typeText) as InteractionType,
    date: textOf(raw.date),
    time: timeOf(textOf(raw.time)),
    content: optional('content'),
    prayer_type: (picked?.prayer_type ?? (textOf(raw.prayer_type).toLowerCase() || null)) as PrayerType | null,
    type_other: optional('type_other'),
    bible_study: studyText ? (lookups.lesson(studyText) ?? studyText) : null,
    bible_study_other: optional('bible_study_other'),
    reaction: (textOf(raw.reaction).toLowerCase() || null) as Reaction | null,
    is_completed: completed ?? false,
  }
  const parsed = addContactInteractionRequest.safeParse(request)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'row')] ??= issue.message
  }
  if (!parsed.success || Object.keys(errors).length > 0) throw new RowRefused('unsuccessful_error', invalidRowMessage, errors)
  if (completed === undefined) {
    parsed.data.is_completed = instantIn(parsed.data.date, parsed.data.time, scope.settings.timeZone).getTime() <= now.getTime()
  }
  return parsed.data
}

/** The same interaction (contact, type, date and time; an 'other' by its name) already in this team. */
async function alreadyRecorded(tx: Executor, scope: ContactScope, { columns }: NewInteraction): Promise<boolean> {
  const [row] = await tx
    .select({ id: interactions.id })
    .from(interactions)
    .where(
      and(
        eq(interactions.contact_id, scope.contact.id),
        eq(interactions.occurs_at, columns.occurs_at),
        eq(interactions.team_id, scope.team.id),
        eq(interactions.type, columns.type),
        eq(interactions.date, columns.date),
        sql`${interactions.time} is not distinct from ${columns.time}`,
        sql`${interactions.type_other} is not distinct from ${columns.type_other}`,
      ),
    )
    .limit(1)
  return row !== undefined
}

/** The name a refused row is reported by: its date, time and type as written. */
function nameOf(raw: InteractionImportRow): string {
  return [raw.date, raw.time, raw.type].map(textOf).filter(Boolean).join(' ')
}

/** Why a row was refused: a field add-contact-interaction refuses is the row's error. */
function refusalOf(error: unknown): RowRefused {
  if (error instanceof RowRefused) return error
  if (error instanceof AppError && error.code === 'invalid_request') {
    const errors = (error.details.errors ?? {}) as Record<string, string>
    return new RowRefused('unsuccessful_error', invalidRowMessage, errors)
  }
  throw error
}

/**
 * import-contact-interactions: the chunk's rows for one contact, each checked and saved on its
 * own with source 'user_import'; the import result of import-users. Needs import_interaction in
 * the selected group on top of add-contact-interaction's access to the contact (the route's).
 */
export async function importContactInteractions(deps: Deps, viewer: Viewer, scope: ContactScope, input: ImportInput): Promise<ImportUsersResult> {
  if (!hasCapability(scope.groupRole, 'import_interaction')) throw new AppError('forbidden')
  await checkFollowUpAllowed(deps, scope)
  const lookups = await loadImportLookups(deps.db)
  const now = deps.now()
  const result = emptyImportReport()
  await deps.db.transaction(async (tx) => {
    await lockInteractionReadModel(tx, [scope.contact.id])
    for (const [index, raw] of input.data.entries()) {
      const row = input.first_row + index
      try {
        // A savepoint: whatever a refused row wrote is undone, and the rest carry on.
        await tx.transaction(async (savepoint) => {
          const request = requestOf(raw, input, lookups, scope, now)
          const interaction = await checkNewInteraction(savepoint, now, viewer, scope, request)
          if (await alreadyRecorded(savepoint, scope, interaction)) throw new RowRefused('unsuccessful_exists', interactionExistsMessage)
          await insertInteraction(savepoint, now, viewer, scope, interaction, {
            source: 'user_import',
            logged: { source_of_change: 'user_import', import_row: row },
          })
        })
        result.count_successful += 1
      } catch (error) {
        addRefusal(result, row, nameOf(raw), refusalOf(error))
      }
    }
    if (result.count_successful > 0) await refreshInteractionReadModel(tx, [scope.contact.id], now)
  })
  return result
}
