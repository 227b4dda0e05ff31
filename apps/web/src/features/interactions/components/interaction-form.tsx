import { useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Checkbox, Group, Pill, Radio, SegmentedControl, Select, Stack, Text, TextInput, Textarea } from '@mantine/core'
import {
  contactCalls,
  type ContactEventKind,
  interactionTypeErrors,
  interactionTypes,
  maxInteractionContentLength,
  otherBibleStudy,
  prayerTypes,
  reactionAnimationMs,
  reactions,
  suggestionCalls,
  type InteractionItem,
  type Suggestion,
  type TeamGroupParams,
} from '@crm/domain'
import { FormActions } from '../../../components/form-actions'
import { SuggestionInput } from '../../../components/suggestion-input'
import { useFormSubmission } from '../../../lib/form-submission'
import { useLookup } from '../../lookups/queries'
import { eventLinkValue, useEventLinkOptions, type InteractionWrite } from '../queries'

/** What a person fills in; the type's own fields are checked by the domain's rule. */
const interactionForm = z
  .object({
    type: z.enum(interactionTypes),
    prayer_type: z.enum(prayerTypes).nullable(),
    type_other: z.string().trim().max(255),
    study: z.string().nullable(),
    bible_study: z.string().nullable(),
    bible_study_other: z.string().trim().max(255),
    reaction: z.enum(reactions).nullable(),
    date: z.iso.date(),
    time: z.union([z.literal(''), z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/)]),
    content: z.string().trim().max(maxInteractionContentLength),
    is_completed: z.boolean(),
    by_user: z.custom<Suggestion>().nullable(),
    others: z.array(z.custom<Suggestion>()),
    /** The event it happened at, as eventLinkValue names it, or none. */
    event_link: z.string().nullable(),
  })
  .superRefine((values, context) => {
    const bibleStudy = values.study === otherBibleStudy ? otherBibleStudy : values.bible_study
    for (const [path, message] of Object.entries(interactionTypeErrors({ ...values, bible_study: bibleStudy }))) {
      context.addIssue({ code: 'custom', path: [path === 'bible_study' && !values.study ? 'study' : path], message })
    }
  })
export type InteractionFormValues = z.infer<typeof interactionForm>

