import { useTranslation } from 'react-i18next'
import { Stack } from '@mantine/core'
import { useSession } from '../../session/session'
import { isPrimaryGroup, isPublicGroup } from '../../session/selection'
import { usePageTitle } from '../../../lib/page-title'
import { ContactListSection } from '../components/contact-list-section'
import { ContactsHeader } from '../components/contacts-header'

/** /contacts: My contacts (public group only), All contacts in team or group, Archived contacts (spec 2 §2). */
export function ContactsPage() {
  const { t } = useTranslation('contacts')
  const { team, group } = useSession()
  usePageTitle(t('pageName'))
  // The route guard only renders this page with a team and a group selected.
  if (!team || !group) return null

  const isPublic = isPublicGroup(group)
  const can = group.user_capabilities
  const scope = { team_id: team.id, group_id: group.id }
  // Lists are keyed by group: switching groups starts every list afresh.
  const key = `${team.id}-${group.id}`

  return (
    <Stack gap="xl">
      <ContactsHeader group={group} isPublicGroup={isPublic} />
      {isPublic && (
        <ContactListSection
          key={`assigned-${key}`}
          kind="assigned"
          title={t('list.assigned')}
          scope={scope}
          canRead={can.read_assigned_contact}
          canCreate={can.create_contact}
          emptyText={t('list.assignedEmpty')}
        />
      )}
      <ContactListSection
        key={`all-${key}`}
        kind="contacts"
        title={isPrimaryGroup(team, group) ? t('list.allInTeam') : t('list.allInGroup')}
        scope={scope}
        canRead={can.read_contact}
        canCreate={can.create_contact}
        emptyText={t('nothingFound')}
      />
      {/* Archived contacts are the team's contacts too: shown with read_contact (docs/decisions.md). */}
      {can.read_contact && (
        <ContactListSection
          key={`archived-${key}`}
          kind="archived"
          title={t('list.archived')}
          scope={scope}
          canRead
          canCreate={can.create_contact}
          emptyText={t('list.archivedEmpty')}
        />
      )}
    </Stack>
  )
}

export { ContactsPage as Component }
