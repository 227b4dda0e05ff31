import { count, eq } from 'drizzle-orm'
import { addDays, weekdayOf, zonedDate, type Weekday } from '@crm/domain'
import type { Executor } from '../db/client'
import { eventOccurrences, events } from '../db/schema/index'
import { recordActivity } from '../platform/activity'
import { columnsOf, type EventFieldsOutput } from '../features/events/event-fields'

export interface DemoEventsInput {
  /** Hope Street Church holds the events. */
  hopeId: number
  people: { leader: number; owner: number }
  now: Date
  timeZone: string
}

/** The latest `weekday` on or before `date`. */
function weekdayOnOrBefore(date: string, weekday: Weekday): string {
  let day = date
  while (weekdayOf(day) !== weekday) day = addDays(day, -1)
  return day
}

const hopeAddress = {
  address_formatted: '12 Hope Street, Ashfield NSW 2131',
  address_street: '12 Hope Street',
  address_city: 'Ashfield',
  address_state: 'NSW',
  address_postcode: '2131',
  address_country: 'AU',
  address_lat: -33.8889,
  address_lng: 151.1248,
}

/**
 * The demo church's events, so the Events pages and the dashboard show something on first
 * start: a weekly Sunday service that never ends, a fortnightly Bible study on Tuesday and
 * Thursday, a camp over a weekend, and a lunch today. Nothing is added when the church has
 * events already. The number of events added.
 */
export async function seedDemoEvents(tx: Executor, demo: DemoEventsInput): Promise<number> {
  const [existing] = await tx.select({ n: count() }).from(events).where(eq(events.team_id, demo.hopeId))
  if ((existing?.n ?? 0) > 0) return 0
  const today = zonedDate(demo.now, demo.timeZone)
  const lastSunday = weekdayOnOrBefore(today, 'SU')
  const campFriday = addDays(weekdayOnOrBefore(today, 'FR'), 21)
  const planned: EventFieldsOutput[] = [
    {
      title: 'Sunday service',
      is_public: true,
      type: 'church-service',
      ...hopeAddress,
      is_recurring: true,
      rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=SU',
      start_time: addDays(lastSunday, -56),
      start_time_hour: '10:00',
      end_time_hour: '11:30',
      auc_disciple_phase: 'worship',
    },
    {
      title: 'Bible study',
      type: 'bible-study-group',
      ...hopeAddress,
      is_recurring: true,
      rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH',
      start_time: addDays(weekdayOnOrBefore(today, 'TU'), -28),
      start_time_hour: '19:00',
      end_time_hour: '20:30',
      auc_disciple_phase: 'cultivate',
    },
    {
      title: 'Youth camp',
      type: 'camp',
      no_address: true,
      is_multi_day: true,
      start_time: campFriday,
      start_time_hour: '16:00',
      end_time: addDays(campFriday, 2),
      end_time_hour: '14:00',
    },
    {
      title: 'Community lunch',
      is_public: true,
      type: 'social',
      ...hopeAddress,
      start_time: today,
      start_time_hour: '12:00',
      end_time_hour: '14:00',
      grow_phase: 'plant',
    },
  ]
  // The seed's types are the lookup list's own values.
  const types = { title: () => null, isActive: () => true }
  for (const [index, fields] of planned.entries()) {
    const columns = columnsOf(fields, types)
    const authorId = index % 2 === 0 ? demo.people.leader : demo.people.owner
    const [row] = await tx
      .insert(events)
      .values({ ...columns, team_id: demo.hopeId, created_by_id: authorId, created_at: demo.now, updated_at: demo.now })
      .returning({ id: events.id })
    await recordActivity(tx, { authorId, teamId: demo.hopeId, subjectType: 'event', subjectId: row!.id, action: 'add', after: { title: columns.title } })
    // Last Sunday's service has its notes.
    if (index === 0 && lastSunday > columns.start_date) {
      await tx.insert(eventOccurrences).values({
        event_id: row!.id,
        original_date: lastSunday,
        event_date: lastSunday,
        notes: 'Communion service; the youth led the music.',
        updated_by_id: authorId,
      })
    }
  }
  return planned.length
}
