import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { accounts, missedInteractionRules, notifications, ruleDeliveries, teamContacts, unassignedContactRules } from '../../db/schema/index'
import { addMember, body, buildPerson, createTestApp, mailTo, type TestApp } from '../../../test/harness'
import { assignContact, bornYearsAgo, buildChurch, buildContact, get } from '../../../test/contact-factories'
import { startSession } from '../auth/auth.service'
import { runMissedInteractionRules, runUnassignedContactsRules } from './rules.jobs'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const day = 86_400_000
const missedRun = () => runMissedInteractionRules(t.app.deps)
const unassignedRun = () => runUnassignedContactsRules(t.app.deps)
const aboutContact = (contactId: number) => t.db.select().from(notifications).where(eq(notifications.associated_person_id, contactId)).orderBy(notifications.id)
const ofChurch = (church: number) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.team_id, church), eq(notifications.level, 'team')))
    .orderBy(notifications.id)

async function missedRule(conference: number, after_days: number, to: 'user' | 'leader' | 'owner' | 'email', to_email: string | null = null) {
  await t.db.insert(missedInteractionRules).values({ team_id: conference, after_days, to, to_email })
}

async function interactNow(contactId: number) {
  await t.db.update(teamContacts).set({ last_interaction_at: t.clock.now() }).where(eq(teamContacts.person_id, contactId))
}

