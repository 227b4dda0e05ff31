/**
 * A one-time message carried to the next page in the router's location state, for an action
 * that ends somewhere else ("Ann Lee was archived." on /contacts). The shell shows it.
 */
export interface FlashState {
  flash: { message: string }
}

/** The location state to navigate with: `navigate('/contacts', { state: withFlash(text) })`. */
export function withFlash(message: string): FlashState {
  return { flash: { message } }
}

/** The message a location's state carries, if any. */
export function flashOf(state: unknown): string | null {
  if (!state || typeof state !== 'object' || !('flash' in state)) return null
  const flash = (state as { flash: unknown }).flash
  if (!flash || typeof flash !== 'object' || !('message' in flash)) return null
  const message = (flash as { message: unknown }).message
  return typeof message === 'string' && message !== '' ? message : null
}
