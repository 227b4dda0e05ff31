import { useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Button, Text } from '@mantine/core'
import { useUpcomingInteractions } from '../queries'
import { DashboardWidget } from './dashboard-widget'

// The first few, the rest of the server's (at most maxUpcomingItems) on request: a busy
// leader's twenty pushed the map a page down as they arrived (issue 37). No page lists one's
// own upcoming interactions, so they unfold here.
export const upcomingShown = 5

/**
 * The caller's own interactions still to come in the team (spec 1 §2.8), soonest first: each
 * links to its contact with the date, the type and the Bible study. A child the caller may
 * not see comes without a name (the server withholds it). Hidden when the call fails.
 */
export function UpcomingInteractions({ teamId }: { teamId: number }) {
  const { t } = useTranslation('dashboard')
  const upcoming = useUpcomingInteractions(teamId)
  const [expanded, setExpanded] = useState(false)
  if (upcoming.isError) return null
  const items = upcoming.data?.items ?? []
  const listId = 'upcoming-interactions-list'
  const more = items.length > upcomingShown
  return (
    <DashboardWidget
      id="upcoming-interactions"
      title={t('upcomingInteractions.title')}
      isPending={upcoming.isPending}
      empty={items.length === 0 ? t('upcomingInteractions.empty') : null}
      itemLines={3}
      placeholderItems={upcomingShown}
      action={more && <ShowMore expanded={expanded} onToggle={() => setExpanded(!expanded)} count={items.length} listId={listId} />}
    >
      {(expanded ? items : items.slice(0, upcomingShown)).map((item, index) => (
        // A contact may have two interactions planned: the position keeps the keys apart.
        <li key={`${item.user_id}-${index}`}>
          <Anchor component={Link} to={`/contacts/view/${item.user_id}`} fw={600}>
            {item.user_name || t('upcomingInteractions.unnamedChild')}
          </Anchor>
          <Text size="sm">
            {item.bible_study_display
              ? t('upcomingInteractions.typeWithStudy', { type: item.type_display, study: item.bible_study_display })
              : item.type_display}
          </Text>
          <Text size="sm" c="dimmed">
            {item.date_display}
          </Text>
        </li>
      ))}
    </DashboardWidget>
  )
}

function ShowMore({ expanded, onToggle, count, listId }: { expanded: boolean; onToggle: () => void; count: number; listId: string }) {
  const { t } = useTranslation('dashboard')
  return (
    <Button variant="subtle" size="compact-sm" aria-expanded={expanded} aria-controls={listId} onClick={onToggle}>
      {expanded ? t('upcomingInteractions.showFewer') : t('upcomingInteractions.showMore', { count: count - upcomingShown })}
    </Button>
  )
}
