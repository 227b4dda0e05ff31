import { describe, expect, it } from 'vitest'
import { exportedHouseholds, familyRoleOfCell, householdRelationships, withHouseholdParents, type HouseholdMember, type HouseholdPerson } from './households'

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

describe('withHouseholdParents', () => {
  const at = { order: 'mdy' as const, now: new Date(Date.UTC(2026, 10, 29)) }

  it("gives a household's child without a parent in its row the first adult who can be reached: the head, else the spouse", () => {
    const rows = [
      { household_id: '501', family_role: 'false', first_name: 'Robert', last_name: 'Collins', gender: 'M', phone: '0412 555 143' },
      { household_id: '501', family_role: 'true', first_name: 'Ella', last_name: 'Collins', gender: 'F', dob: '2016-09-03' },
      { household_id: '502', family_role: 'Head of Household', first_name: 'Ann', last_name: 'Lee', gender: 'F', email: 'ann@example.org' },
      { household_id: '502', family_role: 'Spouse', first_name: 'Tom', last_name: 'Lee', gender: 'M', email: 'tom@example.org' },
      { household_id: '502', family_role: 'Child', first_name: 'Kit', last_name: 'Lee', dob: '03/01/2019' },
    ]
    const filled = withHouseholdParents(rows, at)
    expect(filled[1]).toMatchObject({
      parent_carer_first_name: 'Robert',
      parent_carer_last_name: 'Collins',
      parent_carer_relationship: 'father',
      parent_carer_phone: '0412 555 143',
    })
    expect(filled[1]).not.toHaveProperty('parent_carer_email')
    // The head before the spouse, whichever comes first in the file.
    expect(filled[4]).toMatchObject({ parent_carer_first_name: 'Ann', parent_carer_relationship: 'mother', parent_carer_email: 'ann@example.org' })
    // The adults' rows are as they were.
    expect(filled[0]).toBe(rows[0])
    expect(filled[2]).toBe(rows[2])
  })

  it('leaves a child that names its own parent, an adult child, one with no birth date and a household with no adult to reach', () => {
    const rows = [
      { household_id: '7', family_role: 'Adult', first_name: 'Joy', last_name: 'Park', gender: 'F', email: 'joy@example.org' },
      { household_id: '7', family_role: 'Child', first_name: 'Sol', last_name: 'Park', dob: '2018-02', parent_carer_first_name: 'Gran' },
      { household_id: '7', family_role: 'Child', first_name: 'Ari', last_name: 'Park', dob: '2001-02-02' },
      { household_id: '7', family_role: 'Child', first_name: 'Bo', last_name: 'Park' },
      { household_id: '8', family_role: 'Adult', first_name: 'Max', last_name: 'Ode' },
      { household_id: '8', family_role: 'Child', first_name: 'Zed', last_name: 'Ode', dob: '2020-01-01' },
    ]
    expect(withHouseholdParents(rows, at)).toEqual(rows)
  })
})
