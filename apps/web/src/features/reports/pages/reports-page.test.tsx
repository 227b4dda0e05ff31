import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import { lookupCalls, reportCalls, reportPeriods, type LookupItem, type ReportsSummary } from '@crm/domain'
import { changeLocale } from '../../../lib/i18n'
import { buildAccount, buildTeam } from '../../../test/fixtures'
import { renderApp } from '../../../test/render'
import { apiError, mockCall, server } from '../../../test/server'
import { signedInAs } from '../../../test/session'
import { buildChart, buildReportsSummary } from '../reports.fixtures'

const church = buildTeam({ id: 10, title: 'Grace Church', role: 'leader' })
const conference = buildTeam({ id: 1, title: 'North Conference', role: 'entity_admin', is_conference: true })

type Query = Record<string, string>

const lookups: Record<string, LookupItem[]> = {
  'member-status-types': [
    { id: 'member', title: 'Member' },
    { id: 'visitor', title: 'Visitor' },
  ],
  'contact-source-types': [
    { id: 'facebook', title: 'Facebook' },
    { id: 'friend', title: 'A friend' },
  ],
  'conference-teams': [
    { id: 21, title: 'Hope Church' },
    { id: 22, title: 'Grace Church' },
  ],
}

/** Answers GET reports-summary (and the lookups); records every query. */
function mockSummary(answer: ReportsSummary | (() => Response) = buildReportsSummary()) {
  const sent: Query[] = []
  server.use(
    mockCall(lookupCalls.lookups, ({ params }) => ({ items: lookups[String(params['list'])] ?? [] })),
    mockCall(reportCalls.reportsSummary, ({ input, params }) => {
      sent.push({ ...(input as unknown as Query), team: String(params['teamId']) })
      return typeof answer === 'function' ? answer() : answer
    }),
  )
  return { sent, last: () => sent.at(-1) }
}

async function visit(team = church) {
  signedInAs(buildAccount([team]), { teamId: team.id, groupId: team.id })
  const view = renderApp('/reports')
  await screen.findByRole('heading', { level: 1, name: 'Reports' }, { timeout: 15000 })
  return view
}

const region = async (name: string) => within(await screen.findByRole('region', { name }, { timeout: 15000 }))

/** Opens a widget's table alternative, as a reader does: it is built only then. */
async function openTable(widget: ReturnType<typeof within>, user: { click: (element: Element) => Promise<void> }, summary = 'Show as table') {
  await user.click(await widget.findByText(summary))
}

