import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Checkbox, Modal, NativeSelect, Stack } from '@mantine/core'
import type { GrantableRole, TeamUser } from '@crm/domain'
import { FormActions } from '../../../components/form-actions'
import { useFormSubmission } from '../../../lib/form-submission'
import { scopeIds, useUpdateTeamUser, type UsersScope } from '../queries'

export interface EditUserPanelProps {
  scope: UsersScope
  user: TeamUser
  /** member and leader, with owner for groups and conferences (spec 3 §5 Role choices). */
  roleChoices: readonly GrantableRole[]
  onClose: () => void
}

/**
 * The edit panel of a user card (spec 3 §2.4, §5 Edit user): role (required) and the checks
 * has_wwcc, has_adsafe, hidden_in_contacts. A conference editing a sub-team's user changes the
 * checks only: role and hidden_in_contacts are neither shown nor sent (D3-5-08).
 */
export function EditUserPanel({ scope, user, roleChoices, onClose }: EditUserPanelProps) {
  const { t } = useTranslation(['team-users', 'common'])
  const update = useUpdateTeamUser()
  const submission = useFormSubmission()
  const inConference = scope.kind === 'subTeam'
  // An owner stays an owner unless changed: a team's choices lack owner, the card's role keeps it.
  const choices = roleChoices.includes(user.role as GrantableRole) || user.role !== 'owner' ? roleChoices : [...roleChoices, 'owner' as const]
  const [role, setRole] = useState<GrantableRole | null>(choices.includes(user.role as GrantableRole) ? (user.role as GrantableRole) : null)
  const [hasWwcc, setHasWwcc] = useState(user.has_wwcc)
  const [hasAdsafe, setHasAdsafe] = useState(user.has_adsafe)
  const [hidden, setHidden] = useState(user.hidden_in_contacts)
  const [tried, setTried] = useState(false)
  const roleMissing = !inConference && role === null

  const save = async () => {
    setTried(true)
    if (roleMissing) return submission.reportInvalid()
    const base = { ...scopeIds(scope), user_id: user.user_id, has_wwcc: hasWwcc, has_adsafe: hasAdsafe }
    const result = await submission.submit(() => update.mutateAsync(inConference ? base : { ...base, role: role ?? undefined, hidden_in_contacts: hidden }))
    if (result.ok) onClose()
  }

  return (
    <Modal opened onClose={onClose} title={t('edit.title', { name: user.name || user.email })} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <Stack gap="md">
          {!inConference && (
            <NativeSelect
              label={t('edit.role')}
              withAsterisk
              required
              data={[
                ...(role === null ? [{ value: '', label: t('invite.chooseRole') }] : []),
                ...choices.map((value) => ({ value, label: t(`common:roles.${value}`) })),
              ]}
              value={role ?? ''}
              onChange={(event) => setRole((event.currentTarget.value || null) as GrantableRole | null)}
              error={tried && roleMissing ? t('common:fieldRequired') : undefined}
            />
          )}
          <Checkbox label={t('edit.hasWwcc')} checked={hasWwcc} onChange={(event) => setHasWwcc(event.currentTarget.checked)} />
          <Checkbox label={t('edit.hasAdsafe')} checked={hasAdsafe} onChange={(event) => setHasAdsafe(event.currentTarget.checked)} />
          {!inConference && <Checkbox label={t('edit.hiddenInContacts')} checked={hidden} onChange={(event) => setHidden(event.currentTarget.checked)} />}
          <FormActions layout="modal" submission={submission} submitLabel={t('edit.save')} cancel={{ label: t('common:cancel'), onClick: onClose }} />
        </Stack>
      </form>
    </Modal>
  )
}
