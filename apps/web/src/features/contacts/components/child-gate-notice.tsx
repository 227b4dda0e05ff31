import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Stack, Text } from '@mantine/core'
import type { ChildGate } from '@crm/domain'

/**
 * The child data gate (spec 2 §5), on the contact and on its forms alike: names the missing
 * Working with Children Check or AdSafe training, with a link composing an email to the
 * team's primary owner.
 */
export function ChildGateNotice({ gate, children }: { gate: ChildGate; children?: ReactNode }) {
  const { t } = useTranslation('contacts')
  const missingWwcc = gate.missing.includes('wwcc')
  const missingAdsafe = gate.missing.includes('adsafe')
  const text = missingWwcc && missingAdsafe ? t('childGate.missingBoth') : missingWwcc ? t('childGate.missingWwcc') : t('childGate.missingAdsafe')
  return (
    <Alert color="orange" role="alert" title={t('childGate.title')}>
      <Stack gap={4}>
        {children}
        <Text size="sm">{text}</Text>
        {gate.primary_owner_email && (
          <Anchor size="sm" href={`mailto:${gate.primary_owner_email}`}>
            {gate.primary_owner_name ? t('childGate.emailOwner', { name: gate.primary_owner_name }) : t('childGate.emailOwnerNoName')}
          </Anchor>
        )}
      </Stack>
    </Alert>
  )
}
