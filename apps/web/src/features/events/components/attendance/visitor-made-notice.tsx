import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert, Anchor, Stack, Text } from '@mantine/core'
import type { SavedVisitor } from './visitor-form-modal'

/** The contact a visitor became with a save, and what it did not keep without consent. */
export function VisitorMadeNotice({ made, onClose }: { made: SavedVisitor; onClose: () => void }) {
  const { t } = useTranslation('attendance')
  if (made.userId === null) return null

  const fieldLabel = (field: string): string => {
    const name = field.replace(/^visitor_info_/, '')
    return name === 'phone' || name === 'email' || name === 'name' ? t(`visitors.${name}`) : field
  }

  return (
    <Alert color="teal" role="status" mt="sm" withCloseButton closeButtonLabel={t('visitors.dismiss')} onClose={onClose}>
      <Stack gap={4}>
        <Text size="sm">
          {t('visitors.madeContact', { name: made.name })}{' '}
          <Anchor component={Link} to={`/contacts/view/${made.userId}`} size="sm">
            {t('visitors.contactLink')}
          </Anchor>
        </Text>
        {made.fieldsNotKept.length > 0 && <Text size="sm">{t('visitors.fieldsNotKept', { fields: made.fieldsNotKept.map(fieldLabel).join(', ') })}</Text>}
      </Stack>
    </Alert>
  )
}
