import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { churchRosterMembers, teams } from '../db/schema/index'
import type { Deps } from './deps'

/**
 * The church membership check (spec 3 §8 acms_*) and the MD profile sync (spec 3 §2.6),
 * behind one interface (DESIGN.md §7). The default reads the roster conferences import
 * into `church_roster_members`; a membership system reached over HTTP replaces it when
 * configured (issue 15: features/roster builds the import and the HTTP adapter).
 */
export type RosterAnswer =
  /** The email is on the church's roster. */
  | 'member'
  /** The church has a roster and the email is not on it. */
  | 'not_member'
  /** Nothing to check against: the church has no ACMS id, or no roster was imported for it. */
  | 'no_roster'

export interface RosterChurch {
  conferenceId: number
  /** The church's ACMS id; null when it has none. */
  acmsId: string | null
}

export interface RosterProfile {
  first_name: string
  last_name: string
  /** E.164, or empty. */
  phone: string
}

export interface ChurchRoster {
  /** Whether the email belongs to a member of the church. */
  checkMember(church: RosterChurch, email: string): Promise<RosterAnswer>
  /** The ACMS id of the conference's church with this name, if one matches. */
  guessChurchId(conference: { conferenceId: number; conferenceAcmsId: string | null }, teamName: string): Promise<string | null>
  /** The person's name and phone as the membership system holds them (Sync with MD). */
  memberProfile(email: string): Promise<RosterProfile | null>
}

/** The built-in roster: the rows conferences imported (works offline, on one machine). */
export function storedRoster(db: Executor): ChurchRoster {
  return {
    async checkMember(church, email) {
      if (!church.acmsId) return 'no_roster'
      const inChurch = and(
        eq(churchRosterMembers.conference_id, church.conferenceId),
        eq(churchRosterMembers.church_acms_id, church.acmsId),
      )
      const [member] = await db
        .select({ id: churchRosterMembers.id })
        .from(churchRosterMembers)
        .where(and(inChurch, eq(churchRosterMembers.email, email.trim().toLowerCase())))
        .limit(1)
      if (member) return 'member'
      const [any] = await db.select({ id: churchRosterMembers.id }).from(churchRosterMembers).where(inChurch).limit(1)
      return any ? 'not_member' : 'no_roster'
    },
    async guessChurchId(conference, teamName) {
      // The conference's sub-teams already carry ids; a roster church with the same name is the guess.
      const [team] = await db
        .select({ acms_id: teams.acms_id })
        .from(teams)
        .where(
          and(
            eq(teams.parent_id, conference.conferenceId),
            eq(sql`lower(${teams.title})`, teamName.trim().toLowerCase()),
            sql`${teams.acms_id} is not null`,
          ),
        )
        .limit(1)
      return team?.acms_id ?? null
    },
    async memberProfile(email) {
      const [row] = await db
        .select({ first_name: churchRosterMembers.first_name, last_name: churchRosterMembers.last_name, phone: churchRosterMembers.phone })
        .from(churchRosterMembers)
        .where(eq(churchRosterMembers.email, email.trim().toLowerCase()))
        .orderBy(churchRosterMembers.id)
        .limit(1)
      return row ?? null
    },
  }
}

/** The roster the configuration chooses. */
export function churchRoster(deps: Pick<Deps, 'db' | 'config'>, db: Executor = deps.db): ChurchRoster {
  return storedRoster(db)
}
