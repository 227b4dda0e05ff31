import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { useClipboard } from '@mantine/hooks'
import { IconCalendarShare } from '@tabler/icons-react'
import { copiedMessageMs } from '@crm/domain'
import { errorText } from '../../../lib/errors'
import { fetchIcalUrl } from '../queries'

/**
 * 'Copy calendar url' (spec 1 §2.8): asks for the caller's secret url of the team's calendar
 * (GET ical-url), puts it on the clipboard and says so for copiedMessageMs. When the browser
 * refuses the clipboard the url is shown to copy by hand; when the url cannot be had, why.
 */
export function CalendarUrlButton({ teamId }: { teamId: number }) {
  const { t } = useTranslation('calendar')
  const queryClient = useQueryClient()
  const clipboard = useClipboard({ timeout: copiedMessageMs })
  const [busy, setBusy] = useState(false)
  const [url, setUrl] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const copy = async () => {
    setBusy(true)
    setFailure(null)
    clipboard.reset()
    try {
      const answer = await fetchIcalUrl(queryClient, teamId)
      setUrl(answer)
      clipboard.copy(answer)
    } catch (error) {
      setFailure(errorText(error, t('loadFailed')))
    } finally {
      setBusy(false)
    }
  }

  const refused = clipboard.error !== null && url !== null
  return (
    <Stack gap="xs">
      <Group>
        <Button variant="default" leftSection={<IconCalendarShare size={18} aria-hidden="true" />} loading={busy} onClick={() => void copy()}>
          {t('copyUrl')}
        </Button>
      </Group>
      <Text size="sm" c="teal.8" fw={500} role="status">
        {clipboard.copied ? t('copied') : ''}
      </Text>
      <Text size="sm" c="red.8" fw={500} role="alert">
        {failure ?? (refused ? t('copyRefused') : '')}
      </Text>
      {refused && <TextInput label={t('url')} value={url} readOnly onFocus={(event) => event.currentTarget.select()} />}
    </Stack>
  )
}
