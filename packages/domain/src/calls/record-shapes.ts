import { z } from 'zod'

// What a contact's view carries of its record (spec 2 §3): the upcoming interaction and the
// interests. Apart from contact-shapes.ts so that the record's calls can use them too.

export const interactionSummarySchema = z.object({
  date_display: z.string(),
  type_display: z.string(),
  bible_study: z.string().nullable(),
  bible_study_display: z.string().nullable(),
  content: z.string().nullable(),
})

/** One interest (spec 2 §3): a value of the interest-types list, or 'other' with its text as name and title. */
export const interestItemSchema = z.object({
  value: z.string(),
  name: z.string(),
  is_other: z.boolean(),
  title: z.string(),
})
export type InterestItem = z.infer<typeof interestItemSchema>
