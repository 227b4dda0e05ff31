import userEvent, { type UserEvent } from '@testing-library/user-event'

/** user-event without its default pause between keystrokes: a 40-field form types in milliseconds. */
export function setupUser() {
  return userEvent.setup({ delay: null })
}

/**
 * Enters a whole value into a text field, as pasting it would: one change instead of one per
 * character, for long forms that re-render on each. Use `user.type` where each keystroke matters
 * (a search that asks as one types).
 */
export async function enter(user: UserEvent, element: Element, text: string) {
  await user.click(element)
  await user.paste(text)
}
