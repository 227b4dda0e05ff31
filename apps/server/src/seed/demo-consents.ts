import { and, eq, gt, isNotNull } from 'drizzle-orm'
import { consentPermissions } from '@crm/domain'
import type { Executor } from '../db/client'
import { parentalConsents, people, teamContacts } from '../db/schema/index'

export interface DemoConsentsInput {
  /** Hope Street Church: its children's consents are on record. */
  hopeId: number
  people: { owner: number; leader: number }
  now: Date
}

/**
 * The demo children's consents on record (issue 13): each child of Hope Street whose
 * consent the demo contacts give as verbal gets the parent's verbal record, some with a
 * permission or two denied; the first also has an older consent, revoked by the owner, so
 * the Consent tab shows a revocation. people.consent_* already say the same.
 */
export async function seedDemoConsents(tx: Executor, demo: DemoConsentsInput): Promise<{ count: number }> {
  const adultBorn = demo.now.getFullYear() - 18
  const children = await tx
    .select({
      id: people.id,
      consent_date: people.consent_date,
      consent_content: people.consent_content,
      parent_first: people.parent_carer_first_name,
      parent_last: people.parent_carer_last_name,
      relationship: people.parent_carer_relationship,
      email: people.parent_carer_email,
      phone: people.parent_carer_phone,
    })
    .from(people)
    .innerJoin(teamContacts, and(eq(teamContacts.person_id, people.id), eq(teamContacts.team_id, demo.hopeId), eq(teamContacts.is_owner, true)))
    .where(and(gt(people.dob_year, adultBorn), eq(people.consent_type, 'verbal'), isNotNull(people.consent_date), isNotNull(people.parent_carer_first_name)))
    .orderBy(people.id)
  const rows: Array<typeof parentalConsents.$inferInsert> = []
  children.forEach((child, index) => {
    // Every third parent kept phone calls and messages to themselves.
    const denied = index % 3 === 2 ? ['phone_calls', 'electronic_messages'] : []
    const record = {
      contact_id: child.id,
      team_id: demo.hopeId,
      type: 'verbal' as const,
      by_name: `${child.parent_first} ${child.parent_last ?? ''}`.trim(),
      by_relationship: child.relationship,
      by_email: child.email,
      by_phone: child.phone,
      notes: child.consent_content,
      consent_date: child.consent_date!,
      granted_permissions: consentPermissions.filter((key) => !denied.includes(key)),
      denied_permissions: denied,
      to_id: index % 2 === 0 ? demo.people.leader : demo.people.owner,
      recorded_by_id: index % 2 === 0 ? demo.people.leader : demo.people.owner,
    }
    if (index === 0) {
      const earlier = new Date(demo.now.getTime() - 400 * 24 * 3600 * 1000)
      rows.push({
        ...record,
        consent_date: earlier.toISOString().slice(0, 10),
        notes: 'Agreed by phone; later asked to record the consent again with the new carer details.',
        revoked_at: new Date(earlier.getTime() + 30 * 24 * 3600 * 1000),
        revoked_by_id: demo.people.owner,
        created_at: earlier,
      })
    }
    rows.push(record)
  })
  if (rows.length === 0) return { count: 0 }
  await tx.insert(parentalConsents).values(rows)
  return { count: rows.length }
}
