/**
 * Numbers as the reader's language writes them (1,000 in English; 1000 and 10.000 in Spanish).
 * One Intl.NumberFormat per language and precision, kept: building one costs as much as
 * hundreds of uses of it, and a report or a list writes hundreds of numbers on its first
 * render (issue 37: a tenth of /reports' main-thread time on a phone went to building them).
 */
const formats = new Map<string, Intl.NumberFormat>()

export interface NumberFormatOptions {
  /** Digits after the point at most; Intl's default (3) when unset. */
  maximumFractionDigits?: number
}

export function numberFormat(locale: string, options: NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${options.maximumFractionDigits ?? ''}`
  let format = formats.get(key)
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, options)
    } catch {
      // A tag Intl refuses (a pseudo-locale): English digits rather than no number.
      format = new Intl.NumberFormat('en', options)
    }
    formats.set(key, format)
  }
  return format
}

export function formatNumber(value: number, locale: string, options?: NumberFormatOptions): string {
  return numberFormat(locale, options).format(value)
}
