import { useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Fieldset, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { contactAddressFields, type TeamDetail } from '@crm/domain'
import { FormActions } from '../../../components/form-actions'
import { isApiError } from '../../../lib/api'
import { errorCodeText } from '../../../lib/errors'
import { useFormSubmission } from '../../../lib/form-submission'
import { AddressField, addressValueOf, emptyAddress, isAddressText, type AddressValue } from '../../places/components/address-field'

/** What the team form holds (spec 3 §2.4 Team edit): Basic info, Address, ACMS. */
export interface TeamFormValues {
  title: string
  description: string
  address: AddressValue
  acms_id: string
}

export const emptyTeamForm: TeamFormValues = { title: '', description: '', address: emptyAddress, acms_id: '' }

export function teamFormValuesOf(team: TeamDetail): TeamFormValues {
  return { title: team.title, description: team.description, address: addressValueOf(team), acms_id: team.acms_id ?? '' }
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim())

/** The fields sent: the address only when the form shows it, the ACMS id only with its section. */
export function teamWriteOf(values: TeamFormValues, sections: { address: boolean; acms: boolean }) {
  const address: Record<string, unknown> = {}
  if (sections.address) {
    for (const field of contactAddressFields) {
      const part = values.address[field]
      address[field] = isAddressText(field) ? orNull(String(part)) : part
    }
  }
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    ...address,
    ...(sections.acms ? { acms_id: values.acms_id.trim() } : {}),
  }
}

export interface TeamFormProps {
  initial: TeamFormValues
  label: string
  /** Address section (teams, not groups). */
  withAddress: boolean
  /** ACMS section (a conference's sub-team). */
  withAcms: boolean
  onSave: (fields: ReturnType<typeof teamWriteOf>) => Promise<unknown>
  onSaved?: (value: unknown) => void
  /**
   * The title lost focus (the ACMS id is guessed then); answers an id to fill in, or null. Asked
   * again when the name changes: a new guess (or none) replaces the last one, never an id typed.
   */
  onTitleBlur?: (title: string) => Promise<string | null>
  /** Below the buttons: the Remove button with its warning. */
  footer?: ReactNode
}

/** The team, group and sub-team form: name required; a taken name or a missing address says so. */
export function TeamForm({ initial, label, withAddress, withAcms, onSave, onSaved, onTitleBlur, footer }: TeamFormProps) {
  const { t } = useTranslation(['team', 'common'])
  const [values, setValues] = useState(initial)
  const [showErrors, setShowErrors] = useState(false)
  const [server, setServer] = useState<Record<string, string>>({})
  const submission = useFormSubmission({ successMessage: t('common:saved') })
  // The name the last guess was for (issue 35: a sub-team renamed after a guess kept another
  // church's id), and whether the ACMS id in the field is the user's (typed, or stored): theirs
  // stays, a guess is replaced by the next name's guess, or cleared.
  const guessedFor = useRef<string | null>(null)
  const ownAcmsId = useRef(initial.acms_id.trim() !== '')

  const set = <K extends keyof TeamFormValues>(key: K, value: TeamFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }))
    setServer((current) => {
      const next = { ...current }
      delete next[key]
      if (key === 'address') {
        delete next.address
        for (const field of Object.keys(next)) if (field.startsWith('address_')) delete next[field]
      }
      return next
    })
  }

  const own: Record<string, string> = {}
  if (values.title.trim() === '') own.title = t('form.required')
  if (withAcms && values.acms_id.trim() === '') own.acms_id = t('form.required')
  const fieldError = (key: string) => server[key] ?? (showErrors ? own[key] : undefined)

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setShowErrors(true)
    if (Object.keys(own).length > 0) {
      submission.reportInvalid()
      return
    }
    setServer({})
    const result = await submission.submit(() => onSave(teamWriteOf(values, { address: withAddress, acms: withAcms })))
    if (result.ok) onSaved?.(result.value)
    else if (isApiError(result.error)) {
      const errors = { ...result.error.fieldErrors }
      // The spec's texts for the two codes of a sub-team add (spec 3 §8).
      if (result.error.code === 'name_taken') errors.title = errorCodeText('name_taken')
      if (result.error.code === 'require_address') errors.address = errorCodeText('require_address')
      if (result.error.code === 'acms_id_taken') errors.acms_id = errorCodeText('acms_id_taken', result.error.data)
      setServer(errors)
    }
  }

  const blurTitle = async () => {
    const title = values.title.trim()
    if (!onTitleBlur || title === '' || ownAcmsId.current || guessedFor.current === title) return
    guessedFor.current = title
    const guess = (await onTitleBlur(title)) ?? ''
    // Typed while the guess was on its way: the user's id stays.
    if (!ownAcmsId.current && guessedFor.current === title) set('acms_id', guess)
  }

  const addressErrors = Object.fromEntries(Object.entries(server).filter(([field]) => field.startsWith('address_'))) as Partial<
    Record<keyof AddressValue, string>
  >

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={label}>
      <Stack gap="lg" maw={720}>
        <Fieldset legend={t('form.basicInfo')}>
          <Stack gap="md">
            <TextInput
              label={t('form.name')}
              required
              maxLength={120}
              value={values.title}
              error={fieldError('title')}
              onChange={(event) => set('title', event.currentTarget.value)}
              onBlur={() => void blurTitle()}
            />
            <Textarea
              label={t('form.description')}
              autosize
              minRows={3}
              maxLength={5000}
              value={values.description}
              error={fieldError('description')}
              onChange={(event) => set('description', event.currentTarget.value)}
            />
          </Stack>
        </Fieldset>
        {withAddress && (
          <Stack gap={4}>
            <AddressField legend={t('form.address')} value={values.address} onChange={(address) => set('address', address)} errors={addressErrors} />
            {server.address && (
              <Text size="sm" c="red.8" role="alert">
                {server.address}
              </Text>
            )}
          </Stack>
        )}
        {withAcms && (
          <Fieldset legend={t('form.acms')}>
            <TextInput
              label={t('form.acmsId')}
              required
              maxLength={60}
              value={values.acms_id}
              error={fieldError('acms_id')}
              onChange={(event) => {
                ownAcmsId.current = event.currentTarget.value.trim() !== ''
                set('acms_id', event.currentTarget.value)
              }}
            />
          </Fieldset>
        )}
        <FormActions submission={submission} submitLabel={t('form.save')} />
        {footer}
      </Stack>
    </form>
  )
}
