import { useTranslation } from 'react-i18next'
import { unassignedContactsRecipients } from '@crm/domain'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { ManageNotAvailable } from '../components/manage-not-available'
import { RulePage } from '../components/rule-page'
import { useAddUnassignedContactsRule, useDeleteUnassignedContactsRule, useUnassignedContactsRules, useUpdateUnassignedContactsRule } from '../queries'

/** /manage-notifications/unassigned-contacts: the conference's unassigned-contacts rules (spec 3 §2.7, §5, §6). */
export function UnassignedContactsPage() {
  const { t } = useTranslation('manage-notifications')
  const { team } = useSession()
  const title = t('rules.unassignedPageName')
  usePageTitle(title)
  const allowed = team?.is_conference === true && team.user_capabilities.update_unassigned_contacts_notifications === true
  const teamId = team?.id ?? 0
  const rules = useUnassignedContactsRules(teamId, allowed)
  const add = useAddUnassignedContactsRule()
  const update = useUpdateUnassignedContactsRule()
  const remove = useDeleteUnassignedContactsRule()

  if (!allowed) return <ManageNotAvailable title={title} isConference={team?.is_conference === true} />
  return (
    <RulePage
      kind="unassigned"
      title={title}
      recipients={unassignedContactsRecipients}
      list={{ items: rules.data?.items.map(({ every_days, ...rule }) => ({ ...rule, days: every_days })), isError: rules.isError, error: rules.error }}
      onAdd={(values) => add.mutateAsync({ team_id: teamId, every_days: values.days, to: values.to, to_email: values.to_email })}
      onUpdate={(id, values) => update.mutateAsync({ id, team_id: teamId, every_days: values.days, to: values.to, to_email: values.to_email })}
      onDelete={(id) => remove.mutateAsync({ id, team_id: teamId })}
    />
  )
}

export { UnassignedContactsPage as Component }
