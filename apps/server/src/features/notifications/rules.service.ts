import { and, asc, eq } from 'drizzle-orm'
import { missedInteractionRules, ruleDeliveries, unassignedContactRules } from '../../db/schema/index'
import type { TeamScope, Viewer } from '../../platform/access'
import { affectedRows } from '../../db/client'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { refuseField } from '../../platform/field-refusals'

// The conference's two notification rules (spec 3 §2.7, §3, §5, §7 Notifications): a
// missed-activity rule (after_days) and an unassigned-contacts rule (every_days). They are
// one record with one CRUD: only the table, the name of the days field and the recipients
// each may name differ. The route has checked the capability on a conference; a rule of
// another team is 404.

const kinds = {
  missed_interaction: { table: missedInteractionRules, days: 'after_days' },
  unassigned_contacts: { table: unassignedContactRules, days: 'every_days' },
} as const

export type RuleKind = keyof typeof kinds
type DaysField<K extends RuleKind> = (typeof kinds)[K]['days']
type Recipient<K extends RuleKind> = (typeof kinds)[K]['table']['$inferSelect']['to']

/** A rule as the calls answer it: `after_days` or `every_days` by its kind. */
export type Rule<K extends RuleKind> = { id: number; to: Recipient<K>; to_email: string | null } & Record<DaysField<K>, number>

/** The fields of an add (all) or an update (the id, and any of the rest). */
type RuleFields<K extends RuleKind> = { to: Recipient<K>; to_email?: string | null | undefined } & Record<DaysField<K>, number>
type RuleChange<K extends RuleKind> = { id: number } & Partial<RuleFields<K>>

/**
 * Both tables have the same columns but the days one; the queries below name the days
 * column through `days`, so one shape serves both (drizzle cannot type a union of tables).
 */
const tableOf = (kind: RuleKind) => kinds[kind].table as typeof missedInteractionRules
const daysOf = <K extends RuleKind>(kind: K) => kinds[kind].days as DaysField<K>

/** to_email is kept only when the rule mails it (spec 3 §5); any other `to` stores null. */
function recipientOf(to: string, toEmail: string | null | undefined): string | null {
  if (to !== 'email') return null
  if (!toEmail) throw refuseField('to_email', 'required', { message: 'Enter the email address to send to' })
  return toEmail
}

export async function listRules<K extends RuleKind>(deps: Deps, scope: TeamScope, kind: K): Promise<{ items: Rule<K>[] }> {
  const table = tableOf(kind)
  const days = table[daysOf(kind) as 'after_days']
  const rows = await deps.db
    .select({ id: table.id, days, to: table.to, to_email: table.to_email })
    .from(table)
    .where(eq(table.team_id, scope.team.id))
    .orderBy(asc(days), asc(table.id))
  return { items: rows.map(({ days: value, ...rule }) => ({ ...rule, [daysOf(kind)]: value }) as Rule<K>) }
}

export async function addRule<K extends RuleKind>(deps: Deps, viewer: Viewer, scope: TeamScope, kind: K, input: RuleFields<K>) {
  const table = tableOf(kind)
  const [row] = await deps.db
    .insert(table)
    .values({
      team_id: scope.team.id,
      [daysOf(kind)]: input[daysOf(kind)],
      to: input.to,
      to_email: recipientOf(input.to, input.to_email),
      created_by: viewer.personId,
    } as unknown as typeof table.$inferInsert)
    .returning({ id: table.id })
  return { id: row!.id }
}

export async function updateRule<K extends RuleKind>(deps: Deps, scope: TeamScope, kind: K, input: RuleChange<K>) {
  const table = tableOf(kind)
  const field = daysOf(kind)
  const [rule] = await deps.db
    .select()
    .from(table)
    .where(and(eq(table.id, input.id), eq(table.team_id, scope.team.id)))
  if (!rule) throw new AppError('not_found')
  const stored = rule as unknown as Rule<K>
  const to = input.to ?? stored.to
  const toEmail = recipientOf(to, input.to_email !== undefined ? input.to_email : stored.to_email)
  await deps.db
    .update(table)
    .set({ [field]: input[field] ?? stored[field], to, to_email: toEmail, updated_at: deps.now() } as Partial<typeof table.$inferInsert>)
    .where(eq(table.id, stored.id))
  return { success: true as const }
}

export async function deleteRule(deps: Deps, scope: TeamScope, kind: RuleKind, id: number) {
  const table = tableOf(kind)
  await deps.db.transaction(async (tx) => {
    const result = await tx.delete(table).where(and(eq(table.id, id), eq(table.team_id, scope.team.id)))
    if (affectedRows(result) === 0) throw new AppError('not_found')
    // Its delivery claims go with it: they name nothing without the rule.
    await tx.delete(ruleDeliveries).where(and(eq(ruleDeliveries.rule_kind, kind), eq(ruleDeliveries.rule_id, id)))
  })
  return { success: true as const }
}
