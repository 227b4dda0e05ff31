import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Checkbox, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core'
import { isEmail, normalizeEmail, type GrantableRole, type TeamUser } from '@crm/domain'
import { FormActions } from '../../../components/form-actions'
import { isApiError } from '../../../lib/api'
import { useFormSubmission } from '../../../lib/form-submission'
import { useSendInvite, useSendInviteConferenceSubTeam, type UsersScope } from '../queries'

/** After this long a send says it may take a while (spec 3 §4 Slow invite processing). */
export const slowInviteMs = 2000

/** The invite codes with a text of their own (spec 3 §8). */
type InviteCode = 'in_team' | 'acms_not_in_church' | 'acms_not_in_church_requires_admin'
const inviteCodes: readonly string[] = ['in_team', 'acms_not_in_church', 'acms_not_in_church_requires_admin'] satisfies InviteCode[]

export interface InviteFormProps {
  scope: UsersScope
  /** Emails already in the team or group, or invited to it: 'already in this team' (D3-5-04). */
  takenEmails: readonly string[]
  roleChoices: readonly GrantableRole[]
  /** A group invites one of its team's users (spec 3 §5 Invite (group)). */
  teamUsers?: readonly TeamUser[]
}

/**
 * 'Invite user' (or 'Invite new owner' in a conference, the role forced to owner): a team
 * invites a person by name and email, a group one of the team's users. Send stays disabled on
 * an error of the invite; a failed membership check offers 'Ignore membership check - invite
 * anyway' (spec 3 §5, §8; D3-5-01..06, D3-8-02..05).
 */
