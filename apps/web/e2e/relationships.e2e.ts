import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { addAdult, demoApi, uniqueSurname } from './api'
import { openBrowser, signIn, type Session } from './browser'
import { demoPassword, startAppServer, type AppServer } from './server'

// Relationships in three lists (issue 12 item 3): the demo's families offer an inferred
// relationship; the leader confirms it in Chromium, and the other contact shows the inverse.
let server: AppServer
let session: Session | undefined
let ownSession: Session | undefined

beforeAll(async () => {
  server = await startAppServer()
})
afterAll(async () => {
  await session?.close()
  await ownSession?.close()
  await server.stop()
})

interface Relationships {
  items: Array<{ related_user_id: number; user_name: string }>
  inferred: Array<{ related_user_id: number; user_name: string; relationship_type_display: string }>
}

/** A Hope Street contact of the demo with an inferred relationship, found through the API. */
async function contactWithSuggestion(): Promise<{ id: number; suggestion: Relationships['inferred'][number] }> {
  const api = async <T>(path: string, token?: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.baseUrl}/api/v1/${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
    return (await response.json()) as T
  }
  const { access_token: token } = await api<{ access_token: string }>('login', undefined, { email: 'leader@example.org', password: demoPassword })
  const account = await api<{ teams: Record<string, { id: number; title: string }> }>('user?return_teams=1', token)
  const hope = Object.values(account.teams).find((team) => team.title === 'Hope Street Church')!.id
  const scope = `team_id=${hope}&group_id=${hope}`
  const contacts = await api<{ items: Array<{ id: number }> }>(`contacts?${scope}&per_page=200&order_by=created&order=asc`, token)
  for (const contact of contacts.items) {
    const relationships = await api<Relationships>(`contact-relationships/${contact.id}?${scope}`, token)
    const suggestion = relationships.inferred?.[0]
    if (suggestion) return { id: contact.id, suggestion }
  }
  throw new Error('The demo has no inferred relationship')
}

const seen = (page: Page, text: string) => expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 }).toBe(true)

