import { demoPassword } from './server'

// Setting up a browser test's own data through the API (its contacts, an interaction logged
// by someone else), so each test starts from what it made and the browser does the rest.

export interface DemoApi {
  /** The signed-in person's id. */
  personId: number
  /** team_id and group_id of the team signed in to: Hope Street Church, the demo church every role belongs to, unless told. */
  scope: { team_id: number; group_id: number }
  get<T>(path: string, query?: Record<string, string | number>): Promise<T>
  post<T>(path: string, body: Record<string, unknown>): Promise<T>
  /** A POST whose refusal is part of the test: its status and answer, whatever the status. */
  attempt<T>(path: string, body: Record<string, unknown>): Promise<{ status: number; body: T }>
}

/** One call of the API, its status and its answer's text, whatever the status. */
async function send(baseUrl: string, path: string, init: { token?: string; body?: unknown; query?: Record<string, string | number> }) {
  const search = init.query ? `?${new URLSearchParams(Object.entries(init.query).map(([key, value]) => [key, String(value)]))}` : ''
  const response = await fetch(`${baseUrl}/api/v1/${path}${search}`, {
    method: init.body ? 'POST' : 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  })
  return { status: response.status, ok: response.ok, text: await response.text() }
}

async function call<T>(baseUrl: string, path: string, init: { token?: string; body?: unknown; query?: Record<string, string | number> }): Promise<T> {
  const { status, ok, text } = await send(baseUrl, path, init)
  if (!ok) throw new Error(`${path} answered ${status}: ${text}`)
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

/** Signs a demo account in over the API, in Hope Street Church or the team titled `team`. */
export async function demoApi(baseUrl: string, email: string, password = demoPassword, team = 'Hope Street Church'): Promise<DemoApi> {
  const { token, personId, teamId } = await signIn(baseUrl, email, password, team)
  const scope = { team_id: teamId, group_id: teamId }
  return {
    personId,
    scope,
    get: (path, query) => call(baseUrl, path, { token, query: { ...scope, ...query } }),
    post: (path, body) => call(baseUrl, path, { token, body: { ...scope, ...body } }),
    attempt: async (path, body) => {
      const { status, text } = await send(baseUrl, path, { token, body: { ...scope, ...body } })
      return { status, body: JSON.parse(text) }
    },
  }
}

/** The site admin over the API, for the calls that name no team (owner requests). */
export async function siteAdminApi(baseUrl: string) {
  const { access_token: token } = await call<{ access_token: string }>(baseUrl, 'login', { body: { email: 'admin@example.org', password: demoPassword } })
  return {
    get: <T>(path: string, query: Record<string, string | number> = {}) => call<T>(baseUrl, path, { token, query }),
    post: <T = Record<string, unknown>>(path: string, body: Record<string, unknown>) => call<T>(baseUrl, path, { token, body }),
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

type Adult = { first: string; last: string; gender: 'male' | 'female' }

/** create-user's fields for an adult with verbal consent on record. */
const adultFields = (person: Adult) => ({
  first_name: person.first,
  last_name: person.last,
  gender: person.gender,
  member_status: 'member',
  consent_type: 'verbal',
  consent_date: new Date().toISOString().slice(0, 10),
  consent_content: 'Happy to be visited and called.',
  consent_verbal_confirmed: 1,
})

/** An adult contact of Hope Street (or the team of `api`) with verbal consent on record; answers its id. */
export async function addAdult(api: DemoApi, person: Adult): Promise<number> {
  const { id } = await api.post<{ id: number }>('create-user', adultFields(person))
  return id
}

/**
 * Takes another team's adult into the team of `api` as a person does: adding the same name and
 * gender finds it (409 user_exists_in_other_team), and add-existing-user takes that one in.
 * Answers whether the team now waits for the owning team's approval.
 */
export async function addExistingAdult(api: DemoApi, person: Adult): Promise<{ id: number; is_awaiting_approval: boolean }> {
  const found = await api.attempt<{ code: string; data: { data: { id: number }; match_token: string } }>('create-user', adultFields(person))
  if (found.status !== 409 || found.body.code !== 'user_exists_in_other_team') throw new Error(`create-user did not find ${person.first} ${person.last}`)
  return api.post('add-existing-user', { user_id: found.body.data.data.id, match_token: found.body.data.match_token })
}

/** A surname no demo contact has, so a search finds only the test's own contacts. */
export function uniqueSurname(stem: string): string {
  // Letters only (a name may refuse digits): the clock's last digits, each as a letter.
  const suffix = [...String(Date.now()).slice(-6)].map((digit) => String.fromCharCode(97 + Number(digit))).join('')
  return `${stem}${suffix}`
}
