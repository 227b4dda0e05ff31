import { describe, expect, it } from 'vitest'
import { familyRoleOfCell, householdRelationships, type HouseholdMember } from './households'

// A household's relationships (issue 41 item 4): what the systems' family roles make.

describe('family roles', () => {
  it("reads each system's words, in English and Spanish, case and accents aside", () => {
    expect(
      ['Head of Household', 'Spouse', 'Adult', 'Child', 'true', 'false', 'Cónyuge', 'HIJA', 'Other Relative', 'Unassigned', ''].map(familyRoleOfCell),
    ).toEqual(['head', 'spouse', 'adult', 'child', 'child', 'adult', 'spouse', 'child', 'other', 'other', 'other'])
  })
})

describe('householdRelationships', () => {
  const member = (id: number, role: HouseholdMember['role'], gender: HouseholdMember['gender'] = null): HouseholdMember => ({ id, role, gender })

  it('makes the head and the spouse spouses, and each child the child of both, worded by the relative’s gender', () => {
    expect(householdRelationships([member(1, 'head', 'female'), member(2, 'spouse', 'male'), member(3, 'child', 'female'), member(4, 'other')])).toEqual([
      { contactId: 1, relatedId: 2, type: 'husband' },
      { contactId: 3, relatedId: 1, type: 'mother' },
      { contactId: 3, relatedId: 2, type: 'father' },
    ])
  })

  it('takes two adults for a couple and the parents of the children (Rock, Planning Center)', () => {
    expect(householdRelationships([member(1, 'adult', 'male'), member(2, 'adult', 'female'), member(3, 'child')])).toEqual([
      { contactId: 1, relatedId: 2, type: 'wife' },
      { contactId: 3, relatedId: 1, type: 'father' },
      { contactId: 3, relatedId: 2, type: 'mother' },
    ])
  })

  it('guesses nothing among three adults or two heads, and a lone person has no relationship', () => {
    expect(householdRelationships([member(1, 'adult'), member(2, 'adult'), member(3, 'adult'), member(4, 'child')])).toEqual([])
    expect(householdRelationships([member(1, 'head'), member(2, 'head')])).toEqual([])
    expect(householdRelationships([member(1, 'head', 'male')])).toEqual([])
    // A single parent's household.
    expect(householdRelationships([member(1, 'head', 'male'), member(2, 'child', 'male')])).toEqual([{ contactId: 2, relatedId: 1, type: 'father' }])
  })
})
