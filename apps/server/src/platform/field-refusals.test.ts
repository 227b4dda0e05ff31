import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, createTestApp, type TestApp } from '../../test/harness'
import { buildChurch, buildContact, post, type Church } from '../../test/contact-factories'

// Every refusal of a field answers its code beside its English message (DESIGN.md §4, issue
// 36): data.errors for scripts and logs, data.error_codes for the web to word.

let t: TestApp
let c: Church
let contact: number
beforeAll(async () => {
  t = await createTestApp()
  c = await buildChurch(t)
  contact = await buildContact(t, { teamId: c.church })
})
afterAll(async () => t.close())

const addInterest = (fields: Record<string, unknown>) =>
  post(t, 'add-contact-interest', c.leader.token, { team_id: c.church, group_id: c.church, user_id: contact, ...fields })

describe('field error codes', () => {
  it("answers a contract's refusal with its code and limit: a missing id, a text too long", async () => {
    const missing = await addInterest({ interest: 'music', user_id: undefined })
    expect(missing.statusCode).toBe(400)
    expect(body(missing).data).toMatchObject({ errors: { user_id: 'Required' }, error_codes: { user_id: { code: 'required', params: {} } } })
    const long = await addInterest({ interest: 'x'.repeat(61) })
    expect(long.statusCode).toBe(400)
    const { data } = body(long)
    expect(data.errors.interest).toEqual(expect.any(String))
    expect(data.error_codes).toEqual({ interest: { code: 'too_long', params: { max: 60 } } })
  })

  it("answers a domain refinement's refusal by the code it carries", async () => {
    const response = await addInterest({ interest: 'other' })
    expect(response.statusCode).toBe(400)
    expect(body(response).data).toMatchObject({
      errors: { interest_other: 'Required' },
      error_codes: { interest_other: { code: 'required', params: {} } },
    })
  })

  it("answers a service's refusal with its code, and a value of the wrong kind as not a whole number", async () => {
    const unknown = await addInterest({ interest: 'no-such-interest' })
    expect(unknown.statusCode).toBe(400)
    expect(body(unknown)).toMatchObject({
      message: 'Choose a value from the list.',
      data: { errors: { interest: 'Choose a value from the list.' }, error_codes: { interest: { code: 'not_in_list', params: {} } } },
    })
    const wrongKind = await addInterest({ interest: 'music', team_id: 'first' })
    expect(wrongKind.statusCode).toBe(400)
    expect(body(wrongKind).data.error_codes.team_id).toEqual({ code: 'whole_number', params: {} })
  })
})
