import { and, asc, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm'
import type { DuplicateDetails } from '@crm/domain'
import type { Executor } from '../../db/client'
import { people, teamContacts, teams } from '../../db/schema/index'
import type { TeamRow } from '../../platform/access'
import { AppError } from '../../platform/errors'
import { fullName, type ContactIdentity } from './contact-input'

/**
 * The conference a team belongs to (a conference is its own). Contacts are found and shared
 * between the teams of one conference only: another conference's people stay invisible.
 */
export function conferenceIdOf(team: Pick<TeamRow, 'id' | 'kind' | 'parent_id'>): number | null {
  return team.kind === 'conference' ? team.id : team.parent_id
}

/** team_contacts rows of the teams of a conference (the conference itself and its churches). */
export function inConference(conferenceId: number | null): SQL {
  if (conferenceId === null) return sql`false`
  return or(eq(teams.id, conferenceId), eq(teams.parent_id, conferenceId))!
}

/**
 * The match conditions, cheapest first, each served by an index of people: the email
 * (people_email_idx on lower(email)), the phone (people_phone_idx, E.164) and the name with
 * the gender (people_name_idx on lower(first), lower(last), gender).
 */
function matchConditions(identity: ContactIdentity): Array<{ field: DuplicateDetails['field']; condition: SQL }> {
  const conditions: Array<{ field: DuplicateDetails['field']; condition: SQL }> = []
  if (identity.email) conditions.push({ field: 'email', condition: eq(sql`lower(${people.email})`, identity.email.toLowerCase()) })
  if (identity.phone) conditions.push({ field: 'phone', condition: eq(people.phone, identity.phone) })
  if (identity.first_name && identity.gender) {
    conditions.push({
      field: 'gender',
      condition: and(
        eq(sql`lower(${people.first_name})`, identity.first_name.toLowerCase()),
        eq(sql`lower(${people.last_name})`, (identity.last_name ?? '').toLowerCase()),
        eq(people.gender, identity.gender),
      )!,
    })
  }
  return conditions
}

async function firstMatch(tx: Executor, identity: ContactIdentity, where: (match: SQL) => SQL) {
  for (const { field, condition } of matchConditions(identity)) {
    const [row] = await tx
      .select({ id: people.id, first_name: people.first_name, last_name: people.last_name, team_id: teams.id, team_name: teams.title })
      .from(people)
      .innerJoin(teamContacts, eq(teamContacts.person_id, people.id))
      .innerJoin(teams, eq(teams.id, teamContacts.team_id))
      .where(where(condition))
      // An owning team first: the one to ask for the contact.
      .orderBy(desc(teamContacts.is_owner), asc(people.id), asc(teams.id))
      .limit(1)
    if (row) {
      const details: DuplicateDetails = {
        field,
        data: { id: row.id, name: fullName(row) },
        team_id: row.team_id,
        team_name: row.team_name,
      }
      return details
    }
  }
  return null
}

/**
 * Refuses a new contact that matches one already known (spec 2 §8): first among the
 * contacts of this team, whatever their state (never to be ignored), then among the active
 * contacts of the other teams of the conference, unless the writer chose to disregard them.
 * The details carry only what the message needs: the match's id and name and its team.
 */
export async function assertNoDuplicate(
  tx: Executor,
  team: TeamRow,
  identity: ContactIdentity,
  options: { disregardOtherTeams: boolean },
): Promise<void> {
  const inThisTeam = await firstMatch(tx, identity, (match) => and(eq(teamContacts.team_id, team.id), match)!)
  if (inThisTeam) throw new AppError('user_exists_in_this_team', inThisTeam, 'A contact with these details already exists in this team.')
  if (options.disregardOtherTeams) return
  const conference = conferenceIdOf(team)
  const inOtherTeam = await firstMatch(
    tx,
    identity,
    (match) => and(ne(teamContacts.team_id, team.id), eq(teamContacts.state, 'active'), inConference(conference), match)!,
  )
  if (inOtherTeam) throw new AppError('user_exists_in_other_team', inOtherTeam, 'A contact with these details already exists in another team.')
}
