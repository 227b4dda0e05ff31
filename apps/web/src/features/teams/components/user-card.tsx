import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { ActionIcon, Anchor, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core'
import { useClipboard } from '@mantine/hooks'
import { IconCopy } from '@tabler/icons-react'
import { copiedMessageMs, type AccountLockReason } from '@crm/domain'

export interface UserCardProps {
  name: string
  email: string
  roleDisplay: string
  /** The caller's own card: the name links to /profile (spec 3 §2.4). */
  isSelf?: boolean
  hasWwcc?: boolean
  hasAdsafe?: boolean
  /** The account's lock, shown to site admins (a 'Locked' badge that says why). */
  lock?: AccountLockReason | null | undefined
  /** More lines under the role (an invite's dates). */
  details?: ReactNode
  /** The card's buttons (edit, delete, retire, lock or unlock, cancel invite). */
  actions?: ReactNode
}

/** One person of a users screen: name, email with a copy button ('Copied' for 2 s), role and checks. */
export function UserCard({ name, email, roleDisplay, isSelf, hasWwcc, hasAdsafe, lock, details, actions }: UserCardProps) {
  const { t } = useTranslation('team-users')
  const clipboard = useClipboard({ timeout: copiedMessageMs })
  const shownName = name || email

  return (
    <Card withBorder padding="sm" radius="md" component="li" aria-label={shownName}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
          {isSelf ? (
            <Anchor component={Link} to="/profile" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {t('card.you', { name: shownName })}
            </Anchor>
          ) : (
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {shownName}
            </Text>
          )}
          {email && (
            <Group gap={4} wrap="nowrap">
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {email}
              </Text>
              {/* Kept beside its button, inside the page's main region, not in a portal at the end of the
                  body (axe: all content sits in a landmark); fixed so the card's edge does not clip it. */}
              <Tooltip label={t('card.copyEmail')} withinPortal={false} floatingStrategy="fixed">
                <ActionIcon variant="subtle" size="sm" aria-label={t('card.copyEmailOf', { name: shownName })} onClick={() => clipboard.copy(email)}>
                  <IconCopy size={14} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
              <Text size="xs" c="teal.8" fw={500} role="status">
                {clipboard.copied ? t('card.copied') : ''}
              </Text>
            </Group>
          )}
          <Group gap={6} wrap="wrap">
            <Text size="sm">{roleDisplay}</Text>
            {hasWwcc && (
              <Badge size="sm" variant="light" color="teal" title={t('card.wwccHint')}>
                {t('card.wwcc')}
              </Badge>
            )}
            {hasAdsafe && (
              <Badge size="sm" variant="light" color="blue" title={t('card.adsafeHint')}>
                {t('card.adsafe')}
              </Badge>
            )}
            {lock && (
              <Badge size="sm" variant="light" color="red" title={t(lock === 'admin' ? 'card.lockedAdmin' : 'card.lockedFailures')}>
                {t('card.locked')}
              </Badge>
            )}
          </Group>
          {details}
        </Stack>
        {actions && (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
    </Card>
  )
}
