import { isSourceRequired, parsePhone, type ConsentType, type Gender, type GrowPhase } from '@crm/domain'
import type { PgInsertValue } from 'drizzle-orm/pg-core'
import { readModelOf } from '../platform/read-model'
import type { Executor } from '../db/client'
import { assignments, groupContacts, people, teamContacts } from '../db/schema/index'
import { femaleNames, lastNames, maleNames, sources, streets, suburbs } from './demo-words'

export interface DemoContactsInput {
  churchIds: readonly [number, number, number]
  groupIds: { youth: number; youngAdults: number }
  people: { owner: number; leader: number; member: number; entity: number }
  now: Date
}

export interface DemoContacts {
  /** Contacts per church, in the order of churchIds. */
  counts: [number, number, number]
}

// The same workspace on every start: a small seeded generator instead of Math.random.
export function generator(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    weighted: <T>(items: ReadonlyArray<readonly [T, number]>): T => {
      let roll = next() * items.reduce((sum, [, weight]) => sum + weight, 0)
      for (const [item, weight] of items) {
        roll -= weight
        if (roll < 0) return item
      }
      return items[items.length - 1]![0]
    },
  }
}

const memberStatuses = [
  ['member', 30],
  ['church-attendee', 15],
  ['lead-visited', 10],
  ['lead-unvisited', 10],
  ['study-in-person', 8],
  ['study-correspondence', 5],
  ['event-interest', 8],
  ['baptismal-candidate', 5],
  ['former-member', 5],
  ['not-interested', 4],
] as const
const growPhases = [
  ['prepare', 2],
  ['plant', 2],
  ['cultivate', 3],
  ['harvest', 2],
  ['preserve', 1],
  [null, 2],
] as const
const religions = [
  'adventist',
  'catholic',
  'anglican',
  'uniting',
  'baptist',
  'pentecostal',
  'orthodox',
  'buddhism',
  'hinduism',
  'islam',
  'none',
  'none',
] as const
const parentRelationships = ['mother', 'father', 'mother', 'father', 'guardian', 'grandmother', 'aunt'] as const

type PersonInsert = typeof people.$inferInsert
// The read model's member-status rank is computed in SQL, from the stored lookup order.
type TeamContactInsert = PgInsertValue<typeof teamContacts>
type Church = keyof typeof suburbs

const dayMs = 86_400_000

/**
 * A few hundred contacts across the demo's three churches (seedDemoWorkspace): Australian
 * names and Sydney addresses, every member status, source and grow phase, children with a
 * parent or carer and their verbal consent, archived contacts, assignments to the leader
 * and the member, the Youth and Young Adults groups, and contacts shared between Hope
 * Street and Riverside (one awaiting the owner's approval). Set-based inserts, with the
 * read model written as the contacts service writes it.
 */
