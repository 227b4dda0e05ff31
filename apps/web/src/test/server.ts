import { http, HttpResponse, type DefaultBodyType, type HttpResponseResolver, type PathParams } from 'msw'
import { setupServer } from 'msw/node'
import {
  contactDataCalls,
  contactImportHistoryCalls,
  contactImportMappingCalls,
  contactMapCalls,
  dashboardCalls,
  eventCalls,
  mergeCalls,
  notificationCalls,
  retentionNoticeDays,
  siteCalls,
  teamCalls,
  type Call,
  type ErrorCode,
} from '@crm/domain'
import { apiBase, type InputOf, type OutputOf } from '../lib/api'
import { buildSite } from './fixtures'

export interface RecordedCall<C extends Call> {
  params: PathParams
  /** The query string (GET) or JSON body (POST). */
  input: InputOf<C>
  headers: Headers
}

type Answer<C extends Call> = OutputOf<C> | Response

/**
 * An msw handler for a call of the contract: the answer is typed by the call's response
 * schema, and the resolver sees the request's input as the call's request type.
 */
export function mockCall<C extends Call>(call: C, answer: Answer<C> | ((request: RecordedCall<C>) => Answer<C> | Promise<Answer<C>>)) {
  const method = call.method === 'GET' ? http.get : call.method === 'POST' ? http.post : http.delete
  const resolver: HttpResponseResolver<PathParams, DefaultBodyType> = async ({ request, params }) => {
    const input = call.method === 'GET' ? Object.fromEntries(new URL(request.url).searchParams) : ((await request.json().catch(() => ({}))) as unknown)
    const result =
      typeof answer === 'function'
        ? await (answer as (request: RecordedCall<C>) => Answer<C> | Promise<Answer<C>>)({
            params,
            input: input as InputOf<C>,
            headers: request.headers,
          })
        : answer
    return result instanceof Response ? result : HttpResponse.json(result as DefaultBodyType)
  }
  return method(`${apiBase}${call.path}`, resolver)
}

/** The error envelope of DESIGN.md §4. */
export function apiError(code: ErrorCode, status: number, data: Record<string, unknown> = {}): Response {
  return HttpResponse.json({ code, message: code, data: { status, ...data } }, { status })
}

export const defaultHandlers = [
  mockCall(siteCalls.site, buildSite()),
  mockCall(teamCalls.invites, { items: [], count: 0 }),
  mockCall(teamCalls.pendingItems, { membership_requests: 0, owner_requests: 0 }),
  // The dashboard's events-today widget, on every page that lands on /.
  mockCall(eventCalls.eventsToday, { items: [] }),
  mockCall(dashboardCalls.upcomingInteractions, { items: [] }),
  mockCall(dashboardCalls.upcomingTransfers, { items: [] }),
  // The header's notifications bell, on every signed-in page.
  mockCall(notificationCalls.notifications, { items: [], count: 0, count_unread: 0 }),
  // The dashboard's contacts map.
  mockCall(contactMapCalls.contactsForMap, { items: [], has_more: false }),
  // A contact's page asks who may merge for the merges they may undo (issue 40).
  mockCall(mergeCalls.contactMerges, { data: [] }),
  // …and for the merge requests naming it (a merge other teams must agree to); so does the merge page.
  mockCall(mergeCalls.contactMergeRequests, { data: [] }),
  // …and for a pending erasure of the contact (issue 40 §2).
  mockCall(contactDataCalls.contactErasures, { items: [], count: 0, max_pages: 1 }),
  // The erasures page reads the team's retention setting (off by default) and the contacts due.
  mockCall(contactDataCalls.contactRetention, { months: null, notice_days: retentionNoticeDays, due_count: 0 }),
  mockCall(contactDataCalls.contactsDueForDeIdentification, { items: [], count: 0, max_pages: 1 }),
  // The contact import proposes the team's remembered column matches, and remembers them on Import (issue 41).
  mockCall(contactImportMappingCalls.contactImportMappings, { items: [] }),
  mockCall(contactImportMappingCalls.saveContactImportMapping, ({ input }) => ({
    ...input,
    values: input.values ?? {},
    updated_at: '2026-01-01T00:00:00.000Z',
  })),
  // …and lists the team's recent imports, each with its undo (issue 41 item 3).
  mockCall(contactImportHistoryCalls.contactImports, { data: [] }),
]

export const server = setupServer(...defaultHandlers)