export function InviteForm({ scope, takenEmails, roleChoices, teamUsers = [] }: InviteFormProps) {
  const { t } = useTranslation(['team-users', 'common'])
  const sendInvite = useSendInvite()
  const sendToSubTeam = useSendInviteConferenceSubTeam()
  const submission = useFormSubmission()
  const isGroup = scope.kind === 'group'
  const inConference = scope.kind === 'subTeam'
  const [firstName, setFirstName] = useState('')
  const [lastName, setLastName] = useState('')
  const [email, setEmail] = useState('')
  const [userId, setUserId] = useState<string | null>(null)
  const [role, setRole] = useState<GrantableRole | null>(inConference ? 'owner' : null)
  const [touched, setTouched] = useState<Record<string, boolean>>({})
  const [refused, setRefused] = useState<{ code: InviteCode; email: string } | null>(null)
  const [ignoreCheck, setIgnoreCheck] = useState(false)
  const [slow, setSlow] = useState(false)
  const slowTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(slowTimer.current), [])

  const taken = new Set(takenEmails.map(normalizeEmail))
  const chosenUser = teamUsers.find((user) => String(user.user_id) === userId) ?? null
  const inviteEmail = isGroup ? (chosenUser?.email ?? '') : email.trim()
  const emailBad = !isGroup && inviteEmail !== '' && !isEmail(inviteEmail)
  const emailTaken = inviteEmail !== '' && taken.has(normalizeEmail(inviteEmail))
  // A refusal stands for the email it was given for; another email clears it.
  const refusal = refused && normalizeEmail(refused.email) === normalizeEmail(inviteEmail) ? refused : null
  const missing = isGroup ? userId === null || role === null : firstName.trim() === '' || inviteEmail === '' || role === null
  const blocked = emailBad || emailTaken || (refusal !== null && !(refusal.code === 'acms_not_in_church' && ignoreCheck))
  const sendDisabled = missing || blocked || submission.isProcessing

  const userChoices = teamUsers
    .filter((user) => !taken.has(normalizeEmail(user.email)))
    .map((user) => ({ value: String(user.user_id), label: user.email ? `${user.name} (${user.email})` : user.name }))

  const touch = (field: string) => setTouched((current) => ({ ...current, [field]: true }))
  const required = (field: string, empty: boolean) => (touched[field] && empty ? t('common:fieldRequired') : undefined)

  const refusedText = (code: InviteCode, address: string) => t(`invite.codes.${code}`, { email: address })

  const send = async () => {
    if (sendDisabled) return
    const ignore = refusal?.code === 'acms_not_in_church' && ignoreCheck ? { ignore_acms_check: 1 as const } : {}
    const grantedRole = role ?? 'member'
    clearTimeout(slowTimer.current)
    slowTimer.current = setTimeout(() => setSlow(true), slowInviteMs)
    const result = await submission.submit(async () => {
      const answer =
        scope.kind === 'subTeam'
          ? await sendToSubTeam.mutateAsync({
              team_id: scope.conferenceId,
              conference_team_id: scope.conferenceId,
              sub_team_id: scope.subTeamId,
              first_name: firstName.trim(),
              last_name: lastName.trim(),
              email: inviteEmail,
              role: 'owner',
              ...ignore,
            })
          : scope.kind === 'group'
            ? await sendInvite.mutateAsync({ team_id: scope.teamId, group_id: scope.groupId, invite_user_id: Number(userId), role: grantedRole, ...ignore })
            : await sendInvite.mutateAsync({
                team_id: scope.teamId,
                first_name: firstName.trim(),
                last_name: lastName.trim(),
                email: inviteEmail,
                role: grantedRole,
                ...ignore,
              })
      return { ...answer, success_message: t('invite.sent', { email: answer.email || inviteEmail }) }
    })
    clearTimeout(slowTimer.current)
    setSlow(false)
    if (result.ok) {
      setFirstName('')
      setLastName('')
      setEmail('')
      setUserId(null)
      setRole(inConference ? 'owner' : null)
      setTouched({})
      setRefused(null)
      setIgnoreCheck(false)
      return
    }
    const { error } = result
    if (isApiError(error) && inviteCodes.includes(error.code)) {
      // The form shows the code's text by the email; the status line says nothing more.
      submission.reset()
      setRefused({ code: error.code as InviteCode, email: inviteEmail })
      setIgnoreCheck(false)
    }
  }

  const emailError = emailTaken ? t('invite.codes.in_team', { email: inviteEmail }) : emailBad ? t('invite.badEmail') : required('email', inviteEmail === '')

  return (
    <Stack component="section" gap="sm" aria-labelledby="invite-form-title">
      <Title order={2} size="h3" id="invite-form-title">
        {inConference ? t('invite.titleOwner') : t('invite.title')}
      </Title>
      <form
        noValidate
        aria-labelledby="invite-form-title"
        onSubmit={(event) => {
          event.preventDefault()
          void send()
        }}
      >
        <Stack gap="sm" maw={640}>
          {isGroup ? (
            <NativeSelect
              label={t('invite.user')}
              withAsterisk
              required
              data={[{ value: '', label: t('invite.chooseUser') }, ...userChoices]}
              value={userId ?? ''}
              onChange={(event) => setUserId(event.currentTarget.value || null)}
              onBlur={() => touch('user')}
              error={emailTaken ? emailError : required('user', userId === null)}
            />
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={t('invite.firstName')}
                  withAsterisk
                  required
                  maxLength={100}
                  value={firstName}
                  onChange={(event) => setFirstName(event.currentTarget.value)}
                  onBlur={() => touch('firstName')}
                  error={required('firstName', firstName.trim() === '')}
                />
                <TextInput label={t('invite.lastName')} maxLength={100} value={lastName} onChange={(event) => setLastName(event.currentTarget.value)} />
              </SimpleGrid>
              <TextInput
                label={t('invite.email')}
                type="email"
                withAsterisk
                required
                maxLength={254}
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                onBlur={() => touch('email')}
                error={emailError}
              />
            </>
          )}
          {!inConference && (
            <NativeSelect
              label={t('invite.role')}
              withAsterisk
              required
              data={[{ value: '', label: t('invite.chooseRole') }, ...roleChoices.map((value) => ({ value, label: t(`common:roles.${value}`) }))]}
              value={role ?? ''}
              onChange={(event) => setRole((event.currentTarget.value || null) as GrantableRole | null)}
              onBlur={() => touch('role')}
              error={required('role', role === null)}
            />
          )}
          {refusal && (
            <Alert color={refusal.code === 'acms_not_in_church_requires_admin' ? 'yellow' : 'red'} role="alert">
              {refusedText(refusal.code, refusal.email)}
            </Alert>
          )}
          {refusal?.code === 'acms_not_in_church' && (
            <Checkbox label={t('invite.ignoreCheck')} checked={ignoreCheck} onChange={(event) => setIgnoreCheck(event.currentTarget.checked)} />
          )}
          {slow && (
            <Alert color="blue" role="status">
              {t('invite.slow')}
            </Alert>
          )}
          <FormActions submission={submission} submitLabel={t('invite.send')} disabled={sendDisabled} />
        </Stack>
      </form>
    </Stack>
  )
}
