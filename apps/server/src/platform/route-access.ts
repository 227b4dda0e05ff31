import type { FastifyRequest } from 'fastify'
import { hasCapability, id, type Capability, type TeamRole, fieldErrorOfIssue } from '@crm/domain'
import { AppError } from './errors'
import { groupScopeOf, loadGroupScope, loadTeamScope, teamScopeOf, type GroupScope, type TeamScope, type Viewer } from './access'
import { readSession, type ScopeIds, type ScopeRows } from './authenticate'
import { holdingTeamOfCaller, keptRecordOf, loadContactScope, type ContactScope } from './contact-access'
import type { Deps } from './deps'
import { refuseField } from './field-refusals'

/**
 * What a route needs before its handler runs. The platform checks it; a handler never
 * re-implements a role check (STYLE.md §5).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed_in'; allowAnonymous?: (request: FastifyRequest) => boolean }
  | { kind: 'site_admin' }
  | { kind: 'team'; capability?: Capability; conferenceOnly?: boolean; teamField?: string; teamOf?: TeamLocator }
  | { kind: 'group'; capability?: Capability; teamField?: string; groupField?: string }
  | {
      kind: 'contact'
      capability?: Capability
      contactField?: string
      allowAwaiting?: boolean
      assignedOnly?: boolean
      nameHoldingTeam?: boolean
    }

/**
 * Where the team of a call that may name none comes from (spec 3 §7 event-attendance/{id}: the
 * event's own team): asked only when the request has no team field. Answers the team's id, or
 * null when nothing the request names is found (404); the caller's place there is then checked
 * as for any team call, so another team's row is 404 too.
 */
export type TeamLocator = (deps: Deps, viewer: Viewer, request: FastifyRequest) => Promise<number | null>

export const publicAccess = { kind: 'public' } as const
export const signedIn = { kind: 'signed_in' } as const
export const siteAdmin = { kind: 'site_admin' } as const

/**
 * Needs a membership of the team in `team_id` (and the capability there, if named). With
 * `teamOf`, a request without `team_id` is scoped to the team it locates.
 */
export function teamAccess(capability?: Capability, options: { conferenceOnly?: boolean; teamField?: string; teamOf?: TeamLocator } = {}) {
  return { kind: 'team', capability, ...options } as const
}

/** Needs access to the group `group_id` of team `team_id` (and the capability in it). */
export function groupAccess(capability?: Capability, options: { teamField?: string; groupField?: string } = {}) {
  return { kind: 'group', capability, ...options } as const
}

/**
 * Needs a contact the team holds and the caller may read (from `:id`, else `user_id`), in
 * group `group_id` of team `team_id`, and the capability on the contact. A team still
 * awaiting the owner's approval may only read it when `allowAwaiting` says so. With
 * `nameHoldingTeam` the 404 names another of the caller's teams that holds the contact.
 */
export function contactAccess(
  capability?: Capability,
  options: { contactField?: string; allowAwaiting?: boolean; assignedOnly?: boolean; nameHoldingTeam?: boolean } = {},
) {
  return { kind: 'contact', capability, ...options } as const
}

export type ViewerOf<A extends Access> = A extends { kind: 'public' } | { allowAnonymous?: unknown } ? Viewer | null : Viewer
export type ScopeOf<A extends Access> = A extends { kind: 'contact' }
  ? ContactScope
  : A extends { kind: 'group' }
    ? GroupScope
    : A extends { kind: 'team' }
      ? TeamScope
      : undefined

/** A field of the request: the path's, else the query string's (GET, HEAD) or the body's (POST, DELETE). */
export function readField(request: FastifyRequest, field: string): unknown {
  const payload = request.method === 'GET' || request.method === 'HEAD' ? request.query : request.body
  for (const source of [request.params, payload]) {
    if (source && typeof source === 'object' && Object.hasOwn(source, field)) return (source as Record<string, unknown>)[field]
  }
  return undefined
}

/** An id the access check needs, read by the wire's own rule before the call's schema runs. */
export function readId(request: FastifyRequest, field: string): number {
  const value = readField(request, field)
  const parsed = id.safeParse(value)
  if (value === undefined || !parsed.success) {
    const issue = parsed.error?.issues[0]
    if (value === undefined || !issue) throw refuseField(field, 'required')
    throw refuseField(field, fieldErrorOfIssue(issue, value), { message: issue.message })
  }
  return parsed.data
}

/** The team a TeamLocator finds for a request without a team field, or 404. */
async function locateTeam(deps: Deps, viewer: Viewer, request: FastifyRequest, teamOf: TeamLocator): Promise<number> {
  const teamId = await teamOf(deps, viewer, request)
  if (teamId === null) throw new AppError('not_found')
  return teamId
}

/** The caller, where the route needs one: 401 without. Nothing of the body is read yet. */
export function checkSignedIn(request: FastifyRequest, access: Access): Viewer | null {
  const viewer = request.viewer
  if (viewer || access.kind === 'public') return viewer
  if (access.kind === 'signed_in' && access.allowAnonymous?.(request)) return null
  throw new AppError('unauthorized')
}

