import { ageFrom, genderOfCell, isChild } from './contacts'
import { dateOfImportCell, type DateOrder } from './import-dates'
import { relationshipKindOf, relationshipTypeFor, type RelationshipGender, type RelationshipType } from './relationships'

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

/** A person of an export and their relationships' side of a household: the gender words the relationships. */
export interface HouseholdPerson {
  id: number
  gender: RelationshipGender
}

/** A person's household in an export: the id shared by its members, and the role that makes its relationships again. */
export interface ExportedHousehold {
  householdId: string
  role: Exclude<FamilyRole, 'other'>
}

/** A relationship as a household sees it: two spouses, or a child and a parent, whichever way it was entered. */
function householdKeyOf(relationship: { contactId: number; relatedId: number; type: RelationshipType }): string | null {
  const kind = relationshipKindOf(relationship.type)
  const { contactId: a, relatedId: b } = relationship
  if (kind === 'spouse') return `spouse:${Math.min(a, b)}:${Math.max(a, b)}`
  if (kind === 'parent') return `parent:${a}:${b}`
  if (kind === 'child') return `parent:${b}:${a}`
  return null
}

/**
 * The households of an export (issue 41 item 5), the inverse of householdRelationships: the
 * people joined by spouse and parent-and-child relationships are one household, and each gets
 * the role from which an import makes exactly those relationships again: the spouses are the
 * head and the spouse, the other parents adults, the children children. A household an import
 * would make otherwise (three generations, a child with one of two adults for a parent, a second
 * couple) gets no household: its relationships travel in the export's relationship list only.
 * The household's id is its head's: the same household of another team's export has the same
 * head, so a round trip gives back the same file.
 */
export function exportedHouseholds(
  people: readonly HouseholdPerson[],
  relationships: ReadonlyArray<{ contactId: number; relatedId: number; type: RelationshipType }>,
): Map<number, ExportedHousehold> {
  const genderOf = new Map(people.map((person) => [person.id, person.gender]))
  const keys = new Set<string>()
  const root = new Map<number, number>()
  const find = (id: number): number => {
    let top = id
    while (root.get(top) !== top) top = root.get(top)!
    root.set(id, top)
    return top
  }
  for (const relationship of relationships) {
    const key = householdKeyOf(relationship)
    if (key === null || relationship.contactId === relationship.relatedId) continue
    if (!genderOf.has(relationship.contactId) || !genderOf.has(relationship.relatedId)) continue
    keys.add(key)
    for (const id of [relationship.contactId, relationship.relatedId]) if (!root.has(id)) root.set(id, id)
    const [one, other] = [find(relationship.contactId), find(relationship.relatedId)]
    if (one !== other) root.set(Math.max(one, other), Math.min(one, other))
  }
  const members = new Map<number, number[]>()
  for (const id of [...root.keys()].sort((a, b) => a - b)) members.set(find(id), [...(members.get(find(id)) ?? []), id])

  const households = new Map<number, ExportedHousehold>()
  for (const ids of members.values()) {
    const inHousehold = [...keys].filter((key) => ids.includes(Number(key.split(':')[1])))
    const children = new Set(inHousehold.filter((key) => key.startsWith('parent:')).map((key) => Number(key.split(':')[1])))
    const couples = inHousehold.filter((key) => key.startsWith('spouse:')).map((key) => key.split(':').slice(1).map(Number))
    const roles = new Map<number, HouseholdMember['role']>(ids.map((id) => [id, children.has(id) ? 'child' : 'adult']))
    if (couples.length === 1) {
      roles.set(couples[0]![0]!, 'head')
      roles.set(couples[0]![1]!, 'spouse')
    } else if (couples.length === 0) {
      // A lone parent, or two adults who are not a couple: naming a head keeps an import from pairing them.
      const first = ids.find((id) => roles.get(id) === 'adult')
      if (first !== undefined) roles.set(first, 'head')
    }
    const made = householdRelationships(ids.map((id) => ({ id, role: roles.get(id)!, gender: genderOf.get(id) })))
    const madeKeys = new Set(made.map(householdKeyOf))
    if (madeKeys.size !== inHousehold.length || inHousehold.some((key) => !madeKeys.has(key))) continue
    const head = ids.find((id) => roles.get(id) === 'head') ?? ids[0]!
    for (const id of ids) households.set(id, { householdId: String(head), role: roles.get(id) as ExportedHousehold['role'] })
  }
  return households
}

type ParentColumns = 'household_id' | 'family_role' | 'first_name' | 'last_name' | 'gender' | 'email' | 'phone' | 'dob'
type ParentCarerColumns = 'parent_carer_first_name' | 'parent_carer_last_name' | 'parent_carer_relationship' | 'parent_carer_email' | 'parent_carer_phone'
type HouseholdRow = Partial<Record<ParentColumns | ParentCarerColumns, string>>

/** The household's adults as a child's parent or carer is taken from them: the head, the spouse, then the other adults. */
const parentOrder: Partial<Record<FamilyRole, number>> = { head: 0, spouse: 1, adult: 2 }

/**
 * A household's children get their parent or carer from the file (issue 41 item 4): the
 * systems' family exports list a child's parents as the household's adults rather than in
 * columns of the child's own row, and a child is kept only with a parent or carer to reach
 * (spec 2 §5). A child of a household (by its role, and under 18 by its birth date, read in the
 * team's `order`) whose row names no parent or carer gets the household's first adult who can
 * be reached (an email or a phone): their name, email and phone, and mother, father or parent
 * by their gender. A row that names one keeps its own; an adult's row is left as it is.
 */
export function withHouseholdParents<R extends HouseholdRow>(rows: readonly R[], at: { order: DateOrder; now: Date }): R[] {
  // Each household's parent to be: its reachable adult of the first role, the first in the file of them.
  const parents = new Map<string, { row: R; rank: number }>()
  for (const row of rows) {
    const household = row.household_id?.trim()
    const rank = parentOrder[familyRoleOfCell(row.family_role ?? '')]
    if (!household || rank === undefined || !(row.email?.trim() || row.phone?.trim())) continue
    const known = parents.get(household)
    if (!known || rank < known.rank) parents.set(household, { row, rank })
  }
  return rows.map((row) => {
    const parent = parents.get(row.household_id?.trim() ?? '')?.row
    if (!parent || familyRoleOfCell(row.family_role ?? '') !== 'child' || row.parent_carer_first_name?.trim()) return row
    if (!isChild(ageOfCell(row.dob ?? '', at))) return row
    const gender = genderOfCell(parent.gender ?? '')
    const filled: HouseholdRow = {
      parent_carer_first_name: parent.first_name,
      parent_carer_last_name: parent.last_name,
      parent_carer_relationship: gender === 'female' ? 'mother' : gender === 'male' ? 'father' : 'parent',
      parent_carer_email: parent.email,
      parent_carer_phone: parent.phone,
    }
    // Only what the adult's row has: a blank is not sent as a value.
    return { ...row, ...Object.fromEntries(Object.entries(filled).filter(([, value]) => value?.trim())) }
  })
}

/** The age a birth date cell gives (a full date, or a year and month), if it reads as one. */
function ageOfCell(text: string, at: { order: DateOrder; now: Date }): number | undefined {
  const month = /^(\d{4})-(\d{1,2})$/.exec(text.trim())
  if (month) return ageFrom(Number(month[1]), Number(month[2]), at.now)
  const cell = dateOfImportCell(text, at.order, at.now)
  return 'date' in cell ? ageFrom(cell.date.year, cell.date.month, at.now) : undefined
}
