import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Stack, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { errorText } from '../../../lib/errors'
import { saveBlob } from '../../../lib/save-file'

/**
 * Export CSV (spec 2 §7 export=1): the CSV is fetched with the session's token (a plain link
 * could not carry it) and saved under `filename`.
 */
export function ExportCsvButton({ load, filename }: { load: () => Promise<Blob>; filename: string }) {
  const { t } = useTranslation('import-and-share')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const run = async () => {
    setBusy(true)
    setError(null)
    try {
      saveBlob(await load(), filename)
    } catch (failure) {
      setError(errorText(failure, t('export.failed')))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Stack gap={2} align="flex-start">
      <Button variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} loading={busy} onClick={() => void run()}>
        {t('export.button')}
      </Button>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  )
}
