import { and, asc, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm'
import { ageFrom, isChild, type DuplicateDetails } from '@crm/domain'
import type { Executor } from '../../db/client'
import { assignments, people, teamContacts, teams } from '../../db/schema/index'
import type { TeamRow, Viewer } from '../../platform/access'
import type { Deps } from '../../platform/deps'
import { AppError } from '../../platform/errors'
import { fullName } from '../../platform/format'
import { type ContactIdentity } from './contact-input'
import { matchToken } from './match-token'

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
 * Makes the check for duplicates and the insert that follows take turns across the
 * conference (or the team, outside one): the other-team answer reads every team of the
 * conference, so two churches adding the same person at once must not both miss it. The
 * lock is the transaction's and ends with it.
 */
export async function lockContactsOfConference(tx: Executor, team: Pick<TeamRow, 'id' | 'kind' | 'parent_id'>): Promise<void> {
  // 7301: this lock's class, so that other advisory locks on a team id do not collide.
  await tx.execute(sql`select pg_advisory_xact_lock(7301, ${conferenceIdOf(team) ?? team.id})`)
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

interface Match {
  field: DuplicateDetails['field']
  id: number
  name: string
  isChild: boolean
  /** The caller is assigned to the contact in the matched team, or added or created it. */
  isCallers: boolean
  team_id: number
  team_name: string
}

async function firstMatch(tx: Executor, viewer: Viewer, identity: ContactIdentity, now: Date, where: (match: SQL) => SQL): Promise<Match | null> {
  for (const { field, condition } of matchConditions(identity)) {
    const [row] = await tx
      .select({
        id: people.id,
        first_name: people.first_name,
        last_name: people.last_name,
        dob_year: people.dob_year,
        dob_month: people.dob_month,
        team_id: teams.id,
        team_name: teams.title,
        isCallers: sql<boolean>`(${teamContacts.added_by_id} = ${viewer.personId} or ${people.created_by_id} = ${viewer.personId}
          or exists (select 1 from ${assignments} where ${assignments.team_id} = ${teamContacts.team_id}
            and ${assignments.contact_id} = ${people.id} and ${assignments.to_person_id} = ${viewer.personId}))`,
      })
      .from(people)
      .innerJoin(teamContacts, eq(teamContacts.person_id, people.id))
      .innerJoin(teams, eq(teams.id, teamContacts.team_id))
      .where(where(condition))
      // An owning team first: the one to ask for the contact.
      .orderBy(desc(teamContacts.is_owner), asc(people.id), asc(teams.id))
      .limit(1)
    if (row) {
      const child = isChild(ageFrom(row.dob_year, row.dob_month, now))
      return {
        field,
        id: row.id,
        name: fullName(row.first_name, row.last_name),
        isChild: child,
        isCallers: Boolean(row.isCallers),
        team_id: row.team_id,
        team_name: row.team_name,
      }
    }
  }
  return null
}

export interface DuplicateCheck {
  viewer: Viewer
  team: TeamRow
  /** The caller is under the child data gate in the team (spec 2 §5). */
  gated: boolean
  /** The caller's team role reads every contact of the team (read_contact). */
  readsTeam: boolean
  disregardOtherTeams: boolean
}

export const inThisTeamMessage = 'A contact with these details already exists in this team.'
export const inOtherTeamMessage = 'A contact with these details already exists in another team.'

/**
 * Refuses a new contact that matches one already known (spec 2 §8): first among the
 * contacts of this team, whatever their state (never to be ignored), then among the active
 * contacts of the other teams of the conference, unless the writer chose to disregard them.
 * The details carry only what the message needs: the match's id and name and its team, and
 * for another team's contact the match token add-existing-user asks for. A gated caller
 * learns that a child matches, never which one: no id, name, team or token; so does a caller
 * about a contact of this team the team does not let them read.
 */
export async function assertNoDuplicate(tx: Executor, deps: Pick<Deps, 'config' | 'now'>, check: DuplicateCheck, identity: ContactIdentity) {
  const { team, viewer } = check
  const now = deps.now()
  const inThisTeam = await firstMatch(tx, viewer, identity, now, (match) => and(eq(teamContacts.team_id, team.id), match)!)
  if (inThisTeam) {
    // A contact of the team the caller may not read (a member adding in their own group) is
    // not named either: the group role does not open the team's contacts.
    const unreadable = !check.readsTeam && !inThisTeam.isCallers
    const details = unreadable ? anonymous(inThisTeam) : detailsOf(inThisTeam, check.gated)
    throw new AppError('user_exists_in_this_team', details, inThisTeamMessage)
  }
  if (check.disregardOtherTeams) return
  const conference = conferenceIdOf(team)
  const inOtherTeam = await firstMatch(tx, viewer, identity, now, (match) =>
    and(ne(teamContacts.team_id, team.id), eq(teamContacts.state, 'active'), inConference(conference), match)!,
  )
  if (inOtherTeam) {
    const details = detailsOf(inOtherTeam, check.gated)
    if (details.data) details.match_token = matchToken(deps, { personId: viewer.personId, teamId: team.id, contactId: inOtherTeam.id })
    throw new AppError('user_exists_in_other_team', details, inOtherTeamMessage)
  }
}

function anonymous(match: Match): DuplicateDetails {
  return { field: match.field, data: null, team_id: null, team_name: null }
}

function detailsOf(match: Match, gated: boolean): DuplicateDetails {
  if (gated && match.isChild) return anonymous(match)
  return { field: match.field, data: { id: match.id, name: match.name }, team_id: match.team_id, team_name: match.team_name }
}
