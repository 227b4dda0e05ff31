import { useTranslation } from 'react-i18next'
import { Group, Radio, Stack, Text } from '@mantine/core'
import type { ConsentPermission } from '@crm/domain'

export type PermissionAnswers = Partial<Record<ConsentPermission, 'grant' | 'deny'>>

/** One fieldset per permission: its name as the legend, a plain sentence, Grant or Deny (none chosen at first). */
export function PermissionChoices({
  permissions,
  answers,
  errors,
  onChange,
}: {
  permissions: readonly ConsentPermission[]
  answers: PermissionAnswers
  errors: Partial<Record<ConsentPermission, string>>
  onChange: (permission: ConsentPermission, answer: 'grant' | 'deny') => void
}) {
  const { t } = useTranslation('consent-page')
  return (
    <Stack gap="md">
      {permissions.map((permission) => (
        <Radio.Group
          key={permission}
          name={`permission-${permission}`}
          label={t(`permission.${permission}.label`)}
          description={t(`permission.${permission}.hint`)}
          value={answers[permission] ?? null}
          onChange={(value) => onChange(permission, value === 'grant' ? 'grant' : 'deny')}
          error={errors[permission]}
          withAsterisk
        >
          <Group gap="xl" mt={6}>
            <Radio value="grant" label={t('parental.grant')} />
            <Radio value="deny" label={t('parental.deny')} />
          </Group>
        </Radio.Group>
      ))}
      {permissions.length === 0 && <Text c="dimmed">—</Text>}
    </Stack>
  )
}
