import { useTranslation } from 'react-i18next'
import { Alert, Anchor, Stack, Text } from '@mantine/core'
import type { ChildGate } from '@crm/domain'

function missingKey(missing: ChildGate['missing']) {
  const wwcc = missing.includes('wwcc')
  const adsafe = missing.includes('adsafe')
  if (wwcc && adsafe) return 'childGate.missingBoth' as const
  return wwcc ? ('childGate.missingWwcc' as const) : ('childGate.missingAdsafe' as const)
}

/** The child data gate (spec 2 §5): names what is missing and offers an email to the primary owner. */
export function ChildGateNotice({ gate }: { gate: ChildGate }) {
  const { t } = useTranslation('contacts')
  return (
    <Alert color="yellow" title={t('childGate.title')}>
      <Stack gap="xs">
        <Text size="sm">{t(missingKey(gate.missing))}</Text>
        {gate.primary_owner_email && (
          <Anchor size="sm" href={`mailto:${gate.primary_owner_email}`}>
            {gate.primary_owner_name ? t('childGate.emailOwner', { name: gate.primary_owner_name }) : t('childGate.emailOwnerNoName')}
          </Anchor>
        )}
      </Stack>
    </Alert>
  )
}
