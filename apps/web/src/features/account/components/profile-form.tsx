import { useMemo, useState } from 'react'
import { useNavigate } from 'react-router'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Alert, Checkbox, Fieldset, Group, List, NativeSelect, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { formatInternational, isEmail, isPhone, toE164, type accountCalls, type Profile } from '@crm/domain'
import { useSession } from '../../session/session'
import { FormActions } from '../../../components/form-actions'
import { PasswordField } from '../../../components/password-field'
import type { InputOf } from '../../../lib/api'
import { useFormSubmission } from '../../../lib/form-submission'
import { changeLocale, normalizeLocale, supportedLocales, type Locale } from '../../../lib/i18n'
import { storeNoteKey } from '../../../lib/note-key'
import { usePasswordCheck } from '../../../lib/password-strength'
import { reencryptForNewPassword } from '../password-change'
import { accountKeys, useUpdateAccount } from '../queries'

type FieldError = 'required' | 'tooLong' | 'phone' | 'email' | 'oldPassword'

/** The form's rules (spec 3 §2.6): names while not synced, a valid phone or none, the old password for a new email or password. */
function profileFields(currentEmail: string) {
  return z
    .object({
      first_name: z.string().trim().max(100, 'tooLong'),
      last_name: z.string().trim().max(100, 'tooLong'),
      phone: z
        .string()
        .trim()
        .refine((value) => value === '' || isPhone(value), 'phone'),
      locale: z.enum(supportedLocales),
      sync_with_md: z.boolean(),
      email: z.string().trim().refine(isEmail, 'email'),
      old_password: z.string(),
      password: z.string(),
    })
    .superRefine((values, context) => {
      if (!values.sync_with_md && values.first_name === '') context.addIssue({ code: 'custom', path: ['first_name'], message: 'required' })
      const changesLogin = values.password !== '' || values.email.toLowerCase() !== currentEmail.toLowerCase()
      if (changesLogin && values.old_password === '') context.addIssue({ code: 'custom', path: ['old_password'], message: 'oldPassword' })
    })
}
type ProfileFields = z.input<ReturnType<typeof profileFields>>

function fieldsOf(profile: Profile): ProfileFields {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    phone: profile.phone ? formatInternational(profile.phone) : '',
    locale: normalizeLocale(profile.locale) ?? 'en',
    sync_with_md: profile.can_sync_with_md && profile.sync_with_md,
    email: profile.email,
    old_password: '',
    password: '',
  }
}

