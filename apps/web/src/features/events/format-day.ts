/** A calendar date (YYYY-MM-DD) as the reader writes it, e.g. '6 Jan 2026'; the text itself if it is not one. */
export function formatDay(date: string, locale: string): string {
  const day = new Date(`${date}T00:00:00Z`)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(day.getTime())) return date
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(day)
  } catch {
    return date
  }
}
