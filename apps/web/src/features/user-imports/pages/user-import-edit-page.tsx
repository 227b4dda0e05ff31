import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Link, useNavigate, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import type { UserImport } from '@crm/domain'
import { ActionFailureAlert, useActionFailure } from '../../../components/action-failure'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { FormStatus } from '../../../components/form-status'
import { PagedListSection } from '../../../components/paged-list-section'
import { useListPaging } from '../../../components/paging'
import { isApiError } from '../../../lib/api'
import { errorText } from '../../../lib/errors'
import { withFlash } from '../../../lib/flash'
import { useFormSubmission } from '../../../lib/form-submission'
import { usePageTitle } from '../../../lib/page-title'
import { ExportCsvButton } from '../components/export-csv-button'
import { ImportAccessDenied, useImportTeam } from '../components/import-access'
import {
  ImportDetailsFields,
  OtherFieldErrors,
  detailsOf,
  detailsPayload,
  importDetailsForm,
  markServerErrors,
  type ImportDetailsValues,
} from '../components/import-details-fields'
import { ImportPerson } from '../components/import-people'
import { ProcessImport } from '../components/process-import'
import { fetchUserImportCsv, useDeleteUserImport, useUpdateUserImport, useUserImport, type UserImportQuery } from '../queries'

/**
 * /contacts/import-and-share/edit/{id} (spec 2 §2.4, §3, §4): the import's details, its people
 * (name ascending, spec 2 §9) with a church to choose for each, Export CSV, Process and Delete.
 */
export function UserImportEditPage() {
  const { t } = useTranslation('import-and-share')
  const team = useImportTeam()
  const id = Number(useParams().id)
  const navigate = useNavigate()
  const paging = useListPaging()
  const teamId = team?.id ?? 0
  const query: UserImportQuery = { team_id: teamId, page: paging.page, per_page: paging.pageSize, order_by: 'name', order: 'asc' }
  const record = useUserImport(id, query, team !== null)
  const remove = useDeleteUserImport(id)
  const [deleting, setDeleting] = useState(false)
  const deleteFailure = useActionFailure()
  usePageTitle(record.data?.title ?? t('edit.pageName'))

  if (!team) return <ImportAccessDenied title={t('edit.pageName')} />

  const back = (
    <Anchor component={Link} to="/contacts/import-and-share" size="sm">
      {t('backToList')}
    </Anchor>
  )

  if (!record.data) {
    if (record.isError) {
      const status = isApiError(record.error) ? record.error.status : 0
      if (status === 403) return <ImportAccessDenied title={t('edit.pageName')} />
      return (
        <Stack gap="sm" py="md">
          {back}
          <Title order={1} size="h2">
            {t('edit.pageName')}
          </Title>
          <Text role="alert">{status === 404 || !Number.isInteger(id) || id <= 0 ? t('edit.notFound') : errorText(record.error, t('edit.loadFailed'))}</Text>
        </Stack>
      )
    }
    if (!Number.isInteger(id) || id <= 0) {
      return (
        <Stack gap="sm" py="md">
          {back}
          <Text role="alert">{t('edit.notFound')}</Text>
        </Stack>
      )
    }
    return (
      <Center py="xl">
        <Loader size="sm" role="status" aria-label={t('loading')} />
      </Center>
    )
  }

  const data = record.data

  const confirmDelete = async () => {
    await deleteFailure.attempt(() => remove.mutateAsync(team.id), t('edit.deleteFailed'))
    await navigate('/contacts/import-and-share', { state: withFlash(t('edit.deleted', { title: data.title })) })
  }

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        {back}
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {data.title}
            </Title>
            <Text c="dimmed" size="sm">
              {t('edit.summary', { processed: data.count_processed, total: data.count_users })}
            </Text>
          </Stack>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <ExportCsvButton load={() => fetchUserImportCsv(id, query)} filename={`import-${id}.csv`} />
            <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => setDeleting(true)}>
              {t('edit.delete')}
            </Button>
          </Group>
        </Group>
      </Stack>
      <ActionFailureAlert failure={deleteFailure} />
      <DetailsSection key={data.id} item={data} importId={id} teamId={team.id} />
      <PagedListSection
        title={t('edit.people')}
        list={{
          data: { items: data.users, count: data.count, max_pages: data.max_pages },
          isError: record.isError,
          isFetching: record.isFetching,
          isPlaceholderData: record.isPlaceholderData,
          refetch: record.refetch,
        }}
        paging={paging}
        pager="answer"
        texts={{
          nothingFound: t('edit.noPeople'),
          loadFailed: t('edit.loadFailed'),
          retry: t('retry'),
          loading: t('loading'),
          updating: t('list.updating'),
          count: (count) => t('edit.peopleCount', { count }),
          pagesOf: t('edit.pagesOf'),
        }}
        itemKey={(user) => user.id}
        renderItem={(user) => <ImportPerson user={user} record={data} importId={id} teamId={team.id} />}
      >
        <ProcessImport record={data} importId={id} teamId={team.id} />
      </PagedListSection>
      <ConfirmDialog
        opened={deleting}
        title={t('edit.deleteTitle')}
        message={t('edit.deleteMessage', { title: data.title })}
        confirmLabel={t('edit.delete')}
        danger
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  )
}

/** Title, event date and notes, saved with update-user-import. */
function DetailsSection({ item, importId, teamId }: { item: UserImport; importId: number; teamId: number }) {
  const { t } = useTranslation('import-and-share')
  const headingId = useId()
  const update = useUpdateUserImport(importId)
  const form = useForm<ImportDetailsValues>({ resolver: zodResolver(importDetailsForm), defaultValues: detailsOf(item) })
  const [otherErrors, setOtherErrors] = useState<Array<[string, string]>>([])
  const submission = useFormSubmission({
    successMessage: t('edit.saved'),
    errorMessage: (error) => (isApiError(error) && Object.keys(error.fieldErrors).length > 0 ? t('edit.fieldsRefused') : t('edit.saveFailed')),
  })

  const onSubmit = form.handleSubmit(async (values) => {
    setOtherErrors([])
    const saved = await submission.submit(() => update.mutateAsync({ team_id: teamId, ...detailsPayload(values) }))
    if (saved.ok) form.reset(values)
    else setOtherErrors(markServerErrors(form, saved.error))
  }, submission.reportInvalid)

  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={headingId}>
        <Stack gap="sm">
          <Title order={2} size="h3" id={headingId}>
            {t('edit.details')}
          </Title>
          <ImportDetailsFields form={form} />
          <OtherFieldErrors errors={otherErrors} />
          <Group gap="sm" wrap="wrap">
            <Button type="submit" loading={submission.isProcessing} disabled={submission.isProcessing}>
              {t('edit.save')}
            </Button>
            <FormStatus submission={submission} />
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}

export { UserImportEditPage as Component }
