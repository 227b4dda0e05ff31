import { eq } from 'drizzle-orm'
import { daysFromToday } from '@crm/domain'
import { teams, transfers } from '../src/db/schema/index'
import { addMember, buildPerson, buildTeam, type TestApp, type TestPerson } from './harness'

// The transfer tests' world (a factory, not a test): a conference with its entity admin, the
// pastor's church and the church they go to.

export interface TransferWorld {
  conference: number
  entity: TestPerson
  /** The from-church, with the pastor as its (primary) owner and a leader. */
  from: number
  pastor: TestPerson
  leader: TestPerson
  /** The to-church, with an owner of its own. */
  to: number
  toOwner: TestPerson
}

export async function buildTransferWorld(t: TestApp, options: { toHasOwner?: boolean } = {}): Promise<TransferWorld> {
  const conference = await buildTeam(t, { kind: 'conference' })
  const entity = await buildPerson(t, { firstName: 'Erin', lastName: 'Entity' })
  await addMember(t, entity.id, conference, 'entity_admin')
  const from = await buildTeam(t, { parentId: conference })
  const to = await buildTeam(t, { parentId: conference })
  const pastor = await buildPerson(t, { firstName: 'Paul', lastName: 'Pastor' })
  const leader = await buildPerson(t)
  const toOwner = await buildPerson(t, { firstName: 'Tess', lastName: 'Toowner' })
  await addMember(t, pastor.id, from, 'owner', { has_wwcc: true })
  await addMember(t, leader.id, from, 'leader', { has_wwcc: true, has_adsafe: true })
  await t.db.update(teams).set({ owner_id: pastor.id }).where(eq(teams.id, from))
  if (options.toHasOwner !== false) {
    await addMember(t, toOwner.id, to, 'owner')
    await t.db.update(teams).set({ owner_id: toOwner.id }).where(eq(teams.id, to))
  }
  return { conference, entity, from, pastor, leader, to, toOwner }
}

/** The create-transfer form of the world, with a date `days` ahead (null: none). */
export function transferForm(w: TransferWorld, days: number | null = 10) {
  return {
    team_id: w.conference,
    from_conference_id: w.conference,
    to_conference_id: w.conference,
    from_team_id: w.from,
    to_team_id: w.to,
    user_id: w.pastor.id,
    date: days === null ? '' : daysFromToday(days),
  }
}

/** An upcoming transfer of the world, written directly (date null: processed by hand). */
export async function insertTransfer(t: TestApp, w: TransferWorld, date: string | null = null): Promise<number> {
  const [row] = await t.db
    .insert(transfers)
    .values({
      from_conference_id: w.conference,
      to_conference_id: w.conference,
      from_team_id: w.from,
      to_team_id: w.to,
      person_id: w.pastor.id,
      created_by_id: w.entity.id,
      date,
    })
    .returning({ id: transfers.id })
  return row!.id
}
