import { describe, expect, it } from 'vitest'
import {
  inferRelationships,
  inverseRelationshipType,
  relationshipEdges,
  relationshipTypes,
  type ComputedRelationshipType,
  type RelationshipGender,
  type RelationshipType,
  type StoredRelationship,
} from './relationships'
import { parentCarerRelationships } from './contacts'

// B is A's <type>: what A is to B, when A is male, female, or of unknown gender.
const inverses: Record<RelationshipType, [male: ComputedRelationshipType, female: ComputedRelationshipType, neutral: ComputedRelationshipType]> = {
  father: ['son', 'daughter', 'child'],
  mother: ['son', 'daughter', 'child'],
  parent: ['son', 'daughter', 'child'],
  guardian: ['ward', 'ward', 'ward'],
  brother: ['brother', 'sister', 'sibling'],
  sister: ['brother', 'sister', 'sibling'],
  sibling: ['brother', 'sister', 'sibling'],
  grandfather: ['grandson', 'granddaughter', 'grandchild'],
  grandmother: ['grandson', 'granddaughter', 'grandchild'],
  grandparent: ['grandson', 'granddaughter', 'grandchild'],
  cousin: ['cousin', 'cousin', 'cousin'],
  uncle: ['nephew', 'niece', 'nephew_niece'],
  aunt: ['nephew', 'niece', 'nephew_niece'],
  uncle_aunt: ['nephew', 'niece', 'nephew_niece'],
  husband: ['husband', 'wife', 'spouse'],
  wife: ['husband', 'wife', 'spouse'],
  partner: ['partner', 'partner', 'partner'],
  spouse: ['husband', 'wife', 'spouse'],
  son: ['father', 'mother', 'parent'],
  daughter: ['father', 'mother', 'parent'],
  child: ['father', 'mother', 'parent'],
  grandson: ['grandfather', 'grandmother', 'grandparent'],
  granddaughter: ['grandfather', 'grandmother', 'grandparent'],
  grandchild: ['grandfather', 'grandmother', 'grandparent'],
  nephew: ['uncle', 'aunt', 'uncle_aunt'],
  niece: ['uncle', 'aunt', 'uncle_aunt'],
  nephew_niece: ['uncle', 'aunt', 'uncle_aunt'],
  in_law: ['in_law', 'in_law', 'in_law'],
  relative: ['relative', 'relative', 'relative'],
  friend: ['friend', 'friend', 'friend'],
  coworker: ['coworker', 'coworker', 'coworker'],
  classmate: ['classmate', 'classmate', 'classmate'],
  neighbor: ['neighbor', 'neighbor', 'neighbor'],
}

describe('relationship choices (spec 2 §3)', () => {
  it('are the parent or carer list plus the 19 of the general list, 33 in all (D2-3.3-02)', () => {
    expect(relationshipTypes.slice(0, 14)).toEqual([...parentCarerRelationships])
    expect(relationshipTypes).toHaveLength(33)
    expect(new Set(relationshipTypes).size).toBe(33)
    expect(Object.keys(inverses).sort()).toEqual([...relationshipTypes].sort())
  })
})

describe('the inverse of every relationship type', () => {
  const genders: Array<[RelationshipGender, 0 | 1 | 2]> = [
    ['male', 0],
    ['female', 1],
    ['declined', 2],
    [null, 2],
  ]
  for (const type of relationshipTypes) {
    for (const [gender, column] of genders) {
      it(`${type}, the contact ${gender ?? 'of unknown gender'}: ${inverses[type][column]}`, () => {
        expect(inverseRelationshipType(type, gender)).toBe(inverses[type][column])
      })
    }
  }

  it('comes back to the same kind: the inverse of the inverse is the type, gendered alike', () => {
    for (const type of relationshipTypes) {
      for (const gender of ['male', 'female', null] as const) {
        const back = inverseRelationshipType(inverseRelationshipType(type, 'male'), gender)
        expect(inverseRelationshipType(back, 'male'), type).toBe(inverseRelationshipType(type, 'male'))
      }
    }
  })
})

describe('inferred relationships (two hops)', () => {
  // 1 child (female), 2 mother, 3 mother's husband (male), 4 the child's brother, 5 grandmother
  const genders: Record<number, RelationshipGender> = { 1: 'female', 2: 'female', 3: 'male', 4: 'male', 5: 'female', 6: null }
  const genderOf = (id: number) => genders[id]

  function infer(stored: StoredRelationship[], contactId: number, dismissed: number[] = []) {
    return inferRelationships(contactId, relationshipEdges(stored, genderOf), genderOf, new Set(dismissed))
  }

  it("suggests a child's mother's husband as her father, and the husband's stepdaughter as his daughter", () => {
    const stored: StoredRelationship[] = [
      { contactId: 1, relatedId: 2, type: 'mother' },
      { contactId: 2, relatedId: 3, type: 'husband' },
    ]
    expect(infer(stored, 1)).toEqual([{ relatedId: 3, type: 'father', viaId: 2 }])
    // From the husband: his wife's daughter (the inverse of 'mother', gendered by the child).
    expect(infer(stored, 3)).toEqual([{ relatedId: 1, type: 'daughter', viaId: 2 }])
  })

  it('works through inverses: a mother recorded on her mother makes a grandmother', () => {
    const stored: StoredRelationship[] = [
      { contactId: 1, relatedId: 2, type: 'mother' },
      { contactId: 5, relatedId: 2, type: 'daughter' },
    ]
    expect(infer(stored, 1)).toEqual([{ relatedId: 5, type: 'grandmother', viaId: 2 }])
    expect(infer(stored, 5)).toEqual([{ relatedId: 1, type: 'granddaughter', viaId: 2 }])
  })

  it('suggests a sibling through a shared parent, gendered by the sibling, neutral when unknown', () => {
    const stored: StoredRelationship[] = [
      { contactId: 1, relatedId: 2, type: 'mother' },
      { contactId: 4, relatedId: 2, type: 'mother' },
      { contactId: 6, relatedId: 2, type: 'parent' },
    ]
    expect(infer(stored, 1)).toEqual([
      { relatedId: 4, type: 'brother', viaId: 2 },
      { relatedId: 6, type: 'sibling', viaId: 2 },
    ])
  })

  it('never suggests the contact itself, someone already related either way, or a dismissed person', () => {
    const stored: StoredRelationship[] = [
      { contactId: 1, relatedId: 2, type: 'mother' },
      { contactId: 2, relatedId: 3, type: 'husband' },
      { contactId: 3, relatedId: 1, type: 'friend' },
    ]
    expect(infer(stored, 1)).toEqual([])
    expect(infer([stored[0]!, stored[1]!], 1, [3])).toEqual([])
  })

  it('suggests nothing from steps a family does not read one way (friend of a friend, a grandparent’s child)', () => {
    expect(
      infer(
        [
          { contactId: 1, relatedId: 2, type: 'friend' },
          { contactId: 2, relatedId: 3, type: 'friend' },
        ],
        1,
      ),
    ).toEqual([])
    expect(
      infer(
        [
          { contactId: 1, relatedId: 5, type: 'grandmother' },
          { contactId: 5, relatedId: 3, type: 'son' },
        ],
        1,
      ),
    ).toEqual([])
  })
})
