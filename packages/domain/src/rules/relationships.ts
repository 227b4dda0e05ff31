import { parentCarerRelationships } from './contacts'

/**
 * Relationships between contacts (spec 2 §3). A relationship stored on contact A with
 * `related_user_id` B and type T reads "B is A's T": on A's page B is A's father. The other
 * side (B's page) sees the inverse, "A is B's son", and two hops suggest a third (A's
 * mother's husband is likely A's father), offered to confirm or remove.
 */

/** The general relationship choices: the parent or carer list plus the rest of spec 2 §3. */
export const relationshipTypes = [
  ...parentCarerRelationships,
  'husband',
  'wife',
  'partner',
  'spouse',
  'son',
  'daughter',
  'child',
  'grandson',
  'granddaughter',
  'grandchild',
  'nephew',
  'niece',
  'nephew_niece',
  'in_law',
  'relative',
  'friend',
  'coworker',
  'classmate',
  'neighbor',
] as const
export type RelationshipType = (typeof relationshipTypes)[number]

/**
 * What the other side of a guardian is: no spec choice names it, so it is a computed type
 * only (never offered, never stored).
 */
export type ComputedRelationshipType = RelationshipType | 'ward'

/** A relationship without its gender: father, mother and parent are all 'parent'. */
export type RelationshipKind =
  | 'parent'
  | 'child'
  | 'sibling'
  | 'grandparent'
  | 'grandchild'
  | 'uncle_aunt'
  | 'nephew_niece'
  | 'spouse'
  | 'partner'
  | 'guardian'
  | 'ward'
  | 'cousin'
  | 'in_law'
  | 'relative'
  | 'friend'
  | 'coworker'
  | 'classmate'
  | 'neighbor'

/** The gender a word is chosen by: the spec's genders, or unknown. */
export type RelationshipGender = 'male' | 'female' | 'declined' | null | undefined

interface KindWords {
  male: ComputedRelationshipType
  female: ComputedRelationshipType
  neutral: ComputedRelationshipType
}

const same = (word: ComputedRelationshipType): KindWords => ({ male: word, female: word, neutral: word })

/** The words of each kind, by the gender of the person the word describes. */
export const relationshipKindWords: Record<RelationshipKind, KindWords> = {
  parent: { male: 'father', female: 'mother', neutral: 'parent' },
  child: { male: 'son', female: 'daughter', neutral: 'child' },
  sibling: { male: 'brother', female: 'sister', neutral: 'sibling' },
  grandparent: { male: 'grandfather', female: 'grandmother', neutral: 'grandparent' },
  grandchild: { male: 'grandson', female: 'granddaughter', neutral: 'grandchild' },
  uncle_aunt: { male: 'uncle', female: 'aunt', neutral: 'uncle_aunt' },
  nephew_niece: { male: 'nephew', female: 'niece', neutral: 'nephew_niece' },
  spouse: { male: 'husband', female: 'wife', neutral: 'spouse' },
  partner: same('partner'),
  guardian: same('guardian'),
  ward: same('ward'),
  cousin: same('cousin'),
  in_law: same('in_law'),
  relative: same('relative'),
  friend: same('friend'),
  coworker: same('coworker'),
  classmate: same('classmate'),
  neighbor: same('neighbor'),
}

/** The other side of each kind: the parent's other side is the child. */
export const inverseKinds: Record<RelationshipKind, RelationshipKind> = {
  parent: 'child',
  child: 'parent',
  sibling: 'sibling',
  grandparent: 'grandchild',
  grandchild: 'grandparent',
  uncle_aunt: 'nephew_niece',
  nephew_niece: 'uncle_aunt',
  spouse: 'spouse',
  partner: 'partner',
  guardian: 'ward',
  ward: 'guardian',
  cousin: 'cousin',
  in_law: 'in_law',
  relative: 'relative',
  friend: 'friend',
  coworker: 'coworker',
  classmate: 'classmate',
  neighbor: 'neighbor',
}

const kindOfType = new Map<ComputedRelationshipType, RelationshipKind>()
for (const [kind, words] of Object.entries(relationshipKindWords) as Array<[RelationshipKind, KindWords]>) {
  for (const word of [words.male, words.female, words.neutral]) kindOfType.set(word, kind)
}

export function isRelationshipType(value: unknown): value is RelationshipType {
  return typeof value === 'string' && (relationshipTypes as readonly string[]).includes(value)
}

/** The kind of a type: 'father' is 'parent'. */
export function relationshipKindOf(type: ComputedRelationshipType): RelationshipKind {
  return kindOfType.get(type)!
}

/**
 * The word for a kind, gendered by the person it describes where their gender is known
 * (male or female), neutral otherwise.
 */
