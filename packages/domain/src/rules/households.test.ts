import { describe, expect, it } from 'vitest'
import { exportedHouseholds, familyRoleOfCell, householdRelationships, type HouseholdMember, type HouseholdPerson } from './households'

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

describe('exportedHouseholds', () => {
  const person = (id: number, gender: HouseholdPerson['gender'] = null): HouseholdPerson => ({ id, gender })

  it('gives a couple and their children one household, its id the head’s, with the roles an import makes them again from', () => {
    // The child was entered first: the household is still known by its head.
    const people = [person(1, 'female'), person(2, 'female'), person(3, 'male'), person(9)]
    const households = exportedHouseholds(people, [
      { contactId: 2, relatedId: 3, type: 'husband' },
      { contactId: 1, relatedId: 2, type: 'mother' },
      { contactId: 1, relatedId: 3, type: 'father' },
      { contactId: 9, relatedId: 2, type: 'friend' },
    ])
    expect(Object.fromEntries(households)).toEqual({
      1: { householdId: '2', role: 'child' },
      2: { householdId: '2', role: 'head' },
      3: { householdId: '2', role: 'spouse' },
    })
    const roles = [...households].map(([id, { role }]) => ({ id, role, gender: people.find((one) => one.id === id)!.gender }))
    expect(householdRelationships(roles)).toHaveLength(3)
  })

  it('makes a lone parent the head, and leaves out a household an import would make otherwise (three generations)', () => {
    const loneParent = exportedHouseholds([person(5, 'male'), person(4)], [{ contactId: 4, relatedId: 5, type: 'father' }])
    expect(Object.fromEntries(loneParent)).toEqual({ 4: { householdId: '5', role: 'child' }, 5: { householdId: '5', role: 'head' } })
    const generations = exportedHouseholds(
      [person(1, 'female'), person(2, 'female'), person(3)],
      [
        { contactId: 2, relatedId: 1, type: 'mother' },
        { contactId: 3, relatedId: 2, type: 'mother' },
      ],
    )
    expect(generations.size).toBe(0)
  })
})
