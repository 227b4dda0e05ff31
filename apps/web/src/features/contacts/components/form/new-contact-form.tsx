import { useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { childGateSchema, duplicateDetailsSchema, type ChildGate, type contactCalls, type TeamGroupParams } from '@crm/domain'
import { isApiError, type InputOf, type OutputOf } from '../../../../lib/api'
import { useDraft } from '../../../../lib/drafts'
import { DraftRestoredNotice } from '../../../../components/draft-restored-notice'
import { withFlash } from '../../../../lib/flash'
import { useAddExistingContact, useCreateContact, useUpdateContact } from '../../queries'
import { ConsentRequestView } from '../../../consent/components/consent-request-view'
import { AddExistingForm } from './add-existing-form'
import { ChildGateNotice } from '../child-gate-notice'
import { ContactForm, useContactForm, useContactFormSettings } from './contact-form'
import { compactFields, emptyContactValues, toWireFields, type ContactFormValues } from './contact-form-values'
import { isChildEntered, phoneIsEmpty } from './contact-form-rules'
import { parentDetailsOf, type ParentDetails } from '../../../consent/components/parent-details'
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
  const { t } = useTranslation(['contact-form', 'consent'])
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

  const update = useUpdateContact()
  const [consentFor, setConsentFor] = useState<{ id: number; values: ContactFormValues } | null>(null)
  const consentCompleted = useRef(false)
  const lastValues = useRef<ContactFormValues | null>(null)

  const done = async (id: number) => {
    draft.clear()
    await navigate(`/contacts/view/${id}`)
  }

  // A child added with Automatic or Photo: the request view opens for the new contact (spec 2 §4.2).
  const created = async (id: number) => {
    const values = lastValues.current
    if (values && isChildEntered(values, settings.today) && (values.consent_type === 'automatic' || values.consent_type === 'photo')) {
      draft.clear()
      setConsentFor({ id, values })
      return
    }
    await done(id)
  }

  // Until consent exists the server keeps only the name, gender, birth and parent or carer;
  // once the embedded form completes, the rest of what was typed is sent again.
  const consentDone = async () => {
    if (!consentFor) return
    consentCompleted.current = true
    const rest: Record<string, unknown> = { ...compactFields(toWireFields(consentFor.values, { ...settings, consentAnswered: true })) }
    for (const key of ['consent_type', 'consent_date', 'consent_content', 'consent_verbal_confirmed']) delete rest[key]
    await update.mutateAsync({ ...rest, ...scope, user_id: consentFor.id }).catch(() => undefined)
    await navigate(`/contacts/view/${consentFor.id}`, { state: withFlash(t('consent:request.completed')) })
  }

  const onValid = async (values: ContactFormValues) => {
    const input = { ...compactFields(toWireFields(values, settings)), ...scope } as CreateInput
    lastValues.current = values
    setServerGate(null)
    serverErrors.clear()
    const result = await submission.submit(() => create.mutateAsync(input))
    if (result.ok) return created(result.value.id)
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
      const result = await duplicateSubmission.submit(() => addExisting.mutateAsync({ ...scope, user_id: match.id, ...(match_token ? { match_token } : {}) }))
      if (!result.ok) return
      if (result.value.is_awaiting_approval) {
        draft.clear()
        setRequested({ id: result.value.id })
      } else await done(result.value.id)
    }
    const ignore = async () => {
      const result = await duplicateSubmission.submit(() => create.mutateAsync({ ...duplicate.input, disregard_existing: true }))
      if (result.ok) await created(result.value.id)
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

  if (consentFor) {
    const { values } = consentFor
    return (
      <ConsentRequestView
        opened
        contactId={consentFor.id}
        scope={scope}
        parent={parentOf(values)}
        verbalLocked={false}
        initialMethod={values.consent_type === 'photo' ? 'photo' : 'automatic'}
        notice={t('consent:request.restNotKept')}
        onComplete={() => void consentDone()}
        onClose={() => {
          if (!consentCompleted.current) void navigate(`/contacts/view/${consentFor.id}`)
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

/** The parent or carer as typed: the form only offers Automatic and Photo once they can be asked. */
function parentOf(values: ContactFormValues): ParentDetails | null {
  return parentDetailsOf({
    parent_carer_first_name: values.parent_carer_first_name,
    parent_carer_last_name: values.parent_carer_last_name || null,
    parent_carer_relationship: (values.parent_carer_relationship || null) as ParentDetails['relationship'],
    parent_carer_email: values.parent_carer_email,
    parent_carer_phone: phoneIsEmpty(values.parent_carer_phone) ? null : values.parent_carer_phone,
  })
}
