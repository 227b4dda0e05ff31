import { and, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  addContactInteractionRequest,
  dateOrderOfCountry,
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
import { interactions } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import type { ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { lockInteractionReadModel, refreshInteractionReadModel } from '../../platform/read-model'
import { instantIn, prayerTitles } from '../interactions/interaction-view'
import { checkFollowUpAllowed } from '../interactions/interaction-rules'
import { checkNewInteraction, insertInteraction, type NewInteraction } from '../interactions/interactions.service'
import { dateMessage, importDateOf, type DateReading } from '../contact-import/extended-columns'
import { addRefusals, issueOfSchema, refusalsOf, RowProblems } from '../contact-import/import-issues'
import { loadImportLookups, lookupWordOf } from '../contact-import/import-lookups'
import { addRefusal, invalidRowMessage, requiredMessage, RowRefused, textOf, writeUnlessDryRun } from '../contact-import/import-report'

// import-contact-interactions (spec 2 §3 "Contact import columns", §6 import_interaction, §7;
// issue 17; issue 35 item 9): one contact's interactions from spreadsheet rows. Each row becomes
// an add-contact-interaction request and is checked by that call's schema and rules, then saved
// in a savepoint of its own inside one transaction, so a bad row never half-saves and never
// stops the rest. The contact's read model is locked first, as add-contact-interaction locks
// it: two imports of one file at once add each interaction once. A dry run does the same and
// rolls it all back.

type ImportInput = z.output<typeof importContactInteractionsRequest>
const unknownTypeMessage = 'Choose an interaction type of the list.'
const unknownLessonMessage = 'Choose a Bible study of the list.'
const completedMessage = 'Use yes or no.'
const timeMessage = 'Use the form HH:MM'
/** The same contact, type, date and time is already recorded in this team: the row is skipped. */
export const interactionExistsMessage = 'This interaction is already recorded for the contact.'

/** A time of day as written (H:mm, HH:mm, HH:mm:ss) in add-contact-interaction's form, HH:MM; null when it is not one. */
function timeOf(text: string): string | null {
  const match = /^(\d{1,2}):(\d{2})(?::([0-5]\d))?$/.exec(text)
  const time = match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : null
  return time && /^([01]\d|2[0-3]):[0-5]\d$/.test(time) ? time : null
}

const completedWords = new Map<string, boolean>([
  ...['true', 'yes', 'y', '1', 'si', 'x', 'completed', 'done'].map((word): [string, boolean] => [word, true]),
  ...['false', 'no', 'n', '0'].map((word): [string, boolean] => [word, false]),
])

/** The interaction types and Bible-study lessons, found by id or by a title in any language. */
interface InteractionLookups {
  type(text: string): { type: InteractionType; prayer_type: PrayerType | null } | null
  types: string[]
  typeTitles: Record<string, string[]>
  lesson(text: string): string | null
  lessons: string[]
  lessonTitles: Record<string, string[]>
}

async function loadInteractionLookups(db: Executor): Promise<InteractionLookups> {
  const lookups = await loadImportLookups(db, ['interaction-types', 'bible-studies'])
  // A prayer's own titles ('Prayer request', 'Oración contestada') and stored keys name its prayer type.
  const prayers = new Map<string, PrayerType>()
  for (const prayerType of prayerTypes) {
    const names = [`prayer_${prayerType}`, ...supportedLocales.map((locale) => prayerTitles[locale][prayerType])]
    for (const name of names) prayers.set(lookupWordOf(name), prayerType)
  }
  const all = lookups.values('interaction-types')
  const known = all.map((value) => (interactionTypes as readonly string[]).includes(value))
  const types = all.filter((_, index) => known[index])
  const typeTitles = Object.fromEntries(
    Object.entries(lookups.titles('interaction-types')).map(([locale, titles]) => [locale, titles.filter((_, index) => known[index])]),
  )
  return {
    type: (text) => {
      const prayer = prayers.get(lookupWordOf(text))
      if (prayer) return { type: 'prayer', prayer_type: prayer }
      const type = lookups.match('interaction-types', text)
      return type && types.includes(type) ? { type: type as InteractionType, prayer_type: null } : null
    },
    types,
    typeTitles,
    lesson: (text) => lookups.match('bible-studies', text),
    lessons: lookups.values('bible-studies'),
    lessonTitles: lookups.titles('bible-studies'),
  }
}

/**
 * A row as an add-contact-interaction request, checked by that call's schema; the row's
 * problems otherwise. Without is_completed, an interaction whose moment has passed is completed
 * and a later one is not (the add form's default).
 */
function requestOf(raw: InteractionImportRow, input: ImportInput, lookups: InteractionLookups, scope: ContactScope, at: DateReading) {
  const problems = new RowProblems()
  const dateText = textOf(raw.date)
  // A real date and time in one cell gives the time too, when the time column is empty.
  const timeText = textOf(raw.time) || (/^\d{4}-\d{2}-\d{2}[ T](\d{1,2}:\d{2})/.exec(dateText)?.[1] ?? '')
  const cells: Record<string, string> = { ...Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, textOf(value)])), time: timeText }
  for (const column of requiredInteractionImportColumns) if (!cells[column]) problems.add(column, requiredMessage, { code: 'required' })
  const typeText = cells.type ?? ''
  const picked = typeText ? lookups.type(typeText) : null
  if (typeText && !picked)
    problems.add('type', unknownTypeMessage, {
      code: 'not_in_list',
      value: typeText,
      list: 'interaction-types',
      allowed: lookups.types,
      allowed_titles: lookups.typeTitles,
    })
  let date = dateText
  if (dateText) {
    const read = importDateOf(dateText, at)
    if ('date' in read) date = read.date
    else problems.add('date', dateMessage, read.issue)
  }
  const time = timeText ? timeOf(timeText) : null
  if (timeText && !time) problems.add('time', timeMessage, { code: 'invalid_time', value: timeText })
  const completedText = lookupWordOf(textOf(raw.is_completed))
  const completed = completedText ? completedWords.get(completedText) : undefined
  if (completedText && completed === undefined) problems.add('is_completed', completedMessage, { code: 'yes_no', value: textOf(raw.is_completed) })
  const studyText = textOf(raw.bible_study)
  const lesson = studyText ? lookups.lesson(studyText) : null
  if (studyText && !lesson)
    problems.add('bible_study', unknownLessonMessage, {
      code: 'not_in_list',
      value: studyText,
      list: 'bible-studies',
      allowed: lookups.lessons,
      allowed_titles: lookups.lessonTitles,
    })
  const optional = (column: 'content' | 'type_other' | 'bible_study_other') => textOf(raw[column]) || null
  const request: AddContactInteractionInput = {
    team_id: input.team_id,
    group_id: input.group_id,
    user_id: input.user_id,
    type: (picked?.type ?? typeText) as InteractionType,
    date,
    time: time ?? timeText,
    content: optional('content'),
    prayer_type: (picked?.prayer_type ?? (textOf(raw.prayer_type).toLowerCase() || null)) as PrayerType | null,
    type_other: optional('type_other'),
    bible_study: lesson ?? (studyText || null),
    bible_study_other: optional('bible_study_other'),
    reaction: (textOf(raw.reaction).toLowerCase() || null) as Reaction | null,
    is_completed: completed ?? false,
  }
  const parsed = addContactInteractionRequest.safeParse(request)
  if (!parsed.success) {
    // The schema's own refinements name what the type needs (a lesson, a prayer's kind, the other's name).
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'row')
      problems.add(field, issue.message, issueOfSchema(issue, (raw as Record<string, unknown>)[field]))
    }
    return problems.refuse()
  }
  if (problems.any) problems.refuse()
  if (completed === undefined) {
    parsed.data.is_completed = instantIn(parsed.data.date, parsed.data.time, scope.settings.timeZone).getTime() <= at.now.getTime()
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
function refusalOf(error: unknown, raw: InteractionImportRow): RowRefused {
  if (error instanceof RowRefused) return error
  if (error instanceof AppError && error.code === 'invalid_request') {
    const problems = new RowProblems()
    addRefusals(problems, refusalsOf(error.details), (field) => (raw as Record<string, unknown>)[field])
    return new RowRefused('unsuccessful_error', invalidRowMessage, problems.errors, problems.issues)
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
  const lookups = await loadInteractionLookups(deps.db)
  const now = deps.now()
  const at: DateReading = { order: dateOrderOfCountry(scope.settings.country), now }
  const result = emptyImportReport()
  await writeUnlessDryRun(deps.db, input.dry_run ?? false, async (tx) => {
    await lockInteractionReadModel(tx, [scope.contact.id])
    for (const [index, raw] of input.data.entries()) {
      const row = input.first_row + index
      try {
        // A savepoint: whatever a refused row wrote is undone, and the rest carry on.
        await tx.transaction(async (savepoint) => {
          const request = requestOf(raw, input, lookups, scope, at)
          const interaction = await checkNewInteraction(savepoint, now, viewer, scope, request)
          if (await alreadyRecorded(savepoint, scope, interaction)) {
            throw new RowRefused('unsuccessful_exists', interactionExistsMessage, undefined, [{ code: 'interaction_exists' }])
          }
          await insertInteraction(savepoint, now, viewer, scope, interaction, {
            source: 'user_import',
            logged: { source_of_change: 'user_import', import_row: row },
          })
        })
        result.count_successful += 1
      } catch (error) {
        addRefusal(result, row, nameOf(raw), refusalOf(error, raw))
      }
    }
    if (result.count_successful > 0) await refreshInteractionReadModel(tx, [scope.contact.id], now)
  })
  return result
}
