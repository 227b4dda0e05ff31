// A page of 100 contacts as /contacts shows them (name, age, member status, grow phase, last
// interaction, phone), made up here: the floor pages need no server, no data call and no login.
const firstNames = ['Olivia', 'Noah', 'Amelia', 'Jack', 'Isla', 'William', 'Mia', 'Oliver', 'Ava', 'Leo']
const lastNames = ['Smith', 'Nguyen', 'Brown', 'Wilson', 'Taylor', 'Johnson', 'White', 'Martin', 'Anderson', 'Thompson']
const statuses = ['Member', 'Regular attender', 'Visitor', 'Baptised member']
const phases = ['Seeking', 'Studying', 'Decided', 'Growing']

export interface FloorRow {
  id: number
  name: string
  age: string
  status: string
  phase: string
  lastInteraction: string
  phone: string
}

export const rows: FloorRow[] = Array.from({ length: 100 }, (_, index) => ({
  id: index + 1,
  name: `${firstNames[index % 10]} ${lastNames[Math.floor(index / 10) % 10]}`,
  age: `${18 + ((index * 7) % 60)} years old`,
  status: statuses[index % statuses.length]!,
  phase: phases[index % phases.length]!,
  lastInteraction: `${1 + (index % 28)} Nov 2026`,
  phone: `0412 555 ${String(100 + index).padStart(3, '0')}`,
}))

export const columns = ['Name', 'Age', 'Member status', 'Grow phase', 'Last interaction', 'Phone'] as const

export const cells = (row: FloorRow) => [row.age, row.status, row.phase, row.lastInteraction, row.phone]