export function relationshipTypeFor(kind: RelationshipKind, gender: RelationshipGender): ComputedRelationshipType {
  const words = relationshipKindWords[kind]
  return gender === 'male' ? words.male : gender === 'female' ? words.female : words.neutral
}

/**
 * The inverse (spec 2 §3): B is A's `type`, so A is B's … — gendered by A's gender. B being
 * A's father makes A B's son, daughter or child.
 */
export function inverseRelationshipType(type: ComputedRelationshipType, contactGender: RelationshipGender): ComputedRelationshipType {
  return relationshipTypeFor(inverseKinds[relationshipKindOf(type)], contactGender)
}

/**
 * Two hops that make a third: X is A's `first` and Y is X's `second`, so Y is likely A's
 * result. Only the steps a family reads the same way are here; ambiguous ones (a
 * grandparent's child may be a parent or an uncle) suggest nothing.
 */
const inferenceRules: ReadonlyArray<[first: RelationshipKind, second: RelationshipKind, result: RelationshipKind]> = [
  ['parent', 'spouse', 'parent'], // a mother's husband
  ['spouse', 'child', 'child'], // a wife's son
  ['parent', 'parent', 'grandparent'],
  ['child', 'child', 'grandchild'],
  ['parent', 'child', 'sibling'], // a father's daughter
  ['child', 'sibling', 'child'], // a son's sister
  ['sibling', 'sibling', 'sibling'],
  ['sibling', 'parent', 'parent'],
  ['parent', 'sibling', 'uncle_aunt'],
  ['sibling', 'child', 'nephew_niece'],
  ['uncle_aunt', 'child', 'cousin'],
  ['spouse', 'parent', 'in_law'],
  ['spouse', 'sibling', 'in_law'],
  ['sibling', 'spouse', 'in_law'],
  ['child', 'spouse', 'in_law'],
]

const inferenceTable = new Map(inferenceRules.map(([first, second, result]) => [`${first}/${second}`, result]))

/** The kind two hops suggest, or null when they suggest nothing. */
export function inferredRelationshipKind(first: RelationshipKind, second: RelationshipKind): RelationshipKind | null {
  return inferenceTable.get(`${first}/${second}`) ?? null
}

/** One relationship as seen from a person: `otherId` is that person's `type`. */
export interface RelationshipEdge {
  personId: number
  otherId: number
  type: ComputedRelationshipType
}

/** A stored relationship: B (`relatedId`) is A's (`contactId`) `type`. */
export interface StoredRelationship {
  contactId: number
  relatedId: number
  type: RelationshipType
}

/**
 * Every stored relationship seen from both of its people: from A, B is A's type; from B,
 * A is B's inverse type (gendered by A).
 */
export function relationshipEdges(stored: readonly StoredRelationship[], genderOf: (personId: number) => RelationshipGender): RelationshipEdge[] {
  const edges: RelationshipEdge[] = []
  for (const row of stored) {
    edges.push({ personId: row.contactId, otherId: row.relatedId, type: row.type })
    edges.push({ personId: row.relatedId, otherId: row.contactId, type: inverseRelationshipType(row.type, genderOf(row.contactId)) })
  }
  return edges
}

export interface InferredRelationship {
  relatedId: number
  type: ComputedRelationshipType
  /** The person the suggestion goes through. */
  viaId: number
}

/**
 * The relationships of `contactId` that two hops suggest: through every person X related to
 * the contact, every person Y related to X, when the rule table makes something of the two
 * steps. Nobody already related to the contact (either way), the contact itself, nor a
 * person in `dismissed` is suggested; the first path found wins for a person.
 */
export function inferRelationships(
  contactId: number,
  edges: readonly RelationshipEdge[],
  genderOf: (personId: number) => RelationshipGender,
  dismissed: ReadonlySet<number> = new Set(),
): InferredRelationship[] {
  const byPerson = new Map<number, RelationshipEdge[]>()
  for (const edge of edges) {
    const list = byPerson.get(edge.personId) ?? []
    list.push(edge)
    byPerson.set(edge.personId, list)
  }
  const own = byPerson.get(contactId) ?? []
  const related = new Set(own.map((edge) => edge.otherId))
  const found = new Map<number, InferredRelationship>()
  for (const first of own) {
    for (const second of byPerson.get(first.otherId) ?? []) {
      const target = second.otherId
      if (target === contactId || related.has(target) || dismissed.has(target) || found.has(target)) continue
      const kind = inferredRelationshipKind(relationshipKindOf(first.type), relationshipKindOf(second.type))
      if (kind) found.set(target, { relatedId: target, type: relationshipTypeFor(kind, genderOf(target)), viaId: first.otherId })
    }
  }
  return [...found.values()]
}
