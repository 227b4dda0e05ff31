import { useTranslation } from 'react-i18next'
import { useFormContext } from 'react-hook-form'
import { Alert, Checkbox, Fieldset, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { consentChoices, type ConsentChoice } from '@crm/domain'
import type { ContactFormValues } from './contact-form-values'
import { parentCanBeAsked } from './contact-form-rules'
import type { FormKit } from './form-kit'

/**
 * How consent was given (spec 2 §2, §4): Automatic, a photo, verbal (only after confirming
 * that the other options are unavailable), or none yet. Without consent only the name and
 * gender are kept; a child's methods wait for the parent or carer's name and email or phone.
 */
export function ConsentSection({ kit }: { kit: FormKit }) {
  const { t } = useTranslation('contact-form')
  const { register, setValue, formState } = useFormContext<ContactFormValues>()
  const { values, settings } = kit
  if (!kit.shown('consent_type')) return null

  const needsParent = kit.child && !parentCanBeAsked(values)
  const disabled = (choice: ConsentChoice) => (choice !== 'none' && needsParent) || ((choice === 'verbal' || choice === 'none') && settings.consentLocked)
  const choose = (choice: string) => setValue('consent_type', choice as ConsentChoice, { shouldDirty: true, shouldValidate: formState.isSubmitted })

  return (
    <Fieldset legend={t('sections.consent')}>
      <Stack gap="sm">
        <Radio.Group label={t('consent.choice')} withAsterisk value={values.consent_type} onChange={choose} error={kit.error('consent_type')}>
          <Stack gap="xs" mt="xs">
            {consentChoices.map((choice) => (
              // What each choice keeps, before it is chosen (spec 2 §4).
              <Radio key={choice} value={choice} label={t(`consent.${choice}`)} description={t(`consent.saves.${choice}`)} disabled={disabled(choice)} />
            ))}
          </Stack>
        </Radio.Group>
        {needsParent && (
          <Text size="sm" c="dimmed">
            {t('consent.needsParent')}
          </Text>
        )}
        {settings.consentLocked && (
          <Text size="sm" c="dimmed">
            {t('consent.locked')}
          </Text>
        )}
        {kit.restricted && (
          <Alert color="yellow" role="note">
            {t('consent.noConsent')}
            {values.consent_type === 'automatic' && (
              <Text size="sm" mt={4}>
                {t('consent.automaticHint')}
              </Text>
            )}
          </Alert>
        )}
        {values.consent_type === 'photo' && (
          <>
            <TextInput type="date" label={t('consent.date')} withAsterisk error={kit.error('consent_date')} {...register('consent_date')} />
            <Text size="sm">{t('consent.photoHint')}</Text>
          </>
        )}
        {values.consent_type === 'verbal' && (
          <>
            <Text size="sm">{t('consent.tryOthersFirst')}</Text>
            <Checkbox label={t('consent.verbalConfirm')} error={kit.error('consent_verbal_confirmed')} {...register('consent_verbal_confirmed')} />
            {values.consent_verbal_confirmed && (
              <>
                <TextInput type="date" label={t('consent.date')} withAsterisk error={kit.error('consent_date')} {...register('consent_date')} />
                <Textarea
                  label={t('consent.content')}
                  withAsterisk
                  autosize
                  minRows={3}
                  error={kit.error('consent_content')}
                  {...register('consent_content')}
                />
              </>
            )}
          </>
        )}
      </Stack>
    </Fieldset>
  )
}
