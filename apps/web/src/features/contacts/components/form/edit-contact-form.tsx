import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { childGateSchema, type ChildGate, type ContactItem, type ContactView, type TeamGroupParams } from '@crm/domain'
import { isApiError } from '../../../../lib/api'
import { useUpdateContact } from '../../queries'
import { ChildGateNotice } from '../child-gate-notice'
import { ContactForm, useContactForm, useContactFormSettings } from './contact-form'
import { changedFields, contactFormValuesOf, toWireFields, type ContactFormValues } from './contact-form-values'
import { RefusedFieldsNotice } from './refused-fields-notice'
import { useContactSaveSubmission, useServerErrors } from './server-errors'

/**
 * The consent on record: any consent not declined lets the data be kept, as the server
 * decides (auth.fields), whatever choice the form then shows; a non-verbal one locks
 * verbal and none.
 */
function consentOnRecord(contact: ContactView, item: ContactItem) {
  const type = contact.consent_type ?? item.most_recent_consent?.type ?? null
  return {
    answered: contact.consent_given,
    locked: type === 'direct' || type === 'photo',
  }
}

/**
 * Editing a contact (spec 2 §2): the inputs auth.fields allows, sent as update-user with
 * only the changed fields. No local draft: the stored contact is the starting point.
 */
export function EditContactForm({
  item,
  contact,
  scope,
  teamCountry,
}: {
  item: ContactItem
  contact: ContactView
  scope: TeamGroupParams
  teamCountry?: string | null
}) {
  const { t } = useTranslation('contact-form')
  const consent = consentOnRecord(contact, item)
  const { settings, lookups } = useContactFormSettings(item.auth.fields, consent)
  const [baseline, setBaseline] = useState<ContactFormValues>(() => contactFormValuesOf(contact, settings.today))
  const form = useContactForm(settings, baseline)
  const submission = useContactSaveSubmission()
  const serverErrors = useServerErrors(form, settings)
  const update = useUpdateContact()
  const [serverGate, setServerGate] = useState<ChildGate | null>(null)

  const onValid = async (values: ContactFormValues) => {
    const changes = changedFields(toWireFields(baseline, settings), toWireFields(values, settings))
    setServerGate(null)
    serverErrors.clear()
    const result = await submission.submit(() =>
      Object.keys(changes).length === 0 ? Promise.resolve({ success: true as const }) : update.mutateAsync({ ...changes, ...scope, user_id: contact.id }),
    )
    if (result.ok) {
      setBaseline(values)
      form.reset(values)
      return
    }
    const { error } = result
    if (isApiError(error) && error.code === 'child_data_gate') {
      const gate = childGateSchema.safeParse(error.data)
      if (gate.success) setServerGate(gate.data)
    } else if (isApiError(error) && error.code === 'invalid_request') {
      serverErrors.apply(error.fieldErrors)
    }
  }

  return (
    <ContactForm
      form={form}
      settings={settings}
      lookups={lookups}
      submission={submission}
      submitLabel={t('edit.submit')}
      onValid={onValid}
      childGate={item.child_gate}
      teamCountry={teamCountry}
      notice={
        <>
          {serverGate && <ChildGateNotice gate={serverGate} />}
          <RefusedFieldsNotice fields={serverErrors.unmarked} />
        </>
      }
    />
  )
}
