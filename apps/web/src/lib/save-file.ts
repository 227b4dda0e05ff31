/** Saves a blob as a file through a short-lived object URL (a download made in the browser). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The browser has started the download by now; a later revoke keeps slow ones safe.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
