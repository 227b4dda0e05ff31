import { safeRedirectPath } from '@crm/domain'

/**
 * The post-login, post-reset and post-logout target: a path of this site by the one rule
 * the server uses too (safeRedirectPath of the domain package), else the fallback.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  return safeRedirectPath(target) ?? fallback
}

/** The login route that comes back to `path` after signing in. */
export function loginPath(path: string): string {
  const target = safeRedirect(path, '/')
  return target === '/' ? '/login' : `/login?redirect_to=${encodeURIComponent(target)}`
}
