import { useTranslation } from 'react-i18next'
import { Paper, Table, Title } from '@mantine/core'
import { formatInternational, type ContactView } from '@crm/domain'

/** A preview of the contact's stored details, above the edit form (spec 2 §2). */
export function ContactPreview({ contact }: { contact: ContactView }) {
  const { t } = useTranslation(['contact-form', 'contacts'])
  const rows: Array<[string, string | null]> = [
    [t('preview.name'), contact.name],
    [t('preview.status'), t(`contacts:status.${contact.status}`)],
    [t('fields.gender'), contact.gender ? t(`contacts:gender.${contact.gender}`) : null],
    [t('fields.age'), contact.age != null ? t('contacts:age', { count: contact.age }) : null],
    [t('fields.email'), contact.email],
    [t('fields.phone'), contact.phone ? formatInternational(contact.phone) : null],
    [t('fields.address'), contact.address_formatted],
    [t('fields.memberStatus'), contact.member_status_display],
    [t('fields.source'), contact.source_display],
    [t('fields.growPhase'), contact.grow_phase ? t(`contacts:growPhase.${contact.grow_phase}`) : null],
  ]
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="contact-preview-title">
      <Title order={2} size="h4" id="contact-preview-title" mb="xs">
        {t('edit.preview')}
      </Title>
      <Table variant="vertical" layout="fixed" withRowBorders={false}>
        <Table.Tbody>
          {rows
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w="min(180px, 35%)">{label}</Table.Th>
                {/* A long email or address wraps rather than widen the page on a phone. */}
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Paper>
  )
}
