import userEvent from '@testing-library/user-event'

/** user-event without its default pause between keystrokes: a 40-field form types in milliseconds. */
export function setupUser() {
  return userEvent.setup({ delay: null })
}
