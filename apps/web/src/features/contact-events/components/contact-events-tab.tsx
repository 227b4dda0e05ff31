import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { ContactEventItem, ContactEventKind } from '@crm/domain'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { FormStatus } from '../../../components/form-status'
import { useFormSubmission } from '../../../lib/form-submission'
import { TabListState, TabPagination } from '../../../components/tab-list-state'
import type { ContactTabFrameProps, ContactTabProps } from '../../../components/contact-tab'
import { useAddContactEvent, useContactEvents, useDeleteContactEvent, useUpdateContactEvent } from '../queries'
import { AttendedEvents } from './attended-events'
import { ContactEventForm } from './contact-event-form'

/**
 * The Decisions or Events tab (spec 2 §2, §3, §4.5): the contact's events of one kind,
 * created newest first; add and edit with update_user_event, delete with delete_user_event
 * after a confirmation. Nothing is added once the contact declined consent. Texts are plain
 * text, never HTML. The Events tab also lists the events the contact attended.
 */
function ContactEventsTab({ kind, item, contact, scope, intent }: ContactTabProps & Pick<ContactTabFrameProps, 'intent'> & { kind: ContactEventKind }) {
  const { t } = useTranslation(['contact-events', 'interactions', 'contacts'])
  const [page, setPage] = useState(1)
  // Opened from the Interactions tab's 'Event' or 'Decision' type: the add form is open.
  const [adding, setAdding] = useState(intent === 'add')
  const addSection = useRef<HTMLDivElement>(null)
  const [editingId, setEditingId] = useState<number | null>(null)
  const [deleting, setDeleting] = useState<ContactEventItem | null>(null)
  const events = useContactEvents(contact.id, scope, kind, page)
  const addEvent = useAddContactEvent(contact.id, scope)
  const updateEvent = useUpdateContactEvent(contact.id, scope)
  const deleteEvent = useDeleteContactEvent(contact.id, scope)
  const submission = useFormSubmission({ timing: 'saveIndicator', successMessage: t('contacts:saved'), errorMessage: t('contacts:error') })
  const capabilities = item.auth.user_capabilities
  const mayUpdate = capabilities.update_user_event === true
  const mayDelete = capabilities.delete_user_event === true
  const items = events.data?.items ?? []
  const titleId = `contact-events-${kind}-title`
  const addTitleId = `add-contact-event-${kind}-title`

  // ...and in view, with the keyboard in its first field.
  useEffect(() => {
    if (intent !== 'add' || !addSection.current) return
    addSection.current.scrollIntoView({ block: 'start' })
    addSection.current.querySelector<HTMLElement>('form input')?.focus({ preventScroll: true })
  }, [intent])

  const remove = async (eventId: number) => {
    const result = await submission.submit(() => deleteEvent.mutateAsync(eventId))
    if (!result.ok) throw result.error
  }

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={3} size="h5" id={titleId}>
          {t(`${kind}.title`)}
        </Title>
        <TabListState isPending={events.isPending} isError={events.isError} count={items.length}>
          <Stack gap="sm" role="list" aria-labelledby={titleId}>
            {items.map((entry) => (
              <Paper key={entry.id} withBorder p="sm" role="listitem">
                {editingId === entry.id ? (
                  <ContactEventForm
                    kind={kind}
                    label={t(`${kind}.editTitle`)}
                    item={entry}
                    contactMemberStatus={contact.member_status}
                    submitLabel={t('save')}
                    onSave={async (fields) => {
                      await updateEvent.mutateAsync({ id: entry.id, ...fields })
                      setEditingId(null)
                    }}
                    onCancel={() => setEditingId(null)}
                  />
                ) : (
                  <Stack gap={4}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Group gap="xs">
                        <Text fw={600}>{entry.type_display}</Text>
                        <Text size="sm" c="dimmed">
                          {entry.date_display}
                        </Text>
                        {entry.grow_phase && (
                          <Badge variant="light" size="sm">
                            {t(`interactions:growPhases.${entry.grow_phase}`, { defaultValue: entry.grow_phase })}
                          </Badge>
                        )}
                      </Group>
                      <Group gap="xs" wrap="nowrap">
                        {mayUpdate && (
                          <Button
                            size="xs"
                            variant="subtle"
                            onClick={() => setEditingId(entry.id)}
                            aria-label={t('editLabel', { type: entry.type_display, date: entry.date_display })}
                          >
                            {t('edit')}
                          </Button>
                        )}
                        {mayDelete && (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => setDeleting(entry)}
                            aria-label={t('deleteLabel', { type: entry.type_display, date: entry.date_display })}
                          >
                            {t('delete')}
                          </Button>
                        )}
                      </Group>
                    </Group>
                    {entry.member_status_display && <Text size="sm">{t('memberStatusShown', { status: entry.member_status_display })}</Text>}
                    {entry.content && (
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {entry.content}
                      </Text>
                    )}
                  </Stack>
                )}
              </Paper>
            ))}
          </Stack>
        </TabListState>
        <TabPagination page={page} maxPages={events.data?.max_pages ?? 1} onChange={setPage} />
        <FormStatus submission={submission} />
      </Stack>
      {mayUpdate && contact.consent_declined && (
        <Text size="sm" c="dimmed">
          {t('consentDeclined')}
        </Text>
      )}
      {mayUpdate && !contact.consent_declined && (
        <Stack component="section" gap="sm" aria-labelledby={addTitleId} ref={addSection}>
          <Title order={3} size="h5" id={addTitleId}>
            {t(`${kind}.addTitle`)}
          </Title>
          {adding ? (
            <ContactEventForm
              kind={kind}
              label={t(`${kind}.addTitle`)}
              contactMemberStatus={contact.member_status}
              submitLabel={t(`${kind}.add`)}
              onSave={(fields) => addEvent.mutateAsync(fields)}
              onCancel={() => setAdding(false)}
            />
          ) : (
            <Group>
              <Button onClick={() => setAdding(true)}>{t(`${kind}.add`)}</Button>
            </Group>
          )}
        </Stack>
      )}
      {kind === 'event' && capabilities.read_event_attendance === true && <AttendedEvents contactId={contact.id} scope={scope} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t(`${kind}.deleteTitle`)}
        message={t('deleteMessage', { type: deleting?.type_display ?? '', date: deleting?.date_display ?? '' })}
        confirmLabel={t('delete')}
        danger
        onConfirm={() => (deleting ? remove(deleting.id) : undefined)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  )
}

/** The Decisions tab: baptisms, professions of faith and decisions. */
export function DecisionsTab(props: ContactTabProps & Pick<ContactTabFrameProps, 'intent'>) {
  return <ContactEventsTab {...props} kind="decision" />
}

/** The Events tab: prayer requests and other events of the contact's journey. */
export function EventsTab(props: ContactTabProps & Pick<ContactTabFrameProps, 'intent'>) {
  return <ContactEventsTab {...props} kind="event" />
}
