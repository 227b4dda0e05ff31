import { Link, Navigate, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Group, Loader, Stack, Title } from '@mantine/core'
import type { ContactItem, Group as TeamGroup, Team } from '@crm/domain'
import { useSession } from '../../session/session'
import { isApiError } from '../../../lib/api'
import { usePageTitle } from '../../../lib/page-title'
import { ActionsSection } from '../components/form/actions-section'
import { ChildGateNotice } from '../components/child-gate-notice'
import { ContactPreview } from '../components/form/contact-preview'
import { EditContactForm } from '../components/form/edit-contact-form'
import { mayArchive } from '../components/view/contact-status-actions'
import { mergedInto } from '../merged-contact'
import { useContactForEdit } from '../queries'

function Notice({ children, color = 'red' }: { children: string; color?: string }) {
  return (
    <Alert color={color} role="alert">
      {children}
    </Alert>
  )
}

function EditContact({ item, team, group }: { item: ContactItem; team: Team; group: TeamGroup }) {
  const { t } = useTranslation(['contact-form', 'contacts'])
  const contact = item.data_edit
  const capabilities = item.auth.user_capabilities
  if (!contact) {
    if (item.child_gate) return <ChildGateNotice gate={item.child_gate} />
    if (item.ownership.current_team_is_awaiting_approval) return <Notice color="yellow">{t('edit.awaitingApproval')}</Notice>
    return <Notice>{t('contacts:accessDenied')}</Notice>
  }
  if (!capabilities.update_contact && !capabilities.update_assigned_contact) return <Notice>{t('contacts:accessDenied')}</Notice>
  const scope = { team_id: team.id, group_id: group.id }
  return (
    <>
      <ContactPreview contact={item.data_view ?? contact} />
      <EditContactForm key={contact.id} item={item} contact={contact} scope={scope} teamCountry={team.address_country} />
      {mayArchive(item) && (
        <ActionsSection
          contact={{ id: contact.id, name: contact.name, status: contact.status }}
          scope={scope}
          isPrimaryGroup={group.is_main_group}
          groupTitle={group.title}
        />
      )}
    </>
  )
}

function EditContactLoader({ id, team, group }: { id: number; team: Team; group: TeamGroup }) {
  const { t } = useTranslation(['contact-form', 'contacts', 'common'])
  const query = useContactForEdit(id, { team_id: team.id, group_id: group.id })
  if (!Number.isInteger(id) || id <= 0) return <Notice>{t('edit.notFound')}</Notice>
  // A copy cached by the view page is not edited: the page waits for the fetch on mount.
  if (query.isPending || !query.isFetchedAfterMount) return <Loader role="status" aria-label={t('common:loading')} />
  if (query.isError) {
    const error = query.error
    // A record merged into another (issue 40): its old edit link edits the one kept.
    const keptId = mergedInto(error)
    if (keptId !== null && keptId !== id) return <Navigate to={`/contacts/edit/${keptId}`} replace />
    if (isApiError(error) && error.code === 'not_found') return <Notice>{t('edit.notFound')}</Notice>
    if (isApiError(error) && error.code === 'forbidden') return <Notice>{t('contacts:accessDenied')}</Notice>
    return <Notice>{t('contacts:error')}</Notice>
  }
  return <EditContact item={query.data} team={team} group={group} />
}

/** /contacts/edit/{id}: the stored details, the form, and the Actions section (spec 2 §2). */
export function ContactEditPage() {
  const { t } = useTranslation('contact-form')
  const { id } = useParams()
  const { team, group } = useSession()
  usePageTitle(t('edit.pageName'))
  if (!team || !group) return null
  const contactId = Number(id)
  return (
    <Stack gap="lg" maw={840}>
      <Group justify="space-between" align="baseline">
        <Title order={1}>{t('edit.title')}</Title>
        {Number.isInteger(contactId) && contactId > 0 && (
          <Anchor component={Link} to={`/contacts/view/${contactId}`}>
            {t('edit.back')}
          </Anchor>
        )}
      </Group>
      <EditContactLoader id={contactId} team={team} group={group} />
    </Stack>
  )
}

export { ContactEditPage as Component }
