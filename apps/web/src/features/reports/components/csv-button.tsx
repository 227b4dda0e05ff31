import { useTranslation } from 'react-i18next'
import { Button } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { buildCsv, downloadCsv } from '../csv'
import classes from '../reports.module.css'

type Rows = Parameters<typeof buildCsv>[0]

/** Saves a widget's numbers as a CSV file, built in the browser from what is on screen. */
export function CsvButton({ title, fileName, rows }: { title: string; fileName: string; rows: () => Rows }) {
  const { t } = useTranslation('reports')
  return (
    <Button
      className={classes.noPrint}
      variant="default"
      size="xs"
      leftSection={<IconDownload size={14} aria-hidden="true" />}
      aria-label={t('downloadCsvOf', { title })}
      onClick={() => downloadCsv(buildCsv(rows()), fileName)}
    >
      {t('downloadCsv')}
    </Button>
  )
}