describe('missed-interaction-rules job', () => {
  it('notifies the assignee once per quiet period, again after a new interaction and another quiet period', async () => {
    const { conference, church, member } = await buildChurch(t)
    const contact = await buildContact(t, { teamId: church, person: { first_name: 'Ann<b>', last_name: 'Quiet' } })
    const archived = await buildContact(t, { teamId: church, archived: true })
    const unassigned = await buildContact(t, { teamId: church })
    await assignContact(t, { teamId: church, contactId: contact, toId: member.id })
    await assignContact(t, { teamId: church, contactId: archived, toId: member.id })
    await missedRule(conference, 3, 'user')
    await interactNow(contact)

    await missedRun()
    expect(await aboutContact(contact)).toHaveLength(0)

    t.clock.advance(4 * day)
    await missedRun()
    const [first, ...more] = await aboutContact(contact)
    expect(more).toHaveLength(0)
    expect(first).toMatchObject({
      level: 'team',
      team_id: church,
      recipient_user_id: member.id,
      importance: 'medium',
      link_url: `/contacts/view/${contact}`,
      link_text: 'View contact',
      content: '<p>Ann&lt;b&gt; Quiet has had no interaction for 3 days.</p>',
      // The code and parameters the reader's side words (issue 36): the name as written, not escaped.
      kind: 'contact_quiet',
      params: { name: 'Ann<b> Quiet', days: 3 },
    })
    expect(await aboutContact(archived)).toHaveLength(0)
    // Nobody is assigned the other contact: a 'user' rule has no one to tell.
    expect(await aboutContact(unassigned)).toHaveLength(0)
    // The assignee sees it in the panel.
    const { access_token } = await startSession(t.db, { config: t.config, now: t.clock.now }, member.id, 'salt')
    const panel = body(await get(t, 'notifications', access_token, { team_id: church, group_id: church }))
    expect(panel.items).toEqual([
      expect.objectContaining({
        id: first!.id,
        system: { kind: 'contact_quiet', params: { name: 'Ann<b> Quiet', days: 3 } },
        associated_user: { id: contact, name: 'Ann<b> Quiet' },
      }),
    ])

    await missedRun()
    t.clock.advance(day)
    await missedRun()
    expect(await aboutContact(contact)).toHaveLength(1)

    // A new interaction starts a new period: nothing until it too is 3 days old.
    await interactNow(contact)
    await missedRun()
    expect(await aboutContact(contact)).toHaveLength(1)
    t.clock.advance(4 * day)
    await missedRun()
    expect(await aboutContact(contact)).toHaveLength(2)
  })

  it('tells leaders or owners; a recipient behind the child gate gets no minor name', async () => {
    const { conference, church, leader, owner } = await buildChurch(t)
    const uncheckedLeader = await buildPerson(t)
    await addMember(t, uncheckedLeader.id, church, 'leader')
    const child = await buildContact(t, { teamId: church, person: { first_name: 'Kid', last_name: 'Young', ...bornYearsAgo(t, 10) } })
    const adult = await buildContact(t, { teamId: church, person: { first_name: 'Ada', last_name: 'Grown', ...bornYearsAgo(t, 40) } })
    await missedRule(conference, 2, 'leader')
    t.clock.advance(3 * day)
    await missedRun()

    const forChild = await aboutContact(child)
    expect(forChild.map((row) => [row.recipient_user_id, row.content]).sort()).toEqual(
      [
        [leader.id, '<p>Kid Young has had no interaction for 2 days.</p>'],
        [uncheckedLeader.id, '<p>A contact under 18 has had no interaction for 2 days.</p>'],
      ].sort(),
    )
    // The minor's name is not among the parameters of the unchecked leader's notification either.
    expect(forChild.map((row) => [row.recipient_user_id, row.params]).sort()).toEqual(
      [
        [leader.id, { name: 'Kid Young', days: 2 }],
        [uncheckedLeader.id, { name: null, days: 2 }],
      ].sort(),
    )
    const forAdult = await aboutContact(adult)
    expect(forAdult.map((row) => row.recipient_user_id).sort()).toEqual([leader.id, uncheckedLeader.id].sort())
    expect(forAdult.every((row) => row.content.startsWith('<p>Ada Grown'))).toBe(true)
    expect(forAdult.some((row) => row.recipient_user_id === owner.id)).toBe(false)
  })

  it("speaks the language of the person told (their account's locale)", async () => {
    const { conference, church, leader, owner } = await buildChurch(t)
    await t.db.update(accounts).set({ locale: 'es' }).where(eq(accounts.person_id, leader.id))
    const uncheckedLeader = await buildPerson(t)
    await addMember(t, uncheckedLeader.id, church, 'leader')
    await t.db.update(accounts).set({ locale: 'es' }).where(eq(accounts.person_id, uncheckedLeader.id))
    const adult = await buildContact(t, { teamId: church, person: { first_name: 'Ana', last_name: 'Sola', ...bornYearsAgo(t, 40) } })
    const child = await buildContact(t, { teamId: church, person: { first_name: 'Niño', last_name: 'Chico', ...bornYearsAgo(t, 9) } })
    await missedRule(conference, 1, 'leader')
    await t.db.insert(unassignedContactRules).values({ team_id: conference, every_days: 7, to: 'owner' })
    t.clock.advance(2 * day)
    await missedRun()
    await unassignedRun()

    const toLeader = (rows: Array<typeof notifications.$inferSelect>, id: number) => rows.find((row) => row.recipient_user_id === id)!
    expect(toLeader(await aboutContact(adult), leader.id)).toMatchObject({
      content: '<p>Ana Sola no ha tenido ninguna interacción en 1 día.</p>',
      link_text: 'Ver contacto',
    })
    expect(toLeader(await aboutContact(child), uncheckedLeader.id).content).toBe(
      '<p>Un contacto menor de 18 años no ha tenido ninguna interacción en 1 día.</p>',
    )
    // The owner keeps English.
    const [unassigned] = (await ofChurch(church)).filter((row) => row.recipient_user_id === owner.id && row.link_url === '/contacts')
    expect(unassigned).toMatchObject({ content: expect.stringMatching(/^<p>2 contacts of .* are not assigned to anyone\.<\/p>$/), link_text: 'View contacts' })
    await t.db.update(accounts).set({ locale: 'es' }).where(eq(accounts.person_id, owner.id))
    t.clock.advance(8 * day)
    await unassignedRun()
    const latest = (await ofChurch(church)).filter((row) => row.recipient_user_id === owner.id && row.link_url === '/contacts').at(-1)
    expect(latest).toMatchObject({ content: expect.stringMatching(/^<p>2 contactos de .* no están asignados a nadie\.<\/p>$/), link_text: 'Ver contactos' })
  })

  it('mails an external address once, never naming a minor', async () => {
    const { conference, church } = await buildChurch(t)
    const address = `rules-${conference}@x.test`
    const child = await buildContact(t, { teamId: church, person: { first_name: 'Tiny', last_name: 'Tot', ...bornYearsAgo(t, 5) } })
    const adult = await buildContact(t, { teamId: church, person: { first_name: 'Bob', last_name: 'Adult', ...bornYearsAgo(t, 30) } })
    await missedRule(conference, 5, 'email', address)
    t.clock.advance(6 * day)
    await missedRun()
    await missedRun()
    const mails = await mailTo(t, address)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('2 contacts have had no interaction for 5 days')
    expect(mails[0]!.text_body).toContain(`Bob Adult: ${t.config.publicUrl}/contacts/view/${adult}`)
    expect(mails[0]!.text_body).toContain(`A contact under 18: ${t.config.publicUrl}/contacts/view/${child}`)
    expect(mails[0]!.text_body).not.toContain('Tiny')
    expect(await aboutContact(adult)).toHaveLength(0)
  })

  it('two runs at once still write one notification', async () => {
    const { conference, church, owner } = await buildChurch(t)
    const contact = await buildContact(t, { teamId: church })
    await missedRule(conference, 1, 'owner')
    t.clock.advance(2 * day)
    await Promise.all([missedRun(), missedRun()])
    const rows = await aboutContact(contact)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.recipient_user_id).toBe(owner.id)
  })
})

