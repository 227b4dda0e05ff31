import type { EventListItem, EventView, Occurrence } from '@crm/domain'

export function buildOccurrence(overrides: Partial<Occurrence> & Pick<Occurrence, 'event_date'>): Occurrence {
  return {
    end_date: overrides.event_date,
    original_date: overrides.event_date,
    is_cancelled: false,
    notes: null,
    attendance_count: 0,
    start_date_time_display: `${overrides.event_date}, 10:00 am`,
    ...overrides,
  }
}

export function buildEventView(overrides: Partial<EventView> = {}): EventView {
  return {
    id: 7,
    team_id: 10,
    title: 'Bible study',
    is_public: false,
    type: 'bible-study',
    type_other: null,
    type_display: 'Bible study',
    no_address: false,
    address_place_id: null,
    address_formatted: '1 Main St, Springfield',
    address_formatted_break: '1 Main St\nSpringfield',
    address_manual_input: true,
    address_street: '1 Main St',
    address_city: 'Springfield',
    address_state: 'NSW',
    address_postcode: '2000',
    address_country: 'AU',
    address_lat: null,
    address_lng: null,
    address_directions_link: 'https://maps.example.com/?q=1+Main+St',
    is_recurring: true,
    rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=10',
    is_all_day: false,
    is_multi_day: false,
    start_time: '2026-01-06',
    start_time_hour: '10:00',
    end_time: '2026-01-06',
    end_time_hour: '11:30',
    auc_disciple_phase: 'grow',
    grow_phase: 'cultivate',
    has_multi_days: false,
    multi_day_dates: [],
    occurrences: [
      buildOccurrence({ event_date: '2026-01-06', attendance_count: 4, notes: 'First night' }),
      buildOccurrence({ event_date: '2026-01-08', is_cancelled: true }),
    ],
    exceptions: [],
    next_occurance_data: { event_date: '2026-01-06', start_date_time_display: '6 Jan 2026, 10:00 am' },
    last_date: '2026-02-05',
    time_zone: 'Australia/Sydney',
    created_display: '1 Jan 2026',
    can_update: true,
    can_delete: true,
    can_read_attendance: true,
    can_update_attendance: true,
    ...overrides,
  }
}

export function buildEventListItem(overrides: Partial<EventListItem> & Pick<EventListItem, 'id' | 'title'>): EventListItem {
  return {
    type_display: null,
    is_public: false,
    is_recurring: false,
    rrule: null,
    is_all_day: false,
    is_multi_day: false,
    start_time: '2026-01-06',
    start_time_hour: '10:00',
    end_time: '2026-01-06',
    end_time_hour: null,
    address_formatted: null,
    next_occurance_data: { event_date: '2026-01-06', start_date_time_display: '6 Jan 2026, 10:00 am' },
    last_date: null,
    created_display: '1 Jan 2026',
    ...overrides,
  }
}
