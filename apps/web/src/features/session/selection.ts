import type { Account, Group, Team } from '@crm/domain'
import type { StoredSelection } from '../../lib/session'

// One collator for every comparison: localeCompare with options builds a new one per call.
const titleCollator = new Intl.Collator(undefined, { sensitivity: 'base' })
const byTitle = (a: { title: string; id: number }, b: { title: string; id: number }) => titleCollator.compare(a.title, b.title) || a.id - b.id

/** The account's teams in the order the user sees them: by title. */
export function sortTeams(account: Account | null | undefined): Team[] {
  return Object.values(account?.teams ?? {}).sort(byTitle)
}

export function isPrimaryGroup(team: Pick<Team, 'id'>, group: Pick<Group, 'id' | 'is_main_group'>): boolean {
  return group.id === team.id || group.is_main_group
}

/**
 * A public group: a group marked public that is neither the primary group (open to the
 * whole team, but not "public" in spec 2's sense, D2-2.1-01) nor a private-group offer.
 */
export function isPublicGroup(group: Pick<Group, 'is_public' | 'is_main_group' | 'is_temp_private_group'>): boolean {
  return group.is_public && !group.is_main_group && !group.is_temp_private_group
}

/** A team's groups: the primary group first, then by title; temp private group offers last. */
export function sortGroups(team: Team | null | undefined): Group[] {
  if (!team) return []
  return Object.values(team.groups).sort((a, b) => {
    const rank = (group: Group) => (isPrimaryGroup(team, group) ? 0 : group.is_temp_private_group ? 2 : 1)
    return rank(a) - rank(b) || byTitle(a, b)
  })
}

/** Groups that can be selected: a temp private group entry is an offer, never selected. */
export function selectableGroups(team: Team | null | undefined): Group[] {
  return sortGroups(team).filter((group) => !group.is_temp_private_group)
}

/**
 * Spec 1 §4: the stored team if it is still among the user's teams, else the first team
 * (by title, as the switch-team list shows them), also when nothing is stored yet.
 */
export function resolveTeam(account: Account | null | undefined, storedTeamId: number | null): Team | null {
  const teams = sortTeams(account)
  return teams.find((team) => team.id === storedTeamId) ?? teams[0] ?? null
}

/** The stored group if it is among the team's groups, else the first group (the primary group). */
export function resolveGroup(team: Team | null, storedGroupId: number | null): Group | null {
  const groups = selectableGroups(team)
  return groups.find((group) => group.id === storedGroupId) ?? groups[0] ?? null
}

export interface Selection {
  team: Team | null
  group: Group | null
}

export function resolveSelection(account: Account | null | undefined, stored: StoredSelection): Selection {
  const team = resolveTeam(account, stored.teamId)
  return { team, group: resolveGroup(team, stored.groupId) }
}
