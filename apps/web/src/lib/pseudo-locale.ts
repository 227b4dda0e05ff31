import type { LocaleBundle } from '../locales/en/index'

// The pseudo-locale (issue 36 item 4): English with every catalogue text between ⟦ and ⟧
// and its letters accented, so a text on screen that is neither bracketed nor a person's data
// did not come through the catalogue. The browser tests walk the app in it
// (e2e/locale-walk.ts); it is chosen only by ?locale=xx or its cookie (pseudo-locale-name.ts),
// never offered. This module is fetched only when it is chosen.

const pseudoOpen = '⟦'
const pseudoClose = '⟧'

const accented: Record<string, string> = {
  a: 'á',
  c: 'ç',
  e: 'é',
  i: 'í',
  n: 'ñ',
  o: 'ó',
  u: 'ú',
  y: 'ý',
  A: 'Á',
  C: 'Ç',
  E: 'É',
  I: 'Í',
  N: 'Ñ',
  O: 'Ó',
  U: 'Ú',
  Y: 'Ý',
}

// What i18next and <Trans> read inside a text: {{values}}, $t(nesting), <1>tags</1>. They stay
// as they are; only the words around them change.
const kept = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?[A-Za-z0-9]+\s*\/?>)/

/**
 * One catalogue text in the pseudo-locale: "Save" → "⟦Sávé⟧". A value put into the text stands
 * outside the brackets ("⟦Wélçómé ⟧{{name}}⟦⟧"), so a value that did not come through the
 * catalogue (an English word the server sent) is seen as what it is.
 */
export function pseudoText(text: string): string {
  if (text === '') return text
  const parts = text.split(kept)
  const words = parts.map((part, index) => {
    if (index % 2 === 0) return [...part].map((letter) => accented[letter] ?? letter).join('')
    return part.startsWith('<') ? part : `${pseudoClose}${part}${pseudoOpen}`
  })
  return `${pseudoOpen}${words.join('')}${pseudoClose}`
}

function pseudoValue(value: unknown): unknown {
  if (typeof value === 'string') return pseudoText(value)
  if (Array.isArray(value)) return value.map(pseudoValue)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, pseudoValue(inner)]))
  return value
}

/** English texts (a bundle, a namespace), every one in the pseudo-locale. */
export function pseudoLocalize<Texts extends object = LocaleBundle>(texts: Texts): Texts {
  return pseudoValue(texts) as Texts
}
