import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { activityLog } from '../../db/schema/index'
import { addMember, body, buildPerson, buildTeam, createTestApp, type TestApp } from '../../../test/harness'
import { bornYearsAgo, buildChurch, buildContact, get, type Church } from '../../../test/contact-factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

function teamActivity(c: Church, token: string, query: Record<string, string | number> = {}) {
  return get(t, 'team-recent-activity', token, { team_id: c.church, ...query })
}

function groupActivity(c: Church, group: number, token: string, query: Record<string, string | number> = {}) {
  return get(t, 'group-recent-activity', token, { team_id: c.church, group_id: group, ...query })
}

let minute = 0
/** A log row of the church, a minute after the one before unless `created_at` says otherwise. */
async function logRow(c: Church, values: Partial<typeof activityLog.$inferInsert> = {}) {
  minute += 1
  const [row] = await t.db
    .insert(activityLog)
    .values({
      team_id: c.church,
      author_id: c.owner.id,
      subject_type: 'user',
      subject_id: null,
      action: 'update',
      created_at: new Date(Date.UTC(2026, 0, 1, 0, minute)),
      ...values,
    })
    .returning({ id: activityLog.id })
  return row!.id
}

const ids = (answer: Record<string, any>) => answer.items.map((item: any) => item.id)

