import { useEffect, useState } from 'react'

export type ObjectUrlState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; url: string; type: string }

/**
 * A file fetched with the session's token (fetchApiBlob) shown through an object URL, revoked
 * when the component unmounts or the key changes. `key` names the file: another key reads as
 * loading until its file arrives. A null key fetches nothing.
 */
export function useObjectUrl(key: string | null, load: (signal: AbortSignal) => Promise<Blob>): ObjectUrlState {
  const [state, setState] = useState<{ key: string; state: ObjectUrlState } | null>(null)
  useEffect(() => {
    if (key === null) return
    const controller = new AbortController()
    let url: string | null = null
    load(controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return
        url = URL.createObjectURL(blob)
        setState({ key, state: { status: 'ready', url, type: blob.type } })
      },
      () => {
        if (!controller.signal.aborted) setState({ key, state: { status: 'error' } })
      },
    )
    return () => {
      controller.abort()
      if (url) URL.revokeObjectURL(url)
    }
    // The key names everything load reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  if (key === null) return { status: 'error' }
  return state?.key === key ? state.state : { status: 'loading' }
}
