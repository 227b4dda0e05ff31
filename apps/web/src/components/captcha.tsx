import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Box, Loader, Text } from '@mantine/core'
import type {} from 'altcha/types/react'
import type { Site } from '@crm/domain'
import { apiBase } from '../lib/api'
import { Recaptcha } from './recaptcha'

export interface CaptchaProps {
  site: Pick<Site, 'captcha' | 'recaptcha_site_key'> | undefined
  /** The solved token (ALTCHA's payload or reCAPTCHA's token), or null when not (or no longer) solved. */
  onChange: (token: string | null) => void
}

/** The sign-up captcha: self-hosted ALTCHA, or reCAPTCHA when the site is configured so. */
export function Captcha({ site, onChange }: CaptchaProps) {
  if (!site) return <Loader size="sm" aria-hidden="true" />
  if (site.captcha === 'recaptcha' && site.recaptcha_site_key) {
    return <Recaptcha siteKey={site.recaptcha_site_key} onChange={onChange} />
  }
  return <Altcha onChange={onChange} />
}

/** Loads the widget (a custom element) and the strings of the interface language; answers the widget's language. */
async function loadAltcha(language: string): Promise<string> {
  // The main build carries its workers as blob: URLs and injects its styles: both allowed by our CSP.
  await import('altcha')
  if (language === 'es') {
    await import('altcha/i18n/es-es')
    return 'es-es'
  }
  return 'en'
}

interface AltchaStateDetail {
  state?: string
  payload?: string | null
}

/**
 * ALTCHA proof of work: the widget fetches GET /api/v1/captcha-challenge, solves it in
 * workers when the visitor starts filling the form (auto=onfocus) or ticks the box, and
 * reports each state; a verified state carries the payload sent as recaptcha_token.
 */
function Altcha({ onChange }: Pick<CaptchaProps, 'onChange'>) {
  const { t, i18n } = useTranslation()
  const [language, setLanguage] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  const widget = useRef<HTMLElement>(null)
  const onChangeRef = useRef(onChange)
  useEffect(() => {
    onChangeRef.current = onChange
  })

  const interfaceLanguage = i18n.language
  useEffect(() => {
    let live = true
    loadAltcha(interfaceLanguage).then(
      (loaded) => live && setLanguage(loaded),
      (error: unknown) => {
        console.error('The captcha could not be loaded', error)
        if (live) setFailed(true)
      },
    )
    return () => {
      live = false
    }
  }, [interfaceLanguage])

  useEffect(() => {
    const element = widget.current
    if (!element) return
    const onState = (event: Event) => {
      const { state, payload } = ((event as CustomEvent<AltchaStateDetail>).detail ?? {}) as AltchaStateDetail
      onChangeRef.current(state === 'verified' && payload ? payload : null)
    }
    element.addEventListener('statechange', onState)
    return () => element.removeEventListener('statechange', onState)
  }, [language])

  if (failed) {
    return (
      <Text size="sm" c="red.8" role="alert">
        {t('captcha.loadFailed')}
      </Text>
    )
  }
  if (!language) return <Loader size="sm" aria-hidden="true" />
  return (
    <Box data-testid="captcha">
      <altcha-widget ref={widget} challenge={`${apiBase}/captcha-challenge`} auto="onfocus" language={language} name="recaptcha_token" />
    </Box>
  )
}