describe('GET team-recent-activity', () => {
  it('D3-2.4-06 lists the team’s changes newest first, each with the contact it is about', async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t, { conference: c.conference })
    const amy = await buildContact(t, { teamId: c.church, person: { first_name: 'Amy', last_name: 'Lee' } })
    const first = await logRow(c, { contact_id: amy, subject_id: amy, before: { phone: '1' }, after: { phone: '2' } })
    const second = await logRow(c, { author_id: c.leader.id, subject_type: 'group', subject_id: 77, action: 'add', after: { title: 'Youth' } })
    // Not changes, or not the team's: a safeguarding read, another church's row.
    await logRow(c, { contact_id: amy, action: 'view', after: { list: 'notes' } })
    await logRow(other, { contact_id: amy })
    const answer = body(await teamActivity(c, c.owner.token))
    expect(answer).toMatchObject({ count: 2, max_pages: 1 })
    expect(answer.count_is_lower_bound).toBeUndefined()
    expect(ids(answer)).toEqual([second, first])
    expect(answer.items[1]).toMatchObject({
      type: 'user',
      action: 'update',
      author_id: c.owner.id,
      author_name: 'Olive Owner',
      created_display: expect.stringMatching(/2026/),
      contact_id: amy,
      contact_name: 'Amy Lee',
      data: { before: { phone: '1' }, after: { phone: '2' } },
      computed_data: { changes: [{ field: 'phone', before: '1', after: '2' }] },
    })
    expect(answer.items[0]).toMatchObject({ type: 'group', author_id: c.leader.id, contact_id: null, contact_name: null })
    // Oldest first on request.
    expect(ids(body(await teamActivity(c, c.owner.token, { order: 'asc' })))).toEqual([first, second])
  })

  it('D2-6-22 shows only the caller’s own rows without read_activity_log; the user filter cannot reach another’s', async () => {
    const c = await buildChurch(t)
    const byOwner = await logRow(c)
    const byLeader = await logRow(c, { author_id: c.leader.id })
    const byMember = await logRow(c, { author_id: c.member.id })
    expect(ids(body(await teamActivity(c, c.owner.token)))).toEqual([byMember, byLeader, byOwner])
    expect(ids(body(await teamActivity(c, c.leader.token)))).toEqual([byLeader])
    expect(ids(body(await teamActivity(c, c.member.token)))).toEqual([byMember])
    const reaching = await teamActivity(c, c.member.token, { user_id: c.owner.id })
    expect(reaching.statusCode).toBe(200)
    expect(body(reaching)).toMatchObject({ items: [], count: 0 })
    // With read_activity_log the filter picks any author.
    expect(ids(body(await teamActivity(c, c.owner.token, { user_id: c.leader.id })))).toEqual([byLeader])
  })

  it('filters by type, date range and the author’s name (D2-9-09, D2-9-10)', async () => {
    // The recent row is a minute old: no month may begin in between.
    t.clock.clearOfMidnight()
    const c = await buildChurch(t)
    const recent = await logRow(c, { subject_type: 'user_relationship', created_at: new Date(t.clock.now().getTime() - 60_000) })
    const invite = await logRow(c, { subject_type: 'user_invites', author_id: c.leader.id })
    const contact = await logRow(c, { subject_type: 'user', created_at: new Date(Date.UTC(2020, 0, 1)) })
    const filtered = async (query: Record<string, string>) => ids(body(await teamActivity(c, c.owner.token, query)))
    expect(await filtered({ type: 'relationship' })).toEqual([recent])
    expect(await filtered({ type: 'invite' })).toEqual([invite])
    expect(await filtered({ type: 'user' })).toEqual([contact])
    expect(await filtered({ date_range: 'this_month' })).toEqual([recent])
    // The search finds an author of the team by name.
    expect(await filtered({ search: 'olive' })).toEqual([recent, contact])
    expect(body(await teamActivity(c, c.owner.token, { search: 'nobody by this name' }))).toMatchObject({ items: [], count: 0, max_pages: 1 })
    // Empty selects mean no filter; a bad value is named.
    expect(await filtered({ type: '', date_range: '', user_id: '' })).toHaveLength(3)
    const bad = await teamActivity(c, c.owner.token, { type: 'note', date_range: 'yesterday' })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(body(bad).data.errors).sort()).toEqual(['date_range', 'type'])
  })

  it('never shows a private note’s content, and names only contacts the team holds', async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t, { conference: c.conference })
    const theirs = await buildContact(t, { teamId: other.church, person: { first_name: 'Zed', last_name: 'Hidden' } })
    await logRow(c, { contact_id: theirs, subject_type: 'user_note', action: 'add', after: { is_encrypted: true, content: 'v1:secret' } })
    const [item] = body(await teamActivity(c, c.owner.token)).items
    expect(item).toMatchObject({ contact_id: null, contact_name: null, data: { before: null, after: { is_encrypted: true } } })
    expect(JSON.stringify(item)).not.toContain('secret')
    expect(JSON.stringify(item)).not.toContain('Zed')
  })

  it('names no minor and shows none of their data behind the child gate (spec 2 §5)', async () => {
    const c = await buildChurch(t)
    const child = await buildContact(t, { teamId: c.church, person: { first_name: 'Kid', last_name: 'Young', ...bornYearsAgo(t, 10) } })
    const adult = await buildContact(t, { teamId: c.church, person: { first_name: 'Ada', last_name: 'Grown', ...bornYearsAgo(t, 40) } })
    // The member has no Working with Children Check: gated. The rows are the member's own.
    const aboutChild = await logRow(c, { author_id: c.member.id, contact_id: child, after: { first_name: 'Kid', dob: '2016' } })
    await logRow(c, { author_id: c.member.id, contact_id: adult, after: { first_name: 'Ada' } })
    const gated = body(await teamActivity(c, c.member.token))
    expect(gated.items[1]).toEqual(
      expect.objectContaining({ id: aboutChild, contact_id: null, contact_name: null, data: { before: null, after: null }, computed_data: { changes: [] } }),
    )
    expect(JSON.stringify(gated)).not.toContain('Kid')
    expect(gated.items[0]).toMatchObject({ contact_id: adult, contact_name: 'Ada Grown' })
    // The owner is exempt from the gate.
    const owner = body(await teamActivity(c, c.owner.token))
    expect(owner.items[1]).toMatchObject({ contact_id: child, contact_name: 'Kid Young', data: { after: { first_name: 'Kid' } } })
  })

  it('counts up to a bound on a long log (count_is_lower_bound), exactly when asked far enough', async () => {
    const c = await buildChurch(t)
    await t.db.execute(
      sql`insert into activity_log (team_id, author_id, subject_type, action, created_at)
          select ${c.church}::int, ${c.owner.id}::int, 'user', 'update', now() - g * interval '1 minute' from generate_series(1, 1005) g`,
    )
    const first = body(await teamActivity(c, c.owner.token, { per_page: 4 }))
    expect(first).toMatchObject({ count: 1000, max_pages: 250, count_is_lower_bound: true })
    expect(first.items).toHaveLength(4)
    // Page 300 counts to 1,240: the count is exact, and the page past the end is the last.
    const far = body(await teamActivity(c, c.owner.token, { per_page: 4, page: 300 }))
    expect(far).toMatchObject({ count: 1005, max_pages: 252 })
    expect(far.count_is_lower_bound).toBeUndefined()
    expect(far.items).toHaveLength(1)
  })

  it('D3-2.4-34 answers 404 for another team, 403 to a pending member, 401 signed out', async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t, { conference: c.conference })
    expect((await teamActivity(other, c.owner.token)).statusCode).toBe(404)
    const pending = await buildPerson(t)
    await addMember(t, pending.id, c.church, 'member_request')
    expect((await teamActivity(c, pending.token)).statusCode).toBe(403)
    expect((await t.call({ method: 'GET', url: `/api/v1/team-recent-activity?team_id=${c.church}` })).statusCode).toBe(401)
    // A group's id is no team.
    const group = await buildTeam(t, { kind: 'group', parentId: c.church })
    expect((await get(t, 'team-recent-activity', c.owner.token, { team_id: group })).statusCode).toBe(404)
  })
})

