import { describe, expect, it } from 'vitest'
import { contactEventKindOf, contactEventTypesOf, growPhaseOf, presetMemberStatus } from './contact-events'

describe('contactEventKindOf (spec 2 §2: Decisions and Events tabs)', () => {
  it.each([
    ['baptism', 'decision'],
    ['profession-of-faith', 'decision'],
    ['decision-to-follow-jesus', 'decision'],
    ['decision-for-baptism', 'decision'],
    ['decision-for-service', 'decision'],
    ['prayer-request', 'event'],
    ['other', 'event'],
    ['anything-new', 'event'],
  ])('%s is a %s', (type, kind) => {
    expect(contactEventKindOf(type)).toBe(kind)
  })

  it('filters a lookup list by kind, keeping its order', () => {
    const types = [{ id: 'baptism' }, { id: 'prayer-request' }, { id: 'decision-to-disciple' }, { id: 'other' }]
    expect(contactEventTypesOf(types, 'decision').map((type) => type.id)).toEqual(['baptism', 'decision-to-disciple'])
    expect(contactEventTypesOf(types, 'event').map((type) => type.id)).toEqual(['prayer-request', 'other'])
  })
})

describe('presetMemberStatus (spec 2 §4.5)', () => {
  it('a baptism presets member', () => {
    expect(presetMemberStatus('baptism', 'baptismal-candidate')).toBe('member')
    expect(presetMemberStatus('baptism', null)).toBe('member')
  })
  it("any other type follows the contact's current status", () => {
    expect(presetMemberStatus('decision-for-baptism', 'lead-visited')).toBe('lead-visited')
    expect(presetMemberStatus(null, 'lead-visited')).toBe('lead-visited')
    expect(presetMemberStatus('other', undefined)).toBeNull()
  })
})

describe('growPhaseOf (spec 2 §3: grow_phase when type is other)', () => {
  it('keeps the phase for other and drops it for every other type', () => {
    expect(growPhaseOf('other', 'plant')).toBe('plant')
    expect(growPhaseOf('other', undefined)).toBeNull()
    expect(growPhaseOf('baptism', 'plant')).toBeNull()
  })
})
