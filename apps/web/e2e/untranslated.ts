import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
// The judge reads the lists the server seeds as data, as it reads the demo's seed (a test's
// knowledge, not the app's): the web app itself talks to the server over HTTP only.
// eslint-disable-next-line no-restricted-imports
import { lookupRows } from '../../server/src/features/lookups/lookup-lists'

// What a screen in the pseudo-locale (lib/pseudo-locale.ts: every catalogue text ⟦bracketed⟧)
// shows that did not come through the catalogue (issue 36 item 4). What is left of each line
// once its bracketed texts are taken out is either a person's data (names, notes, addresses,
// lookups, emails, numbers, dates) or a text the catalogue missed: English written in a
// component or sent by the server.
//
// Data is told apart without a list of screens: the demo workspace's words (its seed and its
// lookup lists are read from the server's sources), emails, numbers and the month and weekday
// names that dates carry. A piece that is exactly one of the catalogue's English texts is
// never data, whoever's name it shares ("Owner" is a role before it is a surname); a piece
// with a lowercase word is data only inside one of the seed's own texts.

const root = resolve(import.meta.dirname, '../../..')

function sourcesIn(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => readFileSync(join(folder, name), 'utf8'))
}

function literalsOf(sources: string[]): string[] {
  const texts: string[] = []
  for (const source of sources) {
    for (const match of source.matchAll(/'((?:[^'\\\n]|\\.)+)'|"((?:[^"\\\n]|\\.)+)"|`((?:[^`\\$]|\\.)+)`/g)) texts.push(match[1] ?? match[2] ?? match[3] ?? '')
  }
  return texts
}

/** The string literals of the demo's sources: the people, notes and places it makes. */
const demoTexts = () => literalsOf(sourcesIn(join(root, 'apps/server/src/seed'))).map((text) => text.replace(/<[^>]+>/g, ''))

/**
 * Texts that are data whatever a catalogue says: the lookup lists' titles (the server sends
 * them; a team may add its own), the countries' names (Intl words them in the reader's
 * language), the map's attribution (OpenStreetMap's licence asks for it as it is) and the
 * captcha widget's words.
 */
function namedData(locale: WalkLocale): Set<string> {
  // The server sends each lookup's title in the reader's language.
  const names = new Set(lookupRows().map((row) => (locale === 'es' ? (row.translations.es ?? row.title) : row.title)))
  const regions = new Intl.DisplayNames([locale === 'es' ? 'es' : 'en'], { type: 'region' })
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second)
      const name = regions.of(code)
      if (name && name !== code) for (const part of [name, ...name.split(/\s*[(),]\s*|\s-\s/)]) names.add(part.trim())
    }
  }
  // The captcha widget's own words come with it (ALTCHA's translations: Spanish for Spanish,
  // English for any language it lacks).
  for (const text of ['Leaflet', '© OpenStreetMap contributors', 'OpenStreetMap', "I'm not a robot", 'Protected by ALTCHA']) names.add(text)
  return names
}

/** The screens' locales a walk checks: the pseudo-locale, and Spanish. */
export type WalkLocale = 'xx' | 'es'

function catalogue(locale: 'en' | 'es'): Set<string> {
  const texts = new Set<string>()
  const add = (value: unknown) => {
    if (typeof value === 'string') texts.add(value.trim())
    else if (value && typeof value === 'object') Object.values(value).forEach(add)
  }
  const folder = join(root, `apps/web/src/locales/${locale}`)
  for (const name of readdirSync(folder).filter((file) => file.endsWith('.json'))) add(JSON.parse(readFileSync(join(folder, name), 'utf8')))
  return texts
}

