import { z } from 'zod'
import { id } from '../rules/wire'
import { defineCall } from './define'

// The dashboard's widgets besides events today and the calendar url (spec 1 §2.8, §3, §7).

/** Most upcoming items a widget lists. */
export const maxUpcomingItems = 20

/** An interaction of the caller still to come (spec 1 §3 Dashboard items). */
export const upcomingInteractionSchema = z.object({
  /** The contact; the item links to /contacts/view/{user_id}. */
  user_id: z.number().int(),
  user_name: z.string(),
  date_display: z.string(),
  type_display: z.string(),
  bible_study: z.string().nullable(),
  bible_study_display: z.string().nullable(),
})
export type UpcomingInteraction = z.infer<typeof upcomingInteractionSchema>

/** A transfer of the conference still to come; links to /transfers/view/{id}. */
export const upcomingTransferSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  /** The day it is processed; null when it is processed by hand (the reader's side says so). */
  date: z.string().nullable(),
  /** The day in the reader's language, or the server's English words for a transfer processed by hand (scripts). */
  date_display: z.string(),
  from_team_name: z.string(),
  to_team_name: z.string(),
})
export type UpcomingTransfer = z.infer<typeof upcomingTransferSchema>

export const dashboardCalls = {
  upcomingInteractions: defineCall({
    method: 'GET',
    path: '/upcoming-interactions-for-current-user',
    request: z.object({ team_id: id }),
    response: z.object({ items: z.array(upcomingInteractionSchema) }),
    summary: "The caller's own interactions still to come in the team, soonest first",
  }),
  upcomingTransfers: defineCall({
    method: 'GET',
    path: '/upcoming-transfers-for-current-user',
    request: z.object({ team_id: id }),
    response: z.object({ items: z.array(upcomingTransferSchema) }),
    summary: "The conference's transfers still to come (conference teams only; empty until transfers exist)",
  }),
}
