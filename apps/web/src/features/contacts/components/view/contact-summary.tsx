import { useTranslation } from 'react-i18next'
import { Card, DataList } from '@mantine/core'
import type { ContactView } from '@crm/domain'

/** The notes area (spec 2 §2): upcoming interaction, time since the last one, the access window. */
export function ContactSummary({ contact }: { contact: ContactView }) {
  const { t } = useTranslation('contact-view')
  const upcoming = contact.next_future_incomplete_interaction
  const last = contact.last_interaction
  const rows = [
    upcoming && { label: t('summary.upcoming'), value: `${upcoming.date_display} · ${upcoming.type_display}` },
    last && {
      label: t('summary.sinceLast'),
      // Under a day in hours, else in days.
      value: last.days_ago < 1 ? t('summary.hours', { count: last.hours_ago }) : t('summary.days', { count: last.days_ago }),
    },
    contact.access_from_date_display && { label: t('summary.showingFrom'), value: contact.access_from_date_display },
    contact.access_to_date_display && { label: t('summary.accessTill'), value: contact.access_to_date_display },
  ].filter((row): row is { label: string; value: string } => Boolean(row))
  if (rows.length === 0) return null

  return (
    <Card withBorder padding="lg" component="section" aria-label={t('summary.label')}>
      <DataList orientation="vertical">
        {rows.map((row) => (
          <DataList.Item key={row.label}>
            <DataList.ItemLabel>{row.label}</DataList.ItemLabel>
            <DataList.ItemValue>{row.value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </Card>
  )
}
