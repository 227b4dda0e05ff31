import { useTranslation } from 'react-i18next'
import { useFormContext } from 'react-hook-form'
import { Checkbox, Fieldset, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { maritalStatuses, socialNetworks, type LookupItem } from '@crm/domain'
import { AddressField, type AddressValue } from '../../../places/components/address-field'
import { lookupOptions } from './church-section'
import type { ContactFormValues } from './contact-form-values'
import { isOtherTextOpen } from './contact-form-rules'
import type { FormKit } from './form-kit'

const expectations = [
  ['expect_follow_up', 'expectFollowUp'],
  ['expect_bible_study', 'expectBibleStudy'],
  ['expect_baptism', 'expectBaptism'],
] as const

/** The additional-information form (spec 2 §2): religion, marital status, address, social links, expectations. */
export function AdditionalSection({ kit, religions, teamCountry }: { kit: FormKit; religions?: LookupItem[]; teamCountry?: string | null }) {
  const { t } = useTranslation(['contact-form', 'contacts'])
  const { register, setValue, formState } = useFormContext<ContactFormValues>()
  const { values } = kit
  const addressErrors = Object.fromEntries(Object.keys(values.address).map((key) => [key, kit.error(`address.${key}`)])) as Partial<
    Record<keyof AddressValue, string>
  >

  return (
    <Fieldset legend={t('sections.additional')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {kit.shown('religion') && (
            <NativeSelect
              label={t('fields.religion')}
              data={lookupOptions(religions, t('fields.none'))}
              disabled={!kit.enabled('religion')}
              error={kit.error('religion')}
              value={values.religion}
              {...register('religion')}
            />
          )}
          {kit.shown('marital_status') && (
            <NativeSelect
              label={t('fields.maritalStatus')}
              data={[
                { value: '', label: t('fields.none') },
                ...maritalStatuses.map((status) => ({ value: status, label: t(`contacts:maritalStatus.${status}`) })),
              ]}
              disabled={!kit.enabled('marital_status')}
              error={kit.error('marital_status')}
              value={values.marital_status}
              {...register('marital_status')}
            />
          )}
        </SimpleGrid>
        {kit.shown('religion_other') && isOtherTextOpen('religion_other', values, kit.settings) && (
          <TextInput
            label={t('fields.religionOther')}
            disabled={!kit.enabled('religion_other')}
            error={kit.error('religion_other')}
            {...register('religion_other')}
          />
        )}
        {kit.shown('address') && (
          <AddressField
            legend={t('fields.address')}
            value={values.address}
            onChange={(address) => setValue('address', address, { shouldDirty: true, shouldValidate: formState.isSubmitted })}
            countryCode={teamCountry}
            disabled={!kit.enabled('address')}
            errors={addressErrors}
          />
        )}
        {kit.shown('social') && (
          <Fieldset legend={t('sections.social')} variant="unstyled" disabled={!kit.enabled('social')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {socialNetworks.map((network) => (
                <TextInput
                  key={network}
                  label={t(`contacts:social.${network}`)}
                  type="url"
                  placeholder="https://"
                  disabled={!kit.enabled('social')}
                  error={kit.error(`social.${network}`)}
                  {...register(`social.${network}`)}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
        )}
        {expectations.some(([name]) => kit.shown(name)) && (
          <Fieldset legend={t('sections.expectations')} variant="unstyled">
            <Stack gap="xs">
              {expectations
                .filter(([name]) => kit.shown(name))
                .map(([name, label]) => (
                  <Group key={name} gap="lg">
                    <Checkbox label={t(`fields.${label}`)} disabled={!kit.enabled(name)} {...register(name)} />
                    <Checkbox
                      label={t('fields.completed')}
                      aria-label={t(`fields.${label}Completed`)}
                      disabled={!kit.enabled(name) || !values[name]}
                      {...register(`${name}_completed`)}
                    />
                  </Group>
                ))}
            </Stack>
          </Fieldset>
        )}
      </Stack>
    </Fieldset>
  )
}
