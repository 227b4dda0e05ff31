import { randomBytes } from 'node:crypto'
import { count } from 'drizzle-orm'
import type { MembershipRole } from '@crm/domain'
import type { Db } from '../db/client'
import { memberships, ownerRequests, teams } from '../db/schema/index'
import { createAccount } from '../features/auth/signup.service'
import { hashPassword } from '../platform/passwords'
import type { Deps } from '../platform/deps'
import { createInvite } from '../features/teams/teams.service'
import { queueInviteMail } from '../features/teams/invite-links'
import { seedDemoConsents } from './demo-consents'
import { seedDemoContactEvents } from './demo-contact-events'
import { seedDemoContacts } from './demo-contacts'
import { seedDemoEvents } from './demo-events'
import { seedDemoInteractions } from './demo-interactions'
import { seedDemoNotes } from './demo-notes'
import { seedDemoNotifications } from './demo-notifications'
import { seedDemoRelationships } from './demo-relationships'
import { seedDemoTransfers } from './demo-transfers'

/** The demo accounts of the README, by role. */
export const demoAccounts = {
  admin: 'admin@example.org',
  entity: 'entity@example.org',
  owner: 'owner@example.org',
  leader: 'leader@example.org',
  member: 'member@example.org',
  pending: 'pending@example.org',
} as const

/** Invited to Hope Street Church in the demo workspace, with no account yet. */
export const demoInvitee = 'newcomer@example.org'

export interface DemoWorkspace {
  conferenceId: number
  churchIds: [number, number, number]
  groupIds: { youth: number; youngAdults: number; careTeam: number; prayer: number }
  people: Record<keyof typeof demoAccounts, number>
  /** Set when no DEMO_PASSWORD was given: printed once, never stored. */
  generatedPassword: string | undefined
}

const churches = [
  {
    title: 'Hope Street Church',
    description: 'A family church in the inner west with a Saturday service, youth and young adults.',
    address_street: '12 Hope Street',
    address_city: 'Ashfield',
    address_state: 'NSW',
    address_postcode: '2131',
    address_lat: -33.8889,
    address_lng: 151.1248,
  },
  {
    title: 'Riverside Community Church',
    description: 'A community church by the river, known for its health programs and food bank.',
    address_street: '48 River Road',
    address_city: 'Parramatta',
    address_state: 'NSW',
    address_postcode: '2150',
    address_lat: -33.8151,
    address_lng: 151.0011,
  },
  {
    title: 'Harbour Hospital Chaplaincy',
    description: 'Chaplains caring for patients, families and staff.',
    address_street: '1 Harbour Drive',
    address_city: 'Sydney',
    address_state: 'NSW',
    address_postcode: '2000',
    address_lat: -33.8617,
    address_lng: 151.2108,
  },
]

export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(teams)
  return (row?.n ?? 0) === 0
}

/**
 * The demo workspace: a conference with three churches, public and private groups, and
 * one account for each role, all with DEMO_PASSWORD (or one random password).
 */
