import { describe, expect, it } from 'vitest'
import type { Capability } from '../capabilities'
import { addContactInteractionRequest, updateContactInteractionRequest } from '../calls/interactions'
import {
  growPhaseBanners,
  interactionDateRange,
  interactionTypeErrors,
  mayChangeInteraction,
  pickedInteractionType,
  storedInteractionType,
  type InteractionForRule,
} from './interactions'

const holding =
  (...capabilities: Capability[]) =>
  (capability: Capability) =>
    capabilities.includes(capability)
const viewer = { personId: 7, teamId: 20 }
const item = (over: Partial<InteractionForRule> = {}): InteractionForRule => ({ author_id: 1, by_user_id: 2, team_id: 20, conference_id: 10, ...over })

describe('mayChangeInteraction (spec 2 §6)', () => {
  it.each(['update', 'delete'] as const)('%s: own with the _own_ capability, as author or by-user', (action) => {
    expect(mayChangeInteraction(action, item({ author_id: 7 }), viewer, holding(`${action}_own_interaction`))).toBe(true)
    expect(mayChangeInteraction(action, item({ by_user_id: 7 }), viewer, holding(`${action}_own_interaction`))).toBe(true)
    expect(mayChangeInteraction(action, item(), viewer, holding(`${action}_own_interaction`))).toBe(false)
    expect(mayChangeInteraction(action, item({ author_id: 7 }), viewer, holding())).toBe(false)
  })

  it.each(['update', 'delete'] as const)('%s: any with the plain capability', (action) => {
    expect(mayChangeInteraction(action, item({ team_id: 99, conference_id: 98 }), viewer, holding(`${action}_interaction`))).toBe(true)
  })

  it.each(['update', 'delete'] as const)("%s: sub-team when the item's conference is the selected team", (action) => {
    const atConference = { personId: 7, teamId: 10 }
    expect(mayChangeInteraction(action, item(), atConference, holding(`${action}_sub_team_interaction`))).toBe(true)
    expect(mayChangeInteraction(action, item({ conference_id: 11 }), atConference, holding(`${action}_sub_team_interaction`))).toBe(false)
    expect(mayChangeInteraction(action, item({ conference_id: null }), atConference, holding(`${action}_sub_team_interaction`))).toBe(false)
  })

  it.each(['update', 'delete'] as const)("%s: own team when the item's team is the selected team", (action) => {
    expect(mayChangeInteraction(action, item(), viewer, holding(`${action}_own_team_interaction`))).toBe(true)
    expect(mayChangeInteraction(action, item({ team_id: 21 }), viewer, holding(`${action}_own_team_interaction`))).toBe(false)
  })

  it('an update capability never deletes', () => {
    expect(mayChangeInteraction('delete', item({ author_id: 7 }), viewer, holding('update_own_interaction', 'update_interaction'))).toBe(false)
  })
})

describe('interaction types', () => {
  it('stores a prayer as prayer_request or prayer_answer and reads it back', () => {
    expect(storedInteractionType('prayer', 'answer')).toBe('prayer_answer')
    expect(storedInteractionType('prayer', 'request')).toBe('prayer_request')
    expect(storedInteractionType('visit', 'answer')).toBe('visit')
    expect(pickedInteractionType('prayer_answer')).toEqual({ type: 'prayer', prayer_type: 'answer' })
    expect(pickedInteractionType('other')).toEqual({ type: 'other', prayer_type: null })
  })

  it('asks each type for its own fields', () => {
    expect(interactionTypeErrors({ type: 'prayer' })).toEqual({ prayer_type: expect.any(String) })
    expect(interactionTypeErrors({ type: 'other', type_other: '  ' })).toEqual({ type_other: expect.any(String) })
    expect(interactionTypeErrors({ type: 'bible-study' })).toEqual({ bible_study: expect.any(String) })
    expect(interactionTypeErrors({ type: 'bible-study', bible_study: 'other' })).toEqual({ bible_study_other: expect.any(String) })
    expect(interactionTypeErrors({ type: 'bible-study', bible_study: 'discover-1' })).toEqual({})
    expect(interactionTypeErrors({ type: 'visit' })).toEqual({})
  })
})

describe('add-contact-interaction request', () => {
  const base = { team_id: 1, group_id: 1, user_id: 2, type: 'visit', date: '2026-03-01' }

  it('takes other_contacts as a JSON list or a list, and is incomplete by default', () => {
    expect(addContactInteractionRequest.parse({ ...base, other_contacts: '[3, 4]' })).toMatchObject({ other_contacts: [3, 4], is_completed: false })
    expect(addContactInteractionRequest.parse({ ...base, other_contacts: [5] }).other_contacts).toEqual([5])
    expect(addContactInteractionRequest.parse(base).other_contacts).toEqual([])
  })

  it('names each wrong field', () => {
    const result = addContactInteractionRequest.safeParse({ ...base, date: '2026-02-30', time: '25:00', other_contacts: 'nope', content: 'x'.repeat(20_001) })
    expect(result.success).toBe(false)
    const fields = result.error!.issues.map((issue) => issue.path.join('.'))
    expect(fields).toEqual(expect.arrayContaining(['date', 'time', 'other_contacts', 'content']))
  })

  it('lets an update carry only the id and is_completed', () => {
    expect(updateContactInteractionRequest.parse({ team_id: 1, group_id: 1, user_id: 2, id: 9, is_completed: 'true' })).toEqual({
      team_id: 1,
      group_id: 1,
      user_id: 2,
      id: 9,
      is_completed: true,
    })
  })
})

describe('interactionDateRange (spec 2 §9)', () => {
  it('gives weeks from Monday, months and years', () => {
    // 2026-03-04 is a Wednesday.
    expect(interactionDateRange('this_week', '2026-03-04')).toEqual({ from: '2026-03-02', to: '2026-03-08' })
    expect(interactionDateRange('last_week', '2026-03-04')).toEqual({ from: '2026-02-23', to: '2026-03-01' })
    expect(interactionDateRange('this_month', '2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' })
    expect(interactionDateRange('last_month', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' })
    expect(interactionDateRange('this_year', '2026-01-10')).toEqual({ from: '2026-01-01', to: '2026-12-31' })
    expect(interactionDateRange('last_year', '2026-01-10')).toEqual({ from: '2025-01-01', to: '2025-12-31' })
    expect(interactionDateRange('all', '2026-01-10')).toBeNull()
    expect(interactionDateRange('scheduled', '2026-01-10')).toBeNull()
  })
})

describe('growPhaseBanners (spec 2 §4)', () => {
  it('shows each phase once, at its first item; prepare when there are none', () => {
    expect(growPhaseBanners([])).toEqual([{ index: 0, phase: 'prepare' }])
    expect(growPhaseBanners(['plant', 'plant', 'plant'])).toEqual([{ index: 0, phase: 'plant' }])
    expect(growPhaseBanners(['harvest', 'cultivate', null, 'cultivate', 'plant'])).toEqual([
      { index: 0, phase: 'harvest' },
      { index: 1, phase: 'cultivate' },
      { index: 4, phase: 'plant' },
    ])
  })
})
