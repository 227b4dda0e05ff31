import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Center, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core'
import { retentionMonthsOptions, type ContactRetention, type RetentionMonths } from '@crm/domain'
import { FormActions } from '../../../components/form-actions'
import { errorText } from '../../../lib/errors'
import { useFormSubmission } from '../../../lib/form-submission'
import { useContactRetention, useSetContactRetention } from '../queries'

// The select's values: 'off', or the months as text.
const off = 'off'
const valueOf = (months: RetentionMonths | null) => (months === null ? off : String(months))
const monthsOf = (value: string): RetentionMonths | null => retentionMonthsOptions.find((months) => String(months) === value) ?? null

/**
 * "Keep contacts without activity" (issue 40 §2, APP 11.2): how long the team keeps a contact
 * that has had no activity before the schedule de-identifies it — off, 12, 24 or 36 months —
 * said in one sentence. Who may edit the team (update_team) changes it; others read it.
 */
export function RetentionSection({ teamId, mayChange }: { teamId: number; mayChange: boolean }) {
  const { t } = useTranslation('contact-data')
  const headingId = useId()
  const retention = useContactRetention(teamId)

  let body
  if (retention.data) {
    const setting = retention.data
    body = (
      <Stack gap="sm">
        <Text size="sm">{t('retention.explain', { count: setting.notice_days })}</Text>
        {mayChange ? (
          <RetentionForm teamId={teamId} setting={setting} />
        ) : (
          <Stack gap={2}>
            <Text fw={500}>{t('retention.current', { months: monthsText(setting.months, t) })}</Text>
            <Text size="sm" c="dimmed">
              {t('retention.readOnly')}
            </Text>
          </Stack>
        )}
      </Stack>
    )
  } else if (retention.isError) {
    body = (
      <Group gap="sm" py="xs">
        <Text c="dimmed" role="alert">
          {errorText(retention.error, t('retention.loadFailed'))}
        </Text>
        <Button variant="light" size="compact-sm" onClick={() => void retention.refetch()}>
          {t('retention.retry')}
        </Button>
      </Group>
    )
  } else {
    body = (
      <Center py="xs">
        <Loader size="sm" role="status" aria-label={t('retention.loading')} />
      </Center>
    )
  }

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        {t('retention.title')}
      </Title>
      {body}
    </Stack>
  )
}

type Translate = ReturnType<typeof useTranslation<'contact-data'>>['t']

function monthsText(months: RetentionMonths | null, t: Translate): string {
  return months === null ? t('retention.off') : t('retention.option', { count: months })
}

/** The setting's select and Save; the select follows the team's setting until it is changed here. */
function RetentionForm({ teamId, setting }: { teamId: number; setting: ContactRetention }) {
  const { t } = useTranslation('contact-data')
  const save = useSetContactRetention()
  const submission = useFormSubmission({ errorMessage: t('retention.saveFailed') })
  // null: not changed here, the team's setting shows.
  const [chosen, setChosen] = useState<string | null>(null)
  const value = chosen ?? valueOf(setting.months)

  const onSubmit = async () => {
    const result = await submission.submit(() => save.mutateAsync({ team_id: teamId, months: monthsOf(value) }))
    if (result.ok) setChosen(null)
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void onSubmit()
      }}
    >
      <Group align="end" gap="sm" wrap="wrap">
        <NativeSelect
          label={t('retention.months')}
          w={{ base: '100%', xs: 320 }}
          data={[
            { value: off, label: t('retention.off') },
            ...retentionMonthsOptions.map((months) => ({ value: String(months), label: monthsText(months, t) })),
          ]}
          value={value}
          onChange={(event) => setChosen(event.currentTarget.value)}
        />
        <FormActions submission={submission} submitLabel={t('retention.save')} />
      </Group>
    </form>
  )
}