describe('relationships in the browser', () => {
  it('a leader confirms an inferred relationship, and the other contact shows its inverse', async () => {
    const { id, suggestion } = await contactWithSuggestion()
    session = await openBrowser(server.baseUrl)
    const page = session.page
    await signIn(page, 'leader@example.org')
    await page.goto(`/contacts/view/${id}`)
    await page.getByRole('tab', { name: 'Relationships' }).click()
    const suggested = page.getByRole('table', { name: 'Suggested relationships' })
    await expect.poll(() => suggested.isVisible(), { timeout: 15_000 }).toBe(true)
    await suggested.getByRole('button', { name: `Confirm ${suggestion.user_name} as ${suggestion.relationship_type_display}` }).click()

    // It moves to the contact's own relationships.
    const direct = page.getByRole('table', { name: 'Relationships' })
    const confirmed = direct.getByRole('row').filter({ hasText: suggestion.user_name })
    await expect.poll(() => confirmed.count(), { timeout: 15_000 }).toBe(1)
    expect(await confirmed.textContent()).toContain(suggestion.relationship_type_display)
    const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim()

    // The other contact lists this one among the relationships recorded on other contacts.
    await confirmed.getByRole('link', { name: suggestion.user_name }).click()
    await page.waitForURL(`**/contacts/view/${suggestion.related_user_id}`)
    await seen(page, 'Recorded on other contacts')
    const inverse = page.getByRole('table', { name: 'Recorded on other contacts' })
    await expect.poll(() => inverse.getByRole('link', { name }).count(), { timeout: 15_000 }).toBe(1)
  })

  it('a family entered in the browser: each side reads its own word, and the inferred father is confirmed', async () => {
    // The test's own family, with a surname no one else has: Daniel, his mother Hannah, her husband Peter.
    const leader = await demoApi(server.baseUrl, 'leader@example.org')
    const surname = uniqueSurname('Kowalski')
    const [daniel, hannah, peter] = [`Daniel ${surname}`, `Hannah ${surname}`, `Peter ${surname}`]
    const danielId = await addAdult(leader, { first: 'Daniel', last: surname, gender: 'male' })
    const hannahId = await addAdult(leader, { first: 'Hannah', last: surname, gender: 'female' })
    const peterId = await addAdult(leader, { first: 'Peter', last: surname, gender: 'male' })
    ownSession = await openBrowser(server.baseUrl)
    const page = ownSession.page
    await signIn(page, 'leader@example.org')

    /** The rows of a list of the open contact's Relationships tab, as "name: relationship". */
    const rowsOf = async (list: string) => {
      const table = page.getByRole('table', { name: list, exact: true })
      if ((await table.count()) === 0) return []
      const rows = await table
        .getByRole('row')
        .filter({ has: page.getByRole('cell') })
        .all()
      return Promise.all(
        rows.map(async (row) =>
          (await row.getByRole('cell').allInnerTexts())
            .slice(0, 2)
            .map((text) => text.trim().split('\n')[0])
            .join(': '),
        ),
      )
    }
    const openRelationships = async (id: number) => {
      await page.goto(`/contacts/view/${id}`)
      await page.getByRole('tab', { name: 'Relationships' }).click()
      await expect.poll(() => page.getByRole('region', { name: 'Add a relationship' }).isVisible(), { timeout: 15_000 }).toBe(true)
    }
    const relate = async (search: string, name: string, type: string) => {
      const form = page.getByRole('region', { name: 'Add a relationship' })
      await form.getByLabel('Contact', { exact: false }).fill(search)
      await page.getByRole('option', { name, exact: true }).click()
      await form.getByRole('combobox', { name: /^Relationship/ }).selectOption({ label: type })
      await form.getByRole('button', { name: 'Add relationship' }).click()
    }

    // On Daniel: Hannah is his mother. Hannah reads him as her son.
    await openRelationships(danielId)
    await relate('Hannah', hannah, 'Mother')
    await expect.poll(() => rowsOf('Relationships'), { timeout: 15_000 }).toEqual([`${hannah}: Mother`])
    await page.getByRole('table', { name: 'Relationships', exact: true }).getByRole('link', { name: hannah }).click()
    await page.waitForURL(`**/contacts/view/${hannahId}`)
    await expect.poll(() => rowsOf('Recorded on other contacts'), { timeout: 15_000 }).toEqual([`${daniel}: Son`])

    // On Hannah: Peter is her husband. Daniel is then offered Peter as his father, through Hannah.
    await relate('Peter', peter, 'Husband')
    await expect.poll(() => rowsOf('Relationships'), { timeout: 15_000 }).toEqual([`${peter}: Husband`])
    await openRelationships(danielId)
    await expect.poll(() => rowsOf('Suggested relationships'), { timeout: 15_000 }).toEqual([`${peter}: Father`])
    const suggestion = page.getByRole('table', { name: 'Suggested relationships' }).getByRole('row').filter({ hasText: peter })
    expect(await suggestion.innerText()).toContain(`Through ${hannah}`)
    await suggestion.getByRole('button', { name: `Confirm ${peter} as Father` }).click()
    await expect.poll(() => rowsOf('Relationships').then((rows) => rows.sort()), { timeout: 15_000 }).toEqual([`${hannah}: Mother`, `${peter}: Father`])
    await expect.poll(() => rowsOf('Suggested relationships'), { timeout: 15_000 }).toEqual([])

    // Peter reads both sides in his own words: Daniel his son, Hannah his wife.
    await openRelationships(peterId)
    await expect
      .poll(() => rowsOf('Recorded on other contacts').then((rows) => rows.sort()), { timeout: 15_000 })
      .toEqual([`${daniel}: Son`, `${hannah}: Wife`])
  })
})
