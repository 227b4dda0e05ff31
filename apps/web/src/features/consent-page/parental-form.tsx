import { useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Input, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core'
import { consentPhotoTypes, maxConsentFileSize, parentCarerRelationships, submitConsentRequest, type ConsentPage, type ConsentPermission } from '@crm/domain'
import { ConsentCallError, linkRefusal, submitParentalConsent, toMultipart } from './api'
import { PermissionChoices, type PermissionAnswers } from './permission-choices'
import { SignaturePad, type SignaturePadHandle } from './signature-pad'

type Errors = Record<string, string>

/** The parent's details as the form holds them; the names are the call's fields. */
interface Details {
  parent_carer_first_name: string
  parent_carer_last_name: string
  parent_carer_relationship: string
  parent_carer_email: string
  parent_carer_phone: string
}

function detailsOf(page: ConsentPage): Details {
  const parent = page.parent
  const relationship = parent?.relationship ?? ''
  return {
    parent_carer_first_name: parent?.first_name ?? '',
    parent_carer_last_name: parent?.last_name ?? '',
    parent_carer_relationship: (parentCarerRelationships as readonly string[]).includes(relationship) ? relationship : '',
    parent_carer_email: parent?.email ?? '',
    parent_carer_phone: parent?.phone ?? '',
  }
}

/** What a photo of the signed form may be: checked here by type and size, and by content on the server. */
function photoError(file: File | null): 'photoRequired' | 'photoType' | 'photoSize' | null {
  if (!file) return 'photoRequired'
  // HEIC files often come without a type from the browser: their name says what they are.
  const isHeic = /\.hei[cf]$/i.test(file.name)
  if (!(consentPhotoTypes as readonly string[]).includes(file.type) && !isHeic) return 'photoType'
  if (file.size > maxConsentFileSize) return 'photoSize'
  return null
}

/**
 * The parent's or carer's answer (spec 2 §3.4, issue 13 item 1): each permission granted or
 * denied, their details, and a signature (signature mode) or a photo of the signed paper form
 * with the date on it (photo mode, the embedded form staff use).
 */
export function ParentalForm({ page, consentKey, onDone }: { page: ConsentPage; consentKey: string; onDone: () => void }) {
  const { t } = useTranslation('consent-page')
  const isPhoto = page.mode === 'photo'
  const [answers, setAnswers] = useState<PermissionAnswers>({})
  const [details, setDetails] = useState<Details>(() => detailsOf(page))
  const [notes, setNotes] = useState('')
  const [date, setDate] = useState('')
  const [photo, setPhoto] = useState<File | null>(null)
  const [errors, setErrors] = useState<Errors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const signature = useRef<SignaturePadHandle>(null)

  const setDetail = (name: keyof Details, value: string) => {
    setDetails((current) => ({ ...current, [name]: value }))
    setErrors(({ [name]: _dropped, ...rest }) => rest)
  }

  const validate = (): Errors => {
    const found: Errors = {}
    for (const permission of page.permissions) if (!answers[permission]) found[permission] = t('parental.answerRequired')
    if (!details.parent_carer_first_name.trim()) found['parent_carer_first_name'] = t('required')
    const email = details.parent_carer_email.trim()
    if (email && !submitConsentRequest.shape.parent_carer_email.safeParse(email).success) found['parent_carer_email'] = t('invalidEmail')
    if (!email && !details.parent_carer_phone.trim()) found['parent_carer_phone'] = t('parental.contactRequired')
    if (isPhoto) {
      const problem = photoError(photo)
      if (problem) found['photo'] = t(`parental.${problem}`)
      if (!date) found['date'] = t('required')
    }
    return found
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFormError(null)
    const found = validate()
    const png = isPhoto ? null : await signature.current?.toPng()
    if (!isPhoto && !png) found['signature'] = t('parental.signatureRequired')
    setErrors(found)
    if (Object.keys(found).length > 0) {
      setFormError(t('correctErrors'))
      return
    }
    const granted = page.permissions.filter((permission) => answers[permission] === 'grant')
    const fields = {
      ...Object.fromEntries(Object.entries(details).map(([name, value]) => [name, value.trim()])),
      granted_permissions: granted,
      notes: notes.trim() || null,
      date: isPhoto ? date : null,
    }
    const file = isPhoto ? photo : png
    if (!file) return
    setBusy(true)
    try {
      const upload = isPhoto
        ? { field: 'photo' as const, blob: file, filename: photo?.name ?? 'photo' }
        : { field: 'signature' as const, blob: file, filename: 'signature.png' }
      await submitParentalConsent(consentKey, toMultipart(fields, upload))
      onDone()
    } catch (error) {
      // The server reports the file's errors under its field: 'signature' or 'photo'.
      const fieldErrors = error instanceof ConsentCallError ? error.fieldErrors : {}
      setErrors(fieldErrors)
      setFormError(Object.keys(fieldErrors).length > 0 ? t('correctErrors') : t('submitError'))
      const refusal = linkRefusal(error)
      if (refusal) setFormError(t(refusal))
    } finally {
      setBusy(false)
    }
  }

  const field = (name: keyof Details) => ({
    value: details[name],
    onChange: (event: { currentTarget: { value: string } }) => setDetail(name, event.currentTarget.value),
    error: errors[name],
  })
  const name = page.contact_first_name ?? ''

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <Stack gap="lg">
        {isPhoto && <Text>{t(page.parent ? 'parental.photoIntro' : 'parental.photoIntroAdult', { name })}</Text>}
        <Stack component="section" gap="sm" aria-labelledby="consent-permissions">
          <Title order={2} size="h4" id="consent-permissions">
            {t('parental.permissionsTitle')}
          </Title>
          {!isPhoto && <Text size="sm">{t('parental.permissionsHint')}</Text>}
          <PermissionChoices
            permissions={page.permissions}
            answers={answers}
            errors={errors as Partial<Record<ConsentPermission, string>>}
            onChange={(permission, answer) => {
              setAnswers((current) => ({ ...current, [permission]: answer }))
              setErrors(({ [permission]: _dropped, ...rest }) => rest)
            }}
          />
        </Stack>

        <Stack component="section" gap="sm" aria-labelledby="consent-details">
          <Title order={2} size="h4" id="consent-details">
            {t('parental.detailsTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('field.first_name')} withAsterisk autoComplete="given-name" maxLength={100} {...field('parent_carer_first_name')} />
            <TextInput label={t('field.last_name')} autoComplete="family-name" maxLength={100} {...field('parent_carer_last_name')} />
            <NativeSelect
              label={t('field.relationship')}
              data={[{ value: '', label: t('field.choose') }, ...parentCarerRelationships.map((value) => ({ value, label: t(`relationship.${value}`) }))]}
              {...field('parent_carer_relationship')}
            />
            <TextInput label={t('field.email')} type="email" autoComplete="email" maxLength={254} {...field('parent_carer_email')} />
            <TextInput label={t('field.phone')} type="tel" autoComplete="tel" maxLength={40} {...field('parent_carer_phone')} />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('parental.contactRequired')}
          </Text>
        </Stack>

        {isPhoto ? (
          <Stack component="section" gap="sm" aria-labelledby="consent-photo">
            <Title order={2} size="h4" id="consent-photo">
              {t('parental.photoTitle')}
            </Title>
            {/* A native file input: visible, labelled, and on a phone it offers the camera. */}
            <Input.Wrapper id="consent-photo-file" label={t('parental.photoLabel')} description={t('parental.photoHint')} error={errors['photo']} withAsterisk>
              <input
                id="consent-photo-file"
                type="file"
                accept={[...consentPhotoTypes, '.heic', '.heif'].join(',')}
                aria-invalid={Boolean(errors['photo'])}
                aria-describedby={errors['photo'] ? 'consent-photo-file-description consent-photo-file-error' : 'consent-photo-file-description'}
                style={{ display: 'block', marginTop: 6, maxWidth: '100%' }}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0] ?? null
                  setPhoto(file)
                  const problem = file ? photoError(file) : null
                  setErrors(({ photo: _dropped, ...rest }) => (problem ? { ...rest, photo: t(`parental.${problem}`) } : rest))
                }}
              />
            </Input.Wrapper>
            <TextInput
              type="date"
              label={t('parental.date')}
              value={date}
              max={new Date().toISOString().slice(0, 10)}
              onChange={(event) => {
                setDate(event.currentTarget.value)
                setErrors(({ date: _dropped, ...rest }) => rest)
              }}
              error={errors['date']}
              withAsterisk
            />
            <Textarea
              label={t('parental.notes')}
              value={notes}
              maxLength={5000}
              autosize
              minRows={2}
              onChange={(event) => setNotes(event.currentTarget.value)}
            />
          </Stack>
        ) : (
          <Stack component="section" gap="sm" aria-labelledby="consent-signature">
            <Title order={2} size="h4" id="consent-signature">
              {t('parental.signatureTitle')}
            </Title>
            <SignaturePad ref={signature} error={errors['signature']} onSigned={() => setErrors(({ signature: _dropped, ...rest }) => rest)} />
          </Stack>
        )}

        {formError && (
          <Alert color="red" role="alert">
            {formError}
            {Object.entries(errors)
              .filter(([name]) => !knownFields.has(name) && !(page.permissions as readonly string[]).includes(name))
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

/** Fields whose errors show under the field; any other error of the server shows in the form's alert. */
const knownFields = new Set([
  'parent_carer_first_name',
  'parent_carer_last_name',
  'parent_carer_relationship',
  'parent_carer_email',
  'parent_carer_phone',
  'photo',
  'date',
  'signature',
])
