import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, count, eq } from 'drizzle-orm'
import { activityLog, churchRosterMembers, invites, mailOutbox, teams } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp, type TestPerson } from '../../../test/harness'

let t: TestApp
let conference: number
let church: number
let owner: TestPerson
let member: TestPerson
let leader: TestPerson

beforeAll(async () => {
  t = await createTestApp()
  conference = await buildTeam(t, { kind: 'conference' })
  church = await buildTeam(t, { kind: 'team', parentId: conference, title: 'Hope Church' })
  owner = await buildPerson(t)
  member = await buildPerson(t)
  leader = await buildPerson(t)
  await addMember(t, owner.id, church, 'owner')
  await addMember(t, member.id, church, 'member')
  await addMember(t, leader.id, church, 'leader')
})
afterAll(async () => t.close())

const importRows = (who: TestPerson, data: unknown[], extra: Record<string, unknown> = {}) =>
  t.call({ method: 'POST', url: '/api/v1/import-team-users', payload: { team_id: church, data, ...extra }, token: who.token })

async function pending(email: string) {
  return t.db
    .select()
    .from(invites)
    .where(and(eq(invites.team_id, church), eq(invites.email, email), eq(invites.status, 'pending')))
}

describe('POST /api/v1/import-team-users', () => {
  it('D3-5-10 checks and reports every row; bad rows never stop good ones', async () => {
    const response = await importRows(owner, [
      { first_name: 'Ann', last_name: 'One', email: 'ann.import@crm.test', role: 'member' },
      { first_name: 'Ben', last_name: 'Two', email: 'ben.import@crm.test' },
      { first_name: '', last_name: 'Three', email: 'not-an-email', role: 'boss' },
      { first_name: 'Mem', last_name: 'Ber', email: member.email, role: 'member' },
      { first_name: 'Ann', last_name: 'Again', email: 'ANN.import@crm.test', role: 'leader' },
      { first_name: 'Own', last_name: 'Er', email: 'own.import@crm.test', role: 'owner' },
      { first_name: 'Lea', last_name: 'Der', email: 'lea.import@crm.test', role: 'Leader' },
    ])
    expect(response.statusCode, response.body).toBe(200)
    const answer = body(response)
    expect(answer.invited).toBe(2)
    expect(answer.failed).toBe(5)
    // Each column's problem in English and as a code with what the web words it from (issue 36).
    expect(answer.items).toEqual([
      { row: 1, email: 'ann.import@crm.test', status: 'invited', errors: {}, issues: [] },
      { row: 2, email: 'ben.import@crm.test', status: 'invalid', errors: { role: 'Required' }, issues: [{ field: 'role', code: 'required' }] },
      {
        row: 3,
        email: 'not-an-email',
        status: 'invalid',
        errors: { first_name: 'Required', email: 'Invalid email', role: 'The role is member or leader' },
        issues: [
          { field: 'first_name', code: 'required' },
          { field: 'email', code: 'invalid_email', value: 'not-an-email' },
          { field: 'role', code: 'not_in_list', value: 'boss', allowed: ['member', 'leader'] },
        ],
      },
      {
        row: 4,
        email: member.email,
        status: 'in_team',
        errors: { email: `The email ${member.email} is already in this team` },
        issues: [{ field: 'email', code: 'in_team', value: member.email }],
      },
      {
        row: 5,
        email: 'ann.import@crm.test',
        status: 'invalid',
        errors: { email: 'This email is already in the file' },
        issues: [{ field: 'email', code: 'already_on_import', row: 1 }],
      },
      {
        row: 6,
        email: 'own.import@crm.test',
        status: 'invalid',
        errors: { role: 'You cannot give this role' },
        issues: [{ field: 'role', code: 'role_not_grantable', value: 'owner' }],
      },
      { row: 7, email: 'lea.import@crm.test', status: 'invited', errors: {}, issues: [] },
    ])
    expect(await pending('ann.import@crm.test')).toMatchObject([{ role: 'member', first_name: 'Ann', invited_by_id: owner.id }])
    expect((await pending('lea.import@crm.test'))[0]!.key_hash).toBeTruthy()
    expect(await pending('ben.import@crm.test')).toHaveLength(0)
    const [mails] = await t.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.to_address, 'ann.import@crm.test'))
    expect(mails!.n).toBe(1)
    const [activity] = await t.db
      .select({ n: count() })
      .from(activityLog)
      .where(and(eq(activityLog.team_id, church), eq(activityLog.subject_type, 'user_invites'), eq(activityLog.action, 'add')))
    expect(activity!.n).toBe(2)
  })

  it('the imported invite works: its mailed key checks', async () => {
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, 'lea.import@crm.test'))
    const key = new URL(mail!.text_body.match(/https?:\/\/\S+\/accept-invite\?\S+/)![0]).searchParams.get('key')
    const check = await t.call({ method: 'POST', url: '/api/v1/check-invite-key', payload: { key } })
    expect(check.statusCode).toBe(200)
    expect(body(check)).toMatchObject({ email: 'lea.import@crm.test', team_name: 'Hope Church' })
  })

  it('D3-6-11 needs update_dcrm_team_user: a leader gets 403 and nothing is invited', async () => {
    const response = await importRows(leader, [{ first_name: 'X', last_name: 'Y', email: 'x.leader@crm.test', role: 'member' }])
    expect(response.statusCode).toBe(403)
    expect(await pending('x.leader@crm.test')).toHaveLength(0)
  })

  it('reports rows not on the church roster, unless ignore_acms_check', async () => {
    await t.db.update(teams).set({ acms_id: 'HOPE-1' }).where(eq(teams.id, church))
    await t.db.insert(churchRosterMembers).values({ conference_id: conference, church_acms_id: 'HOPE-1', email: 'on.roster@crm.test' })
    const rows = [
      { first_name: 'On', last_name: 'Roster', email: 'on.roster@crm.test', role: 'member' },
      { first_name: 'Off', last_name: 'Roster', email: 'off.roster@crm.test', role: 'member' },
      { first_name: 'Lea', last_name: 'Off', email: 'lea.off.roster@crm.test', role: 'leader' },
    ]
    const checked = body(await importRows(owner, rows))
    expect(checked.items.map((item: { status: string }) => item.status)).toEqual(['invited', 'acms_not_in_church', 'acms_not_in_church'])
    // A leader off the roster waits for the admin's approval, which its code says.
    expect(checked.items[2].issues).toEqual([{ field: 'email', code: 'acms_requires_admin', value: 'lea.off.roster@crm.test' }])
    expect(checked.items[1].errors.email).toBe('The email off.roster@crm.test was not found as a member of this church.')
    expect(checked.items[1].issues).toEqual([{ field: 'email', code: 'acms_not_in_church', value: 'off.roster@crm.test' }])
    const ignored = body(await importRows(owner, rows.slice(1), { ignore_acms_check: 1 }))
    expect(ignored.items[0].status).toBe('invited')
    await t.db.update(teams).set({ acms_id: null }).where(eq(teams.id, church))
  })

  it('refuses an empty or too long file (400)', async () => {
    expect((await importRows(owner, [])).statusCode).toBe(400)
    const tooMany = Array.from({ length: 5001 }, (_, i) => ({ first_name: 'A', last_name: 'B', email: `a${i}@crm.test`, role: 'member' }))
    expect((await importRows(owner, tooMany)).statusCode).toBe(400)
  })

  it('invites 1,000 rows in well under 10 seconds', async () => {
    const data = Array.from({ length: 1000 }, (_, i) => ({
      first_name: `First${i}`,
      last_name: `Last${i}`,
      email: `bulk${i}@crm.test`,
      role: i % 2 ? 'member' : 'leader',
    }))
    const started = performance.now()
    const response = await importRows(owner, data)
    const elapsed = performance.now() - started
    console.log(`import-team-users: 1,000 rows in ${Math.round(elapsed)} ms`)
    expect(response.statusCode).toBe(200)
    expect(body(response).invited).toBe(1000)
    expect(elapsed).toBeLessThan(10_000)
    const [open] = await t.db
      .select({ n: count() })
      .from(invites)
      .where(and(eq(invites.team_id, church), eq(invites.status, 'pending')))
    expect(open!.n).toBeGreaterThanOrEqual(1000)
  }, 30_000)
})
