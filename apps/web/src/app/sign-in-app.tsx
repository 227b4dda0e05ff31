import { useEffect, useState } from 'react'
import { I18nextProvider } from 'react-i18next'
import { MantineProvider } from '@mantine/core'
import { LoginPage } from '../features/auth/pages/login-page'
import { i18next } from '../lib/i18n'
import { clearNoteKey } from '../lib/note-key'
import { useAccessToken } from '../lib/session'
import { fetchSite, SiteContext, type Site } from '../lib/site'
import { PageFrame } from './public-frame'
import { DocumentLink } from '../components/site-link'
import { cssVariablesResolver, theme } from './theme'

export interface SignInAppProps {
  location: Pick<Location, 'search'>
  /** Opens the app at a path once signed in (login-main.tsx: a page load). */
  openApp: (path: string) => void
  /** 'test' turns Mantine's transitions and portals off. */
  env?: 'default' | 'test'
}

/**
 * The sign-in bundle's app (login.html, login-main.tsx): the login page in the public frame,
 * without the router or the query cache, so the form is usable after the least JavaScript
 * (issue #10). Its links into the app load the app's page.
 */
export function SignInApp({ location, openApp, env }: SignInAppProps) {
  const [site, setSite] = useState<Site>()
  const signedIn = useAccessToken() !== null
  // An ended session (expiry, a 401) leaves no private-notes key on this device, as in the app
  // (features/session/session.tsx). A sign-in here sets the token before it keeps the new key.
  useEffect(() => {
    if (!signedIn) void clearNoteKey()
  }, [signedIn])
  useEffect(() => {
    const controller = new AbortController()
    // Without site data the frame shows no name; the form works all the same.
    fetchSite(controller.signal).then(setSite, () => undefined)
    return () => controller.abort()
  }, [])
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <I18nextProvider i18n={i18next}>
        <SiteContext value={site}>
          <PageFrame link={DocumentLink}>
            <LoginPage search={location.search} openApp={openApp} />
          </PageFrame>
        </SiteContext>
      </I18nextProvider>
    </MantineProvider>
  )
}
