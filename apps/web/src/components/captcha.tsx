import { useEffect, useRef, useState, type RefObject } from 'react'
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
  /** The visitor has already begun (a new round after a refusal): ALTCHA starts at once. */
  begun?: boolean
}

/** The sign-up captcha: self-hosted ALTCHA, or reCAPTCHA when the site is configured so. */
export function Captcha({ site, onChange, begun = false }: CaptchaProps) {
  if (!site) return <Loader size="sm" aria-hidden="true" />
  if (site.captcha === 'recaptcha' && site.recaptcha_site_key) {
    return <Recaptcha siteKey={site.recaptcha_site_key} onChange={onChange} />
  }
  return <Altcha onChange={onChange} begun={begun} />
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

/** The standard widget's height in px (its box, label and footer), measured in Chromium. */
const widgetHeight = 75

/**
 * Whether the visitor has begun filling in the form around `area`: its first focus or press.
 * Until then the widget's 30 KB stay unfetched, so the form is usable sooner on a phone.
 */
function useVisitorBegun(area: RefObject<HTMLElement | null>, begun: boolean): boolean {
  const [started, setStarted] = useState(begun)
  useEffect(() => {
    if (started) return
    const form = area.current?.closest('form')
    const start = () => setStarted(true)
    if (!form) return start()
    form.addEventListener('focusin', start, { once: true })
    form.addEventListener('pointerdown', start, { once: true })
    return () => {
      form.removeEventListener('focusin', start)
      form.removeEventListener('pointerdown', start)
    }
  }, [area, started])
  return started
}

interface AltchaStateDetail {
  state?: string
  payload?: string | null
}

/**
 * ALTCHA proof of work: once the visitor starts filling the form the widget loads, fetches GET
 * /api/v1/captcha-challenge and solves it in workers (auto=onload: it has begun), reporting each
 * state; a verified state carries the payload sent as recaptcha_token.
 */
function Altcha({ onChange, begun }: Pick<CaptchaProps, 'onChange' | 'begun'>) {
  const { t, i18n } = useTranslation()
  const [language, setLanguage] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  const area = useRef<HTMLDivElement>(null)
  const widget = useRef<HTMLElement>(null)
  const onChangeRef = useRef(onChange)
  useEffect(() => {
    onChangeRef.current = onChange
  })
  const started = useVisitorBegun(area, begun ?? false)

  const interfaceLanguage = i18n.language
  useEffect(() => {
    if (!started) return
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
  }, [interfaceLanguage, started])

  useEffect(() => {
    const element = widget.current
    if (!element) return
    let verified = false
    const onState = (event: Event) => {
      const { state, payload } = ((event as CustomEvent<AltchaStateDetail>).detail ?? {}) as AltchaStateDetail
      verified = state === 'verified' && Boolean(payload)
      onChangeRef.current(verified && payload ? payload : null)
    }
    // ALTCHA unticks a verified box when it is clicked again and drops the solution, which
    // disabled Sign up: a solved captcha stays solved (until it expires, when a click solves anew).
    const keepVerified = (event: Event) => {
      if (verified && event.target instanceof HTMLInputElement && event.target.type === 'checkbox') event.preventDefault()
    }
    element.addEventListener('statechange', onState)
    element.addEventListener('click', keepVerified, true)
    return () => {
      element.removeEventListener('statechange', onState)
      element.removeEventListener('click', keepVerified, true)
    }
  }, [language])

  if (failed) {
    return (
      <Text size="sm" c="red.8" role="alert">
        {t('captcha.loadFailed')}
      </Text>
    )
  }
  return (
    // The widget's height is kept from the start, so nothing below it moves when it arrives.
    <Box ref={area} data-testid="captcha" mih={widgetHeight}>
      {language ? (
        <altcha-widget ref={widget} challenge={`${apiBase}/captcha-challenge`} auto="onload" language={language} name="recaptcha_token" />
      ) : (
        started && <Loader size="sm" aria-hidden="true" />
      )}
    </Box>
  )
}
