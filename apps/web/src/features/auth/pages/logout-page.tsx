import { useEffect, useRef } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { safeRedirect } from '../../../lib/safe-redirect'
import { getAccessToken } from '../../../lib/session'
import { logout } from '../queries'
import { signOutLocally } from '../sign-out'

/**
 * /logout shows nothing: it ends the session on the server, clears the session cookies,
 * the private-notes key, drafts and cached data whether or not that call succeeds, then
 * goes to /login or to redirect_to.
 */
export function LogoutPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [params] = useSearchParams()
  const target = safeRedirect(params.get('redirect_to'), '/login')
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    const run = async () => {
      if (getAccessToken() !== null) {
        try {
          await logout()
        } catch {
          // The session is cleared here all the same (spec 1 §8).
        }
      }
      signOutLocally(queryClient)
      await navigate(target, { replace: true })
    }
    void run()
  }, [navigate, queryClient, target])

  return null
}

export { LogoutPage as Component }
