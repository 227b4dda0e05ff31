import { useTranslation } from 'react-i18next'
import { Code, Image, Stack, Text } from '@mantine/core'
import type { TotpSetup } from '@crm/domain'
import { TwoFactorCodeInput, type TwoFactorCodeInputProps } from './two-factor-code-input'

export interface TwoFactorSetupProps extends TwoFactorCodeInputProps {
  setup: TotpSetup
}

/** Two-factor setup (spec 1 §2): the QR image, the secret in groups for typing, then the code. */
export function TwoFactorSetup({ setup, ...codeInput }: TwoFactorSetupProps) {
  const { t } = useTranslation()
  return (
    <Stack gap="md">
      <Text size="sm">{t('twoFactor.setupIntro')}</Text>
      <Image src={setup.qr_code_url} alt={t('twoFactor.qrAlt')} w={200} h={200} fit="contain" />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="two-factor-secret-label">
          {t('twoFactor.secretLabel')}
        </Text>
        {/* The groups wrap on a phone: a block that scrolled sideways would be a region no keyboard reaches. */}
        <Code
          block
          aria-labelledby="two-factor-secret-label"
          style={{ fontSize: '1rem', letterSpacing: '0.1em', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {setup.secret_grouped}
        </Code>
      </Stack>
      <TwoFactorCodeInput {...codeInput} />
    </Stack>
  )
}
