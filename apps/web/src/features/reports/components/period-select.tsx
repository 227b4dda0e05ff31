import { useTranslation } from 'react-i18next'
import { NativeSelect, Text } from '@mantine/core'
import { reportPeriods, type ReportPeriod } from '@crm/domain'
import classes from '../reports.module.css'

/** A chart's period: the five of spec 3 §2.3. On paper, the chosen one as text. */
export function PeriodSelect({ value, onChange }: { value: ReportPeriod; onChange: (period: ReportPeriod) => void }) {
  const { t } = useTranslation('reports')
  return (
    <>
      <NativeSelect
        className={classes.noPrint}
        size="xs"
        label={t('periods.label')}
        data={reportPeriods.map((period) => ({ value: period, label: t(`periods.${period}`) }))}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as ReportPeriod)}
      />
      <Text size="sm" c="dimmed" className={classes.printOnly}>
        {t(`periods.${value}`)}
      </Text>
    </>
  )
}
