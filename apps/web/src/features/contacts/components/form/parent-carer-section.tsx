import { useTranslation } from 'react-i18next'
import { Controller, useFormContext } from 'react-hook-form'
import { Fieldset, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { parentCarerRelationships } from '@crm/domain'
import { PhoneField } from './phone-field'
import type { ContactFormValues } from './contact-form-values'
import type { FormKit } from './form-kit'

/**
 * The parent or carer (spec 2 §5): shown for a child or once any of its fields is filled.
 * A child needs the first name and an email or phone. For a child these are kept without
 * consent too: consent is asked of the parent or carer.
 */
export function ParentCarerSection({ kit }: { kit: FormKit }) {
  const { t } = useTranslation(['contact-form', 'contacts'])
  const { register, setValue, control, formState } = useFormContext<ContactFormValues>()
  if (!kit.parentShown || !kit.shown('parent_carer_first_name')) return null
  const disabled = !kit.enabled('parent_carer_first_name')

  return (
    <Fieldset legend={t('sections.parent')}>
      <Stack gap="sm">
        {kit.child && <Text size="sm">{t('parent.note')}</Text>}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('parent.firstName')}
            withAsterisk={kit.child}
            autoComplete="off"
            disabled={disabled}
            error={kit.error('parent_carer_first_name')}
            {...register('parent_carer_first_name')}
          />
          {kit.shown('parent_carer_last_name') && (
            <TextInput
              label={t('parent.lastName')}
              autoComplete="off"
              disabled={disabled}
              error={kit.error('parent_carer_last_name')}
              {...register('parent_carer_last_name')}
            />
          )}
        </SimpleGrid>
        {kit.shown('parent_carer_relationship') && (
          <NativeSelect
            label={t('parent.relationship')}
            data={[
              { value: '', label: t('fields.none') },
              ...parentCarerRelationships.map((relationship) => ({ value: relationship, label: t(`contacts:relationship.${relationship}`) })),
            ]}
            disabled={disabled}
            error={kit.error('parent_carer_relationship')}
            {...register('parent_carer_relationship')}
          />
        )}
        {kit.shown('parent_carer_email') && (
          <TextInput
            label={t('parent.email')}
            type="email"
            autoComplete="off"
            disabled={disabled}
            error={kit.error('parent_carer_email')}
            {...register('parent_carer_email')}
          />
        )}
        {kit.shown('parent_carer_phone') && (
          <Controller
            control={control}
            name="parent_carer_phone"
            render={({ field }) => (
              <PhoneField
                ref={field.ref}
                name={field.name}
                label={t('parent.phone')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                country={kit.values.parent_carer_phone_country}
                onCountryChange={(country) => setValue('parent_carer_phone_country', country, { shouldDirty: true, shouldValidate: formState.isSubmitted })}
                disabled={disabled}
                error={kit.error('parent_carer_phone')}
              />
            )}
          />
        )}
      </Stack>
    </Fieldset>
  )
}
