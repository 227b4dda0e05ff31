import { and, asc, eq, isNull, or, sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { notifications, people, teamContacts } from '../db/schema/index'

export interface DemoNotificationsInput {
  conferenceId: number
  /** Hope Street Church: its users get a reminder each. */
  hopeId: number
  people: { admin: number; entity: number; owner: number; leader: number; member: number }
  now: Date
}

const hour = 3_600_000

/**
 * The notifications panel is not empty on first start: a global notification from the site
 * admin, a conference one from the entity admin, and an unread reminder for each of Hope
 * Street's owner, leader and member about one of its adult contacts (as the missed-activity
 * rule writes them). The number written.
 */
export async function seedDemoNotifications(tx: Executor, demo: DemoNotificationsInput): Promise<number> {
  const at = (hoursAgo: number) => new Date(demo.now.getTime() - hoursAgo * hour)
  const adultBorn = demo.now.getUTCFullYear() - 18
  const [contact] = await tx
    .select({ id: people.id, first_name: people.first_name, last_name: people.last_name })
    .from(teamContacts)
    .innerJoin(people, eq(people.id, teamContacts.person_id))
    .where(and(eq(teamContacts.team_id, demo.hopeId), eq(teamContacts.state, 'active'), or(isNull(people.dob_year), sql`${people.dob_year} < ${adultBorn}`)))
    .orderBy(asc(people.id))
    .limit(1)
  const name = contact ? `${contact.first_name} ${contact.last_name}`.trim() : 'a contact'
  const rows: Array<typeof notifications.$inferInsert> = [
    {
      level: 'global',
      created_by: demo.people.admin,
      content: '<p>Welcome to the <strong>Church Contact CRM</strong>. New here? The help pages walk you through adding your first contact.</p>',
      importance: 'normal',
      date: at(72),
    },
    {
      level: 'conference',
      team_id: demo.conferenceId,
      created_by: demo.people.entity,
      content: '<p>Conference camp meeting registrations close on Friday. Please remind your church members.</p>',
      link_url: 'https://example.org/camp-meeting',
      link_text: 'Camp meeting details',
      importance: 'high',
      date: at(24),
    },
    ...[demo.people.owner, demo.people.leader, demo.people.member].map((recipient) => ({
      level: 'team' as const,
      team_id: demo.hopeId,
      recipient_user_id: recipient,
      associated_person_id: contact?.id ?? null,
      content: `<p>${name} has had no interaction for 30 days.</p>`,
      // As the rule writes it: the reader's side words it in their language.
      kind: contact ? ('contact_quiet' as const) : null,
      params: contact ? { name, days: 30 } : null,
      link_url: contact ? `/contacts/view/${contact.id}` : null,
      link_text: contact ? 'View contact' : null,
      importance: 'medium' as const,
      date: at(2),
    })),
  ]
  await tx.insert(notifications).values(rows)
  return rows.length
}
