import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { childGateSchema, duplicateDetailsSchema, type ChildGate, type contactCalls, type TeamGroupParams } from '@crm/domain'
import { isApiError, type InputOf, type OutputOf } from '../../../../lib/api'
import { useDraft } from '../../../../lib/drafts'
import { DraftRestoredNotice } from '../../../../components/draft-restored-notice'
import { useAddExistingContact, useCreateContact } from '../../queries'
import { AddExistingForm } from './add-existing-form'
import { ChildGateNotice } from '../child-gate-notice'
import { ContactForm, useContactForm, useContactFormSettings } from './contact-form'
import { compactFields, emptyContactValues, toWireFields, type ContactFormValues } from './contact-form-values'
import { DuplicateView, type Duplicate } from './duplicate-view'
import { RefusedFieldsNotice } from './refused-fields-notice'
import { useContactSaveSubmission, useServerErrors } from './server-errors'

type CreateInput = InputOf<typeof contactCalls.createUser>
type Access = OutputOf<typeof contactCalls.contactAccessForNew>

export interface NewContactFormProps {
  scope: TeamGroupParams
  access: Access
  /** update_contact in the group: another team's contact is added without asking. */
  canUpdate: boolean
  teamCountry?: string | null
}

/** The key of the new-contact draft: one per team and group. */
export const newContactDraftKey = (scope: TeamGroupParams) => `contact-new:${scope.team_id}:${scope.group_id}`

/**
 * Adding a contact (spec 2 §2, §4): the add-existing form, then the contact form, saved as a
 * local draft until it succeeds. A duplicate opens the add-existing view (spec 2 §8).
 */
export function NewContactForm({ scope, access, canUpdate, teamCountry }: NewContactFormProps) {
  const { t } = useTranslation('contact-form')
  const navigate = useNavigate()
  const { settings, lookups } = useContactFormSettings(access.fields)
  const [initial] = useState(() => emptyContactValues(settings.today))
  const form = useContactForm(settings, initial)
  const draft = useDraft<ContactFormValues>(newContactDraftKey(scope), form)
  const submission = useContactSaveSubmission()
  const duplicateSubmission = useContactSaveSubmission()
  const serverErrors = useServerErrors(form, settings)
  const create = useCreateContact()
  const addExisting = useAddExistingContact()
  const [duplicate, setDuplicate] = useState<(Duplicate & { input: CreateInput }) | null>(null)
  const [requested, setRequested] = useState<{ id: number } | null>(null)
  const [serverGate, setServerGate] = useState<ChildGate | null>(null)

  const done = async (id: number) => {
    draft.clear()
    await navigate(`/contacts/view/${id}`)
  }

  const onValid = async (values: ContactFormValues) => {
    const input = { ...compactFields(toWireFields(values, settings)), ...scope } as CreateInput
    setServerGate(null)
    serverErrors.clear()
    const result = await submission.submit(() => create.mutateAsync(input))
    if (result.ok) return done(result.value.id)
    const { error } = result
    if (!isApiError(error)) return
    if (error.code === 'user_exists_in_this_team' || error.code === 'user_exists_in_other_team') {
      const details = duplicateDetailsSchema.safeParse(error.data)
      if (details.success) {
        submission.reset()
        setDuplicate({ inOtherTeam: error.code === 'user_exists_in_other_team', details: details.data, input })
      }
    } else if (error.code === 'child_data_gate') {
      const gate = childGateSchema.safeParse(error.data)
      if (gate.success) setServerGate(gate.data)
    } else if (error.code === 'invalid_request') {
      serverErrors.apply(error.fieldErrors)
    }
  }

  if (duplicate) {
    const { data: match, match_token } = duplicate.details
    const addExistingOne = async () => {
      if (!match) return
      // Another team's contact is added only with the token of the answer that showed it.
      const result = await duplicateSubmission.submit(() =>
        addExisting.mutateAsync({ ...scope, user_id: match.id, ...(match_token ? { match_token } : {}) }),
      )
      if (!result.ok) return
      if (result.value.is_awaiting_approval) {
        draft.clear()
        setRequested({ id: result.value.id })
      } else await done(result.value.id)
    }
    const ignore = async () => {
      const result = await duplicateSubmission.submit(() => create.mutateAsync({ ...duplicate.input, disregard_existing: true }))
      if (result.ok) await done(result.value.id)
    }
    return (
      <DuplicateView
        duplicate={duplicate}
        enteredName={[duplicate.input.first_name, duplicate.input.last_name].filter(Boolean).join(' ')}
        canUpdate={canUpdate}
        submission={duplicateSubmission}
        requested={requested}
        onAddExisting={() => void addExistingOne()}
        onIgnore={() => void ignore()}
        onBack={() => {
          duplicateSubmission.reset()
          setDuplicate(null)
        }}
      />
    )
  }

  return (
    <>
      {/* The primary group holds every contact of the team: none to add to it. */}
      {scope.group_id !== scope.team_id && <AddExistingForm scope={scope} onAdded={draft.clear} />}
      <DraftRestoredNotice draft={draft} />
      <ContactForm
        form={form}
        settings={settings}
        lookups={lookups}
        submission={submission}
        submitLabel={t('new.submit')}
        onValid={onValid}
        childGate={access.child_gate}
        teamCountry={teamCountry}
        notice={
          <>
            {serverGate && <ChildGateNotice gate={serverGate} />}
            <RefusedFieldsNotice fields={serverErrors.unmarked} />
          </>
        }
      />
    </>
  )
}
