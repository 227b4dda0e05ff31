/** The date as the reader says it ('Tuesday, 3 March 2026'); the wall-clock day, so read in UTC. */
export function dayOf(eventDate: string, locale: string): string {
  const day = new Date(`${eventDate}T00:00:00Z`)
  if (Number.isNaN(day.getTime())) return eventDate
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(day)
}
