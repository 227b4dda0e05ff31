import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Text } from '@mantine/core'
import type { Draft } from '../lib/drafts'

/**
 * Tells the person that a form opened with their saved draft (spec 1 §4 "Drafts"), with a
 * way to discard it. The live region stays in the page so the message is announced.
 */
export function DraftRestoredNotice({ draft }: { draft: Pick<Draft, 'restored' | 'discard'> }) {
  const { t } = useTranslation('common')
  return (
    <div aria-live="polite">
      {draft.restored && (
        <Alert role="status" color="blue" py="xs">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('draft.restored')}</Text>
            <Button size="xs" variant="default" onClick={draft.discard}>
              {t('draft.discard')}
            </Button>
          </Group>
        </Alert>
      )}
    </div>
  )
}
