import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useLocation, useParams } from 'react-router'
import { Alert, Anchor, Grid, Group, Stack } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { contactTeamSchema, type ContactItem, type ContactTeam, type Group as TeamGroup, type Team, type TeamGroupParams } from '@crm/domain'
import { useSession } from '../../session/session'
import { FullPageLoader } from '../../../components/status-screens'
import { isApiError } from '../../../lib/api'
import { usePageTitle } from '../../../lib/page-title'
import { useContact } from '../queries'
import { AccessDenied, ContactNotFound } from '../components/view/access-states'
import { ApprovalRequestBanner } from '../components/view/approval-request-banner'
import { AwaitingApprovalBanner, ConsentDeclinedBanner, ConsentNotice } from '../components/view/banners'
import { ChildGateNotice } from '../components/child-gate-notice'
import { ContactSummary } from '../components/view/contact-summary'
import { ContactTabs } from '../components/view/contact-tabs'
import { HeaderActions, mayEdit } from '../components/view/header-actions'
import { InfoRows } from '../components/view/info-rows'
import { ProfileCard } from '../components/view/profile-card'
import { MergeNotice } from '../../duplicates/components/merge-notice'
import { MergeRequestNotice } from '../../duplicates/components/merge-request-notice'
import { ErasureNotice } from '../../contact-data/components/erasure-notice'
import { PersonalDataCard } from '../../contact-data/components/personal-data-card'
import { mergedInto } from '../merged-contact'

/** /contacts/view/{id} (spec 2 §2): one contact, its banners, details and tabs. */
export function ContactViewPage() {
  const { id: rawId } = useParams()
  const { team, group } = useSession()
  const id = Number(rawId)
  // The route guard selects a team and group before this page shows.
  if (!team || !group) return null
  if (!Number.isInteger(id) || id <= 0) return <ContactNotFound />
  return <ContactViewLoader id={id} team={team} group={group} />
}

function ContactViewLoader({ id, team, group }: { id: number; team: Team; group: TeamGroup }) {
  const { t, i18n } = useTranslation('contact-view')
  const scope = useMemo<TeamGroupParams>(() => ({ team_id: team.id, group_id: group.id }), [team.id, group.id])
  const contact = useContact(id, scope, i18n.language)
  const location = useLocation()
  usePageTitle((contact.data && simpleOf(contact.data, t('restrictedChild')).name) || t('pageName'))

  if (contact.isPending) return <FullPageLoader />
  if (contact.isError) {
    const status = isApiError(contact.error) ? contact.error.status : 0
    // A record merged into another (issue 40): its old links open the one kept.
    const keptId = mergedInto(contact.error)
    if (keptId !== null && keptId !== id)
      return <Navigate to={{ pathname: `/contacts/view/${keptId}`, search: location.search, hash: location.hash }} replace />
    if (status === 404) return <ContactNotFound contactTeam={contactTeamOf(contact.error)} />
    if (status === 403) return <AccessDenied />
    return (
      <Alert color="red" role="alert">
        {t('loadFailed')}
      </Alert>
    )
  }
  return <ContactDetails item={contact.data} scope={scope} team={team} group={group} />
}

/**
 * The simple data to show: a child's record under the child data gate comes without a name
 * (issue 33), so it is named 'A child'.
 */
function simpleOf(item: ContactItem, restrictedName: string): ContactItem['data_view_simple'] {
  const simple = item.data_view_simple
  return item.child_gate && !simple.name ? { ...simple, name: restrictedName } : simple
}

/** The caller's team that holds the contact, named by the 404 of GET contact/{id}. */
function contactTeamOf(error: unknown): ContactTeam | null {
  if (!isApiError(error)) return null
  const parsed = contactTeamSchema.safeParse(error.data['contact_team'])
  return parsed.success ? parsed.data : null
}

function ContactDetails({ item, scope, team, group }: { item: ContactItem; scope: TeamGroupParams; team: Team; group: TeamGroup }) {
  const { t } = useTranslation('contact-view')
  const view = item.data_view
  const simple = simpleOf(item, t('restrictedChild'))
  const awaiting = item.ownership.current_team_is_awaiting_approval
  // A person's data on request (issue 40 §2) is for who may remove the team's contacts.
  const handlesData = team.user_capabilities.delete_contact === true
  const named = { id: simple.id, name: simple.name }

  // Awaiting approval shows the banner and the simple data only (D2-4.3-03).
  if (awaiting) {
    return (
      <Stack gap="lg">
        <AwaitingApprovalBanner />
        <ProfileCard contact={simple} />
      </Stack>
    )
  }

  return (
    <Stack gap="lg">
      {item.child_gate && <ChildGateNotice gate={item.child_gate} />}
      <ApprovalRequestBanner contactId={item.data_view_simple.id} scope={scope} requests={item.ownership.other_team_is_awaiting_approval_data} />
      {view && <ConsentDeclinedBanner contact={view} />}
      {view && <ConsentNotice contact={view} scope={scope} canRequest={item.auth.user_capabilities.update_contact === true} canRecord={mayEdit(item)} />}
      {/* The merges into this contact that can still be undone, for who may merge (issue 40). */}
      {team.user_capabilities.delete_contact && <MergeNotice contactId={item.data_view_simple.id} teamId={team.id} />}
      {/* Merges that wait for a team's owners to agree: this team's answer, or whom it waits for (issue 40 §1). */}
      {team.user_capabilities.delete_contact && <MergeRequestNotice contactId={item.data_view_simple.id} teamId={team.id} />}
      {/* An erasure asked for and not yet carried out, with Keep (issue 40 §2). */}
      {handlesData && <ErasureNotice contact={named} teamId={team.id} />}
      <Group justify="space-between" align="center">
        <Anchor component={Link} to="/contacts" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden="true" />
            {t('backToContacts')}
          </Group>
        </Anchor>
        <HeaderActions item={item} scope={scope} />
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: view || handlesData ? 8 : 12 }}>
          <Stack gap="lg">
            <ProfileCard contact={view ?? simple} photoChange={mayEdit(item) ? { contactId: item.data_view_simple.id, scope } : undefined} />
            {view && <InfoRows contact={view} expect={item.expect} />}
          </Stack>
        </Grid.Col>
        {(view || handlesData) && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              {view && <ContactSummary contact={view} />}
              {/* Only the owning team's owners erase the contact (the server says erase_not_owner otherwise). */}
              {handlesData && <PersonalDataCard contact={named} scope={scope} mayErase={item.ownership.is_owned_by_current_team} />}
            </Stack>
          </Grid.Col>
        )}
      </Grid>
      {/* Tabs need the details: none while they are withheld. */}
      {view && <ContactTabs item={item} contact={view} scope={scope} team={team} group={group} />}
    </Stack>
  )
}

export { ContactViewPage as Component }