describe('unassigned-contacts-rules job', () => {
  it('tells each church its unassigned count, then waits every_days', async () => {
    const { conference, church, owner, member } = await buildChurch(t)
    const other = await buildChurch(t, { conference })
    const assigned = await buildContact(t, { teamId: church })
    await buildContact(t, { teamId: church })
    await buildContact(t, { teamId: church })
    await buildContact(t, { teamId: church, archived: true })
    await assignContact(t, { teamId: church, contactId: assigned, toId: member.id })
    const otherAssigned = await buildContact(t, { teamId: other.church })
    await assignContact(t, { teamId: other.church, contactId: otherAssigned, toId: other.member.id })
    await t.db.insert(unassignedContactRules).values({ team_id: conference, every_days: 3, to: 'owner' })

    await unassignedRun()
    const first = await ofChurch(church)
    expect(first).toHaveLength(1)
    expect(first[0]).toMatchObject({
      recipient_user_id: owner.id,
      content: expect.stringMatching(/^<p>2 contacts of .* are not assigned to anyone\.<\/p>$/),
      kind: 'contacts_unassigned',
      params: { count: 2, church: expect.any(String) },
      link_url: '/contacts',
      importance: 'medium',
    })
    // Every contact of the other church is assigned: nothing to say.
    expect(await ofChurch(other.church)).toHaveLength(0)

    await unassignedRun()
    t.clock.advance(2 * day)
    await unassignedRun()
    expect(await ofChurch(church)).toHaveLength(1)
    t.clock.advance(day + 60_000)
    await unassignedRun()
    expect(await ofChurch(church)).toHaveLength(2)
    const [rule] = await t.db.select().from(unassignedContactRules).where(eq(unassignedContactRules.team_id, conference))
    expect(Math.abs(rule!.last_run_at!.getTime() - t.clock.now().getTime())).toBeLessThan(5_000)
  })

  it('mails the address one count per church; two runs at once deliver once', async () => {
    const { conference, church } = await buildChurch(t)
    const address = `unassigned-${conference}@x.test`
    await buildContact(t, { teamId: church })
    await t.db.insert(unassignedContactRules).values({ team_id: conference, every_days: 7, to: 'email', to_email: address })
    await Promise.all([unassignedRun(), unassignedRun()])
    const mails = await mailTo(t, address)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toMatch(/^1 contact of .* is not assigned to anyone\.$/)
    expect(mails[0]!.text_body).toContain(`${t.config.publicUrl}/contacts`)
    const [rule] = await t.db.select().from(unassignedContactRules).where(eq(unassignedContactRules.team_id, conference))
    expect(
      await t.db
        .select()
        .from(ruleDeliveries)
        .where(and(eq(ruleDeliveries.rule_kind, 'unassigned_contacts'), eq(ruleDeliveries.rule_id, rule!.id))),
    ).toHaveLength(1)
  })
})