export async function seedDemoContacts(tx: Executor, demo: DemoContactsInput): Promise<DemoContacts> {
  const random = generator(20_261_121)
  const now = demo.now
  const [hope, riverside, harbour] = demo.churchIds
  const plan: Array<{ church: Church; teamId: number; count: number; addedBy: number }> = [
    { church: 'hope', teamId: hope, count: 200, addedBy: demo.people.owner },
    { church: 'riverside', teamId: riverside, count: 90, addedBy: demo.people.leader },
    { church: 'harbour', teamId: harbour, count: 50, addedBy: demo.people.entity },
  ]

  const rows: Array<{ person: PersonInsert; teamId: number; church: Church; age: number | null; addedBy: number }> = []
  let n = 0
  for (const { church, teamId, count, addedBy } of plan) {
    for (let i = 0; i < count; i++) {
      n += 1
      const gender: Gender = random.weighted([
        ['female', 48],
        ['male', 48],
        ['declined', 4],
      ] as const)
      const first = gender === 'male' ? random.pick(maleNames) : gender === 'female' ? random.pick(femaleNames) : random.pick([...maleNames, ...femaleNames])
      const last = random.pick(lastNames)
      // About one in eight is a child; the chaplaincy has fewer.
      const bracket = random.weighted([
        ['child', church === 'harbour' ? 4 : 13],
        ['young', 15],
        ['adult', 62],
        ['unknown', 8],
      ] as const)
      const age = bracket === 'child' ? random.int(2, 17) : bracket === 'young' ? random.int(18, 25) : bracket === 'adult' ? random.int(26, 88) : null
      const dobMonth = random.int(1, 12)
      // Born in dobMonth of the year that makes them `age` now.
      const dobYear = age === null ? null : now.getFullYear() - age - (dobMonth > now.getMonth() + 1 ? 1 : 0)
      const isChild = age !== null && age < 18
      const memberStatus = isChild ? random.pick(['church-attendee', 'member', 'event-interest'] as const) : random.weighted(memberStatuses)
      const source = isSourceRequired(memberStatus) || random.chance(0.5) ? random.pick(sources) : null
      const [suburb, postcode, lat, lng] = random.pick<readonly [string, string, number, number]>(suburbs[church])
      const hasAddress = random.chance(0.85)
      const street = `${random.int(1, 220)} ${random.pick(streets)}`
      const slug = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '')
      const hasEmail = isChild ? age >= 14 && random.chance(0.3) : random.chance(0.8)
      const hasPhone = isChild ? age >= 14 && random.chance(0.3) : random.chance(0.75)
      const consent: ConsentType | null = isChild
        ? random.chance(0.75)
          ? 'verbal'
          : null
        : random.weighted([
            ['direct', 5],
            ['verbal', 2],
            [null, 3],
          ] as const)
      const consentDate = consent ? new Date(now.getTime() - random.int(5, 500) * dayMs).toISOString().slice(0, 10) : null
      const parent = isChild
        ? { first: random.pick(random.chance(0.5) ? femaleNames : maleNames), relationship: random.pick(parentRelationships), byPhone: random.chance(0.6) }
        : null
      rows.push({
        church,
        teamId,
        age,
        addedBy,
        person: {
          first_name: first,
          last_name: last,
          gender,
          dob_year: dobYear,
          dob_month: age === null ? null : dobMonth,
          email: hasEmail ? `${slug}${n}@example.com` : null,
          email_is_verified: hasEmail && random.chance(0.4),
          phone: hasPhone ? australianMobile(random) : null,
          religion: random.chance(0.6) ? random.pick(religions) : null,
          marital_status:
            isChild || age === null
              ? null
              : random.weighted([
                  ['single', 4],
                  ['married', 5],
                  ['widowed', 1],
                  ['divorced', 1],
                  ['separated', 1],
                ] as const),
          member_status: memberStatus,
          source,
          grow_phase: random.weighted(growPhases) as GrowPhase | null,
          social: random.chance(0.15)
            ? { facebook: `https://www.facebook.com/${slug}${n}` }
            : random.chance(0.1)
              ? { instagram: `https://www.instagram.com/${slug}${n}` }
              : {},
          ...(hasAddress
            ? {
                address_street: street,
                address_city: suburb,
                address_state: 'NSW',
                address_postcode: postcode,
                address_country: 'AU',
                address_formatted: `${street}, ${suburb} NSW ${postcode}, Australia`,
                address_lat: round(lat + (random.next() - 0.5) * 0.02),
                address_lng: round(lng + (random.next() - 0.5) * 0.02),
              }
            : {}),
          is_visitor: random.chance(0.1),
          expect_follow_up: random.chance(0.3),
          expect_follow_up_completed: random.chance(0.1),
          expect_bible_study: random.chance(0.2),
          expect_baptism: random.chance(0.08),
          parent_carer_first_name: parent?.first ?? null,
          parent_carer_last_name: parent ? last : null,
          parent_carer_relationship: parent?.relationship ?? null,
          parent_carer_email: parent && !parent.byPhone ? `${parent.first.toLowerCase()}.${slug.split('.')[1]}${n}@example.com` : null,
          parent_carer_phone: parent?.byPhone ? australianMobile(random) : null,
          consent_type: consent,
          consent_date: consentDate,
          consent_content:
            consent === 'verbal'
              ? parent
                ? `${parent.first} (${parent.relationship}) agreed by phone to Bible studies, group activities and phone calls.`
                : 'Agreed in person to be contacted about Bible studies and church activities.'
              : consent === 'direct'
                ? 'Consent form completed online.'
                : null,
          created_by_id: addedBy,
        },
      })
    }
  }

  const inserted = await tx
    .insert(people)
    .values(rows.map((row) => row.person))
    .returning({ id: people.id })
  const contacts = rows.map((row, index) => ({ ...row, id: inserted[index]!.id }))
  const readModel = (person: PersonInsert) =>
    readModelOf({
      first_name: person.first_name,
      last_name: person.last_name ?? '',
      email: person.email ?? null,
      phone: person.phone ?? null,
      gender: person.gender ?? null,
      member_status: person.member_status ?? null,
      grow_phase: person.grow_phase ?? null,
      source: person.source ?? null,
      dob_year: person.dob_year ?? null,
      dob_month: person.dob_month ?? null,
    })

  const holdings: TeamContactInsert[] = []
  for (const contact of contacts) {
    const created = new Date(now.getTime() - random.int(1, 730) * dayMs - random.int(0, 86_399) * 1000)
    // Archived within the last ten months: the retention job (12 months) leaves the demo's alone.
    const archivedAt = Math.max(now.getTime() - 300 * dayMs, created.getTime() + random.int(30, 400) * dayMs)
    const archived = random.chance(0.06) ? new Date(Math.min(now.getTime() - dayMs, archivedAt)) : null
    holdings.push({
      team_id: contact.teamId,
      person_id: contact.id,
      // A few of the chaplaincy's contacts have no owner yet (take ownership).
      is_owner: !(contact.church === 'harbour' && random.chance(0.08)),
      state: 'active',
      added_by_id: contact.addedBy,
      created_at: created,
      access_from: created,
      archived_at: archived,
      ...readModel(contact.person),
    })
  }

  // Hope Street shares some adults with Riverside; Riverside asks for one more.
  const hopeAdults = contacts.filter((contact, index) => contact.church === 'hope' && (contact.age ?? 0) >= 18 && !holdings[index]!.archived_at)
  const shared = hopeAdults.slice(0, 6)
  const requested = hopeAdults[6]!
  for (const contact of shared) {
    holdings.push({
      team_id: riverside,
      person_id: contact.id,
      is_owner: false,
      state: 'active',
      added_by_id: demo.people.leader,
      ...readModel(contact.person),
    })
  }
  holdings.push({
    team_id: riverside,
    person_id: requested.id,
    is_owner: false,
    state: 'awaiting_approval',
    requested_by_id: demo.people.leader,
    added_by_id: demo.people.leader,
    ...readModel(requested.person),
  })
  await tx.insert(teamContacts).values(holdings)

  const hopeActive = contacts.filter((contact, index) => contact.church === 'hope' && !holdings[index]!.archived_at)
  const youth = hopeActive.filter((contact) => contact.age !== null && contact.age >= 12 && contact.age <= 25 && random.chance(0.7))
  const youngAdults = hopeActive.filter((contact) => contact.age !== null && contact.age >= 18 && contact.age <= 30 && random.chance(0.6))
  await tx
    .insert(groupContacts)
    .values([
      ...youth.map((contact) => ({ group_id: demo.groupIds.youth, person_id: contact.id, added_by_id: demo.people.leader })),
      ...youngAdults.map((contact) => ({ group_id: demo.groupIds.youngAdults, person_id: contact.id, added_by_id: demo.people.owner })),
    ])

  // The leader follows up 15 people, the member 10 (two of them children: the child data gate).
  const hopeChildren = hopeActive.filter((contact) => contact.age !== null && contact.age < 18)
  const hopeGrown = hopeActive.filter((contact) => contact.age === null || contact.age >= 18)
  const forLeader = [...hopeGrown.slice(10, 23), ...hopeChildren.slice(0, 2)]
  const forMember = [...hopeGrown.slice(30, 38), ...hopeChildren.slice(2, 4), ...youth.filter((contact) => (contact.age ?? 0) >= 18).slice(0, 1)]
  const riversideActive = contacts.filter((contact, index) => contact.church === 'riverside' && !holdings[index]!.archived_at)
  const assign = (teamId: number, to: number, by: number) => (contact: { id: number }) => ({
    team_id: teamId,
    contact_id: contact.id,
    to_person_id: to,
    by_person_id: by,
  })
  await tx
    .insert(assignments)
    .values([
      ...forLeader.map(assign(hope, demo.people.leader, demo.people.owner)),
      ...forMember.map(assign(hope, demo.people.member, demo.people.owner)),
      ...riversideActive.slice(0, 5).map(assign(riverside, demo.people.leader, demo.people.leader)),
    ])
    .onConflictDoNothing()

  const counts = plan.map(({ church }) => contacts.filter((contact) => contact.church === church).length) as [number, number, number]
  return { counts }
}

/** An Australian mobile number in E.164 (04xx xxx xxx, with a prefix in use). */
function australianMobile(random: ReturnType<typeof generator>): string {
  const number = `+614${random.pick(['0', '1', '2', '3', '6'])}${String(random.int(0, 9_999_999)).padStart(7, '0')}`
  return parsePhone(number) ? number : '+61412345678'
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6
}
