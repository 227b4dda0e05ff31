import { useTranslation } from 'react-i18next'
import { missedInteractionRecipients } from '@crm/domain'
import { usePageTitle } from '../../../lib/page-title'
import { useSession } from '../../session/session'
import { ManageNotAvailable } from '../components/manage-not-available'
import { RulePage } from '../components/rule-page'
import { useAddMissedInteractionRule, useDeleteMissedInteractionRule, useMissedInteractionRules, useUpdateMissedInteractionRule } from '../queries'

/** /manage-notifications/missed-activities: the conference's missed-activity rules (spec 3 §2.7, §5, §6). */
export function MissedActivitiesPage() {
  const { t } = useTranslation('manage-notifications')
  const { team } = useSession()
  const title = t('rules.missedPageName')
  usePageTitle(title)
  const allowed = team?.is_conference === true && team.user_capabilities.update_missed_interactions_notifications === true
  const teamId = team?.id ?? 0
  const rules = useMissedInteractionRules(teamId, allowed)
  const add = useAddMissedInteractionRule()
  const update = useUpdateMissedInteractionRule()
  const remove = useDeleteMissedInteractionRule()

  if (!allowed) return <ManageNotAvailable title={title} isConference={team?.is_conference === true} />
  return (
    <RulePage
      kind="missed"
      title={title}
      recipients={missedInteractionRecipients}
      list={{ items: rules.data?.items.map(({ after_days, ...rule }) => ({ ...rule, days: after_days })), isError: rules.isError, error: rules.error }}
      onAdd={(values) => add.mutateAsync({ team_id: teamId, after_days: values.days, to: values.to, to_email: values.to_email })}
      onUpdate={(id, values) => update.mutateAsync({ id, team_id: teamId, after_days: values.days, to: values.to, to_email: values.to_email })}
      onDelete={(id) => remove.mutateAsync({ id, team_id: teamId })}
    />
  )
}

export { MissedActivitiesPage as Component }