/** Personal, Display and Security (spec 3 §2.6); Sync with MD locks the personal fields. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['account', 'common'])
  const { account, reload } = useSession()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const update = useUpdateAccount()
  const submission = useFormSubmission()
  const [serverErrors, setServerErrors] = useState<string[]>([])
  const schema = useMemo(() => profileFields(profile.email), [profile.email])
  const form = useForm<ProfileFields>({ resolver: zodResolver(schema), mode: 'onTouched', defaultValues: fieldsOf(profile) })
  const { errors } = form.formState
  const [firstName, lastName, email, password, syncWithMd] = useWatch({
    control: form.control,
    name: ['first_name', 'last_name', 'email', 'password', 'sync_with_md'],
  })
  const passwordCheck = usePasswordCheck(password, { allowBlank: true, userInputs: [firstName, lastName, email] })
  const synced = profile.can_sync_with_md && syncWithMd
  const errorText = (field: keyof ProfileFields) => {
    const message = errors[field]?.message as FieldError | undefined
    if (!message) return undefined
    const keys: Record<FieldError, string> = {
      required: t('common:fieldRequired'),
      tooLong: t('personal.nameTooLong'),
      phone: t('personal.phoneInvalid'),
      email: t('security.emailInvalid'),
      oldPassword: t('security.oldPasswordRequired'),
    }
    return keys[message] ?? t('common:fieldRequired')
  }

  const save = async (values: ProfileFields) => {
    const input: InputOf<typeof accountCalls.updateAccount> = { locale: values.locale as Locale, email: values.email }
    if (profile.can_sync_with_md) input.sync_with_md = values.sync_with_md
    // While synced, MD is the source of the personal details.
    if (!synced) {
      const phone = values.phone ? (toE164(values.phone) ?? '') : ''
      Object.assign(input, { first_name: values.first_name, last_name: values.last_name, phone })
    }
    if (values.old_password) input.old_password = values.old_password
    let newKey: CryptoKey | null = null
    if (values.password) {
      const change = await reencryptForNewPassword(profile.encryption_key, values.old_password, values.password)
      Object.assign(input, { password: values.password, private_notes: change.notes })
      newKey = change.newKey
    }
    return { ...(await update.mutateAsync(input)), newKey }
  }

  const onSubmit = form.handleSubmit(async (values) => {
    // Pressed while the password rules load: the submit waits for them, it is not refused.
    if (!(await passwordCheck.settle()).ok) return submission.reportInvalid()
    setServerErrors([])
    const result = await submission.submit(() => save(values))
    if (!result.ok) return
    const { force_logout, errors: notSaved, newKey } = result.value
    // Every session has ended: /logout clears this device and goes to /login to sign in again.
    if (force_logout) return navigate('/logout', { replace: true })
    setServerErrors(notSaved)
    if (newKey && account) await storeNoteKey(newKey, account.user_id)
    form.reset({ ...values, old_password: '', password: '' })
    await changeLocale(values.locale as Locale, { persist: true })
    await Promise.all([queryClient.invalidateQueries({ queryKey: accountKeys.profile() }), reload()])
  }, submission.reportInvalid)

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="lg">
        <Fieldset legend={t('personal.title')}>
          <Stack gap="sm">
            {profile.can_sync_with_md && <Checkbox label={t('personal.syncWithMd')} description={t('personal.syncHint')} {...form.register('sync_with_md')} />}
            <Group grow align="flex-start">
              <TextInput
                label={t('personal.firstName')}
                autoComplete="given-name"
                withAsterisk={!synced}
                disabled={synced}
                error={errorText('first_name')}
                {...form.register('first_name')}
              />
              <TextInput
                label={t('personal.lastName')}
                autoComplete="family-name"
                disabled={synced}
                error={errorText('last_name')}
                {...form.register('last_name')}
              />
            </Group>
            <TextInput
              label={t('personal.phone')}
              type="tel"
              autoComplete="tel"
              description={t('personal.phoneHint')}
              disabled={synced}
              error={errorText('phone')}
              {...form.register('phone')}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend={t('display.title')}>
          <NativeSelect
            label={t('display.language')}
            data={supportedLocales.map((locale) => ({ value: locale, label: t(`common:languages.${locale}`) }))}
            {...form.register('locale')}
          />
        </Fieldset>
        <Fieldset legend={t('security.title')}>
          <Stack gap="sm">
            <TextInput label={t('security.email')} type="email" autoComplete="email" withAsterisk error={errorText('email')} {...form.register('email')} />
            <PasswordInput
              label={t('security.oldPassword')}
              description={t('security.oldPasswordHint')}
              autoComplete="current-password"
              error={errorText('old_password')}
              visibilityToggleButtonProps={{ 'aria-label': t('common:password.show') }}
              {...form.register('old_password')}
            />
            <PasswordField label={t('security.newPassword')} hint={t('security.newPasswordHint')} check={passwordCheck} {...form.register('password')} />
            <Text size="sm" c="dimmed">
              {t('security.reencryptNote')}
            </Text>
          </Stack>
        </Fieldset>
        {serverErrors.length > 0 && (
          <Alert color="orange" role="alert" title={t('profile.errorsTitle')}>
            <List size="sm">
              {serverErrors.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <FormActions submission={submission} submitLabel={t('profile.save')} busy={form.formState.isSubmitting} />
      </Stack>
    </form>
  )
}
