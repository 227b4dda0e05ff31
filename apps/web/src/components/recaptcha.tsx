import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Text } from '@mantine/core'

interface Grecaptcha {
  ready: (callback: () => void) => void
  render: (
    container: HTMLElement,
    options: {
      sitekey: string
      hl?: string
      callback: (token: string) => void
      'expired-callback': () => void
      'error-callback': () => void
    },
  ) => number
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha
  }
}

let loading: Promise<Grecaptcha> | null = null

/**
 * Google's script, loaded once. It only runs where the server's Content-Security-Policy
 * allows www.google.com and www.gstatic.com (script and frame), which ours does not by
 * default: reCAPTCHA is the option for sites that configure it, ALTCHA the default.
 */
function loadRecaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = 'https://www.google.com/recaptcha/api.js?render=explicit'
    script.async = true
    script.onload = () => {
      const api = window.grecaptcha
      if (api) api.ready(() => resolve(api))
      else reject(new Error('reCAPTCHA did not start'))
    }
    script.onerror = () => {
      loading = null
      reject(new Error('reCAPTCHA could not be loaded'))
    }
    document.head.appendChild(script)
  })
  return loading
}

/** reCAPTCHA v2 checkbox: reports the token, and null again when it expires. */
export function Recaptcha({ siteKey, onChange }: { siteKey: string; onChange: (token: string | null) => void }) {
  const { t, i18n } = useTranslation()
  const container = useRef<HTMLDivElement>(null)
  const [failed, setFailed] = useState(false)
  const onChangeRef = useRef(onChange)
  useEffect(() => {
    onChangeRef.current = onChange
  })

  const language = i18n.language
  useEffect(() => {
    let live = true
    loadRecaptcha().then(
      (api) => {
        if (!live || !container.current) return
        api.render(container.current, {
          sitekey: siteKey,
          hl: language,
          callback: (token) => onChangeRef.current(token),
          'expired-callback': () => onChangeRef.current(null),
          'error-callback': () => onChangeRef.current(null),
        })
      },
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [siteKey, language])

  if (failed) {
    return (
      <Text size="sm" c="red.8" role="alert">
        {t('captcha.loadFailed')}
      </Text>
    )
  }
  // A new container per language: reCAPTCHA renders once into an element.
  return <div key={language} ref={container} />
}