export async function seedDemoWorkspace(db: Db, deps: Pick<Deps, 'config' | 'now'>, demoPassword: string | undefined): Promise<DemoWorkspace> {
  const generatedPassword = demoPassword ? undefined : randomBytes(12).toString('base64url')
  const password = demoPassword ?? generatedPassword!
  const passwordHash = await hashPassword(password)

  return db.transaction(async (tx) => {
    const person = (firstName: string, lastName: string, email: string, siteRole?: 'admin') =>
      createAccount(tx, deps.now(), { firstName, lastName, email, password, verified: true, siteRole: siteRole ?? null }, passwordHash)

    const people = {
      admin: await person('Alex', 'Admin', demoAccounts.admin, 'admin'),
      entity: await person('Erin', 'Entity', demoAccounts.entity),
      owner: await person('Olivia', 'Owner', demoAccounts.owner),
      leader: await person('Liam', 'Leader', demoAccounts.leader),
      member: await person('Mia', 'Member', demoAccounts.member),
      pending: await person('Parker', 'Pending', demoAccounts.pending),
    }

    const [conference] = await tx
      .insert(teams)
      .values({
        kind: 'conference',
        title: 'Demo Conference',
        description: 'The churches and chaplaincies of the demo region.',
        address_city: 'Sydney',
        address_state: 'NSW',
        address_country: 'AU',
        address_lat: -33.8688,
        address_lng: 151.2093,
        acms_id: 'DEMO',
      })
      .returning({ id: teams.id })
    const churchIds = [] as unknown as [number, number, number]
    for (const [index, church] of churches.entries()) {
      const [row] = await tx
        .insert(teams)
        .values({
          kind: 'team',
          parent_id: conference!.id,
          ...church,
          address_country: 'AU',
          address_formatted: `${church.address_street}, ${church.address_city} ${church.address_state} ${church.address_postcode}`,
          acms_id: `DEMO-${index + 1}`,
          owner_id: index === 0 ? people.owner : null,
          settings: { public_notes: true, time_zone: 'Australia/Sydney', default_country: 'AU' },
        })
        .returning({ id: teams.id })
      churchIds.push(row!.id)
    }
    const [hope, riverside] = churchIds

    const group = async (title: string, isPublic: boolean, ownerId: number, isolated = false) => {
      const [row] = await tx
        .insert(teams)
        .values({
          kind: 'group',
          parent_id: hope,
          title,
          is_public: isPublic,
          owner_id: ownerId,
          isolated_owner_id: isolated ? ownerId : null,
        })
        .returning({ id: teams.id })
      return row!.id
    }
    const groupIds = {
      youth: await group('Youth', true, people.leader),
      youngAdults: await group('Young Adults', true, people.owner),
      careTeam: await group('Pastoral Care Team', false, people.owner),
      prayer: await group('Prayer Ministry', false, people.member),
    }

    const join = (personId: number, teamId: number, role: MembershipRole, checks = false) =>
      tx.insert(memberships).values({ person_id: personId, team_id: teamId, role, has_wwcc: checks, has_adsafe: checks })
    await join(people.entity, conference!.id, 'entity_admin', true)
    await join(people.owner, hope, 'owner', true)
    await join(people.leader, hope, 'leader', true)
    await join(people.leader, riverside, 'member', true)
    await join(people.member, hope, 'member')
    await join(people.pending, hope, 'member_request')
    // Riverside has no owner: Parker asks to become its owner, so /team/owner-requests has one to decide.
    await tx.insert(ownerRequests).values({ person_id: people.pending, team_id: riverside! })
    await join(people.leader, groupIds.youth, 'owner', true)
    await join(people.owner, groupIds.youngAdults, 'owner', true)
    await join(people.owner, groupIds.careTeam, 'owner', true)
    await join(people.leader, groupIds.careTeam, 'leader', true)
    await join(people.member, groupIds.prayer, 'owner')
    await join(people.member, groupIds.youth, 'member')
    await seedDemoContacts(tx, { churchIds, groupIds, people, now: deps.now() })
    await seedDemoInteractions(tx, { conferenceId: conference!.id, churchIds, people, now: deps.now() })
    await seedDemoNotes(tx, { hopeId: hope!, people, password })
    await seedDemoRelationships(tx, { hopeId: hope!, people, now: deps.now() })
    await seedDemoContactEvents(tx, { hopeId: hope!, people, now: deps.now() })
    await seedDemoConsents(tx, { hopeId: hope!, people, now: deps.now() })
    await seedDemoEvents(tx, { hopeId: hope!, people, now: deps.now(), timeZone: 'Australia/Sydney' })
    await seedDemoNotifications(tx, { conferenceId: conference!.id, hopeId: hope!, people, now: deps.now() })
    await seedDemoTransfers(tx, { conferenceId: conference!.id, hopeId: hope!, riversideId: riverside!, people, now: deps.now() })

    // Two open invites, mailed to the outbox (/dev/mail): one for a newcomer, one for the leader.
    const invite = async (email: string, firstName: string, lastName: string, teamId: number, teamTitle: string, role: 'member' | 'leader') => {
      const created = await createInvite(tx, deps, { teamId, invitedById: people.owner, email, firstName, lastName, role })
      await queueInviteMail(tx, deps, {
        id: created.id,
        created_at: created.createdAt,
        email,
        first_name: firstName,
        last_name: lastName,
        team_title: teamTitle,
        invited_by_name: 'Olivia Owner',
        existing: created.existing,
      })
    }
    await invite(demoInvitee, 'Nora', 'Newcomer', hope, churches[0]!.title, 'member')
    await invite(demoAccounts.leader, 'Liam', 'Leader', churchIds[2], churches[2]!.title, 'leader')

    return { conferenceId: conference!.id, churchIds, groupIds, people, generatedPassword }
  })
}