describe('GET group-recent-activity', () => {
  it('D3-2.4-06 lists the rows about the group’s contacts, the group itself and what was done in it', async () => {
    const c = await buildChurch(t)
    const group = await buildTeam(t, { kind: 'group', parentId: c.church, title: 'Youth' })
    const inGroup = await buildContact(t, { teamId: c.church, groupIds: [group], person: { first_name: 'Gus', last_name: 'Group' } })
    const outside = await buildContact(t, { teamId: c.church })
    const aboutMember = await logRow(c, { contact_id: inGroup })
    await logRow(c, { contact_id: outside })
    const aboutGroup = await logRow(c, { subject_type: 'group', subject_id: group, action: 'update', after: { title: 'Youth' } })
    const invite = await logRow(c, { subject_type: 'user_invites', after: { status: 'accepted', team_id: group } })
    await logRow(c, { subject_type: 'user_invites', after: { status: 'accepted', team_id: c.church } })
    const edited = await logRow(c, { subject_type: 'team', subject_id: group, before: { title: 'Youth' }, after: { title: 'Young adults' } })
    await logRow(c, { subject_type: 'team', subject_id: c.church })
    const answer = body(await groupActivity(c, group, c.owner.token))
    expect(ids(answer)).toEqual([edited, invite, aboutGroup, aboutMember])
    expect(answer.items[3]).toMatchObject({ contact_id: inGroup, contact_name: 'Gus Group' })
    expect(answer.count).toBe(4)
    // The primary group is the team: every row.
    expect(body(await groupActivity(c, c.church, c.owner.token)).count).toBe(7)
  })

  it('reads the caller’s role in the group: a private group’s owner reads all of it, a member their own', async () => {
    const c = await buildChurch(t)
    const group = await buildTeam(t, { kind: 'group', parentId: c.church, isPublic: false })
    await addMember(t, c.member.id, group, 'owner')
    const contact = await buildContact(t, { teamId: c.church, groupIds: [group] })
    const byLeader = await logRow(c, { contact_id: contact, author_id: c.leader.id })
    const byMember = await logRow(c, { contact_id: contact, author_id: c.member.id })
    expect(ids(body(await groupActivity(c, group, c.member.token)))).toEqual([byMember, byLeader])
    // The leader is no member of the private group.
    expect((await groupActivity(c, group, c.leader.token)).statusCode).toBe(404)
    // In the team the member reads their own rows only.
    expect(ids(body(await teamActivity(c, c.member.token)))).toEqual([byMember])
  })

  it('D3-2.4-34 answers 404 for another team’s group, 403 to a pending member', async () => {
    const c = await buildChurch(t)
    const other = await buildChurch(t, { conference: c.conference })
    const theirGroup = await buildTeam(t, { kind: 'group', parentId: other.church })
    expect((await groupActivity(c, theirGroup, c.owner.token)).statusCode).toBe(404)
    expect((await groupActivity(other, theirGroup, c.owner.token)).statusCode).toBe(404)
    const pending = await buildPerson(t)
    await addMember(t, pending.id, c.church, 'member_request')
    expect((await groupActivity(c, c.church, pending.token)).statusCode).toBe(403)
    const missing = await groupActivity(c, c.church, c.owner.token, { group_id: 'x' })
    expect(missing.statusCode).toBe(400)
  })
})
