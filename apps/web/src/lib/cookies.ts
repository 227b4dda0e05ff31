/** A tiny cookie helper: SameSite=Lax, path=/, Secure on https. */

export interface CookieOptions {
  /** Lifetime in seconds; without it the cookie lasts for the browser session. */
  maxAgeSeconds?: number
}

export function getCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`
  for (const part of document.cookie.split(';')) {
    const item = part.trim()
    if (item.startsWith(prefix)) {
      try {
        return decodeURIComponent(item.slice(prefix.length))
      } catch {
        return null
      }
    }
  }
  return null
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax']
  if (options.maxAgeSeconds !== undefined) parts.push(`max-age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`)
  if (window.location.protocol === 'https:') parts.push('Secure')
  document.cookie = parts.join('; ')
}

export function deleteCookie(name: string): void {
  setCookie(name, '', { maxAgeSeconds: 0 })
}

export function daysToSeconds(days: number): number {
  return days * 24 * 60 * 60
}
