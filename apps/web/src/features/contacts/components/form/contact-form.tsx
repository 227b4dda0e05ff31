import { useEffect, useMemo, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { FormProvider, useForm, type Resolver, type UseFormReturn } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Stack } from '@mantine/core'
import type { ChildGate, LookupItem } from '@crm/domain'
import { FormActions } from '../../../../components/form-actions'
import type { FormSubmission } from '../../../../lib/form-submission'
import { useLookup } from '../../../lookups/queries'
import { AdditionalSection } from './additional-section'
import { ChildGateNotice } from '../child-gate-notice'
import { ChurchSection } from './church-section'
import { ConsentSection } from './consent-section'
import { contactFormSchema } from './contact-form-schema'
import type { ContactFormValues } from './contact-form-values'
import type { ContactFormSettings } from './contact-form-rules'
import { useFormKit } from './form-kit'
import { ParentCarerSection } from './parent-carer-section'
import { PersonalSection } from './personal-section'

const otherIds = (items: LookupItem[] | undefined) => new Set((items ?? []).filter((item) => item.is_other).map((item) => String(item.id)))

export interface ContactLookups {
  memberStatuses?: LookupItem[]
  sources?: LookupItem[]
  religions?: LookupItem[]
}

/** The form's settings with the lookups it offers (member status, source, religion; cached for the session). */
export function useContactFormSettings(
  fields: readonly string[],
  consent: { answered: boolean; locked: boolean } = { answered: false, locked: false },
): { settings: ContactFormSettings; lookups: ContactLookups } {
  const memberStatuses = useLookup('member-status-types').data
  const sources = useLookup('contact-source-types').data
  const religions = useLookup('religion-types').data
  const fieldsKey = fields.join(',')
  const settings = useMemo<ContactFormSettings>(
    () => ({
      fields: new Set(fieldsKey.split(',')),
      consentAnswered: consent.answered,
      consentLocked: consent.locked,
      otherReligions: otherIds(religions),
      otherSources: otherIds(sources),
      today: new Date(),
    }),
    [fieldsKey, consent.answered, consent.locked, religions, sources],
  )
  return { settings, lookups: { memberStatuses, sources, religions } }
}

/** react-hook-form over the form schema; the rules read the latest settings. */
export function useContactForm(settings: ContactFormSettings, defaultValues: ContactFormValues): UseFormReturn<ContactFormValues> {
  const latest = useRef(settings)
  useEffect(() => {
    latest.current = settings
  })
  const resolver = useMemo<Resolver<ContactFormValues>>(
    () => (values, context, options) => zodResolver(contactFormSchema(latest.current))(values, context, options),
    [],
  )
  return useForm<ContactFormValues>({ resolver, defaultValues })
}

export interface ContactFormProps {
  form: UseFormReturn<ContactFormValues>
  settings: ContactFormSettings
  lookups: ContactLookups
  submission: FormSubmission
  submitLabel: string
  onValid: (values: ContactFormValues) => Promise<void> | void
  /** The caller's child data gate: applies once the entered birth date or age makes a child. */
  childGate: ChildGate | null
  teamCountry?: string | null
  /** Shown above the buttons (the server's child data gate). */
  notice?: ReactNode
}

/** The contact form of /contacts/new and /contacts/edit/{id} (spec 2 §2). */
export function ContactForm(props: ContactFormProps) {
  return (
    <FormProvider {...props.form}>
      <ContactFormBody {...props} />
    </FormProvider>
  )
}

function ContactFormBody({ form, settings, lookups, submission, submitLabel, onValid, childGate, teamCountry, notice }: ContactFormProps) {
  const { t } = useTranslation('contact-form')
  const kit = useFormKit(settings)
  const gated = kit.child && childGate !== null
  const onSubmit = form.handleSubmit(async (values) => {
    if (gated) return submission.reportInvalid()
    await onValid(values)
  }, submission.reportInvalid)

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="lg">
        <ConsentSection kit={kit} />
        <PersonalSection kit={kit} />
        {gated && childGate && <ChildGateNotice gate={childGate}>{t('childGate.blocked')}</ChildGateNotice>}
        <ParentCarerSection kit={kit} />
        <ChurchSection kit={kit} memberStatuses={lookups.memberStatuses} sources={lookups.sources} />
        <AdditionalSection kit={kit} religions={lookups.religions} teamCountry={teamCountry} />
        {notice}
        <FormActions submission={submission} submitLabel={submitLabel} disabled={gated} />
      </Stack>
    </form>
  )
}
