import { z } from 'zod'
import { id, listResponse, pagingQuerySchema, requiredText, text } from '../rules/wire'
import { teamGroupFields as scope } from './contact-shapes'
import { interestItemSchema } from './record-shapes'
import { defineCall } from './define'
import { issueOf } from '../field-errors'

// A contact's interests (spec 2 §3 Interest, §7 "Interests and relationships").

/** The free text of an 'other' interest is at most this long. */
export const maxInterestOtherLength = 100

const interestFields = z
  .object({
    ...scope,
    user_id: id,
    /** A value of the interest-types lookup list. */
    interest: requiredText(60),
    /** The text of 'other' (required with it; ignored with any other interest). */
    interest_other: text(maxInterestOtherLength).optional(),
  })
  .superRefine((input, context) => {
    if (input.interest === 'other' && !input.interest_other) {
      context.addIssue({ code: 'custom', path: ['interest_other'], ...issueOf('required') })
    }
  })

export const interestCalls = {
  contactInterests: defineCall({
    method: 'GET',
    path: '/contact-interests/:id',
    params: z.object({ id }),
    request: pagingQuerySchema.extend(scope),
    response: listResponse(interestItemSchema),
    summary: "A contact's interests, in the order they were added",
  }),
  addContactInterest: defineCall({
    method: 'POST',
    path: '/add-contact-interest',
    request: interestFields,
    response: z.object({ id: z.number().int(), success_message: z.string().optional() }),
    summary: 'Add an interest (or an other interest with its text) to a contact',
  }),
  deleteContactInterest: defineCall({
    method: 'POST',
    path: '/delete-contact-interest',
    request: interestFields,
    response: z.object({ success: z.literal(true), success_message: z.string().optional() }),
    summary: 'Remove an interest (an other one by its text) from a contact',
  }),
}
