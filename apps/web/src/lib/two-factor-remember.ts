/**
 * The remember-this-device token of two-factor sign-in (two_factor_remember_id), kept per
 * email in localStorage and sent with later logins of that email, so a remembered device
 * is not asked for a code. It survives logout on purpose: that is what remembering means.
 */
const prefix = 'crm.2fa-remember:'

function storageKey(email: string): string {
  return prefix + email.trim().toLowerCase()
}

export function readRememberId(email: string): string | undefined {
  try {
    return window.localStorage.getItem(storageKey(email)) ?? undefined
  } catch {
    return undefined
  }
}

/** Keeps the token the server answered for the email. */
export function keepRememberId(email: string, rememberId: string): void {
  try {
    window.localStorage.setItem(storageKey(email), rememberId)
  } catch {
    // Storage refused: the next sign-in asks for a code again.
  }
}

/** Forgets the email's token (signed in with a code without remembering this device). */
export function forgetRememberId(email: string): void {
  try {
    window.localStorage.removeItem(storageKey(email))
  } catch {
    // Nothing was kept.
  }
}
