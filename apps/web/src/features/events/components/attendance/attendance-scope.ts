// Its own file so the section and its parts (which it renders) do not import each other.

/** The scope every attendance call of a date carries. */
export interface AttendanceScope {
  teamId: number
  groupId: number
  eventId: number
  eventDate: string
}
