import { useTranslation } from 'react-i18next'
import { useFormContext } from 'react-hook-form'
import { Checkbox, Fieldset, NativeSelect, Stack, TextInput } from '@mantine/core'
import { growPhases, isSourceRequired, type LookupItem } from '@crm/domain'
import type { ContactFormValues } from './contact-form-values'
import { isOtherTextOpen } from './contact-form-rules'
import type { FormKit } from './form-kit'

export function lookupOptions(items: LookupItem[] | undefined, noneLabel: string) {
  return [{ value: '', label: noneLabel }, ...(items ?? []).map((item) => ({ value: String(item.id), label: item.title }))]
}

/** Member status (required), source (required for some statuses, spec 2 §5), grow cycle and visitor. */
export function ChurchSection({ kit, memberStatuses, sources }: { kit: FormKit; memberStatuses?: LookupItem[]; sources?: LookupItem[] }) {
  const { t } = useTranslation(['contact-form', 'contacts'])
  const { register } = useFormContext<ContactFormValues>()
  const { values } = kit
  const sourceRequired = isSourceRequired(values.member_status) && !kit.restricted
  const none = t('fields.none')

  return (
    <Fieldset legend={t('sections.church')}>
      <Stack gap="sm">
        {kit.shown('member_status') && (
          <NativeSelect
            label={t('fields.memberStatus')}
            withAsterisk={!kit.restricted}
            data={lookupOptions(memberStatuses, none)}
            disabled={!kit.enabled('member_status')}
            error={kit.error('member_status')}
            value={values.member_status}
            {...register('member_status')}
          />
        )}
        {kit.shown('source') && (
          <NativeSelect
            label={t('fields.source')}
            withAsterisk={sourceRequired}
            data={lookupOptions(sources, none)}
            disabled={!kit.enabled('source')}
            error={kit.error('source')}
            value={values.source}
            {...register('source')}
          />
        )}
        {kit.shown('source_other') && isOtherTextOpen('source_other', values, kit.settings) && (
          <TextInput label={t('fields.sourceOther')} disabled={!kit.enabled('source_other')} error={kit.error('source_other')} {...register('source_other')} />
        )}
        {kit.shown('grow_phase') && (
          <NativeSelect
            label={t('fields.growPhase')}
            data={[{ value: '', label: none }, ...growPhases.map((phase) => ({ value: phase, label: t(`contacts:growPhase.${phase}`) }))]}
            disabled={!kit.enabled('grow_phase')}
            error={kit.error('grow_phase')}
            value={values.grow_phase}
            {...register('grow_phase')}
          />
        )}
        {kit.shown('is_visitor') && <Checkbox label={t('fields.isVisitor')} disabled={!kit.enabled('is_visitor')} {...register('is_visitor')} />}
      </Stack>
    </Fieldset>
  )
}
