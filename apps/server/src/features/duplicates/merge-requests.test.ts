import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContactMergeRequest } from '@crm/domain'
import { rowsOf } from '../../db/client'
import { addMember, body, buildPerson, createTestApp, type TestApp } from '../../../test/harness'
import { addToTeam, buildChurch, buildContact, get, post, type Church } from '../../../test/contact-factories'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t.close())

const rows = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(statement))

/**
 * Two records of Paula Ade at Hope Street; the second is shared with Elsewhere Chapel (another
 * owner) and, when asked, with Far Chapel of another conference too.
 */
async function sharedPair(options: { twoTeams?: boolean } = {}) {
  const c = await buildChurch(t)
  const elsewhere = await buildChurch(t, { conference: c.conference, title: `Elsewhere Chapel ${Date.now()}` })
  const kept = await buildContact(t, { teamId: c.church, person: { first_name: 'Paula', last_name: 'Ade', email: 'paula@example.org' } })
  const other = await buildContact(t, { teamId: c.church, person: { first_name: 'Paula', last_name: 'Ade', phone: '+61400111222' } })
  await addToTeam(t, other, { teamId: elsewhere.church, isOwner: false })
  let far: Church | undefined
  if (options.twoTeams) {
    far = await buildChurch(t, { title: `Far Chapel ${Date.now()}` })
    await addToTeam(t, kept, { teamId: far.church, isOwner: false })
  }
  return { c, elsewhere, far, kept, other }
}

function ask(c: Church, kept: number, other: number, from_other: string[] = ['phone']) {
  return post(t, 'request-contact-merge', c.owner.token, { team_id: c.church, contact_id: kept, other_contact_id: other, from_other })
}
function decide(church: Church, requestId: number, approve: boolean, token = church.owner.token) {
  return post(t, 'decide-contact-merge-request', token, { team_id: church.church, request_id: requestId, approve })
}
async function requestsOf(church: Church, contactId?: number): Promise<ContactMergeRequest[]> {
  const response = await get(t, 'contact-merge-requests', church.owner.token, { team_id: church.church, ...(contactId ? { contact_id: contactId } : {}) })
  expect(response.statusCode, response.body).toBe(200)
  return body<{ data: ContactMergeRequest[] }>(response).data
}