/**
 * The team and group a call names, to read with the caller's session in one statement; null
 * when it names none, names one the wire refuses (the check then answers 401 before 400), or
 * finds its team by a locator (which needs the caller first).
 */
function scopeIdsOf(request: FastifyRequest, access: Access): ScopeIds | null {
  if (access.kind !== 'team' && access.kind !== 'group' && access.kind !== 'contact') return null
  const teamId = id.safeParse(readField(request, access.kind === 'contact' ? 'team_id' : (access.teamField ?? 'team_id')))
  if (!teamId.success) return null
  if (access.kind === 'team') return { teamId: teamId.data, groupId: null }
  const groupId = id.safeParse(readField(request, access.kind === 'group' ? (access.groupField ?? 'group_id') : 'group_id'))
  if (!groupId.success) return null
  return { teamId: teamId.data, groupId: groupId.data === teamId.data ? null : groupId.data }
}

/** The caller's team scope: from the rows the session's statement read, else read now. */
function teamScopeFrom(deps: Deps, viewer: Viewer, teamId: number, read: ScopeRows | null): Promise<TeamScope> | TeamScope {
  return read ? teamScopeOf(viewer, read.team) : loadTeamScope(deps.db, viewer, teamId)
}

/** The caller's group scope: from the rows the session's statement read, else read now. */
function groupScopeFrom(deps: Deps, viewer: Viewer, teamId: number, groupId: number, read: ScopeRows | null): Promise<GroupScope> | GroupScope {
  return read ? groupScopeOf(teamScopeOf(viewer, read.team), groupId, read.group) : loadGroupScope(deps.db, viewer, teamId, groupId)
}

/** Runs before validation, so an uncapable caller learns nothing about the payload. */
export async function checkAccess(deps: Deps, request: FastifyRequest, access: Access): Promise<void> {
  const read = await readSession(deps, request, scopeIdsOf(request, access))
  const viewer = checkSignedIn(request, access)
  if (!viewer || access.kind === 'public' || access.kind === 'signed_in') return
  if (access.kind === 'site_admin') {
    if (!viewer.isSiteAdmin) throw new AppError('forbidden')
    return
  }
  const teamField = access.kind === 'contact' ? 'team_id' : (access.teamField ?? 'team_id')
  const teamId =
    access.kind === 'team' && access.teamOf && readField(request, teamField) === undefined
      ? await locateTeam(deps, viewer, request, access.teamOf)
      : readId(request, teamField)
  let scope: TeamScope | GroupScope
  let role: TeamRole
  if (access.kind === 'contact') {
    const groupScope = await groupScopeFrom(deps, viewer, teamId, readId(request, 'group_id'), read)
    const contactId = readId(request, access.contactField ?? ((request.params as { id?: unknown }).id !== undefined ? 'id' : 'user_id'))
    if (groupScope.groupRole === 'member_request') throw new AppError('forbidden')
    const contactScope = await loadContactScope(deps.db, viewer, groupScope, contactId, deps.now()).catch(async (error: unknown) => {
      if (!access.nameHoldingTeam || !(error instanceof AppError) || error.code !== 'not_found') throw error
      // A record merged into another (issue 40): its old link opens the kept one, when the
      // caller may open that here.
      const keptId = await keptRecordOf(deps.db, contactId)
      if (keptId !== null) {
        const opens = await loadContactScope(deps.db, viewer, groupScope, keptId, deps.now()).then(
          () => true,
          () => false,
        )
        if (opens) throw new AppError('contact_merged', { contact_id: keptId })
      }
      const contactTeam = await holdingTeamOfCaller(deps.db, viewer, groupScope.team.id, contactId)
      throw contactTeam ? new AppError('not_found', { contact_team: contactTeam }) : error
    })
    if (contactScope.teamContact.state === 'awaiting_approval' && !access.allowAwaiting) throw new AppError('forbidden')
    if (access.capability && !hasCapability(contactScope.contactRole, access.capability)) throw new AppError('forbidden')
    // relinquish: only a person the contact is assigned to has anything to give up.
    if (access.assignedOnly && !contactScope.contactRole.startsWith('assigned_')) throw new AppError('forbidden')
    request.scope = contactScope
    return
  } else if (access.kind === 'group') {
    const groupScope = await groupScopeFrom(deps, viewer, teamId, readId(request, access.groupField ?? 'group_id'), read)
    scope = groupScope
    role = groupScope.groupRole
  } else {
    scope = await teamScopeFrom(deps, viewer, teamId, read)
    role = scope.role
    if (access.conferenceOnly && !scope.isConference) throw new AppError('forbidden')
  }
  // A pending member sees nothing but the waiting page.
  if (role === 'member_request') throw new AppError('forbidden')
  if (access.capability && !hasCapability(role, access.capability)) throw new AppError('forbidden')
  request.scope = scope
}
