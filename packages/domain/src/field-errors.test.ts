import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fieldErrorCodes, fieldErrorOfIssue, fieldErrorText, issueOf } from './field-errors'
import { email } from './rules/email'
import { personName } from './rules/wire'
import { socialLink } from './rules/contacts'
import { addNotificationRequest } from './calls/notifications'

// The first issue of a value a schema refuses, as a code (reportInput, as the web's forms parse).
function refusal(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value, { reportInput: true })
  if (parsed.success) throw new Error('accepted')
  return fieldErrorOfIssue(parsed.error.issues[0]!)
}

describe('field error codes (issue 36)', () => {
  it('turns the shapes zod refuses into codes with their limits', () => {
    expect(refusal(z.object({ name: z.string() }), {})).toEqual({ code: 'required', params: {} })
    expect(refusal(z.string().min(1), '')).toEqual({ code: 'required', params: {} })
    expect(refusal(z.string().max(5), 'too long')).toEqual({ code: 'too_long', params: { max: 5 } })
    expect(refusal(z.string().min(3), 'ab')).toEqual({ code: 'too_short', params: { min: 3 } })
    expect(refusal(z.number().int().max(10), 11)).toEqual({ code: 'out_of_range', params: { max: 10 } })
    expect(refusal(z.enum(['a', 'b']), 'c')).toEqual({ code: 'not_in_list', params: {} })
    expect(refusal(z.number(), 'x')).toEqual({ code: 'whole_number', params: {} })
    expect(refusal(z.iso.date(), '2024-13-01')).toEqual({ code: 'invalid_date', params: {} })
  })

  it("reads the domain's own refusals by the code they carry, never by their text", () => {
    expect(refusal(email, 'not an email')).toEqual({ code: 'invalid_email', params: {} })
    expect(refusal(personName(), 'Ann\u202e')).toEqual({ code: 'unsafe_characters', params: {} })
    expect(refusal(socialLink('facebook'), 'https://example.com/x')).toEqual({ code: 'invalid_url', params: {} })
    const parsed = addNotificationRequest.safeParse({ requesting_team_id: 1, title: 'T', content: 'C', link_url: 'ftp://x' })
    const link = parsed.error?.issues.find((issue) => issue.path[0] === 'link_url')
    expect(link && fieldErrorOfIssue(link)).toEqual({ code: 'invalid_link', params: {} })
  })

  it('keeps a refinement’s English message and its parameters', () => {
    const schema = z.string().refine(() => false, issueOf('max_event_days', { days: 31 }))
    const issue = schema.safeParse('x').error!.issues[0]!
    expect(issue.message).toBe('A multi-day event lasts at most 31 days.')
    expect(fieldErrorOfIssue(issue)).toEqual({ code: 'max_event_days', params: { days: 31 } })
  })

  it('has an English message naming exactly the parameters of each code', () => {
    for (const [code, { message, params }] of Object.entries(fieldErrorCodes)) {
      const named = [...message.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1])
      expect(named.sort(), code).toEqual([...params].sort())
      const filled = fieldErrorText({ code: code as keyof typeof fieldErrorCodes, params: Object.fromEntries(params.map((name) => [name, 1])) })
      expect(filled, code).not.toContain('{{')
    }
  })
})
