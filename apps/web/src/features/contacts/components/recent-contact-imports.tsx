import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Group, ScrollArea, Stack, Text } from '@mantine/core'
import type { ContactImport, TeamGroupParams } from '@crm/domain'
import { useChangeCountsText } from '../../../components/import-report'
import { useDateFormat } from '../../../lib/date-format'
import { useContactImports } from '../queries'
import { ImportUndoFeedback, useImportUndo, type ImportUndo } from './contact-import-undo'

// The team's recent contact imports (issue 41 item 3), in the import dialog before a file is
// chosen: when, who, from which system, what each did, and Undo while it can still be undone
// (30 days), or when it was undone. Nothing is shown until there is one, nor when they cannot
// be read: the list never holds an import up.

/** The "Recent imports" section of the contact import dialog. */
export function RecentContactImports({ scope }: { scope: TeamGroupParams }) {
  const { t } = useTranslation('contacts')
  const imports = useContactImports(scope)
  const undo = useImportUndo(scope)
  const headingId = useId()
  // The moment the list opened: an import's Undo is offered while it is before its undo_until.
  const [now] = useState(Date.now)
  const items = imports.data?.data ?? []
  if (items.length === 0) return null
  return (
    <Stack gap="xs">
      <Text component="h3" fw={600} size="sm" m={0} id={headingId}>
        {t('import.recent.title')}
      </Text>
      <ImportUndoFeedback undo={undo} />
      <ScrollArea.Autosize mah={220} type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-labelledby': headingId }}>
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <RecentImport key={item.id} item={item} undo={undo} now={now} />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  )
}

/** One import: when, who and from where, what it did, and Undo or when it was undone. */
function RecentImport({ item, undo, now }: { item: ContactImport; undo: ImportUndo; now: number }) {
  const { t } = useTranslation(['contacts', 'import'])
  const format = useDateFormat()
  const countsText = useChangeCountsText()
  const when = format.dateTime(item.created_at)
  const who = item.by_me ? t('import.recent.you') : item.created_by_name || t('import.recent.teamUser')
  const counts = countsText({ created: item.created, updated: item.updated, unchanged: item.unchanged, refused: item.refused })
  const undoable = item.undone_at === null && now < Date.parse(item.undo_until)
  return (
    <Group component="li" justify="space-between" align="flex-start" gap="xs" wrap="wrap">
      <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
        <Text size="sm" fw={500}>
          {when}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {item.source_system ? t('import.recent.whoFrom', { who, system: t(`import:matching.systems.${item.source_system}`) }) : who}
        </Text>
        <Text size="sm" c="dimmed">
          {counts || t('import.recent.nothing')}
        </Text>
      </Stack>
      {item.undone_at !== null ? (
        <Text size="sm" c="dimmed">
          {t('import.recent.undone', { date: format.dateTime(item.undone_at) })}
        </Text>
      ) : (
        undoable && (
          <Button size="xs" variant="default" onClick={() => undo.ask(item.id)} aria-label={t('import.recent.undoOf', { date: when })}>
            {t('import.recent.undo')}
          </Button>
        )
      )}
    </Group>
  )
}
