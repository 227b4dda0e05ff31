import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Checkbox, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { submitNewContactRequest, type ConsentPage, type QrDecision, type UpdatableByContactField } from '@crm/domain'
import { useDateFormat } from '../../lib/date-format'
import { ConsentCallError, linkRefusal, submitPersonDetails } from './api'

type Errors = Record<string, string>

const newContactFields: readonly UpdatableByContactField[] = ['first_name', 'last_name', 'email', 'phone', 'gender', 'dob']
const months = Array.from({ length: 12 }, (_, index) => index + 1)

interface Values {
  first_name: string
  last_name: string
  email: string
  phone: string
  gender: string
  dob_month: string
  dob_year: string
  address_formatted: string
}
const empty: Values = { first_name: '', last_name: '', email: '', phone: '', gender: '', dob_month: '', dob_year: '', address_formatted: '' }

/** The call's fields each asked-for field fills. */
const fieldsOf: Record<UpdatableByContactField, (keyof Values)[]> = {
  first_name: ['first_name'],
  last_name: ['last_name'],
  email: ['email'],
  phone: ['phone'],
  gender: ['gender'],
  dob: ['dob_month', 'dob_year'],
  address: ['address_formatted'],
}

/**
 * An adult's own details (spec 2 §7.3): 'contact' updates the fields a leader asked for,
 * 'new_contact' (a QR card) enters a visitor with the decisions the card offers. Both need
 * the tick that agrees to be contacted.
 */
export function PersonForm({ page, consentKey, onDone }: { page: ConsentPage; consentKey: string; onDone: () => void }) {
  const { t } = useTranslation('consent-page')
  const format = useDateFormat()
  const isNew = page.purpose === 'new_contact'
  const asked = isNew ? newContactFields : page.fields
  const [values, setValues] = useState<Values>(empty)
  const [decisions, setDecisions] = useState<QrDecision[]>([])
  const [consent, setConsent] = useState(false)
  const [errors, setErrors] = useState<Errors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const church = page.team_name

  const set = (name: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [name]: value }))
    setErrors(({ [name]: _dropped, ...rest }) => rest)
  }

  const validate = (): Errors => {
    const found: Errors = {}
    if ((isNew || asked.includes('first_name')) && !values.first_name.trim()) found['first_name'] = t('required')
    const email = values.email.trim()
    if (email && !submitNewContactRequest.shape.email.safeParse(email).success) found['email'] = t('invalidEmail')
    if (!consent) found['consent'] = t('consentRequired')
    return found
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = validate()
    setErrors(found)
    if (Object.keys(found).length > 0) {
      setFormError(t('correctErrors'))
      return
    }
    setFormError(null)
    const body: Record<string, unknown> = { consent: true }
    for (const name of asked.flatMap((field) => fieldsOf[field])) {
      const value = values[name].trim()
      if (!value) continue
      body[name] = name === 'dob_month' || name === 'dob_year' ? Number(value) : value
    }
    if (isNew) body['decisions'] = decisions
    setBusy(true)
    try {
      await submitPersonDetails(isNew ? 'new_contact' : 'contact', consentKey, body)
      onDone()
    } catch (error) {
      const fieldErrors = error instanceof ConsentCallError ? error.fieldErrors : {}
      setErrors(fieldErrors)
      const refusal = linkRefusal(error)
      if (refusal) setFormError(t(refusal))
      else setFormError(Object.keys(fieldErrors).length > 0 ? t('correctErrors') : t('submitError'))
    } finally {
      setBusy(false)
    }
  }

  const input = (name: keyof Values) => ({
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => set(name, event.currentTarget.value),
    error: errors[name],
  })
  const shown = new Set(asked)
  // A server's error for a field not on screen shows in the form's alert.
  const onScreen = new Set<string>(['consent', ...asked.flatMap((field) => fieldsOf[field])])
  const year = new Date().getFullYear()

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {shown.has('first_name') && (
            <TextInput label={t('field.first_name')} withAsterisk autoComplete="given-name" maxLength={100} {...input('first_name')} />
          )}
          {shown.has('last_name') && <TextInput label={t('field.last_name')} autoComplete="family-name" maxLength={100} {...input('last_name')} />}
          {shown.has('email') && <TextInput label={t('field.email')} type="email" autoComplete="email" maxLength={254} {...input('email')} />}
          {shown.has('phone') && <TextInput label={t('field.phone')} type="tel" autoComplete="tel" maxLength={40} {...input('phone')} />}
          {shown.has('gender') && (
            <NativeSelect
              label={t('field.gender')}
              data={[
                { value: '', label: t('field.choose') },
                ...(['male', 'female', 'declined'] as const).map((value) => ({ value, label: t(`gender.${value}`) })),
              ]}
              {...input('gender')}
            />
          )}
          {shown.has('dob') && (
            <>
              <NativeSelect
                label={t('field.dob_month')}
                data={[{ value: '', label: t('field.choose') }, ...months.map((month) => ({ value: String(month), label: format.month(month) }))]}
                {...input('dob_month')}
              />
              <TextInput label={t('field.dob_year')} type="number" inputMode="numeric" min={1900} max={year} {...input('dob_year')} />
            </>
          )}
          {shown.has('address') && <TextInput label={t('field.address')} autoComplete="street-address" maxLength={300} {...input('address_formatted')} />}
        </SimpleGrid>

        {isNew && page.decisions.length > 0 && (
          <Checkbox.Group label={t('newContact.decisionsLegend')} value={decisions} onChange={(value) => setDecisions(value as QrDecision[])}>
            <Stack gap="xs" mt={6}>
              {page.decisions.map((decision) => (
                <Checkbox key={decision} value={decision} label={t(`decision.${decision}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}

        <Checkbox
          label={t('consent', { church })}
          checked={consent}
          onChange={(event) => {
            setConsent(event.currentTarget.checked)
            setErrors(({ consent: _dropped, ...rest }) => rest)
          }}
          error={errors['consent']}
        />

        {formError && (
          <Alert color="red" role="alert">
            {formError}
            {Object.entries(errors)
              .filter(([name]) => !onScreen.has(name))
              .map(([name, message]) => (
                <Text key={name} size="sm">
                  {message}
                </Text>
              ))}
          </Alert>
        )}
        <Button type="submit" loading={busy} size="md" style={{ alignSelf: 'flex-start' }}>
          {t('submit')}
        </Button>
      </Stack>
    </form>
  )
}
