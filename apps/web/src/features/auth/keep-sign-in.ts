import type { LoginSession } from '@crm/domain'
import { storeNoteKey } from '../../lib/note-key'
import { startSession } from '../../lib/session'
import { forgetRememberId, keepRememberId } from '../../lib/two-factor-remember'

// What every sign-in keeps on the device. Free of the query library: the sign-in page
// (login.html, its own small bundle) uses it as it is, and the app through completeSignIn.

/** What a login, a sign-up or an invite acceptance answers when it signs someone in. */
export type SignInSession = Pick<LoginSession, 'access_token' | 'expires_in' | 'encryption_key' | 'user_id'> & {
  two_factor_remember_id?: string | null
}

export interface SignInCredentials {
  email: string
  password: string
  /** Signed in with a two-factor code (an answer without a remember token then forgets this device). */
  withCode?: boolean
}

/** Derives the private-notes key from the password and the account's salt and keeps it on this device. */
async function keepNoteKey(password: string, session: SignInSession): Promise<void> {
  try {
    // The notes code loads here, once a key is derived, not with the sign-in forms.
    const { deriveNoteKey } = await import('../../lib/crypto')
    await storeNoteKey(await deriveNoteKey(password, session.encryption_key), session.user_id)
  } catch (error) {
    // Signing in still works; private notes stay locked on this device until the next sign-in.
    console.error('The private-notes key could not be derived', error)
  }
}

/**
 * Stores the session, keeps (or forgets) the two-factor remember token of the email, and
 * derives and keeps the private-notes key.
 */
export async function keepSignIn(session: SignInSession, credentials: SignInCredentials): Promise<void> {
  startSession(session)
  if (session.two_factor_remember_id) keepRememberId(credentials.email, session.two_factor_remember_id)
  else if (credentials.withCode) forgetRememberId(credentials.email)
  await keepNoteKey(credentials.password, session)
}
