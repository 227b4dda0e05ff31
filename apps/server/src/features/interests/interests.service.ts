import { and, asc, eq } from 'drizzle-orm'
import { clampPage, maxPages, pageOffset, type InterestItem } from '@crm/domain'
import type { Executor } from '../../db/client'
import { contactInterests, lookupItems } from '../../db/schema/index'
import type { Viewer } from '../../platform/access'
import { recordActivity } from '../../platform/activity'
import { assertChildDataAllowed, type ContactScope } from '../../platform/contact-access'
import type { Deps } from '../../platform/deps'
import { AppError, isUniqueViolation } from '../../platform/errors'
import { refuseField } from '../../platform/field-refusals'

interface InterestType {
  title: string
  isOther: boolean
}

/** The interest-types list in one locale (an item no longer active still has its title). */
async function interestTypes(db: Executor, locale?: string): Promise<Map<string, InterestType & { isActive: boolean }>> {
  const rows = await db
    .select({
      value: lookupItems.value,
      title: lookupItems.title,
      translations: lookupItems.translations,
      is_other: lookupItems.is_other,
      is_active: lookupItems.is_active,
    })
    .from(lookupItems)
    .where(eq(lookupItems.list, 'interest-types'))
  return new Map(
    rows.map((row) => [row.value, { title: (locale ? row.translations[locale] : undefined) ?? row.title, isOther: row.is_other, isActive: row.is_active }]),
  )
}

interface InterestRow {
  id: number
  interest: string
  interest_other: string
}

function itemOf(row: InterestRow, types: Map<string, InterestType>): InterestItem {
  const type = types.get(row.interest)
  if (type?.isOther) return { value: row.interest, name: row.interest_other, is_other: true, title: row.interest_other }
  const title = type?.title ?? row.interest
  return { value: row.interest, name: title, is_other: false, title }
}

async function interestRows(db: Executor, personId: number): Promise<InterestRow[]> {
  return db
    .select({ id: contactInterests.id, interest: contactInterests.interest, interest_other: contactInterests.interest_other })
    .from(contactInterests)
    .where(eq(contactInterests.person_id, personId))
    .orderBy(asc(contactInterests.created_at), asc(contactInterests.id))
}

/** contact-interests/{id}: the contact's interests, in the order they were added (spec 2 §3). */
export async function listContactInterests(deps: Deps, viewer: Viewer, scope: ContactScope, query: { page: number; per_page: number }) {
  // A child's interests are among the details the child data gate withholds.
  assertChildDataAllowed(scope)
  const [rows, types] = await Promise.all([interestRows(deps.db, scope.contact.id), interestTypes(deps.db, viewer.locale)])
  const pages = maxPages(rows.length, query.per_page)
  const offset = pageOffset(clampPage(query.page, pages), query.per_page)
  return {
    items: rows.slice(offset, offset + query.per_page).map((row) => itemOf(row, types)),
    count: rows.length,
    max_pages: pages,
  }
}

/** The contact's interests as GET contact/{id} shows them, in the locale. */
export async function contactInterestItems(db: Executor, personId: number, locale?: string): Promise<InterestItem[]> {
  const [rows, types] = await Promise.all([interestRows(db, personId), interestTypes(db, locale)])
  return rows.map((row) => itemOf(row, types))
}

/**
 * The contact's interests as the activity log keeps them: each item of the list by its value,
 * which the reader's side words in their language (issue 36); an 'other' by its text.
 */
function readableInterests(rows: InterestRow[], types: Map<string, InterestType>): string[] {
  return rows.map((row) => (types.get(row.interest)?.isOther ? row.interest_other : row.interest))
}

/** An interest of the list, with the text it is stored with ('' unless it is 'other'). */
async function resolveInterest(db: Executor, input: { interest: string; interest_other?: string | undefined }) {
  const types = await interestTypes(db)
  const type = types.get(input.interest)
  return { types, type, other: type?.isOther ? (input.interest_other ?? '') : '' }
}

/**
 * Records the change of the contact's interests: the contact ('user') is updated, with its
 * interests before and after, in the transaction that changed them.
 */
async function logInterests(tx: Executor, viewer: Viewer, scope: ContactScope, before: InterestRow[], types: Map<string, InterestType>) {
  const after = await interestRows(tx, scope.contact.id)
  await recordActivity(tx, {
    authorId: viewer.personId,
    teamId: scope.team.id,
    subjectType: 'user',
    subjectId: scope.contact.id,
    contactId: scope.contact.id,
    action: 'update',
    before: { interests: readableInterests(before, types) },
    after: { interests: readableInterests(after, types) },
  })
}

/** add-contact-interest: a value of the interest-types list; 'other' with its text. */
export async function addContactInterest(deps: Deps, viewer: Viewer, scope: ContactScope, input: { interest: string; interest_other?: string | undefined }) {
  assertChildDataAllowed(scope)
  const { types, type, other } = await resolveInterest(deps.db, input)
  if (!type?.isActive) throw refuseField('interest', 'not_in_list', { asMessage: true })
  try {
    return await deps.db.transaction(async (tx) => {
      const before = await interestRows(tx, scope.contact.id)
      const [row] = await tx
        .insert(contactInterests)
        .values({ person_id: scope.contact.id, interest: input.interest, interest_other: other, created_by_id: viewer.personId })
        .returning({ id: contactInterests.id })
      await logInterests(tx, viewer, scope, before, types)
      return { id: row!.id }
    })
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw refuseField('interest', 'interest_exists', { code: 'conflict', details: { reason: 'interest_exists' }, asMessage: true })
    }
    throw error
  }
}

/** delete-contact-interest: the interest (an 'other' one by its text); 404 when the contact has none such. */
export async function deleteContactInterest(deps: Deps, viewer: Viewer, scope: ContactScope, input: { interest: string; interest_other?: string | undefined }) {
  assertChildDataAllowed(scope)
  const { types, other } = await resolveInterest(deps.db, input)
  await deps.db.transaction(async (tx) => {
    const before = await interestRows(tx, scope.contact.id)
    const removed = await tx
      .delete(contactInterests)
      .where(and(eq(contactInterests.person_id, scope.contact.id), eq(contactInterests.interest, input.interest), eq(contactInterests.interest_other, other)))
      .returning({ id: contactInterests.id })
    if (removed.length === 0) throw new AppError('not_found')
    await logInterests(tx, viewer, scope, before, types)
  })
  return { success: true as const }
}
