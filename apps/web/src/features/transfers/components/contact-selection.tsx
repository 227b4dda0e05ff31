import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core'
import type { ContactListItem, Transfer, TransferState } from '@crm/domain'
import { FormActions } from '../../../components/form-actions'
import { PagedListSection } from '../../../components/paged-list-section'
import { useSectionPaging } from '../../../components/paging'
import { SearchBox } from '../../../components/search-box'
import { isApiError } from '../../../lib/api'
import { useFormSubmission } from '../../../lib/form-submission'
import { useSetContactsToTransfer, useTransferContacts } from '../queries'
import { conflictText } from '../transfer-errors'

/** Stay is no state of the wire: a contact left out of the selection stays behind. */
type Choice = TransferState | 'stay'
const choices: Choice[] = ['stay', 'move', 'share']

function selectionOf(transfer: Transfer): Record<string, TransferState> {
  const selection: Record<string, TransferState> = {}
  for (const id of transfer.move_contact_ids) selection[String(id)] = 'move'
  for (const id of transfer.share_contact_ids) selection[String(id)] = 'share'
  return selection
}

/**
 * The pastor's contact selection (spec 3 §2.2): each contact assigned to them in the
 * from-church stays, moves or is shared. The list pages and searches; the choices of every
 * page are kept and saved together (set-contacts-to-transfer takes the whole selection).
 */
export function ContactSelection({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation('transfers')
  const headingId = useId()
  const [selection, setSelection] = useState(() => selectionOf(transfer))
  const [search, setSearch] = useState('')
  const paging = useSectionPaging('contacts')
  const church = transfer.from_team_id
  const list = useTransferContacts(
    {
      team_id: church,
      group_id: church,
      transfer_team_id: church,
      page: paging.page,
      per_page: paging.pageSize,
      order_by: 'name',
      order: 'asc',
      ...(search ? { search } : {}),
    },
    true,
  )
  const save = useSetContactsToTransfer(transfer.id)
  const submission = useFormSubmission({
    timing: 'saveIndicator',
    successMessage: t('contacts.saved'),
    errorMessage: (error) => {
      const conflict = conflictText(error, t)
      if (conflict) return conflict
      // Contacts no longer assigned to the pastor there (data.errors names each): nothing was saved.
      if (isApiError(error) && error.status === 400 && Object.keys(error.fieldErrors).length > 0) return t('contacts.refused')
      return t('contacts.notSaved')
    },
  })

  const choose = (id: number, choice: Choice) =>
    setSelection((current) => {
      const next = { ...current }
      if (choice === 'stay') delete next[String(id)]
      else next[String(id)] = choice
      return next
    })
  const chooseAll = (choice: Choice) => {
    for (const item of list.data?.items ?? []) choose(item.id, choice)
  }
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    // 'Changes saved.' in the reader's language, whatever text the answer carries.
    await submission.submit(async () => {
      await save.mutateAsync({ team_id: church, contacts: selection })
      return null
    })
  }

  const states = Object.values(selection)
  const moving = states.filter((state) => state === 'move').length
  const sharing = states.length - moving
  const noneAssigned = !search && list.data !== undefined && !list.isPlaceholderData && list.data.count === 0

  if (noneAssigned) {
    return (
      <Stack component="section" aria-labelledby={headingId} gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {t('contacts.selectionTitle')}
        </Title>
        <Text c="dimmed">{t('contacts.noneAssigned')}</Text>
      </Stack>
    )
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t('contacts.selectionTitle')} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {t('contacts.selectionTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('contacts.selectionHint', { church: transfer.from_team_name })}
          </Text>
        </Stack>
        <Group gap="sm" align="end" wrap="wrap">
          <div style={{ flex: '1 1 220px', maxWidth: 360 }}>
            <SearchBox
              label={t('contacts.search')}
              hideLabel
              placeholder={t('contacts.searchPlaceholder')}
              onSearch={(value) => {
                setSearch(value.trim())
                paging.setPage(1, { replace: true })
              }}
            />
          </div>
          <Group gap={6} wrap="wrap" role="group" aria-label={t('contacts.allOnPage')}>
            <Text size="sm" c="dimmed" aria-hidden="true">
              {t('contacts.allOnPage')}:
            </Text>
            {choices.map((choice) => (
              <Button
                key={choice}
                variant="default"
                size="compact-sm"
                disabled={!list.data?.items.length}
                onClick={() => chooseAll(choice)}
                aria-label={t('contacts.setAll', { state: t(`contacts.states.${choice}`) })}
              >
                {t(`contacts.states.${choice}`)}
              </Button>
            ))}
          </Group>
        </Group>
        <PagedListSection
          title={t('contacts.assignedTitle')}
          list={list}
          paging={paging}
          itemKey={(item) => item.id}
          renderItem={(item) => <ContactChoice item={item} value={selection[String(item.id)] ?? 'stay'} onChange={(choice) => choose(item.id, choice)} />}
          texts={{
            nothingFound: t('nothingFound'),
            loadFailed: t('contacts.loadFailed'),
            retry: t('list.retry'),
            loading: t('list.loading'),
            updating: t('list.updating'),
            count: (count) => t('contacts.count', { count }),
            pagesOf: t('list.pagesOf', { list: t('contacts.assignedTitle') }),
          }}
        />
        <Text size="sm" aria-live="polite">
          {t('contacts.summary', { move: moving, share: sharing })}
        </Text>
        <FormActions submission={submission} submitLabel={t('contacts.save')} />
      </Stack>
    </form>
  )
}

function ContactChoice({ item, value, onChange }: { item: ContactListItem; value: Choice; onChange: (choice: Choice) => void }) {
  const { t } = useTranslation('transfers')
  return (
    <Paper withBorder p="sm" role="listitem">
      <Radio.Group
        label={item.name}
        value={value}
        onChange={(next) => onChange(next as Choice)}
        styles={{ label: { fontWeight: 600, overflowWrap: 'anywhere' } }}
      >
        <Group gap="lg" mt={6} wrap="wrap">
          {choices.map((choice) => (
            <Radio key={choice} value={choice} label={t(`contacts.states.${choice}`)} />
          ))}
        </Group>
      </Radio.Group>
    </Paper>
  )
}
