import { describe, expect, it } from 'vitest'
import { buildTeam } from '../test/fixtures'
import { guardOutcome } from './guard'

const team = buildTeam({ id: 1, title: 'Grace Church' })
const group = team.groups['1'] ?? null
const ready = { status: 'ready' as const, teams: [team], team, group }

describe('route guard (spec 1 §2)', () => {
  it('sends the signed-out and an invalid account to login', () => {
    expect(guardOutcome({ ...ready, status: 'signed-out' }, 'group')).toBe('login')
    expect(guardOutcome({ ...ready, status: 'invalid' }, 'account')).toBe('login')
  })

  it('waits while the account loads', () => {
    expect(guardOutcome({ ...ready, status: 'loading' }, 'group')).toBe('loading')
  })

  it('shows the no-team state to a user without teams, except on routes needing no team', () => {
    const none = { ...ready, teams: [], team: null, group: null }
    expect(guardOutcome(none, 'group')).toBe('no-team')
    expect(guardOutcome(none, 'account')).toBe('content')
  })

  it('replaces content with the switch-team page while no team is selected', () => {
    expect(guardOutcome({ ...ready, team: null, group: null }, 'group')).toBe('switch-team')
    expect(guardOutcome({ ...ready, team: null, group: null }, 'team')).toBe('switch-team')
    expect(guardOutcome({ ...ready, team: null, group: null }, 'account')).toBe('content')
  })

  it('replaces content with the switch-group page while no group is selected', () => {
    expect(guardOutcome({ ...ready, group: null }, 'group')).toBe('switch-group')
    expect(guardOutcome({ ...ready, group: null }, 'team')).toBe('content')
  })

  it('shows only the waiting state while membership is pending', () => {
    const pending = buildTeam({ id: 2, title: 'Hope', role: 'member_request' })
    expect(guardOutcome({ ...ready, teams: [pending], team: pending }, 'group')).toBe('awaiting-approval')
  })

  it('lets everything else through', () => {
    expect(guardOutcome(ready, 'group')).toBe('content')
  })

  it("shows the not-allowed page for a page the selection does not allow (the route's needs, issue 35)", () => {
    const churchOwner = buildTeam({ id: 3, title: 'Hope Street', role: 'owner' })
    const conference = buildTeam({ id: 4, title: 'North', role: 'entity_admin', is_conference: true })
    const conferenceOwner = buildTeam({ id: 5, title: 'South', role: 'owner', is_conference: true })
    const planning = { capability: 'create_transfer', conference: true } as const
    const of = (team: typeof churchOwner) => ({ ...ready, teams: [team], team, group: team.groups[String(team.id)] ?? null })
    expect(guardOutcome(of(churchOwner), 'team', planning)).toBe('not-allowed')
    expect(guardOutcome(of(conferenceOwner), 'team', planning)).toBe('not-allowed')
    expect(guardOutcome(of(conference), 'team', planning)).toBe('content')
    // A church's owner reads a transfer; a member does not.
    expect(guardOutcome(of(churchOwner), 'team', { capability: 'read_transfer' })).toBe('content')
    const member = buildTeam({ id: 6, title: 'Grace', role: 'member' })
    expect(guardOutcome(of(member), 'team', { capability: 'read_transfer' })).toBe('not-allowed')
    // The group's capability, for a page of the group.
    expect(guardOutcome(of(member), 'group', { capability: 'read_contact', of: 'group' })).toBe('not-allowed')
    expect(guardOutcome(of(churchOwner), 'group', { capability: 'read_contact', of: 'group' })).toBe('content')
    // The guard's own states come first: a pending member waits, no team selected switches.
    const pending = buildTeam({ id: 7, title: 'Hope', role: 'member_request' })
    expect(guardOutcome(of(pending), 'team', planning)).toBe('awaiting-approval')
    expect(guardOutcome({ ...ready, team: null, group: null }, 'team', planning)).toBe('switch-team')
  })
})