/** Today's date (YYYY-MM-DD) where the person is. */
function today(): string {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

/** The form's values of an interaction being edited, or of a new one. */
function valuesOf(item: InteractionItem | undefined, lessonParent: string | null): InteractionFormValues {
  if (!item) {
    return {
      type: 'visit',
      prayer_type: null,
      type_other: '',
      study: null,
      bible_study: null,
      bible_study_other: '',
      reaction: null,
      date: today(),
      time: '',
      content: '',
      is_completed: true,
      by_user: null,
      others: [],
      event_link: null,
    }
  }
  return {
    type: item.prayer_type ? 'prayer' : (item.type as InteractionFormValues['type']),
    prayer_type: item.prayer_type,
    type_other: item.type_other ?? '',
    study: item.bible_study === otherBibleStudy ? otherBibleStudy : (item.bible_study_parent ?? lessonParent),
    bible_study: item.bible_study,
    bible_study_other: item.bible_study_other ?? '',
    reaction: item.reaction,
    date: item.date,
    time: item.time ?? '',
    content: item.content ?? '',
    is_completed: item.is_completed,
    by_user: item.by_user_id ? { id: item.by_user_id, title: item.by_user_name } : null,
    others: item.others_present.map((other) => ({ id: other.user_id, title: other.user_name })),
    event_link: item.event_id ? eventLinkValue.event(item.event_id) : item.contact_event_id ? eventLinkValue.contactEvent(item.contact_event_id) : null,
  }
}

/** The wire's event_id and contact_event_id of the form's event link: one of them, or neither. */
function eventLinkOf(link: string | null): { event_id: number | null; contact_event_id: number | null } {
  const [kind, id] = (link ?? '').split(':')
  return {
    event_id: kind === 'event' ? Number(id) : null,
    contact_event_id: kind === 'contact-event' ? Number(id) : null,
  }
}

/** The wire's fields of the form's values. */
function writeOf(values: InteractionFormValues): InteractionWrite {
  const isStudy = values.type === 'bible-study'
  const bibleStudy = values.study === otherBibleStudy ? otherBibleStudy : values.bible_study
  return {
    type: values.type,
    date: values.date,
    time: values.time || null,
    content: values.content || null,
    prayer_type: values.type === 'prayer' ? values.prayer_type : null,
    type_other: values.type === 'other' ? values.type_other : null,
    bible_study: isStudy ? bibleStudy : null,
    bible_study_other: isStudy && bibleStudy === otherBibleStudy ? values.bible_study_other : null,
    reaction: isStudy ? values.reaction : null,
    is_completed: values.is_completed,
    other_contacts: values.others.map((other) => Number(other.id)),
    ...eventLinkOf(values.event_link),
    ...(values.by_user ? { by_user_id: Number(values.by_user.id) } : {}),
  }
}

const reactionFaces: Record<(typeof reactions)[number], string> = { unhappy: '🙁', neutral: '😐', happy: '🙂' }

export interface InteractionFormProps {
  contactId: number
  teamId: number
  label: string
  item?: InteractionItem
  /** The caller may choose the acting user (read_dcrm_team_users, spec 2 §6). */
  mayPickUser: boolean
  /** Where the event link's choices are read; null without read_user_event (no link offered). */
  eventLinkScope: TeamGroupParams | null
  submitLabel: string
  onSave: (fields: InteractionWrite) => Promise<unknown>
  onCancel?: () => void
  /**
   * Offers 'Event' and 'Decision' after the looked-up types (spec 1 §3); picking one hands
   * over to the contact's Events or Decisions (a contact event, not an interaction).
   */
  onPickContactEvent?: ((kind: ContactEventKind) => void) | undefined
}

/** The synthetic types, in the spec's order, and their values: never a looked-up type's id. */
const contactEventTypes: readonly ContactEventKind[] = ['event', 'decision']
const contactEventTypeValue = (kind: ContactEventKind) => `contact-event:${kind}`

/** Logs or edits an interaction: its type and the type's fields, when, who, who else was there. */
export function InteractionForm({
  contactId,
  teamId,
  label,
  item,
  mayPickUser,
  eventLinkScope,
  submitLabel,
  onSave,
  onCancel,
  onPickContactEvent,
}: InteractionFormProps) {
  const { t } = useTranslation(['interactions', 'common', 'contacts'])
  const defaults = valuesOf(item, null)
  const form = useForm<InteractionFormValues>({ resolver: zodResolver(interactionForm), defaultValues: defaults })
  const submission = useFormSubmission({ timing: 'saveIndicator', successMessage: t('contacts:saved'), errorMessage: t('contacts:error') })
  const [othersKey, setOthersKey] = useState(0)
  const [type, study, others] = useWatch({ control: form.control, name: ['type', 'study', 'others'] })
  const types = useLookup('interaction-types')
  const studies = useLookup('bible-studies-parents', { enabled: type === 'bible-study' })
  const lessons = useLookup('bible-studies-for-parent', { parent: study ?? '', enabled: type === 'bible-study' && Boolean(study) && study !== otherBibleStudy })
  const eventLinks = useEventLinkOptions(contactId, eventLinkScope ?? { team_id: teamId, group_id: teamId }, eventLinkScope !== null)
  const linkedElsewhere =
    defaults.event_link && item?.event_title && ![...eventLinks.attended, ...eventLinks.own].some((option) => option.value === defaults.event_link)
      ? [{ value: defaults.event_link, label: item.event_title }]
      : []
  const { errors } = form.formState
  const required = (field: keyof InteractionFormValues) => (errors[field] ? t('common:fieldRequired') : undefined)

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await submission.submit(() => onSave(writeOf(values)))
    if (result.ok && !item) {
      form.reset(valuesOf(undefined, null))
      setOthersKey((key) => key + 1)
    }
  }, submission.reportInvalid)

  const options = (items: Array<{ id: string | number; title: string }> | undefined) =>
    (items ?? []).map((option) => ({ value: String(option.id), label: option.title }))

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={label}>
      <Stack gap="sm" maw={640}>
        <Controller
          control={form.control}
          name="type"
          render={({ field }) => (
            <Select
              label={t('type')}
              required
              data={[
                ...options(types.data),
                ...(onPickContactEvent ? contactEventTypes.map((kind) => ({ value: contactEventTypeValue(kind), label: t(`contactEventTypes.${kind}`) })) : []),
              ]}
              value={field.value}
              onChange={(value) => {
                const kind = contactEventTypes.find((candidate) => contactEventTypeValue(candidate) === value)
                if (kind) onPickContactEvent?.(kind)
                else if (value) field.onChange(value)
              }}
              allowDeselect={false}
            />
          )}
        />
        {type === 'prayer' && (
          <Controller
            control={form.control}
            name="prayer_type"
            render={({ field }) => (
              <Radio.Group label={t('prayerType')} withAsterisk value={field.value ?? ''} onChange={field.onChange} error={required('prayer_type')}>
                <Group mt={4}>
                  <Radio value="request" label={t('prayer.request')} />
                  <Radio value="answer" label={t('prayer.answer')} />
                </Group>
              </Radio.Group>
            )}
          />
        )}
        {type === 'other' && <TextInput label={t('typeOther')} required maxLength={255} error={required('type_other')} {...form.register('type_other')} />}
        {type === 'bible-study' && (
          <>
            <Controller
              control={form.control}
              name="study"
              render={({ field }) => (
                <Select
                  label={t('study')}
                  required
                  data={options(studies.data)}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value)
                    form.setValue('bible_study', null)
                  }}
                  error={required('study')}
                />
              )}
            />
            {study && study !== otherBibleStudy && (
              <Controller
                control={form.control}
                name="bible_study"
                render={({ field }) => (
                  <Select
                    label={t('lesson')}
                    required
                    data={options(lessons.data)}
                    value={field.value}
                    onChange={field.onChange}
                    error={required('bible_study')}
                  />
                )}
              />
            )}
            {study === otherBibleStudy && (
              <TextInput label={t('studyOther')} required maxLength={255} error={required('bible_study_other')} {...form.register('bible_study_other')} />
            )}
            <Controller
              control={form.control}
              name="reaction"
              render={({ field }) => (
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="reaction-label">
                    {t('reaction')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="reaction-label"
                    transitionDuration={reactionAnimationMs}
                    value={field.value ?? ''}
                    onChange={(value) => field.onChange(value || null)}
                    data={[
                      { value: '', label: t('reactions.none') },
                      ...reactions.map((reaction) => ({ value: reaction, label: `${reactionFaces[reaction]} ${t(`reactions.${reaction}`)}` })),
                    ]}
                  />
                </Stack>
              )}
            />
          </>
        )}
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={t('date')}
            required
            error={required('date')}
            {...form.register('date', {
              // A date later than today is an upcoming interaction: not completed yet.
              onChange: (event: { target: { value: string } }) => {
                if (event.target.value > today()) form.setValue('is_completed', false)
              },
            })}
          />
          <TextInput type="time" label={t('time')} error={errors.time ? t('timeInvalid') : undefined} {...form.register('time')} />
        </Group>
        {mayPickUser && (
          <Controller
            control={form.control}
            name="by_user"
            render={({ field }) => (
              <SuggestionInput
                call={suggestionCalls.teamUsers}
                input={{ team_id: teamId }}
                label={t('byUser')}
                placeholder={t('byUserPlaceholder')}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        )}
        <Stack gap={4}>
          <SuggestionInput
            key={othersKey}
            call={contactCalls.teamContactSuggestions}
            input={{ team_id: teamId, exclude_id: contactId }}
            label={t('othersPresent')}
            value={null}
            excludeIds={others.map((other) => other.id)}
            onChange={(picked) => {
              if (!picked) return
              // Added once: the search offers neither the contact nor those already added.
              if (!others.some((other) => String(other.id) === String(picked.id))) form.setValue('others', [...others, picked])
              setOthersKey((key) => key + 1)
            }}
          />
          {others.length > 0 && (
            <Pill.Group aria-label={t('othersPresent')}>
              {others.map((other) => (
                <Pill
                  key={other.id}
                  withRemoveButton
                  // Mantine hides a pill's remove button from keyboards and screen readers
                  // (aria-hidden, tabIndex -1); here it is the only way to take someone off.
                  removeButtonProps={{ 'aria-label': t('removeOther', { name: other.title }), 'aria-hidden': false, tabIndex: 0 }}
                  onRemove={() =>
                    form.setValue(
                      'others',
                      others.filter((kept) => kept.id !== other.id),
                    )
                  }
                >
                  {other.title}
                </Pill>
              ))}
            </Pill.Group>
          )}
        </Stack>
        {eventLinkScope && (
          <Controller
            control={form.control}
            name="event_link"
            render={({ field }) => (
              <Select
                label={t('eventLink')}
                placeholder={t('eventLinkNone')}
                clearable
                data={[
                  ...linkedElsewhere,
                  { group: t('eventLinkAttended'), items: eventLinks.attended },
                  { group: t('eventLinkOwn'), items: eventLinks.own },
                ].filter((entry) => !('group' in entry) || entry.items.length > 0)}
                nothingFoundMessage={t('eventLinkNothing')}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        )}
        <Textarea
          label={t('content')}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={maxInteractionContentLength}
          error={errors.content ? t('tooLong', { max: maxInteractionContentLength }) : undefined}
          {...form.register('content')}
        />
        <Checkbox label={t('completed')} {...form.register('is_completed')} />
        <FormActions submission={submission} submitLabel={submitLabel} cancel={onCancel && { label: t('cancel'), onClick: onCancel }} />
      </Stack>
    </form>
  )
}
