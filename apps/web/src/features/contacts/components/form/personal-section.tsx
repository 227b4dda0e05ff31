import { useTranslation } from 'react-i18next'
import { Controller, useFormContext } from 'react-hook-form'
import { Fieldset, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { genders } from '@crm/domain'
import { DobField } from './dob-field'
import { PhoneField } from './phone-field'
import type { ContactFormValues } from './contact-form-values'
import type { FormKit } from './form-kit'

/** Name, gender, birth month and year or age, email and phone. */
export function PersonalSection({ kit }: { kit: FormKit }) {
  const { t } = useTranslation(['contact-form', 'contacts'])
  const { register, setValue, control, formState } = useFormContext<ContactFormValues>()
  const { values } = kit
  const set = (name: 'dob_month' | 'dob_year' | 'phone_country', value: string) =>
    setValue(name, value, { shouldDirty: true, shouldValidate: formState.isSubmitted })

  return (
    <Fieldset legend={t('sections.personal')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {kit.shown('first_name') && (
            <TextInput label={t('fields.firstName')} withAsterisk autoComplete="off" error={kit.error('first_name')} {...register('first_name')} />
          )}
          {kit.shown('last_name') && <TextInput label={t('fields.lastName')} autoComplete="off" error={kit.error('last_name')} {...register('last_name')} />}
        </SimpleGrid>
        {kit.shown('gender') && (
          <NativeSelect
            label={t('fields.gender')}
            data={[{ value: '', label: t('fields.none') }, ...genders.map((gender) => ({ value: gender, label: t(`contacts:gender.${gender}`) }))]}
            error={kit.error('gender')}
            {...register('gender')}
          />
        )}
        <Group grow align="flex-end">
          {kit.shown('dob') && (
            <DobField
              legend={t('fields.dob')}
              month={values.dob_month}
              year={values.dob_year}
              onMonthChange={(month) => set('dob_month', month)}
              onYearChange={(year) => set('dob_year', year)}
              today={kit.settings.today}
              disabled={!kit.enabled('dob_year')}
              error={kit.error('dob_year')}
            />
          )}
          {kit.shown('age') && (
            <TextInput
              label={t('fields.age')}
              description={t('fields.ageHint')}
              type="number"
              inputMode="numeric"
              min={0}
              max={130}
              disabled={!kit.enabled('age') || values.dob_year !== ''}
              error={kit.error('age')}
              {...register('age')}
            />
          )}
        </Group>
        {kit.shown('email') && (
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="off"
            disabled={!kit.enabled('email')}
            error={kit.error('email')}
            {...register('email')}
          />
        )}
        {kit.shown('phone') && (
          <Controller
            control={control}
            name="phone"
            render={({ field }) => (
              <PhoneField
                ref={field.ref}
                name={field.name}
                label={t('fields.phone')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                country={values.phone_country}
                onCountryChange={(country) => set('phone_country', country)}
                disabled={!kit.enabled('phone')}
                error={kit.error('phone')}
              />
            )}
          />
        )}
      </Stack>
    </Fieldset>
  )
}
