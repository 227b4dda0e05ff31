import { createTheme } from '@mantine/core'

/** Mantine defaults with one accent colour. */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  focusRing: 'auto',
  // People who ask their system for less motion get no animations.
  respectReducedMotion: true,
})
