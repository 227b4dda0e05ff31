import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Divider, Group, Select, Stack, Text, Title } from '@mantine/core'
import { id as idSchema, interactionDateFilters, type InteractionDateFilter, type InteractionItem } from '@crm/domain'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { FormStatus } from '../../../components/form-status'
import { useFormSubmission } from '../../../lib/form-submission'
import { TabListState, TabPagination } from '../../../components/tab-list-state'
import type { ContactTabFrameProps, ContactTabProps } from '../../../components/contact-tab'
import { useAddInteraction, useContactInteractions, useDeleteInteraction, useUpdateInteraction } from '../queries'
import { InteractionEntries } from './interaction-entries'
import { InteractionForm } from './interaction-form'
import { StudyProgress } from './study-progress'
import { useSession } from '../../session/session'

// The import dialog and its spreadsheet reader load only when someone opens it.
const ImportInteractionsDialog = lazy(() => import('./import-interactions'))

function linkedId(value: string | null): number | null {
  const parsed = idSchema.safeParse(value ?? undefined)
  return parsed.success ? parsed.data : null
}

/**
 * Interactions (spec 2 §2, §4): the date filter, Bible-study progress, the list with its
 * grow-phase banners, mark complete, edit and delete where the §6 rule allows, and the add
 * form. view_interaction and show_interaction highlight one; interaction_mark_complete
 * marks one complete once, then leaves the address.
 */
