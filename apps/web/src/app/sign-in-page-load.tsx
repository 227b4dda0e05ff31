import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { ErrorScreen, FullPageLoader } from '../components/status-screens'
import { documentNavigation } from '../lib/document-navigation'

/**
 * /login inside the app: the sign-in page is login.html with its own small bundle (issue #10),
 * so a link, a redirect or a sign-out that lands here loads that page, query and all. Should
 * the server have sent the app for /login itself, that would loop: the error screen shows.
 */
export function SignInPageLoad() {
  const { pathname, search } = useLocation()
  const sentTheApp = documentNavigation.loadedAt('/login')
  useEffect(() => {
    if (!sentTheApp) documentNavigation.replace(`${pathname}${search}`)
  }, [pathname, search, sentTheApp])
  return sentTheApp ? <ErrorScreen /> : <FullPageLoader />
}
