import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Link, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core'
import { defaultUserImportTitle, type CreateUserImportResult } from '@crm/domain'
import { FormStatus } from '../../../components/form-status'
import { useImportCheck } from '../../../components/import-flow'
import { ImportKeptDetails } from '../../../components/import-report'
import { isApiError } from '../../../lib/api'
import { useFormSubmission } from '../../../lib/form-submission'
import { usePageTitle } from '../../../lib/page-title'
import { ImportAccessDenied, useImportTeam } from '../components/import-access'
import {
  ImportDetailsFields,
  OtherFieldErrors,
  detailsPayload,
  importDetailsForm,
  markServerErrors,
  type ImportDetailsValues,
} from '../components/import-details-fields'
import { ImportFileField, isImportFileReady, type ImportFile } from '../components/import-file-field'
import { ProblemRows } from '../components/problem-rows'
import { checkUserImport, useCreateUserImport } from '../queries'

/** Every row create-user-import refused, whatever the list it is in. */
function refusedRows(result: CreateUserImportResult) {
  return [
    ...result.unsuccessful_exists,
    ...result.unsuccessful_not_exists,
    ...result.unsuccessful_team_user_exists,
    ...result.unsuccessful_invalid_email,
    ...result.unsuccessful_error,
  ]
}

/**
 * /contacts/import-and-share/new (spec 2 §2.4, §4, §5): title (now, as yyyy/MM/dd HH:mm),
 * event date, notes and the spreadsheet, read in the browser; Save creates the import and goes
 * on to it, after showing the rows it refused.
 */
export function UserImportNewPage() {
  const { t } = useTranslation('import-and-share')
  const team = useImportTeam()
  usePageTitle(t('new.pageName'))
  const navigate = useNavigate()
  const create = useCreateUserImport()
  const form = useForm<ImportDetailsValues>({
    resolver: zodResolver(importDetailsForm),
    defaultValues: { title: defaultUserImportTitle(new Date()), date: '', content: '' },
  })
  const [file, setFile] = useState<ImportFile | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [otherErrors, setOtherErrors] = useState<Array<[string, string]>>([])
  const [result, setResult] = useState<CreateUserImportResult | null>(null)
  // The preview says what Save will do with each row: the server's dry run of the same call (issue 35 item 9).
  const check = useImportCheck(
    isImportFileReady(file) ? file : null,
    team ? { key: String(team.id), run: (ready) => checkUserImport(team.id, ready.rows) } : undefined,
  )
  const submission = useFormSubmission({
    successMessage: t('new.saved'),
    errorMessage: (error) => (isApiError(error) && Object.keys(error.fieldErrors).length > 0 ? t('new.fieldsRefused') : t('new.failed')),
  })

  if (!team) return <ImportAccessDenied title={t('new.pageName')} />

  const onSubmit = form.handleSubmit(
    async (values) => {
      if (!isImportFileReady(file)) {
        if (!file) setFileError(t('file.choose'))
        submission.reportInvalid()
        return
      }
      setOtherErrors([])
      const saved = await submission.submit(() => create.mutateAsync({ team_id: team.id, data: file.rows, ...detailsPayload(values) }))
      if (!saved.ok) {
        setOtherErrors(markServerErrors(form, saved.error))
        return
      }
      // Refused rows, and people kept without consent (issue 35 item 10), are shown before going on.
      const refused = refusedRows(saved.value)
      if (refused.length === 0 && !saved.value.kept_without_consent?.length && saved.value.id !== null)
        void navigate(`/contacts/import-and-share/edit/${saved.value.id}`)
      else setResult(saved.value)
    },
    () => {
      if (!file) setFileError(t('file.choose'))
      submission.reportInvalid()
    },
  )

  const chooseFile = (next: ImportFile | null) => {
    setFile(next)
    setFileError(null)
    setOtherErrors([])
  }

  if (result) {
    return (
      <Stack gap="lg" maw={900}>
        <Title order={1} size="h2">
          {t('new.pageName')}
        </Title>
        <Alert color="yellow" role="status" title={t('new.saved')}>
          {t('new.imported', { count: result.count_successful })}
        </Alert>
        <ImportKeptDetails report={result} />
        <ProblemRows title={t('new.refusedTitle')} rows={refusedRows(result)} />
        <Group>
          <Button component={Link} to={`/contacts/import-and-share/edit/${result.id ?? ''}`}>
            {t('new.continue')}
          </Button>
        </Group>
      </Stack>
    )
  }

  return (
    <Stack gap="lg" maw={900}>
      <Stack gap={4}>
        <Anchor component={Link} to="/contacts/import-and-share" size="sm">
          {t('backToList')}
        </Anchor>
        <Title order={1} size="h2">
          {t('new.pageName')}
        </Title>
      </Stack>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('new.pageName')}>
        <Stack gap="md">
          <ImportDetailsFields form={form} />
          <ImportFileField value={file} onChange={chooseFile} error={fileError} check={check} />
          <OtherFieldErrors errors={otherErrors} />
          <Group gap="sm" wrap="wrap">
            <Button type="submit" loading={submission.isProcessing} disabled={submission.isProcessing || (file !== null && !isImportFileReady(file))}>
              {t('new.save')}
            </Button>
            <FormStatus submission={submission} />
          </Group>
        </Stack>
      </form>
    </Stack>
  )
}

export { UserImportNewPage as Component }
