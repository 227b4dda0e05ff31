import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Anchor, Badge, Card, DataList, Group, Text, VisuallyHidden } from '@mantine/core'
import type { ContactItem, ContactView } from '@crm/domain'

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  )
}

/** The info rows (spec 2 §2): status, member status, grow cycle, phone, email, address, source, expectations. */
export function InfoRows({ contact, expect }: { contact: ContactView; expect: ContactItem['expect'] }) {
  const { t } = useTranslation(['contact-view', 'contacts'])
  const completion = (done: boolean) => (done ? t('info.completed') : t('info.notCompleted'))
  const expectations = [
    { label: t('info.expectFollowUp'), expected: expect.follow_up, done: expect.follow_up_completed },
    { label: t('info.expectBibleStudy'), expected: expect.bible_study, done: expect.bible_study_completed },
    { label: t('info.expectBaptism'), expected: expect.baptism, done: expect.baptism_completed },
  ]

  return (
    <Card withBorder padding="lg" component="section" aria-label={t('info.label')}>
      <DataList labelWidth={180}>
        <Row label={t('info.status')}>{t(`contacts:status.${contact.status}`)}</Row>
        {contact.member_status_display && <Row label={t('info.memberStatus')}>{contact.member_status_display}</Row>}
        {contact.grow_phase && <Row label={t('info.growCycle')}>{t(`contacts:growPhase.${contact.grow_phase}`)}</Row>}
        {contact.phone && (
          <Row label={t('info.phone')}>
            <Anchor href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</Anchor>
          </Row>
        )}
        {contact.email && (
          <Row label={t('info.email')}>
            <Group gap="xs">
              {/* A long email breaks anywhere rather than overflow the card on a phone. */}
              <Anchor href={`mailto:${contact.email}`} style={{ overflowWrap: 'anywhere' }}>
                {contact.email}
              </Anchor>
              <Badge variant="light" color={contact.email_is_verified ? 'teal' : 'gray'}>
                {contact.email_is_verified ? t('info.verified') : t('info.unverified')}
              </Badge>
            </Group>
          </Row>
        )}
        {contact.address_formatted && (
          <Row label={t('info.address')}>
            <Text inherit style={{ whiteSpace: 'pre-line' }}>
              {contact.address_formatted_break ?? contact.address_formatted}
            </Text>
            {contact.address_directions_link && (
              <Anchor href={contact.address_directions_link} target="_blank" rel="noopener noreferrer">
                {t('info.directions')}
                <VisuallyHidden> {t('info.opensInNewTab')}</VisuallyHidden>
              </Anchor>
            )}
          </Row>
        )}
        {contact.source_display && <Row label={t('info.source')}>{contact.source_display}</Row>}
        {expectations
          .filter((expectation) => expectation.expected)
          .map((expectation) => (
            <Row key={expectation.label} label={expectation.label}>
              {completion(expectation.done)}
            </Row>
          ))}
      </DataList>
    </Card>
  )
}
