import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Reaction, StoredInteractionType } from '@crm/domain'
import { refreshInteractionReadModel } from '../platform/read-model'
import type { Executor } from '../db/client'
import { assignments, interactionPeople, interactions, people, teamContacts } from '../db/schema/index'
import { instantIn, todayIn } from '../features/interactions/interaction-view'
import { generator } from './demo-contacts'

export interface DemoInteractionsInput {
  conferenceId: number
  /** Hope Street and Riverside: the churches whose follow-up the demo shows. */
  churchIds: readonly [number, number, number]
  people: { owner: number; leader: number; member: number }
  now: Date
}

type InteractionInsert = typeof interactions.$inferInsert

const dayMs = 24 * 3_600_000
const timeZone = 'Australia/Sydney'

const notes: Partial<Record<StoredInteractionType, readonly string[]>> = {
  visit: [
    'Visited at home; met the family over a cup of tea.',
    'Dropped in after the service to see how they are settling in.',
    'Home visit: talked about work and the kids. Very welcoming.',
    'Visited in hospital; recovering well and grateful for the visit.',
  ],
  'phone-call': [
    'Called to check in after last week.',
    'Phoned to invite them to the community lunch.',
    'Quick call: they are away until the end of the month.',
  ],
  message: [
    'Sent a text with the service times.',
    'Messaged a reminder about Bible study on Thursday.',
    'WhatsApp: shared the link to the youth camp sign-up.',
  ],
  'share-literature': ['Gave a copy of Steps to Christ.', 'Left the Discover guide booklet and a health magazine.'],
  prayer_request: ['Asked for prayer for their mother’s surgery.', 'Prayer for a new job after being made redundant.'],
  prayer_answer: ['The surgery went well: thanking God together.', 'Started the new job this week; answered prayer.'],
  'bible-study': ['Good discussion; many questions about the reading.', 'Read the passage together and prayed.', 'Short study, they were tired after work.'],
}

/**
 * Realistic follow-up for the demo (issue 12 item 2): completed visits, calls, messages,
 * literature and prayers over the past year, Bible studies worked through lesson by lesson
 * with reactions, overdue and upcoming interactions, others present, and contacts with none,
 * so every interaction filter of the contacts list and the Interactions tab shows something.
 */
