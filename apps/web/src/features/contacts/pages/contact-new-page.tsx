import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core'
import type { TeamGroupParams } from '@crm/domain'
import { useSession } from '../../session/session'
import { usePageTitle } from '../../../lib/page-title'
import { NewContactForm } from '../components/form/new-contact-form'
import { useContactAccessForNew } from '../queries'

/** Without create_contact: a suggestion to switch to the private group (spec 2 §2). */
function NoCreatePermission() {
  const { t } = useTranslation('contact-form')
  return (
    <Alert color="blue" title={t('noCreate.title')}>
      <Stack gap={4}>
        <Text size="sm">{t('noCreate.text')}</Text>
        <Anchor component={Link} to="/contacts/group/switch" size="sm">
          {t('noCreate.link')}
        </Anchor>
      </Stack>
    </Alert>
  )
}

function NewContact({ scope, canUpdate, teamCountry }: { scope: TeamGroupParams; canUpdate: boolean; teamCountry: string | null }) {
  const { t } = useTranslation(['contacts', 'common'])
  const access = useContactAccessForNew(scope)
  if (access.isPending) return <Loader role="status" aria-label={t('common:loading')} />
  if (access.isError) {
    return (
      <Alert color="red" role="alert">
        {t('error')}
      </Alert>
    )
  }
  if (!access.data.can_create) return <NoCreatePermission />
  return <NewContactForm key={`${scope.team_id}:${scope.group_id}`} scope={scope} access={access.data} canUpdate={canUpdate} teamCountry={teamCountry} />
}

/** /contacts/new: add a contact, or add an existing one to the group (spec 2 §2, §4). */
export function ContactNewPage() {
  const { t } = useTranslation('contact-form')
  const { team, group } = useSession()
  usePageTitle(t('new.pageName'))
  if (!team || !group) return null
  return (
    <Stack gap="lg" maw={840}>
      <Title order={1}>{t('new.title')}</Title>
      <NewContact
        scope={{ team_id: team.id, group_id: group.id }}
        // Another team's contact joins the team, so the team role decides (add-existing-user):
        // the owner of a private group who is a member of the team asks like any member.
        canUpdate={team.user_capabilities.update_contact === true}
        teamCountry={team.address_country}
      />
    </Stack>
  )
}

export { ContactNewPage as Component }
