import { notificationCalls, type Notification } from '@crm/domain'
import { mockCall, server } from '../../test/server'

// Test helpers of the panel and page tests.

export function buildNotification(overrides: Partial<Notification> & Pick<Notification, 'id'>): Notification {
  return {
    is_seen: false,
    importance: 'normal',
    date_timestamp: 1_795_000_000,
    content: `<p>Notification ${overrides.id}</p>`,
    link_url: null,
    link_text: null,
    system: null,
    associated_user: null,
    ...overrides,
  }
}

/** A server that keeps the notifications and their seen state, as the real one does. */
export function serveNotifications(items: Notification[]) {
  const state = items.map((item) => ({ ...item }))
  const queries: Array<Record<string, string>> = []
  const seen: number[] = []
  let seenAll = 0
  server.use(
    mockCall(notificationCalls.notifications, ({ input }) => {
      const query = input as unknown as Record<string, string>
      queries.push(query)
      const filtered = state.filter((item) => (query['filter'] === 'unread' ? !item.is_seen : query['filter'] === 'read' ? item.is_seen : true))
      const perPage = Number(query['per_page'] ?? 100)
      const page = Number(query['page'] ?? 1)
      return {
        items: filtered.slice((page - 1) * perPage, page * perPage),
        count: filtered.length,
        count_unread: state.filter((item) => !item.is_seen).length,
      }
    }),
    mockCall(notificationCalls.seenNotification, ({ params }) => {
      const id = Number(params['id'])
      seen.push(id)
      const item = state.find((one) => one.id === id)
      if (item) item.is_seen = true
      return { success: true as const }
    }),
    mockCall(notificationCalls.seenAllNotifications, () => {
      seenAll++
      for (const item of state) item.is_seen = true
      return { success: true as const }
    }),
  )
  return {
    queries,
    /** The panel's and the page's list calls (the bell's count asks for 4 items). */
    listCalls: () => queries.filter((query) => query['per_page'] !== '4').length,
    seen,
    seenAllCalls: () => seenAll,
  }
}
