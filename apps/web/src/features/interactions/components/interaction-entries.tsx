import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Button, Divider, Group, Paper, Stack, Text } from '@mantine/core'
import { growPhaseBanners, type InteractionItem } from '@crm/domain'

export interface InteractionEntriesProps {
  items: InteractionItem[]
  /** The interaction the link names (view_interaction, show_interaction): highlighted and scrolled to. */
  highlightedId: number | null
  editingId: number | null
  /** What the entry becomes while it is edited. */
  renderEditor: (item: InteractionItem) => React.ReactNode
  onEdit: (item: InteractionItem) => void
  onComplete: (item: InteractionItem) => void
  onDelete: (item: InteractionItem) => void
  completingId: number | null
}

const reactionFaces = { unhappy: '🙁', neutral: '😐', happy: '🙂' } as const

/** Completed, upcoming (later than now) or overdue (its moment passed, not completed). */
function stateOf(item: InteractionItem): 'completed' | 'upcoming' | 'overdue' {
  if (item.is_completed) return 'completed'
  return item.is_future ? 'upcoming' : 'overdue'
}

const stateColors = { completed: 'teal', upcoming: 'blue', overdue: 'orange' } as const

/**
 * The interactions, newest first, each phase's run headed by its grow-phase banner once
 * (spec 2 §4); content is plain text, never HTML.
 */
export function InteractionEntries({ items, highlightedId, editingId, renderEditor, onEdit, onComplete, onDelete, completingId }: InteractionEntriesProps) {
  const { t } = useTranslation('interactions')
  const banners = new Map(growPhaseBanners(items.map((item) => item.grow_phase)).map((banner) => [banner.index, banner.phase]))
  const highlighted = useRef<HTMLDivElement | null>(null)
  useEffect(() => {
    highlighted.current?.scrollIntoView?.({ block: 'center' })
  }, [highlightedId, items.length])

  return (
    <Stack gap="sm" role="list" aria-label={t('listLabel')}>
      {items.map((item, index) => {
        const state = stateOf(item)
        const isHighlighted = item.id === highlightedId
        const banner = banners.get(index)
        return (
          // The phase banner sits inside the entry it heads: a list may hold list items only.
          <Stack key={item.id} gap="sm" role="listitem" aria-current={isHighlighted ? 'true' : undefined}>
            {banner && <Divider label={t(`growPhases.${banner}`, { defaultValue: banner })} labelPosition="left" role="separator" />}
            <Paper
              withBorder
              p="sm"
              ref={isHighlighted ? highlighted : undefined}
              style={isHighlighted ? { borderColor: 'var(--mantine-color-blue-filled)', borderWidth: 2 } : undefined}
            >
              {editingId === item.id ? (
                renderEditor(item)
              ) : (
                <Stack gap={4}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Group gap="xs">
                      <Text fw={600}>{item.type_display}</Text>
                      <Badge variant="light" color={stateColors[state]} size="sm">
                        {t(`states.${state}`)}
                      </Badge>
                      {item.other_team_name && (
                        <Badge variant="outline" size="sm">
                          {item.other_team_name}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {item.date_time_display}
                    </Text>
                  </Group>
                  {item.bible_study && (
                    <Text size="sm">
                      {item.bible_study === 'other' ? item.bible_study_other : item.bible_study_display}
                      {item.reaction && (
                        <span role="img" aria-label={t(`reactions.${item.reaction}`)}>
                          {` ${reactionFaces[item.reaction]}`}
                        </span>
                      )}
                    </Text>
                  )}
                  {item.event_title && <Text size="sm">{t(item.is_user_event ? 'atOwnEvent' : 'atEvent', { title: item.event_title })}</Text>}
                  {item.content && (
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {item.content}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {item.by_user_name ? t('byline', { name: item.by_user_name }) : t('formerUser')}
                    {item.others_present.length > 0 && ` · ${t('withOthers', { names: item.others_present.map((other) => other.user_name).join(', ') })}`}
                  </Text>
                  {(item.can_update || item.can_delete) && (
                    <Group gap="xs">
                      {item.can_update && !item.is_completed && (
                        <Button size="xs" variant="light" loading={completingId === item.id} onClick={() => onComplete(item)}>
                          {t('markComplete')}
                        </Button>
                      )}
                      {item.can_update && (
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => onEdit(item)}
                          aria-label={t('editOne', { type: item.type_display, date: item.date_display })}
                        >
                          {t('edit')}
                        </Button>
                      )}
                      {item.can_delete && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => onDelete(item)}
                          aria-label={t('deleteOne', { type: item.type_display, date: item.date_display })}
                        >
                          {t('delete')}
                        </Button>
                      )}
                    </Group>
                  )}
                </Stack>
              )}
            </Paper>
          </Stack>
        )
      })}
    </Stack>
  )
}
