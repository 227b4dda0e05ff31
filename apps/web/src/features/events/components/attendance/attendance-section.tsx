import type { EventView } from '@crm/domain'

export interface AttendanceSectionProps {
  event: EventView
  /** The chosen event date (YYYY-MM-DD): one of the event's dates. */
  eventDate: string
}

/** The attendance of one event date (spec 3 §2.1 "Attendance"): placeholder until it is built. */
export function AttendanceSection(_props: AttendanceSectionProps) {
  return null
}
