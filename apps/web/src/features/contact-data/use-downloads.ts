import { useState } from 'react'
import { errorText } from '../../lib/errors'
import { saveBlob } from '../../lib/save-file'

/**
 * A few files a person downloads one at a time (a contact's or a team's data): each fetched
 * with the session's token (a plain link could not carry it) and saved under its name; while
 * one comes, its button spins and the others wait; a failure is said in the reader's words.
 */
export function useDownloads<K extends string>(failedText: string) {
  const [busy, setBusy] = useState<K | null>(null)
  const [failed, setFailed] = useState<string | null>(null)

  const download = async (kind: K, fetchBlob: () => Promise<Blob>, fileName: string) => {
    setBusy(kind)
    setFailed(null)
    try {
      saveBlob(await fetchBlob(), fileName)
    } catch (error) {
      setFailed(errorText(error, failedText))
    } finally {
      setBusy(null)
    }
  }

  /** The props of the button that downloads `kind`. */
  const buttonOf = (kind: K) => ({ loading: busy === kind, disabled: busy !== null && busy !== kind })

  return { failed, download, buttonOf }
}