// The set-up's ResizeObserver never reports a size, so recharts would draw nothing (and warn):
// here every observed box is a card's chart area.
const standIn = window.ResizeObserver
beforeAll(() => {
  window.ResizeObserver = class {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      this.callback([{ target, contentRect: { width: 480, height: 260 } } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver)
    }
    unobserve() {}
    disconnect() {}
  }
})
afterAll(() => {
  window.ResizeObserver = standIn
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('/reports (spec 3 §2.3)', () => {
  it('D3-2.3-01 D3-7.2-01 the member status filter lists All and the lookup, and sends member_status', async () => {
    const { sent, last } = mockSummary()
    const { user } = await visit()
    const filter = await screen.findByRole('combobox', { name: 'Member status' })
    await waitFor(() =>
      expect(
        within(filter)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All', 'Member', 'Visitor']),
    )
    await waitFor(() => expect(sent.length).toBeGreaterThan(0))
    expect(last()).not.toHaveProperty('member_status')
    expect(last()).toMatchObject({ team: '10' })
    await user.selectOptions(filter, 'member')
    await waitFor(() => expect(last()).toMatchObject({ member_status: 'member' }))
    // A church has no conference controls.
    expect(screen.queryByRole('checkbox', { name: 'Show all teams' })).not.toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Team' })).not.toBeInTheDocument()
    expect(last()).not.toHaveProperty('for_team_id')
    expect(last()).not.toHaveProperty('combined')
    expect(document.title).toMatch(/ - Reports$/)
  }, 30_000)

  it('D3-2.3-02 D3-2.3-03 a conference shows the team selector and Show all teams, and no widgets until a team is chosen', async () => {
    const { sent, last } = mockSummary()
    const { user } = await visit(conference)
    expect(await screen.findByRole('checkbox', { name: 'Show all teams' })).not.toBeChecked()
    const selector = screen.getByRole('combobox', { name: 'Team' })
    expect(screen.getByText('Choose a team, or show all teams, to see the reports.')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Contacts' })).not.toBeInTheDocument()
    expect(sent).toHaveLength(0)

    await user.click(selector)
    await user.click(await screen.findByRole('option', { name: 'Hope Church' }, { timeout: 10000 }))
    await waitFor(() => expect(last()).toMatchObject({ team: '1', for_team_id: '21' }))
    expect(last()).not.toHaveProperty('combined')
    await region('Contacts')
    expect(screen.queryByText('Choose a team, or show all teams, to see the reports.')).not.toBeInTheDocument()
  }, 30_000)

  it("D3-2.3-02 D3-2.3-03 D3-7.2-01 'Show all teams' sends combined=1 and shows the widgets", async () => {
    const { sent, last } = mockSummary()
    const { user } = await visit(conference)
    await user.click(await screen.findByRole('checkbox', { name: 'Show all teams' }))
    await waitFor(() => expect(last()).toMatchObject({ team: '1', combined: '1' }))
    expect(last()).not.toHaveProperty('for_team_id')
    expect(screen.getByRole('combobox', { name: 'Team' })).toBeDisabled()
    expect(await (await region('Outstanding follow-ups')).findByText('12')).toBeInTheDocument()
    expect(sent.length).toBeGreaterThan(0)
  }, 30_000)

  it('D3-2.3-04 D3-2.3-12 the period selector has exactly the five periods, starts on this year, and sends contacts_period', async () => {
    const { last } = mockSummary()
    const { user } = await visit()
    const contacts = await region('Contacts')
    const period = contacts.getByRole('combobox', { name: 'Period' })
    expect(
      within(period)
        .getAllByRole('option')
        .map((option) => [option.getAttribute('value'), option.textContent]),
    ).toEqual([
      ['all', 'All time'],
      ['this_year', 'This year'],
      ['last_year', 'Last year'],
      ['this_month', 'This month'],
      ['last_month', 'Last month'],
    ])
    expect(reportPeriods).toHaveLength(5)
    expect(period).toHaveValue('this_year')
    await waitFor(() => expect(last()).toMatchObject({ contacts_period: 'this_year', baptism_decisions_period: 'this_year' }))
    expect(await contacts.findByRole('img', { name: 'Line chart: Contacts (This year)' })).toBeInTheDocument()

    await user.selectOptions(period, 'last_year')
    await waitFor(() => expect(last()).toMatchObject({ contacts_period: 'last_year', baptism_decisions_period: 'this_year' }))
  }, 30_000)

  it('D3-2.3-04 keeps the chart on screen while another period loads', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let calls = 0
    server.use(
      mockCall(lookupCalls.lookups, ({ params }) => ({ items: lookups[String(params['list'])] ?? [] })),
      mockCall(reportCalls.reportsSummary, async ({ input }) => {
        calls++
        if (calls > 1) await gate
        const period = (input as unknown as Query)['contacts_period'] as 'this_year' | 'last_year'
        return buildReportsSummary({ contacts: buildChart({ contacts: [1, 2, 3] }, { period }) })
      }),
    )
    const { user } = await visit()
    const contacts = await region('Contacts')
    await contacts.findByRole('img', { name: 'Line chart: Contacts (This year)' })
    await user.selectOptions(contacts.getByRole('combobox', { name: 'Period' }), 'last_year')
    await waitFor(() => expect(calls).toBe(2))
    expect(contacts.getByRole('img', { name: 'Line chart: Contacts (This year)' })).toBeInTheDocument()
    release()
    expect(await contacts.findByRole('img', { name: 'Line chart: Contacts (Last year)' })).toBeInTheDocument()
  }, 30_000)

  it('D3-2.3-05 D3-2.3-06 D3-2.3-08 D3-3-17 shows the follow-up figures, the response time as days and hours', async () => {
    mockSummary()
    await visit()
    expect(await (await region('Outstanding follow-ups')).findByText('12')).toBeInTheDocument()
    expect((await region('Follow-up response time, average')).getByText('2 days 3 hours')).toBeInTheDocument()
    const active = await region('Members actively following up')
    expect(active.getByText('5')).toBeInTheDocument()
    expect(active.getByText('An interaction in the last 30 days')).toBeInTheDocument()
  }, 30_000)

  it('D3-2.3-09 D3-2.3-13 contact sources: a pie with a stacked-bar switch, the primary source by its lookup label', async () => {
    mockSummary()
    const { user } = await visit()
    const sources = await region('Contact sources')
    expect(await sources.findByRole('img', { name: 'Pie chart: Contact sources (This year)' })).toBeInTheDocument()
    expect(sources.getByRole('term')).toHaveTextContent('Primary source')
    await waitFor(() => expect(sources.getByRole('definition')).toHaveTextContent('Facebook'))
    await user.click(sources.getByRole('radio', { name: 'Stacked bars' }))
    expect(await sources.findByRole('img', { name: 'Stacked bar chart: Contact sources (This year)' })).toBeInTheDocument()
    await openTable(sources, user)
    const table = await sources.findByRole('table', { name: 'Contact sources (This year)' })
    expect(within(table).getByRole('columnheader', { name: 'A friend' })).toBeInTheDocument()
  }, 30_000)

  it('D3-2.3-07 D3-2.3-10 D3-2.3-11 D3-2.3-13 baptism decisions a line, non-recurring events bars, multi-day and recurring events multi-line charts', async () => {
    mockSummary()
    const { user } = await visit()
    const drawn = async (name: string, chart: string, selector: string, count: number) => {
      const image = await (await region(name)).findByRole('img', { name: `${chart}: ${name} (This year)` })
      // recharts draws inside (each kind of chart loads as its own chunk).
      await waitFor(() => expect(image.querySelectorAll(selector)).toHaveLength(count))
    }
    // Decisions for baptism under the title, the baptisms that followed as a second line.
    await drawn('Baptism decisions', 'Line chart', '.recharts-line', 2)
    await openTable(await region('Baptism decisions'), user)
    const baptisms = within(await (await region('Baptism decisions')).findByRole('table', { name: 'Baptism decisions (This year)' }))
    expect(baptisms.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Month', 'Decisions for baptism', 'Baptisms'])
    await drawn('Events non recurring', 'Bar chart', '.recharts-bar', 2)
    await drawn('Events multi-day', 'Multi-line chart', '.recharts-line', 2)
    await drawn('Events recurring', 'Multi-line chart', '.recharts-line', 2)
  }, 30_000)

  it('D3-2.3-11 the table alternative carries the series numbers under headers and a caption, months in the reader’s words', async () => {
    mockSummary()
    const { user } = await visit()
    const recurring = await region('Events recurring')
    expect(recurring.queryByRole('table')).not.toBeInTheDocument()
    await openTable(recurring, user)
    const table = within(await recurring.findByRole('table', { name: 'Events recurring (This year)' }))
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Month', 'Dates', 'Attendance'])
    const rows = table.getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))
    expect(rows).toEqual([
      ['Month', 'Dates', 'Attendance'],
      ['Jan 2026', '4', '60'],
      ['Feb 2026', '4', '58'],
      ['Mar 2026', '5', '71'],
      ['Total', '13', '189'],
    ])
  }, 30_000)

  it('D3-2.3-04 downloads a widget as CSV: labels as rows, series as columns, named by widget and period', async () => {
    mockSummary()
    const saved: Blob[] = []
    const names: string[] = []
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved.push(blob)
        return 'blob:report'
      }),
      revokeObjectURL: vi.fn(),
    })
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    const { user } = await visit()
    await user.click(await (await region('Contacts')).findByRole('button', { name: 'Download CSV: Contacts' }))
    expect(names).toEqual(['reports-contacts-this_year.csv'])
    // Blob.text() drops a BOM; the bytes keep it.
    const bytes = await saved[0]!.arrayBuffer()
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe('\uFEFFMonth,New contacts\r\n2026-01,4\r\n2026-02,7\r\n2026-03,2\r\n')
  }, 30_000)

  it('D3-2.3-09 contact sources without any source say so, and the primary source reads —', async () => {
    mockSummary(buildReportsSummary({ contact_sources: { ...buildChart({}, { type: 'pie' }), primary: null } }))
    const { user } = await visit()
    const sources = await region('Contact sources')
    expect(await sources.findByText('Nothing to show for this period.')).toBeInTheDocument()
    expect(sources.getByRole('definition')).toHaveTextContent('—')
    await user.click(sources.getByRole('radio', { name: 'Stacked bars' }))
    expect(sources.getByText('Nothing to show for this period.')).toBeInTheDocument()
  }, 30_000)

  it('D3-7.2-02 a failed summary shows no error, only the filters', async () => {
    const { sent } = mockSummary(() => apiError('internal_error', 500))
    await visit()
    await waitFor(() => expect(sent.length).toBeGreaterThan(0))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Contacts' })).not.toBeInTheDocument())
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByText(/error|wrong/i)).not.toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Member status' })).toBeInTheDocument()
  }, 30_000)

  it('D3-6-07 a team without read_own_report asks for nothing', async () => {
    const { sent } = mockSummary()
    await visit(buildTeam({ id: 10, title: 'Grace Church', role: 'member' }))
    expect(await screen.findByText('Reports are not available to you in this team.')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
  }, 30_000)

  it('draws a chart only once its card nears the viewport or the page is printed, so a phone is not kept busy by charts below (issue 37)', async () => {
    // Only what the test lets in is near the viewport.
    const observed = new Map<Element, IntersectionObserverCallback>()
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(target: Element) {
          observed.set(target, this.callback)
        }
        disconnect() {}
      },
    )
    mockSummary()
    const { user } = await visit()
    const chart = await (await region('Events recurring')).findByRole('img', { name: 'Multi-line chart: Events recurring (This year)' })
    expect(chart.querySelector('.recharts-line')).toBeNull()
    // Not drawn yet is not loading: no skeleton keeps the page from settling.
    expect(chart.querySelector('.mantine-Skeleton-root')).toBeNull()
    act(() => observed.get(chart)!([{ target: chart, isIntersecting: true } as unknown as IntersectionObserverEntry], {} as IntersectionObserver))
    await waitFor(() => expect(chart.querySelectorAll('.recharts-line')).toHaveLength(2))
    await openTable(await region('Events recurring'), user)
    expect(await screen.findByRole('table', { name: 'Events recurring (This year)' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Events recurring (This year)' })).toHaveAttribute('tabindex', '0')
    // Printing draws the charts not yet scrolled to.
    const multiDay = await (await region('Events multi-day')).findByRole('img', { name: 'Multi-line chart: Events multi-day (This year)' })
    expect(multiDay.querySelector('.recharts-line')).toBeNull()
    act(() => void window.dispatchEvent(new Event('beforeprint')))
    await waitFor(() => expect(multiDay.querySelectorAll('.recharts-line')).toHaveLength(2))
  }, 30_000)

  it('reads in Spanish: titles, periods, durations and month labels', async () => {
    await changeLocale('es')
    mockSummary()
    signedInAs(buildAccount([church]), { teamId: 10, groupId: 10 })
    const { user } = renderApp('/reports')
    await screen.findByRole('heading', { level: 1, name: 'Informes' }, { timeout: 15000 })
    const contacts = await region('Contactos')
    const period = contacts.getByRole('combobox', { name: 'Periodo' })
    expect(
      within(period)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todo el tiempo', 'Este año', 'El año pasado', 'Este mes', 'El mes pasado'])
    expect(await (await region('Tiempo de respuesta de seguimiento, promedio')).findByText('2 días y 3 horas')).toBeInTheDocument()
    await openTable(contacts, user, 'Ver como tabla')
    const table = within(await contacts.findByRole('table', { name: 'Contactos (Este año)' }))
    expect(table.getByRole('rowheader', { name: /ene.*2026/ })).toBeInTheDocument()
  }, 30_000)
})
