import type { z } from 'zod'
import { earliestTransferDate, transferFieldsSchema, type TransferEdit } from '@crm/domain'

/**
 * The transfer form's values: the wire's fields (spec 3 §5), ids null until chosen and the
 * date '' when empty, plus the titles the church and pastor fields show.
 */
export interface TransferFormValues {
  from_conference_id: number | null
  from_team_id: number | null
  from_team_name: string
  user_id: number | null
  user_name: string
  to_conference_id: number | null
  to_team_id: number | null
  to_team_name: string
  date: string
}

export type TransferFormOutput = z.output<typeof transferFieldsSchema>

/** The fields the form checks, in the order they show. */
export const transferFormFields = ['from_conference_id', 'from_team_id', 'user_id', 'to_conference_id', 'to_team_id', 'date'] as const
export type TransferFormField = (typeof transferFormFields)[number]

/**
 * The domain's fields with the 7-day minimum (spec 3 §5, §9) on a date that is set and, on
 * the edit form, changed: a stored date left as it was may be nearer (updateTransferRequest).
 */
export function transferFormSchema(storedDate: string | null = null) {
  return transferFieldsSchema.superRefine((values, context) => {
    const date = values.date
    if (date && date !== storedDate && date < earliestTransferDate()) context.addIssue({ code: 'custom', path: ['date'], message: 'too_soon' })
  })
}

/** A new transfer: both conferences are the selected one (spec 3 §5, D3-5-20). */
export function newTransferValues(conferenceId: number): TransferFormValues {
  return {
    from_conference_id: conferenceId,
    from_team_id: null,
    from_team_name: '',
    user_id: null,
    user_name: '',
    to_conference_id: conferenceId,
    to_team_id: null,
    to_team_name: '',
    date: '',
  }
}

/** The form over a stored transfer (data_edit). */
export function transferValuesOf(stored: TransferEdit): TransferFormValues {
  return {
    from_conference_id: stored.from_conference_id,
    from_team_id: stored.from_team_id,
    from_team_name: stored.from_team_name,
    user_id: stored.user_id,
    user_name: stored.user_name,
    to_conference_id: stored.to_conference_id,
    to_team_id: stored.to_team_id,
    to_team_name: stored.to_team_name,
    date: stored.date ?? '',
  }
}
