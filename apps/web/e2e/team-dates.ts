// Dates as the demo team's calendar reads them, for browser tests that plan events.

/** Today in the time zone `zone`, YYYY-MM-DD. */
export function teamToday(zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
}

/** A YYYY-MM-DD date `days` later (earlier when negative). */
export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`)
  next.setUTCDate(next.getUTCDate() + days)
  return next.toISOString().slice(0, 10)
}
