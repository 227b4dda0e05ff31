import { eq, sql } from 'drizzle-orm'
import { parsePhone } from '@crm/domain'
import type { Executor } from '../../db/client'
import { people, teamContacts } from '../../db/schema/index'

/** The text a contacts search looks in: name, email and phone in the ways people type them. */
export function searchTextOf(person: { first_name: string; last_name: string; email: string | null; phone: string | null }): string {
  const parts = [person.first_name, person.last_name, person.email ?? '']
  if (person.phone) {
    const parsed = parsePhone(person.phone)
    parts.push(person.phone.replace(/\D/g, ''))
    // Local form as written in Australia: 0412345678.
    if (parsed) parts.push(`0${parsed.nationalNumber}`)
  }
  return parts.join(' ').toLowerCase().replace(/\s+/g, ' ').trim()
}

export function sortNameOf(person: { first_name: string; last_name: string }): string {
  return `${person.first_name} ${person.last_name}`.toLowerCase().trim()
}

/**
 * Rewrites the read model (team_contacts' copy of the person) in every team that holds the
 * person. Call it in the transaction that changes the person or adds them to a team.
 */
export async function refreshContactReadModel(tx: Executor, personId: number): Promise<void> {
  const [person] = await tx
    .select({
      first_name: people.first_name,
      last_name: people.last_name,
      email: people.email,
      phone: people.phone,
      gender: people.gender,
      member_status: people.member_status,
      grow_phase: people.grow_phase,
      source: people.source,
      dob_year: people.dob_year,
      dob_month: people.dob_month,
    })
    .from(people)
    .where(eq(people.id, personId))
  if (!person) return
  await tx
    .update(teamContacts)
    .set({
      sort_name: sortNameOf(person),
      search_text: searchTextOf(person),
      gender: person.gender,
      member_status: person.member_status,
      grow_phase: person.grow_phase,
      source: person.source,
      birth_month: person.dob_year ? person.dob_year * 12 + (person.dob_month ?? 1) - 1 : null,
      updated_at: sql`now()`,
    })
    .where(eq(teamContacts.person_id, personId))
}
