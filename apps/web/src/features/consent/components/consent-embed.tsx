import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Loader, Stack, Text } from '@mantine/core'
import { consentEmbedExtraHeight, consentEmbedMessageSchema, consentLinkBindingDelayMs, type TeamGroupParams } from '@crm/domain'
import { errorText } from '../../../lib/errors'
import { useEmbedUrl, type EmbedKind } from '../queries'

/** The frame's height before the page inside reports its own. */
const initialFrameHeight = 600

/**
 * The link's path on this site: the consent page is served by this app, so the frame is
 * always same origin, whatever host the server wrote into the link.
 */
export function sameOriginPath(url: string): string {
  const parsed = new URL(url, window.location.origin)
  return `${parsed.pathname}${parsed.search}${parsed.hash}`
}

export interface ConsentEmbedProps {
  kind: EmbedKind
  contactId: number
  scope: TeamGroupParams
  /** The page inside reported completion. */
  onComplete: () => void
}

/**
 * The embedded consent form (spec 2 §4.2): a photo of a signed form, or the parent signing on
 * this device. The page inside reports its height and its completion by window messages; only
 * messages of this origin from this frame count, bound 600 ms after the view opens (spec 2 §9).
 */
export function ConsentEmbed({ kind, contactId, scope, onComplete }: ConsentEmbedProps) {
  const { t } = useTranslation('consent')
  const embed = useEmbedUrl(contactId, scope)
  const frame = useRef<HTMLIFrameElement>(null)
  const [height, setHeight] = useState(initialFrameHeight)
  const completeRef = useRef(onComplete)
  useEffect(() => {
    completeRef.current = onComplete
  })

  // One link per opening (StrictMode runs effects twice); the view mounts one embed per kind.
  const asked = useRef(false)
  const { mutate: makeLink } = embed
  useEffect(() => {
    if (asked.current) return
    asked.current = true
    makeLink(kind)
  }, [makeLink, kind])

  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return
      if (!frame.current || event.source !== frame.current.contentWindow) return
      const message = consentEmbedMessageSchema.safeParse(event.data)
      if (!message.success) return
      if (message.data.type === 'consent-embed-height') setHeight(message.data.height + consentEmbedExtraHeight)
      else completeRef.current()
    }
    const timer = setTimeout(() => window.addEventListener('message', listen), consentLinkBindingDelayMs)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('message', listen)
    }
  }, [])

  const title = t(kind === 'photo' ? 'embed.photoTitle' : 'embed.signTitle')
  return (
    <Stack gap="sm">
      <Text size="sm">{t(kind === 'photo' ? 'embed.photoIntro' : 'embed.signIntro')}</Text>
      {embed.isError && (
        <Alert color="red" role="alert">
          {errorText(embed.error, t('embed.failed'))}
        </Alert>
      )}
      {embed.isPending && <Loader size="sm" role="status" aria-label={title} />}
      {embed.data && (
        <iframe ref={frame} src={sameOriginPath(embed.data.url)} title={title} height={height} style={{ width: '100%', border: 0, display: 'block' }} />
      )}
    </Stack>
  )
}
