import { demoPassword } from './server'

// Setting up a browser test's own data through the API (its contacts, an interaction logged
// by someone else), so each test starts from what it made and the browser does the rest.

export interface DemoApi {
  /** The signed-in person's id. */
  personId: number
  /** team_id and group_id of Hope Street Church, the demo church every role belongs to. */
  scope: { team_id: number; group_id: number }
  get<T>(path: string, query?: Record<string, string | number>): Promise<T>
  post<T>(path: string, body: Record<string, unknown>): Promise<T>
}

async function call<T>(baseUrl: string, path: string, init: { token?: string; body?: unknown; query?: Record<string, string | number> }): Promise<T> {
  const search = init.query ? `?${new URLSearchParams(Object.entries(init.query).map(([key, value]) => [key, String(value)]))}` : ''
  const response = await fetch(`${baseUrl}/api/v1/${path}${search}`, {
    method: init.body ? 'POST' : 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`)
  return JSON.parse(text) as T
}

/** Signs a demo account in over the API: its token, its id and its team named `title`. */
async function signIn(baseUrl: string, email: string, password: string, title: string) {
  const { access_token: token } = await call<{ access_token: string }>(baseUrl, 'login', { body: { email, password } })
  const account = await call<{ user_id: number; teams: Record<string, { id: number; title: string }> }>(baseUrl, 'user', {
    token,
    query: { return_teams: 1 },
  })
  const team = Object.values(account.teams).find((candidate) => candidate.title === title)
  if (!team) throw new Error(`${email} is not in ${title}`)
  return { token, personId: account.user_id, teamId: team.id }
}

/** Signs a demo account in over the API, in Hope Street Church. */
export async function demoApi(baseUrl: string, email: string, password = demoPassword): Promise<DemoApi> {
  const { token, personId, teamId } = await signIn(baseUrl, email, password, 'Hope Street Church')
  const scope = { team_id: teamId, group_id: teamId }
  return {
    personId,
    scope,
    get: (path, query) => call(baseUrl, path, { token, query: { ...scope, ...query } }),
    post: (path, body) => call(baseUrl, path, { token, body: { ...scope, ...body } }),
  }
}

/**
 * The demo conference's entity admin over the API; each call's body names the conference
 * by `scopeKey` (team_id for its own calls, requesting_team_id where a call says so).
 */
export async function conferenceApi(baseUrl: string, scopeKey: 'team_id' | 'requesting_team_id') {
  const { token, teamId } = await signIn(baseUrl, 'entity@example.org', demoPassword, 'Demo Conference')
  return {
    conferenceId: teamId,
    post: <T = Record<string, unknown>>(path: string, body: Record<string, unknown>) =>
      call<T>(baseUrl, path, { token, body: { [scopeKey]: teamId, ...body } }),
    get: <T>(path: string, query: Record<string, string | number> = {}) => call<T>(baseUrl, path, { token, query: { [scopeKey]: teamId, ...query } }),
  }
}

/** An adult contact of Hope Street with verbal consent on record; answers its id. */
export async function addAdult(api: DemoApi, person: { first: string; last: string; gender: 'male' | 'female' }): Promise<number> {
  const { id } = await api.post<{ id: number }>('create-user', {
    first_name: person.first,
    last_name: person.last,
    gender: person.gender,
    member_status: 'member',
    consent_type: 'verbal',
    consent_date: new Date().toISOString().slice(0, 10),
    consent_content: 'Happy to be visited and called.',
    consent_verbal_confirmed: 1,
  })
  return id
}

/** A surname no demo contact has, so a search finds only the test's own contacts. */
export function uniqueSurname(stem: string): string {
  // Letters only (a name may refuse digits): the clock's last digits, each as a letter.
  const suffix = [...String(Date.now()).slice(-6)].map((digit) => String.fromCharCode(97 + Number(digit))).join('')
  return `${stem}${suffix}`
}