describe('merge requests: a merge that needs another team’s agreement (issue 40 §1)', () => {
  it('asks the other team’s owners, who agree on the contact’s page; the merge is then done as asked', async () => {
    const { c, elsewhere, kept, other } = await sharedPair()
    expect(body(await post(t, 'merge-contacts', c.owner.token, { team_id: c.church, contact_id: kept, other_contact_id: other }))).toMatchObject({
      code: 'merge_other_team',
    })
    const asked = await ask(c, kept, other)
    expect(asked.statusCode, asked.body).toBe(200)
    const request = body<ContactMergeRequest>(asked)
    expect(request).toMatchObject({
      contact_id: kept,
      other_contact_id: other,
      contact_name: 'Paula Ade',
      from_other: ['phone'],
      requesting_team_id: c.church,
      requested_by_name: 'Olive Owner',
      status: 'pending',
      teams: [{ team_id: elsewhere.church, approved: null }],
      awaits_this_team: false,
      merge_id: null,
    })
    // Asked again, either way round: the same request.
    expect(body<ContactMergeRequest>(await ask(c, other, kept)).id).toBe(request.id)
    // Nothing merged yet.
    expect(await rows(sql`select merged_into_id from people where id = ${other}`)).toEqual([{ merged_into_id: null }])

    // Elsewhere's owner is told, with a link to the record Elsewhere holds, and sees it there.
    const told = await rows<{ kind: string; params: unknown; link_url: string }>(
      sql`select kind, params, link_url from notifications where recipient_user_id = ${elsewhere.owner.id} and kind = 'contact_merge_requested'`,
    )
    expect(told).toEqual([{ kind: 'contact_merge_requested', params: { church: expect.any(String), name: 'Paula Ade' }, link_url: `/contacts/view/${other}` }])
    expect(await requestsOf(elsewhere, other)).toEqual([expect.objectContaining({ id: request.id, awaits_this_team: true })])
    expect(await requestsOf(c, kept)).toEqual([expect.objectContaining({ id: request.id, awaits_this_team: false })])
    // Not a team asked: nothing to see or decide.
    const stranger = await buildChurch(t)
    expect(await requestsOf(stranger)).toEqual([])
    expect((await decide(stranger, request.id, true)).statusCode).toBe(404)
    expect((await decide(elsewhere, request.id, true, elsewhere.leader.token)).statusCode).toBe(403)

    const agreed = await decide(elsewhere, request.id, true)
    expect(agreed.statusCode, agreed.body).toBe(200)
    expect(body<ContactMergeRequest>(agreed)).toMatchObject({ status: 'merged', merge_id: expect.any(Number), teams: [{ approved: true }] })
    // Merged as asked: by the asker, in the team asked in, with the other record's phone.
    expect(await rows(sql`select merged_into_id from people where id = ${other}`)).toEqual([{ merged_into_id: kept }])
    expect(await rows(sql`select phone from people where id = ${kept}`)).toEqual([{ phone: '+61400111222' }])
    expect(await rows(sql`select team_id, merged_by_id from contact_merges where other_contact_id = ${other}`)).toEqual([
      { team_id: c.church, merged_by_id: c.owner.id },
    ])
    expect(await rows(sql`select params from notifications where recipient_user_id = ${c.owner.id} and kind = 'contact_merge_decided'`)).toEqual([
      { params: expect.objectContaining({ approved: true, merged: true, name: 'Paula Ade' }) },
    ])
    // Decided once: the same answer again, nothing pending left.
    expect((await decide(elsewhere, request.id, true)).statusCode).toBe(200)
    expect(await requestsOf(elsewhere)).toEqual([])
    // Either church that took part may put it back within the undo period; another may not.
    const mergeId = body<ContactMergeRequest>(agreed).merge_id!
    const stranger2 = await buildChurch(t, { conference: c.conference })
    await addToTeam(t, kept, { teamId: stranger2.church, isOwner: false })
    const refused = await post(t, 'undo-contact-merge', c.owner.token, { team_id: c.church, merge_id: mergeId })
    expect(refused.statusCode).toBe(409)
    expect(body(refused)).toMatchObject({ code: 'merge_other_team' })
    await t.db.execute(sql`delete from team_contacts where team_id = ${stranger2.church}`)
    const undone = await post(t, 'undo-contact-merge', c.owner.token, { team_id: c.church, merge_id: mergeId })
    expect(undone.statusCode, undone.body).toBe(200)
    expect(await rows(sql`select merged_into_id from people where id = ${other}`)).toEqual([{ merged_into_id: null }])
  })

  it('waits for every team asked; one that declines ends it and nothing is merged', async () => {
    const { c, elsewhere, far, kept, other } = await sharedPair({ twoTeams: true })
    const request = body<ContactMergeRequest>(await ask(c, kept, other))
    expect(request.teams.map((team) => team.team_id).sort()).toEqual([elsewhere.church, far!.church].sort())
    const first = await decide(far!, request.id, true)
    expect(body<ContactMergeRequest>(first)).toMatchObject({ status: 'pending' })
    expect(await rows(sql`select merged_into_id from people where id = ${other}`)).toEqual([{ merged_into_id: null }])
    const declined = await decide(elsewhere, request.id, false)
    expect(body<ContactMergeRequest>(declined)).toMatchObject({ status: 'declined', merge_id: null })
    expect(await rows(sql`select merged_into_id from people where id = ${other}`)).toEqual([{ merged_into_id: null }])
    expect(await rows(sql`select params from notifications where recipient_user_id = ${c.owner.id} and kind = 'contact_merge_decided' order by id`)).toEqual([
      { params: expect.objectContaining({ approved: true, merged: false }) },
      { params: expect.objectContaining({ approved: false, merged: false }) },
    ])
    // Ended: a new request may be asked.
    expect(body<ContactMergeRequest>(await ask(c, kept, other)).id).not.toBe(request.id)
  })

  it('refuses what a merge refuses, and a merge the caller may do alone; a refusal when the last team agrees records nothing', async () => {
    const { c, elsewhere, kept, other } = await sharedPair()
    const alone = await buildContact(t, { teamId: c.church, person: { first_name: 'Paula', last_name: 'Ade' } })
    const direct = await ask(c, kept, alone)
    expect(direct.statusCode).toBe(409)
    expect(body(direct)).toMatchObject({ code: 'merge_approval_not_needed' })
    const user = await buildPerson(t, { firstName: 'Paula', lastName: 'Ade' })
    await addToTeam(t, user.id, { teamId: c.church })
    expect(body(await ask(c, kept, user.id))).toMatchObject({ code: 'merge_has_account' })
    expect((await ask(c, kept, await buildContact(t, { teamId: elsewhere.church }))).statusCode).toBe(404)

    const request = body<ContactMergeRequest>(await ask(c, kept, other))
    // Meanwhile the record is to be erased: the agreement cannot merge it, and is not recorded.
    await post(t, 'erase-contact', c.owner.token, { team_id: c.church, group_id: c.church, user_id: other, mode: 'erase', reason: 'Asked' })
    const refused = await decide(elsewhere, request.id, true)
    expect(refused.statusCode).toBe(409)
    expect(body(refused)).toMatchObject({ code: 'contact_erasure_pending' })
    expect(await rows(sql`select approved from contact_merge_request_teams where request_id = ${request.id}`)).toEqual([{ approved: null }])
    expect(await rows(sql`select merged_into_id from people where id = ${other}`)).toEqual([{ merged_into_id: null }])
  })

  it('ends when the record is merged away another way; a conference’s staff answer for its churches', async () => {
    const { c, elsewhere, kept, other } = await sharedPair()
    const request = body<ContactMergeRequest>(await ask(c, kept, other))
    // The conference's staff may act for both churches: they merge it directly.
    const staff = await buildPerson(t)
    await addMember(t, staff.id, c.conference, 'entity_admin')
    const merged = await post(t, 'merge-contacts', staff.token, { team_id: c.church, contact_id: kept, other_contact_id: other })
    expect(merged.statusCode, merged.body).toBe(200)
    expect(await rows(sql`select status from contact_merge_requests where id = ${request.id}`)).toEqual([{ status: 'declined' }])
    const late = await decide(elsewhere, request.id, true)
    expect(late.statusCode).toBe(409)
    expect(body(late)).toMatchObject({ code: 'merge_request_decided' })
  })
})
