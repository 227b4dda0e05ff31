import { createTheme, DEFAULT_THEME, mergeThemeOverrides, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core'

/**
 * A palette whose shades 8 and 9 are dark enough for text: Mantine's own reach 4.5:1 on
 * white only at shade 8 or 9, and not at all for teal, orange, yellow and green.
 */
function readable(name: keyof typeof DEFAULT_THEME.colors, shade8: string, shade9: string): MantineColorsTuple {
  const palette = [...(DEFAULT_THEME.colors[name] ?? [])]
  palette[8] = shade8
  palette[9] = shade9
  return palette as unknown as MantineColorsTuple
}

/**
 * Mantine defaults with one accent colour, at WCAG AA contrast (issue #10 item 13): every
 * colour is used at shade 8, each at least 5:1 against white and against its own light
 * background; text on a filled background is black or white, whichever reads better.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 8,
  autoContrast: true,
  colors: {
    indigo: readable('indigo', '#364fc7', '#2f44ad'),
    red: readable('red', '#b02525', '#941f1f'),
    teal: readable('teal', '#06704f', '#055c41'),
    orange: readable('orange', '#a33a0a', '#8a3108'),
    yellow: readable('yellow', '#7a5100', '#654300'),
    green: readable('green', '#1d5e2a', '#184e23'),
    blue: readable('blue', '#14569a', '#114882'),
  },
  defaultRadius: 'md',
  focusRing: 'auto',
  // People who ask their system for less motion get no animations.
  respectReducedMotion: true,
  components: {
    // A table too wide for a phone scrolls sideways: its scrolling box takes the focus, so a
    // keyboard can scroll it too (axe scrollable-region-focusable, issue 37).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
})

/**
 * The theme with every dialog's and drawer's close button named in the reader's language
 * ('Close', 'Cerrar'): an unnamed button is axe's critical button-name (issue 37), and a
 * dialog added later is named too. A dialog's title bar is Mantine's `<header>`, which outside
 * the page's landmarks reads as a second banner: it is no landmark (role none).
 */
export function themeInLanguage(closeLabel: string) {
  // Plain objects, not Modal.extend: naming the components here would bring them (and their
  // focus trap) into every page's first JavaScript.
  const defaultProps = { closeButtonProps: { 'aria-label': closeLabel } }
  const header = { defaultProps: { role: 'none' } }
  return mergeThemeOverrides(
    theme,
    createTheme({ components: { Modal: { defaultProps }, Drawer: { defaultProps }, ModalHeader: header, DrawerHeader: header } }),
  )
}

/** Dimmed text (hints, helper text) at gray 7, 8:1 on white; Mantine's gray 6 is 3.3:1. */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: { '--mantine-color-dimmed': resolved.colors.gray[7], '--mantine-color-error': resolved.colors.red[8] },
  dark: {},
})
