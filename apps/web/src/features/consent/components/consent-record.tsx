import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core'
import { IconCheck, IconX } from '@tabler/icons-react'
import {
  consentPermissions,
  type ConsentPermission,
  type parentCarerRelationships,
  type MostRecentConsent,
  type ParentalConsentRecord,
  type TeamGroupParams,
} from '@crm/domain'
import { ConsentFile } from './consent-file'

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  )
}

/** Each of the seven permissions, granted or denied: an icon and a word, not colour alone. */
function PermissionList({ record }: { record: ParentalConsentRecord | MostRecentConsent }) {
  const { t } = useTranslation('consent')
  const granted = new Set<ConsentPermission>(record.granted_permissions)
  const answered = new Set<ConsentPermission>([...record.granted_permissions, ...record.denied_permissions])
  return (
    <List spacing={4} size="sm" listStyleType="none" aria-label={t('verbal.permissions')}>
      {consentPermissions
        .filter((permission) => answered.has(permission))
        .map((permission) => {
          const isGranted = granted.has(permission)
          const label = t(`permissions.${permission}`)
          return (
            <List.Item
              key={permission}
              icon={
                <ThemeIcon size={18} radius="xl" color={isGranted ? 'teal' : 'red'} variant="light" aria-hidden="true">
                  {isGranted ? <IconCheck size={12} /> : <IconX size={12} />}
                </ThemeIcon>
              }
            >
              <Text span fw={600} size="sm">
                {t(isGranted ? 'tab.granted' : 'tab.denied')}
              </Text>
              {`: ${label}`}
            </List.Item>
          )
        })}
    </List>
  )
}

export interface ConsentRecordProps {
  /** A consent on record, or the contact's own consent given without one (id null). */
  record: ParentalConsentRecord | MostRecentConsent
  scope: TeamGroupParams
  /** Revoke is offered when the caller may and the record is not revoked yet. */
  onRevoke?: (() => void) | undefined
}

/**
 * One consent on record (spec 2 §3.4); a revoked one is greyed and says when and by whom. The
 * contact's own consent given without a record (an adult's in the contact form) says so.
 */
export function ConsentRecord({ record, scope, onRevoke }: ConsentRecordProps) {
  const { t, i18n } = useTranslation(['consent', 'contacts'])
  const revoked = record.revoked_display !== null
  const consentiaId = record.consentia_id
  // The relationship is stored as its code (mother, guardian…); one the list does not know shows as stored.
  const relationship =
    record.by_relationship && i18n.exists(`contacts:relationship.${record.by_relationship}`)
      ? t(`contacts:relationship.${record.by_relationship as (typeof parentCarerRelationships)[number]}`)
      : record.by_relationship
  const by = [record.by_name, relationship].filter(Boolean).join(', ')
  return (
    <Card withBorder padding="md" component="article" aria-label={t(`types.${record.type}`)} style={revoked ? { opacity: 0.6 } : undefined}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Group gap="xs">
            <Text fw={600}>{t(`types.${record.type}`)}</Text>
            {revoked && (
              <Badge color="gray" variant="outline">
                {t('tab.revokedBadge')}
              </Badge>
            )}
          </Group>
          {onRevoke && !revoked && (
            <Button size="xs" variant="default" color="red" onClick={onRevoke}>
              {t('tab.revoke')}
            </Button>
          )}
        </Group>
        {revoked && (
          <Text size="sm" fw={500}>
            {record.revoked_by_name
              ? t('tab.revoked', { date: record.revoked_display, name: record.revoked_by_name })
              : t('tab.revokedNoName', { date: record.revoked_display })}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Detail label={t('tab.givenBy')}>{by}</Detail>
          <Detail label={t('tab.consentDate')}>{record.consent_date}</Detail>
          {record.by_email && <Detail label={t('tab.email')}>{record.by_email}</Detail>}
          {record.by_phone && <Detail label={t('tab.phone')}>{record.by_phone}</Detail>}
          {consentiaId !== null && <Detail label={t('tab.recorded')}>{record.created_display}</Detail>}
          {record.to_name && <Detail label={t('tab.grantedTo')}>{record.to_name}</Detail>}
          {record.other_team_members.length > 0 && <Detail label={t('tab.otherMembers')}>{record.other_team_members.join(', ')}</Detail>}
        </SimpleGrid>
        {consentiaId === null && (
          <Text size="sm" c="dimmed">
            {t('tab.withContactDetails')}
          </Text>
        )}
        <PermissionList record={record} />
        {record.notes && <Detail label={t('tab.notes')}>{record.notes}</Detail>}
        {consentiaId !== null && record.signature !== null && (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t('tab.signature')}
            </Text>
            <ConsentFile
              kind="signature"
              scope={scope}
              consentiaId={consentiaId}
              fileId={record.signature}
              alt={t('tab.signatureAlt', { name: record.by_name })}
            />
          </Stack>
        )}
        {consentiaId !== null && record.photo_evidence !== null && (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t('tab.photo')}
            </Text>
            <ConsentFile
              kind="photo"
              scope={scope}
              consentiaId={consentiaId}
              fileId={record.photo_evidence}
              alt={t('tab.photoAlt', { name: record.by_name })}
            />
          </Stack>
        )}
      </Stack>
    </Card>
  )
}
