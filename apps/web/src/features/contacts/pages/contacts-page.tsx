import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core'
import { IconCopy, IconFileExport, IconLock, IconTrashX } from '@tabler/icons-react'
import { useSession } from '../../session/session'
import { isPrimaryGroup, isPublicGroup } from '../../session/selection'
import { usePageTitle } from '../../../lib/page-title'
import { ContactListSection } from '../components/contact-list-section'
import { ConferenceChurches } from '../components/conference-churches'
import { ContactsHeader, switchGroupPath } from '../components/contacts-header'
import { QrCardButton } from '../../qr-cards/qr-card-button'

// The team's export dialog loads only when an owner opens it.
const TeamExportDialog = lazy(() => import('../../contact-data/components/team-export-dialog'))

/** /contacts: My contacts (public group only), All contacts in team or group, Archived contacts (spec 2 §2). */
export function ContactsPage() {
  const { t } = useTranslation(['contacts', 'duplicates', 'contact-data'])
  const { team, group, teams, selectTeam } = useSession()
  usePageTitle(t('pageName'))
  const [exporting, setExporting] = useState(false)
  // The route guard only renders this page with a team and a group selected.
  if (!team || !group) return null

  const isPublic = isPublicGroup(group)
  const can = group.user_capabilities
  // A section renders nothing without its read capability (spec 2 §2.2). My contacts shows
  // in a public group (spec 2 §2) and wherever the caller may read only what is assigned to
  // them (a member in the primary group), so they land on the contacts they can see.
  const showsAssigned = can.read_assigned_contact && (isPublic || !can.read_contact)
  const churches = team.is_conference ? teams.filter((other) => other.parent_id === team.id) : []
  const scope = { team_id: team.id, group_id: group.id }
  // Lists are keyed by group: switching groups starts every list afresh.
  const key = `${team.id}-${group.id}`

  return (
    <Stack gap="xl">
      <ContactsHeader
        group={group}
        isPublicGroup={isPublic}
        // A QR card through which visitors become contacts of the team (spec 2 §7.3 consentia-qr-new).
        actions={
          <>
            {can.create_contact && <QrCardButton scope={scope} teamName={team.title} />}
            {/* Comparing records that may be one person is for who may remove them (issue 40). */}
            {team.user_capabilities.delete_contact && (
              <Button component={Link} to="/contacts/duplicates" variant="default" leftSection={<IconCopy size={16} aria-hidden="true" />}>
                {t('duplicates:open')}
              </Button>
            )}
            {/* The record of the erasures asked for, with Keep while pending (issue 40 §2). */}
            {team.user_capabilities.delete_contact && (
              <Button component={Link} to="/contacts/erasures" variant="default" leftSection={<IconTrashX size={16} aria-hidden="true" />}>
                {t('contact-data:open')}
              </Button>
            )}
            {/* Leave to any system (issue 41 item 5): the team's contacts as CSV or vCard, for its owners. */}
            {team.user_capabilities.delete_contact && (
              <Button variant="default" leftSection={<IconFileExport size={16} aria-hidden="true" />} onClick={() => setExporting(true)}>
                {t('contact-data:teamExport.open')}
              </Button>
            )}
          </>
        }
      />
      {exporting && (
        <Suspense fallback={null}>
          <TeamExportDialog team={team} onClose={() => setExporting(false)} />
        </Suspense>
      )}
      <ConferenceChurches churches={churches} onSelect={selectTeam} />
      {/* The links below sit in a sentence: underlined, not told by colour alone (axe link-in-text-block). */}
      {!can.read_contact && !showsAssigned && (
        <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden="true" />}>
          {t('accessDenied')}{' '}
          <Anchor component={Link} to={switchGroupPath} underline="always">
            {t('list.switchGroupLink')}
          </Anchor>
        </Alert>
      )}
      {!can.read_contact && showsAssigned && (
        <Text c="dimmed">
          {t('list.assignedOnly')}{' '}
          <Anchor component={Link} to={switchGroupPath} underline="always">
            {t('switchGroup')}
          </Anchor>
        </Text>
      )}
      {showsAssigned && (
        <ContactListSection
          key={`assigned-${key}`}
          kind="assigned"
          title={t('list.assigned')}
          scope={scope}
          canRead
          canCreate={can.create_contact}
          canImport={can.import_contact}
          emptyText={t('list.assignedEmpty')}
        />
      )}
      {can.read_contact && (
        <ContactListSection
          key={`all-${key}`}
          kind="contacts"
          title={isPrimaryGroup(team, group) ? t('list.allInTeam') : t('list.allInGroup')}
          scope={scope}
          canRead
          canCreate={can.create_contact}
          canImport={can.import_contact}
          emptyText={t('nothingFound')}
        />
      )}
      {/* Archived contacts are the team's contacts too: shown with read_contact (docs/decisions.md). */}
      {can.read_contact && (
        <ContactListSection
          key={`archived-${key}`}
          kind="archived"
          title={t('list.archived')}
          scope={scope}
          canRead
          canCreate={can.create_contact}
          canImport={can.import_contact}
          emptyText={t('list.archivedEmpty')}
        />
      )}
    </Stack>
  )
}

export { ContactsPage as Component }
