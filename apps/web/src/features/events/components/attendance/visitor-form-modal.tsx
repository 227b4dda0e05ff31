import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Checkbox, Modal, Stack, Text, TextInput } from '@mantine/core'
import { email as emailSchema, type AttendanceItem } from '@crm/domain'
import { FormActions } from '../../../../components/form-actions'
import { isApiError } from '../../../../lib/api'
import { useFormSubmission } from '../../../../lib/form-submission'
import { useAddVisitor, useUpdateVisitor } from '../../queries'
import { failureReason } from './attendance-errors'
import type { AttendanceScope } from './attendance-scope'

interface VisitorValues {
  name: string
  phone: string
  email: string
  isNew: boolean
  createContact: boolean
}

type FieldErrors = Partial<Record<'name' | 'phone' | 'email', string>>

const serverFields: Record<string, keyof FieldErrors> = {
  visitor_info_name: 'name',
  visitor_info_phone: 'phone',
  visitor_info_email: 'email',
}

/**
 * Adds a visitor (add-event-attendance with is_visitor) or edits one (update-event-attendance):
 * name (required), phone, email, 'new' and 'create contact' (D3-2.1-21, D3-2.1-22). A refusal
 * of the server is shown in the form, which stays open: a member who may not create contacts
 * reads why.
 */
/** What a save made: the contact the visitor became, and what it did not keep without consent. */
export interface SavedVisitor {
  name: string
  userId: number | null
  /** The visitor became a contact of the team with this save. */
  becameContact: boolean
  fieldsNotKept: string[]
}

function savedOf(answer: unknown): { userId: number | null; fieldsNotKept: string[] } {
  const value = (answer ?? {}) as { user_id?: unknown; fields_not_kept?: unknown }
  return {
    userId: typeof value.user_id === 'number' ? value.user_id : null,
    fieldsNotKept: Array.isArray(value.fields_not_kept) ? value.fields_not_kept.filter((field): field is string => typeof field === 'string') : [],
  }
}

export function VisitorFormModal({
  scope,
  visitor,
  onClose,
  onSaved,
}: {
  scope: AttendanceScope
  visitor: AttendanceItem | null
  onClose: () => void
  onSaved?: (saved: SavedVisitor) => void
}) {
  const { t } = useTranslation('attendance')
  const [values, setValues] = useState<VisitorValues>({
    name: visitor?.visitor_info_name ?? visitor?.name ?? '',
    phone: visitor?.visitor_info_phone ?? '',
    email: visitor?.visitor_info_email ?? '',
    isNew: visitor?.visitor_info_is_new ?? false,
    createContact: visitor ? visitor.user_id !== null || visitor.visitor_info_create_contact : false,
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const addVisitor = useAddVisitor(scope.eventId, scope.eventDate)
  const updateVisitor = useUpdateVisitor(scope.eventId, scope.eventDate)
  const submission = useFormSubmission({
    successMessage: t('visitors.saved'),
    errorMessage: (error) => (isApiError(error) && error.status === 403 && values.createContact ? t('visitors.createContactForbidden') : failureReason(error)),
  })
  const isContact = visitor?.user_id != null
  const formId = visitor ? `visitor-form-${visitor.id}` : 'visitor-form-new'

  const set = <K extends keyof VisitorValues>(key: K, value: VisitorValues[K]) => setValues((current) => ({ ...current, [key]: value }))

  const validate = (): FieldErrors => {
    const found: FieldErrors = {}
    if (!values.name.trim()) found.name = t('visitors.nameRequired')
    if (values.email.trim() && !emailSchema.safeParse(values.email).success) found.email = t('visitors.emailInvalid')
    return found
  }

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const found = validate()
    setErrors(found)
    if (Object.keys(found).length > 0) {
      submission.reportInvalid()
      return
    }
    const fields = {
      team_id: scope.teamId,
      visitor_info_name: values.name.trim(),
      visitor_info_phone: values.phone.trim() || null,
      visitor_info_email: values.email.trim() || null,
      visitor_info_is_new: values.isNew,
      visitor_info_create_contact: values.createContact,
    }
    const result = await submission.submit<unknown>(() =>
      visitor
        ? updateVisitor.mutateAsync({ ...fields, id: visitor.id })
        : addVisitor.mutateAsync({ ...fields, event_id: scope.eventId, event_date: scope.eventDate, is_visitor: true }),
    )
    if (result.ok) {
      const saved = savedOf(result.value)
      onSaved?.({
        name: fields.visitor_info_name,
        userId: saved.userId,
        becameContact: saved.userId !== null && visitor?.user_id == null,
        fieldsNotKept: saved.fieldsNotKept,
      })
      onClose()
      return
    }
    if (isApiError(result.error)) {
      const refused: FieldErrors = {}
      for (const [field, message] of Object.entries(result.error.fieldErrors)) {
        const key = serverFields[field]
        if (key) refused[key] = message
      }
      setErrors(refused)
    }
  }

  return (
    <Modal opened onClose={onClose} title={visitor ? t('visitors.editTitle') : t('visitors.addTitle')} size="md">
      <form id={formId} onSubmit={(event) => void save(event)} noValidate aria-label={visitor ? t('visitors.editTitle') : t('visitors.addTitle')}>
        <Stack gap="sm">
          <TextInput
            label={t('visitors.name')}
            required
            maxLength={200}
            value={values.name}
            error={errors.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            data-autofocus
          />
          <TextInput
            label={t('visitors.phone')}
            type="tel"
            maxLength={40}
            value={values.phone}
            error={errors.phone}
            onChange={(event) => set('phone', event.currentTarget.value)}
          />
          <TextInput
            label={t('visitors.email')}
            type="email"
            maxLength={200}
            value={values.email}
            error={errors.email}
            onChange={(event) => set('email', event.currentTarget.value)}
          />
          <Checkbox label={t('visitors.isNew')} checked={values.isNew} onChange={(event) => set('isNew', event.currentTarget.checked)} />
          {isContact ? (
            <Text size="sm">{t('visitors.isContact')}</Text>
          ) : (
            <Checkbox
              label={t('visitors.createContact')}
              description={t('visitors.createContactHint')}
              checked={values.createContact}
              onChange={(event) => set('createContact', event.currentTarget.checked)}
            />
          )}
          <FormActions layout="modal" submission={submission} submitLabel={t('visitors.save')} cancel={{ label: t('visitors.cancel'), onClick: onClose }} />
        </Stack>
      </form>
    </Modal>
  )
}
