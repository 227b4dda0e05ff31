import { useTranslation } from 'react-i18next'
import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text, Typography } from '@mantine/core'
import { IconPencil, IconTrash } from '@tabler/icons-react'
import type { ManagedNotification } from '@crm/domain'
import { useDateFormat } from '../../../lib/date-format'

const importanceColors = { normal: 'gray', medium: 'yellow', high: 'red' } as const

/** One row of /manage-notifications: content, scheduled date, importance, link and 'Seen by n' (spec 3 §2.7). */
export function ManageNotificationRow({ item, onEdit, onDelete }: { item: ManagedNotification; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('manage-notifications')
  const format = useDateFormat()
  const name = t('row.name', { id: item.id })
  return (
    <Paper withBorder p="sm" role="listitem" aria-label={name}>
      <Group justify="space-between" align="start" wrap="nowrap" gap="sm">
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          {/* The server sanitizes the content before it stores it (spec 3 §7). */}
          <Typography style={{ overflowWrap: 'anywhere' }}>
            <div data-testid="notification-content" dangerouslySetInnerHTML={{ __html: item.content }} />
          </Typography>
          <Group gap="xs" wrap="wrap">
            <Badge color={importanceColors[item.importance]} variant="light">
              {t('row.importance', { importance: t(`importance.${item.importance}`) })}
            </Badge>
            <Badge color="blue" variant="outline">
              {t(`level.${item.level}`)}
            </Badge>
            <Text size="sm">{item.is_scheduled && item.date ? t('row.scheduledFor', { date: format.date(item.date) }) : t('row.notScheduled')}</Text>
            <Text size="sm" c="dimmed">
              {t('row.seenBy', { count: item.is_seen_by_count })}
            </Text>
          </Group>
          {(item.link_url || item.link_text) && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('row.link')}:{' '}
              {item.link_url ? (
                <Anchor href={item.link_url} target={item.link_url.startsWith('/') ? undefined : '_blank'} rel="noopener noreferrer">
                  {item.link_url}
                </Anchor>
              ) : (
                '—'
              )}
              {item.link_text ? ` · ${t('row.linkText')}: ${item.link_text}` : ''}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('row.created', { date: item.created_display })}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <ActionIcon variant="light" onClick={onEdit} aria-label={t('row.editOf', { name })}>
            <IconPencil size={16} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon variant="light" color="red" onClick={onDelete} aria-label={t('row.deleteOf', { name })}>
            <IconTrash size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  )
}