export function InteractionsTab({ item, contact, scope, team, openTab }: ContactTabProps & Pick<ContactTabFrameProps, 'openTab'>) {
  const { t } = useTranslation(['interactions', 'contacts'])
  const [params, setParams] = useSearchParams()
  const [filter, setFilter] = useState<InteractionDateFilter>('all')
  const [page, setPage] = useState(1)
  const [adding, setAdding] = useState(false)
  const [importing, setImporting] = useState(false)
  const { group } = useSession()
  const [editingId, setEditingId] = useState<number | null>(null)
  const [deleting, setDeleting] = useState<InteractionItem | null>(null)
  const [completingId, setCompletingId] = useState<number | null>(null)
  const interactions = useContactInteractions(contact.id, scope, filter, page)
  const addInteraction = useAddInteraction(contact.id, scope)
  const updateInteraction = useUpdateInteraction(contact.id, scope)
  const deleteInteraction = useDeleteInteraction(contact.id, scope)
  const submission = useFormSubmission({ timing: 'saveIndicator', successMessage: t('contacts:saved'), errorMessage: t('contacts:error') })
  const capabilities = item.auth.user_capabilities
  const mayPickUser = capabilities.read_dcrm_team_users === true
  // 'Event' and 'Decision' among the types (spec 1 §3) open the Events or Decisions tab's add
  // form, for a caller who may log them there.
  const mayLogContactEvents = capabilities.read_user_event === true && capabilities.update_user_event === true && !contact.consent_declined
  // Nobody follows up a minor before a parent or carer consents (spec 1 §1); the server refuses too.
  const needsConsent = contact.is_child && !contact.consent_given
  const items = interactions.data?.items ?? []
  const highlightedId = linkedId(params.get('view_interaction') ?? params.get('show_interaction') ?? params.get('interaction_mark_complete'))

  const complete = async (interactionId: number) => {
    setCompletingId(interactionId)
    try {
      await submission.submit(() => updateInteraction.mutateAsync({ id: interactionId, is_completed: true }))
    } finally {
      setCompletingId(null)
    }
  }

  // The link's mark-complete runs once per id, then the parameter leaves the address. It waits
  // for the list's first answer: a refresh asked while that first read is in flight joins it
  // (TanStack Query cancels only a query that has data), so the list could keep a read taken
  // before the change and show the interaction still upcoming.
  const markedFromLink = useRef<number | null>(null)
  const markId = linkedId(params.get('interaction_mark_complete'))
  const listRead = !interactions.isPending
  useEffect(() => {
    if (markId === null || !listRead || markedFromLink.current === markId) return
    markedFromLink.current = markId
    void complete(markId).then(() =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          next.delete('interaction_mark_complete')
          next.set('view_interaction', String(markId))
          return next
        },
        { replace: true },
      ),
    )
    // complete is stable enough for a one-off run per id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [markId, listRead])

  const remove = async (interactionId: number) => {
    const result = await submission.submit(() => deleteInteraction.mutateAsync(interactionId))
    if (!result.ok) throw result.error
  }

  return (
    <Stack gap="lg">
      <StudyProgress contactId={contact.id} scope={scope} />
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={3} size="h5">
            {t('title')}
          </Title>
          <Select
            label={t('dateFilter.label')}
            size="xs"
            w={200}
            allowDeselect={false}
            value={filter}
            onChange={(value) => {
              setFilter((value ?? 'all') as InteractionDateFilter)
              setPage(1)
            }}
            data={interactionDateFilters.map((value) => ({ value, label: t(`dateFilter.${value}`) }))}
          />
        </Group>
        {!interactions.isPending && !interactions.isError && items.length === 0 && filter === 'all' && (
          <Divider label={t('growPhases.prepare')} labelPosition="left" role="separator" />
        )}
        <TabListState isPending={interactions.isPending} isError={interactions.isError} count={items.length}>
          <InteractionEntries
            items={items}
            highlightedId={highlightedId}
            editingId={editingId}
            completingId={completingId}
            onEdit={(entry) => setEditingId(entry.id)}
            onComplete={(entry) => void complete(entry.id)}
            onDelete={setDeleting}
            renderEditor={(entry) => (
              <InteractionForm
                contactId={contact.id}
                teamId={team.id}
                label={t('editTitle')}
                item={entry}
                mayPickUser={mayPickUser}
                eventLinkScope={capabilities.read_user_event === true ? scope : null}
                submitLabel={t('save')}
                onSave={async (fields) => {
                  await updateInteraction.mutateAsync({ id: entry.id, ...fields })
                  setEditingId(null)
                }}
                onCancel={() => setEditingId(null)}
              />
            )}
          />
        </TabListState>
        <TabPagination page={page} maxPages={interactions.data?.max_pages ?? 1} onChange={setPage} />
        <FormStatus submission={submission} />
      </Stack>
      {capabilities.create_interaction === true && needsConsent && (
        <Text size="sm" c="dimmed">
          {t('needsConsent')}
        </Text>
      )}
      {capabilities.create_interaction === true && !needsConsent && (
        <Stack component="section" gap="sm" aria-labelledby="add-interaction-title">
          <Title order={3} size="h5" id="add-interaction-title">
            {t('addTitle')}
          </Title>
          {adding ? (
            <InteractionForm
              contactId={contact.id}
              teamId={team.id}
              label={t('addTitle')}
              mayPickUser={mayPickUser}
              eventLinkScope={capabilities.read_user_event === true ? scope : null}
              submitLabel={t('add')}
              onPickContactEvent={mayLogContactEvents ? (kind) => openTab(kind === 'event' ? 'events' : 'decisions', 'add') : undefined}
              onSave={(fields) => addInteraction.mutateAsync(fields)}
              onCancel={() => setAdding(false)}
            />
          ) : (
            <Group>
              <Button onClick={() => setAdding(true)}>{t('add')}</Button>
              {/* import_interaction in the group (spec 2 §6; D2-6-17). */}
              {group?.user_capabilities.import_interaction === true && (
                <Button variant="default" onClick={() => setImporting(true)}>
                  {t('import.button')}
                </Button>
              )}
            </Group>
          )}
          {importing && (
            <Suspense fallback={null}>
              <ImportInteractionsDialog contactId={contact.id} scope={scope} onClose={() => setImporting(false)} />
            </Suspense>
          )}
        </Stack>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { type: deleting?.type_display ?? '', date: deleting?.date_display ?? '' })}
        confirmLabel={t('delete')}
        danger
        onConfirm={() => (deleting ? remove(deleting.id) : undefined)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  )
}