export async function seedDemoInteractions(tx: Executor, demo: DemoInteractionsInput): Promise<{ count: number }> {
  const random = generator(20_261_124)
  const { now } = demo
  const [hope, riverside] = demo.churchIds
  const held = await tx
    .select({ person_id: teamContacts.person_id, team_id: teamContacts.team_id, grow_phase: people.grow_phase, consent_type: people.consent_type })
    .from(teamContacts)
    .innerJoin(people, eq(people.id, teamContacts.person_id))
    .where(
      and(
        inArray(teamContacts.team_id, [hope, riverside]),
        eq(teamContacts.is_owner, true),
        eq(teamContacts.state, 'active'),
        isNull(teamContacts.archived_at),
      ),
    )
    .orderBy(teamContacts.person_id)
  const assigned = await tx.select({ contact_id: assignments.contact_id, team_id: assignments.team_id, to: assignments.to_person_id }).from(assignments)
  const assigneeOf = new Map(assigned.map((row) => [`${row.team_id}/${row.contact_id}`, row.to]))

  const rows: InteractionInsert[] = []
  const present: Array<{ index: number; person_id: number }> = []
  const at = (daysFromNow: number) => {
    const moment = new Date(now.getTime() + daysFromNow * dayMs)
    const date = todayIn(moment, timeZone)
    const time = `${String(random.int(9, 19)).padStart(2, '0')}:${random.pick(['00', '15', '30', '45'])}`
    return { date, time, occurs_at: instantIn(date, time, timeZone) }
  }

  held.forEach((contact, position) => {
    // No follow-up for a minor without consent on record (spec 1 §1).
    if (contact.consent_type === null && random.chance(0.5)) return
    // One in five has had no interaction at all (the 'none' filter).
    if (random.chance(0.2)) return
    const by =
      assigneeOf.get(`${contact.team_id}/${contact.person_id}`) ??
      (contact.team_id === hope ? random.pick([demo.people.owner, demo.people.leader, demo.people.leader, demo.people.member]) : demo.people.leader)
    const base = {
      contact_id: contact.person_id,
      team_id: contact.team_id,
      conference_id: demo.conferenceId,
      author_id: by,
      by_person_id: by,
      grow_phase: contact.grow_phase,
    }
    // How long ago the last completed interaction was: spread over the 1, 3 and 6 months filters.
    const lastDaysAgo = random.weighted([
      [random.int(1, 25), 4],
      [random.int(35, 85), 3],
      [random.int(95, 175), 2],
      [random.int(190, 360), 2],
    ] as const)
    const completed = random.int(1, 5)
    for (let i = 0; i < completed; i++) {
      const type = random.weighted<StoredInteractionType>([
        ['visit', 3],
        ['phone-call', 4],
        ['message', 4],
        ['share-literature', 1],
        ['prayer_request', 1],
        ['prayer_answer', 1],
        ['other', 1],
      ])
      const when = at(-(lastDaysAgo + i * random.int(7, 40)))
      const index = rows.length
      rows.push({
        ...base,
        ...when,
        type,
        type_other: type === 'other' ? random.pick(['Coffee catch-up', 'Community lunch', 'Helped with moving house']) : null,
        content: random.chance(0.85) ? random.pick(notes[type] ?? ['Caught up after church.']) : null,
        is_completed: true,
        completed_at: when.occurs_at,
      })
      // A visit with someone else of the family or neighbourhood present.
      const other = held[position + 1]
      if (type === 'visit' && other && other.team_id === contact.team_id && random.chance(0.3)) present.push({ index, person_id: other.person_id })
    }
    // Some planned interactions were missed (overdue); others are coming up.
    if (random.chance(0.12))
      rows.push({ ...base, ...at(-random.int(2, 20)), type: random.pick(['visit', 'phone-call'] as const), content: 'Planned follow-up.', is_completed: false })
    if (random.chance(0.18))
      rows.push({ ...base, ...at(random.int(1, 21)), type: random.pick(['visit', 'phone-call', 'bible-study'] as const), content: null, is_completed: false })
  })
  // The upcoming Bible studies above need a lesson.
  for (const row of rows) if (row.type === 'bible-study' && !row.bible_study) row.bible_study = 'discover-1'

  // Bible studies: some contacts work through a series, a lesson a week, with reactions.
  const students = held.filter((contact) => contact.consent_type !== null).filter(() => random.chance(0.12))
  for (const student of students) {
    const by = assigneeOf.get(`${student.team_id}/${student.person_id}`) ?? demo.people.leader
    const series = random.weighted([
      ['discover', 3],
      ['foundations', 1],
      ['gospels', 1],
    ] as const)
    const lessons = series === 'discover' ? 12 : 6
    const done = random.int(1, lessons)
    const start = done * 7 + random.int(0, 20)
    for (let lesson = 1; lesson <= done; lesson++) {
      const when = at(-(start - (lesson - 1) * 7))
      rows.push({
        contact_id: student.person_id,
        team_id: student.team_id,
        conference_id: demo.conferenceId,
        author_id: by,
        by_person_id: by,
        grow_phase: student.grow_phase,
        ...when,
        type: 'bible-study',
        bible_study: `${series}-${lesson}`,
        reaction: random.weighted<Reaction>([
          ['happy', 6],
          ['neutral', 3],
          ['unhappy', 1],
        ]),
        content: random.chance(0.6) ? random.pick(notes['bible-study']!) : null,
        is_completed: true,
        completed_at: when.occurs_at,
      })
    }
    // The next lesson is planned for next week.
    if (done < lessons) {
      rows.push({
        contact_id: student.person_id,
        team_id: student.team_id,
        conference_id: demo.conferenceId,
        author_id: by,
        by_person_id: by,
        grow_phase: student.grow_phase,
        ...at(7 - random.int(0, 3)),
        type: 'bible-study',
        bible_study: `${series}-${done + 1}`,
        is_completed: false,
      })
    }
    if (random.chance(0.2)) {
      const when = at(-random.int(30, 200))
      rows.push({
        contact_id: student.person_id,
        team_id: student.team_id,
        conference_id: demo.conferenceId,
        author_id: by,
        by_person_id: by,
        grow_phase: student.grow_phase,
        ...when,
        type: 'bible-study',
        bible_study: 'other',
        bible_study_other: random.pick(['Daniel and Revelation', 'The Book of Ruth']),
        reaction: 'happy',
        is_completed: true,
        completed_at: when.occurs_at,
      })
    }
  }

  if (rows.length === 0) return { count: 0 }
  const ids: number[] = []
  // In slices: one statement's parameters stay well under PostgreSQL's limit.
  for (let start = 0; start < rows.length; start += 500) {
    const inserted = await tx
      .insert(interactions)
      .values(rows.slice(start, start + 500))
      .returning({ id: interactions.id })
    ids.push(...inserted.map((row) => row.id))
  }
  if (present.length > 0) await tx.insert(interactionPeople).values(present.map((entry) => ({ interaction_id: ids[entry.index]!, person_id: entry.person_id })))
  await refreshInteractionReadModel(tx, [...new Set(held.map((contact) => contact.person_id))], now)
  // The assignments came a day to five before the assignee's first visit or call, so the
  // reports' response time has follow-ups to measure: dated at the seed, every follow-up would
  // come before its assignment and the figure would read as none. Moving created_at makes the
  // assignments' trigger work out each follow-up again (migration 0028).
  await tx.execute(sql`
    update assignments a set created_at = f.first_at - make_interval(days => 1 + a.id % 5)
    from (
      select a2.id, min(coalesce(i.completed_at, i.occurs_at)) as first_at
      from assignments a2
      join interactions i on i.contact_id = a2.contact_id and i.team_id = a2.team_id and i.by_person_id = a2.to_person_id and i.is_completed
      where a2.team_id in (${hope}, ${riverside})
      group by a2.id
    ) f
    where a.id = f.id`)
  return { count: rows.length }
}