const dateWords = new Set(
  [
    ...['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    ...['Jan', 'Feb', 'Mar', 'Apr', 'Jun', 'Jul', 'Aug', 'Sep', 'Sept', 'Oct', 'Nov', 'Dec'],
    ...['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    ...['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'am', 'pm', 'AM', 'PM'],
  ].map((word) => word.toLowerCase()),
)

export interface UntranslatedCheck {
  /** The pieces of the lines that are neither bracketed nor data. */
  (lines: string[]): string[]
}

// Words of English that Spanish does not use: a Spanish screen showing one shows English.
const englishWords = new Set(
  'the and of to is are was were has had have with for from this that these your you will been be by at an or not anyone no-one nobody who which there here'.split(
    ' ',
  ),
)

/**
 * Names the Spanish texts keep in English: the child-safety checks a leader holds are
 * Australian programmes, named as their issuers name them (locales/es: "un Working with
 * Children Check y la capacitación AdSafe").
 */
const keptInEnglish = /Working with Children Check|AdSafe/g

/**
 * The check of a screen in `locale`, with the demo's data and the catalogues read once. In
 * the pseudo-locale a piece is suspect unless it is data; in Spanish a piece that is not data
 * is suspect when it is one of the English catalogue's texts (and no Spanish one) or has a word
 * only English uses.
 */
export function untranslatedCheck(locale: WalkLocale, extraData: string[] = []): UntranslatedCheck {
  const named = namedData(locale)
  const demo = [...demoTexts(), ...extraData, ...named]
  // Prose only: a key such as 'decision-for-baptism' in the seed is not a text anyone reads.
  const demoLower = demo.filter((text) => /\s/.test(text.trim())).map((text) => text.toLowerCase())
  // A name of several words the demo gives a record (an event called 'Bible study') is its data,
  // even where a catalogue text reads the same.
  const demoNames = new Set(demo.filter((text) => /^\S+(\s\S+)+$/.test(text.trim())))
  const namedLower = new Set([...named].map((text) => text.toLowerCase()))
  const english = catalogue('en')
  const spanish = catalogue('es')
  const knownWords = new Set([...demo, ...named].flatMap((text) => text.split(/[^\p{L}'’-]+/u)).filter(Boolean))
  const isData = (piece: string): boolean => {
    // Styles may capitalise what the server sent (an event type's title in capitals).
    if (namedLower.has(piece.toLowerCase())) return true
    // Codes of records (an ACMS id such as DEMO-1).
    if (/^[\p{Lu}\d_ -]+$/u.test(piece) && /\d/.test(piece)) return true
    if (demoNames.has(piece)) return true
    if (english.has(piece)) return false
    const words = piece.split(/[^\p{L}'’-]+/u).filter((word) => /\p{L}/u.test(word) && !dateWords.has(word.toLowerCase()))
    if (words.length === 0) return true
    const lower = piece.toLowerCase()
    if (demoLower.some((text) => text.includes(lower))) return true
    // Names and places: capitalised words the demo uses.
    return words.every((word) => /^\p{Lu}/u.test(word) && knownWords.has(word))
  }
  return (lines) => {
    const found: string[] = []
    for (const full of lines) {
      // Addresses of the web and of mail are data (a placeholder's example too).
      const line = full.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S*|\S+@\S+\.\S+/gi, ' ')
      // The bracketed texts, innermost first (a text may carry another as a value).
      let rest = line
      for (let before = ''; before !== rest;) {
        before = rest
        rest = rest.replace(/⟦[^⟦⟧]*⟧/g, '|')
      }
      for (const raw of rest.split(/[\t|·•/:()–—]|,\s|\s-\s/)) {
        const piece = raw.trim().replace(/^[\s.,;!?'"“”‘’*#…→←+-]+|[\s.,;!?'"“”‘’*#…→←+-]+$/g, '')
        if (!/\p{L}/u.test(piece)) continue
        if (/^\S+@\S+\.\S+$/.test(piece) || /^(https?:\/\/|\/)\S*$/.test(piece)) continue
        if (isData(piece)) continue
        if (locale === 'xx') found.push(piece)
        else if (
          (english.has(piece) && !spanish.has(piece)) ||
          piece
            .replace(keptInEnglish, ' ')
            .toLowerCase()
            .split(/[^\p{L}'-]+/u)
            .some((word) => englishWords.has(word))
        )
          found.push(piece)
      }
    }
    return found
  }
}

/**
 * The visible lines of the page: the body's text as a reader sees it, and the fields'
 * placeholders; with `outside`, not the lines of that element (a content page's text, which
 * its administrators write per language).
 */
export async function visibleLines(page: Page, outside?: string): Promise<string[]> {
  return page.evaluate((skipped) => {
    // A closed list's options are in the body's text but not on screen: only the chosen one is.
    const hidden = new Set<string>()
    for (const option of document.querySelectorAll('option')) if (!option.selected) hidden.add(option.text.trim())
    const lines = document.body.innerText.split('\n').filter((line) => !hidden.has(line.trim()))
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]')) {
      if (field.checkVisibility() && field.value === '') lines.push(field.placeholder)
    }
    const inside = new Set(
      skipped
        ? (document
            .querySelector<HTMLElement>(skipped)
            ?.innerText.split('\n')
            .map((line) => line.trim()) ?? [])
        : [],
    )
    return lines.map((line) => line.trim()).filter((line) => line !== '' && !inside.has(line))
  }, outside)
}
