import { describe, expect, it } from 'vitest'
import { buildAccount, buildGroup, buildTeam } from '../../test/fixtures'
import { resolveSelection, sortGroups } from './selection'

const grace = buildTeam({
  id: 10,
  title: 'Grace Church',
  groups: [
    buildGroup({ id: 12, title: 'Youth' }),
    buildGroup({ id: 11, title: 'Bible study' }),
    buildGroup({ id: 0, title: 'Private group', is_temp_private_group: true, is_public: false, user_role: null }),
  ],
})
const hope = buildTeam({ id: 20, title: 'Hope Chapel', groups: [buildGroup({ id: 21, title: 'Choir' })] })

describe('team and group selection (spec 1 §4)', () => {
  it('orders groups: primary first, then by title, temp private offers last', () => {
    expect(sortGroups(grace).map((group) => group.title)).toEqual(['Grace Church', 'Bible study', 'Youth', 'Private group'])
  })

  it('uses the stored team and group when they are still the user’s', () => {
    const selection = resolveSelection(buildAccount([grace, hope]), { teamId: 10, groupId: 12 })
    expect(selection.team?.id).toBe(10)
    expect(selection.group?.id).toBe(12)
  })

  it('falls back to the first team and its first group when the stored team is stale', () => {
    const selection = resolveSelection(buildAccount([hope, grace]), { teamId: 99, groupId: 21 })
    expect(selection.team?.title).toBe('Grace Church')
    expect(selection.group?.id).toBe(10)
  })

  it('falls back to the first group (the primary) when the stored group is not in the team', () => {
    const selection = resolveSelection(buildAccount([grace, hope]), { teamId: 20, groupId: 12 })
    expect(selection.team?.id).toBe(20)
    expect(selection.group?.id).toBe(20)
  })

  it('never auto-selects a temp private group entry', () => {
    const onlyOffer = buildTeam({ id: 30, title: 'Solo', groups: [] })
    delete (onlyOffer.groups as Record<string, unknown>)['30']
    onlyOffer.groups['0'] = buildGroup({ id: 0, title: 'Private group', is_temp_private_group: true, user_role: null })
    expect(resolveSelection(buildAccount([onlyOffer]), { teamId: 30, groupId: 0 }).group).toBeNull()
  })

  it('selects the only team when nothing is stored', () => {
    const selection = resolveSelection(buildAccount([hope]), { teamId: null, groupId: null })
    expect(selection.team?.id).toBe(20)
    expect(selection.group?.id).toBe(20)
  })

  it('selects the first team by title when nothing is stored and there are several (spec 1 §4)', () => {
    const selection = resolveSelection(buildAccount([hope, grace]), { teamId: null, groupId: null })
    expect(selection.team?.title).toBe(grace.title)
    expect(selection.group?.id).toBe(grace.id)
  })

  it('selects nothing for a user without teams', () => {
    expect(resolveSelection(buildAccount([]), { teamId: 10, groupId: 10 })).toEqual({ team: null, group: null })
  })
})
