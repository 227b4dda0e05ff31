import { useTranslation } from 'react-i18next'
import { Anchor, Image, Loader, Text } from '@mantine/core'
import type { TeamGroupParams } from '@crm/domain'
import { useConsentFile, type ConsentFileKind } from '../queries'

const shownInline = new Set(['image/png', 'image/jpeg'])

export interface ConsentFileProps {
  kind: ConsentFileKind
  scope: TeamGroupParams
  consentiaId: number
  fileId: number
  alt: string
}

/**
 * A record's signature or photo, fetched with the session's token: an image shown inline,
 * a PDF as a download link. Its object URL is revoked when it leaves the screen.
 */
export function ConsentFile({ kind, scope, consentiaId, fileId, alt }: ConsentFileProps) {
  const { t } = useTranslation('consent')
  const file = useConsentFile(kind, scope, consentiaId, fileId)
  if (file.status === 'loading') return <Loader size="xs" role="status" aria-label={t('tab.fileLoading')} />
  if (file.status === 'error') {
    return (
      <Text size="sm" c="red.8">
        {t('tab.fileFailed')}
      </Text>
    )
  }
  // A PDF, and a HEIC photo most browsers cannot show, are offered as a download.
  if (!shownInline.has(file.type)) {
    const pdf = file.type === 'application/pdf'
    return (
      <Anchor href={file.url} download={`consent-${consentiaId}.${pdf ? 'pdf' : 'heic'}`} size="sm">
        {t(pdf ? 'tab.downloadPdf' : 'tab.downloadPhoto')}
      </Anchor>
    )
  }
  return <Image src={file.url} alt={alt} maw={kind === 'signature' ? 320 : 480} fit="contain" bg="white" radius="sm" />
}
