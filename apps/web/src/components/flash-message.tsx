import { useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { flashOf } from '../lib/flash'
import { DoneMessage } from './done-message'

/**
 * Shows the message a navigation carried (lib/flash.ts) on the page it led to, in a polite
 * live region, until it is closed or the person moves to another page. The message is taken
 * out of the history entry at once, so reload or Back does not say it again.
 */
export function FlashMessage() {
  const location = useLocation()
  const navigate = useNavigate()
  const incoming = flashOf(location.state)
  const [shown, setShown] = useState<{ key: string; pathname: string; message: string } | null>(null)

  // Kept in state while the page stays; another page drops it (it was about the one before).
  if (incoming && shown?.key !== location.key) setShown({ key: location.key, pathname: location.pathname, message: incoming })
  if (!incoming && shown && shown.pathname !== location.pathname) setShown(null)

  useEffect(() => {
    if (!incoming) return
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null })
  }, [incoming, location.pathname, location.search, location.hash, navigate])

  const message = incoming ?? (shown?.pathname === location.pathname ? shown.message : null)
  return <DoneMessage message={message} onClose={() => setShown(null)} mb="md" />
}
