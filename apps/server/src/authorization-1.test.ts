import { describe, expect, it } from 'vitest'
import type { MembershipRole, TeamRole } from '@crm/domain'
import { resolveGroupRole, resolveTeamRole } from './platform/access'
import { describeAuthorizationShard } from '../test/authorization-walk'

// The authorization walk, the routes in shard 1 of 2 (test/authorization-walk.ts).
describeAuthorizationShard(0, 2)

describe('roles', () => {
  it('site admins are admin everywhere; entity admins inherit into sub-teams', () => {
    expect(resolveTeamRole({ isSiteAdmin: true, role: null, parentRole: null })).toBe('admin')
    expect(resolveTeamRole({ isSiteAdmin: false, role: 'member', parentRole: 'entity_admin' })).toBe('entity_admin')
    expect(resolveTeamRole({ isSiteAdmin: false, role: 'leader', parentRole: 'owner' })).toBe('leader')
    expect(resolveTeamRole({ isSiteAdmin: false, role: null, parentRole: 'member' })).toBeNull()
  })

  it('private groups are for their members; public groups for the whole team', () => {
    const cases: Array<[TeamRole | null, boolean, MembershipRole | null, TeamRole | null]> = [
      ['member', true, null, 'member'],
      ['member', false, null, null],
      ['owner', false, null, null],
      ['member', false, 'owner', 'owner'],
      ['leader', true, 'member', 'leader'],
      ['member_request', true, null, null],
      ['admin', false, null, 'admin'],
    ]
    for (const [teamRole, isPublic, groupRole, expected] of cases) {
      expect(resolveGroupRole({ teamRole, isPrimary: false, isPublic, groupRole })).toBe(expected)
    }
  })
})
