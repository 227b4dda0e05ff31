import { relationshipTypeFor, type RelationshipGender, type RelationshipType } from './relationships'

// Households in a people export (issue 41 item 4): the systems put each person in a family or
// household with a role in it (Breeze and ChurchCRM: Head of Household, Spouse, Child; Rock:
// Adult, Child; Planning Center: a Child column of true or false). An import makes the
// relationships a church would enter by hand between the members of one household: the head
// and the spouse are spouses, and each child is the child of its household's adults.

export const familyRoles = ['head', 'spouse', 'adult', 'child', 'other'] as const
export type FamilyRole = (typeof familyRoles)[number]

/** The words of a family role cell, as the systems and churches write them (English and Spanish; case and accents aside). */
const familyRoleWords: Record<string, FamilyRole> = {
  'head of household': 'head',
  head: 'head',
  'primary contact': 'head',
  'cabeza de familia': 'head',
  'jefe de familia': 'head',
  'jefa de familia': 'head',
  spouse: 'spouse',
  wife: 'spouse',
  husband: 'spouse',
  partner: 'spouse',
  conyuge: 'spouse',
  esposa: 'spouse',
  esposo: 'spouse',
  adult: 'adult',
  adulto: 'adult',
  adulta: 'adult',
  child: 'child',
  son: 'child',
  daughter: 'child',
  dependent: 'child',
  hijo: 'child',
  hija: 'child',
  nino: 'child',
  nina: 'child',
  // Planning Center's Child column.
  true: 'child',
  false: 'adult',
}

/** A family role cell as a role: a word no system uses for a head, spouse, adult or child (Other Relative, Unassigned) is `other`. */
export function familyRoleOfCell(text: string): FamilyRole {
  const word = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
  return Object.hasOwn(familyRoleWords, word) ? familyRoleWords[word]! : 'other'
}

export interface HouseholdMember {
  id: number
  role: FamilyRole
  gender: RelationshipGender
}

/** A relationship to make: `relatedId` is `contactId`'s `type` (as stored: "B is A's T"). */
export interface HouseholdRelationship {
  contactId: number
  relatedId: number
  type: RelationshipType
}

/**
 * The relationships within one household. The spouses: the head and the spouse when there is
 * one of each; with neither named, two adults (Rock's Adult, Planning Center's non-child) and no
 * more. The parents of each child: the head, the spouse, and the adults when no more than two
 * (a third adult may be a grandparent or a lodger, so none is taken for a parent). Nothing is
 * guessed for a member of another role.
 */
export function householdRelationships(members: readonly HouseholdMember[]): HouseholdRelationship[] {
  const of = (role: FamilyRole) => members.filter((member) => member.role === role)
  const heads = of('head')
  const spouses = of('spouse')
  const adults = of('adult')
  const named = heads.length + spouses.length > 0
  const couple: [HouseholdMember, HouseholdMember] | null = named
    ? heads.length === 1 && spouses.length === 1
      ? [heads[0]!, spouses[0]!]
      : null
    : adults.length === 2
      ? [adults[0]!, adults[1]!]
      : null
  const parents = [...heads, ...spouses, ...(adults.length + heads.length + spouses.length <= 2 ? adults : [])]
  const relationships: HouseholdRelationship[] = []
  if (couple) {
    const [one, other] = couple
    relationships.push({ contactId: one.id, relatedId: other.id, type: relationshipTypeFor('spouse', other.gender) as RelationshipType })
  }
  for (const child of of('child')) {
    for (const parent of parents)
      relationships.push({ contactId: child.id, relatedId: parent.id, type: relationshipTypeFor('parent', parent.gender) as RelationshipType })
  }
  return relationships
}
