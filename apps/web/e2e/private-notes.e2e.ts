import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { Page } from 'playwright-core'
import { openBrowser, signIn, waitForSignInPage, type Session } from './browser'
import { demoPassword, startAppServer, type AppServer } from './server'

// Private notes never leave the browser in clear (issue 12 item 1): one is written in
// Chromium, read again after a reload and after a password change, not served to a site
// admin, and the notes table the server kept holds only its ciphertext. The server's own
// data folder is read at the end, once the server has stopped (PGlite is one process's
// database).
const dataDir = mkdtempSync(join(tmpdir(), 'crm-e2e-notes-'))
const secret = `Prayed about the court hearing ${Date.now()}`
let server: AppServer | undefined
let sessions: Session[] = []

beforeAll(async () => {
  server = await startAppServer({ DATA_DIR: dataDir })
})
afterAll(async () => {
  await Promise.all(sessions.map((session) => session.close()))
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function signedIn(email: string): Promise<Page> {
  const session = await openBrowser(server!.baseUrl)
  sessions.push(session)
  await signIn(session.page, email)
  return session.page
}

const seen = (page: Page, text: string) => expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 }).toBe(true)

let contactUrl = ''

describe('private notes in the browser', () => {
  it('a leader writes a private note and reads it again after a reload', async () => {
    const page = await signedIn('leader@example.org')
    await page.goto('/contacts')
    const list = page.getByRole('region', { name: 'All contacts in team' })
    await expect.poll(() => list.getByRole('link').count(), { timeout: 15_000 }).toBeGreaterThan(0)
    await list.getByRole('row').filter({ hasNotText: 'Child' }).nth(1).getByRole('link').first().click()
    await page.waitForURL(/\/contacts\/view\/\d+$/)
    contactUrl = new URL(page.url()).pathname

    await page.getByRole('tab', { name: 'Private notes' }).click()
    const form = page.getByRole('form', { name: 'Add a private note' })
    const field = form.getByRole('textbox', { name: /Note/ })
    expect(await field.getAttribute('placeholder')).toContain('Privacy Act 1988')
    const sent: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/add-contact-note')) sent.push(request.postData() ?? '')
    })
    await field.fill(secret)
    await form.getByRole('button', { name: 'Add note' }).click()
    await seen(page, secret)
    expect(sent).toHaveLength(1)
    expect(sent[0]).not.toContain('court hearing')
    expect(JSON.parse(sent[0]!)).toMatchObject({ is_encrypted: true, content: expect.stringMatching(/^v1:/) })

    // The last tab is remembered and the key stays on this device: the note opens again.
    await page.reload()
    await seen(page, secret)
  })

  it('a site admin is not served it, not even as ciphertext', async () => {
    // A site admin belongs to no church in the demo: the API is asked directly, in Hope Street.
    const api = async (path: string, token?: string, body?: unknown) => {
      const response = await fetch(`${server!.baseUrl}/api/v1/${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
      return { status: response.status, text: await response.text() }
    }
    const login = async (email: string) => JSON.parse((await api('login', undefined, { email, password: demoPassword })).text).access_token as string
    const leader = await login('leader@example.org')
    const account = JSON.parse((await api('user?return_teams=1', leader)).text) as { teams: Record<string, { id: number; title: string }> }
    const hope = Object.values(account.teams).find((team) => team.title === 'Hope Street Church')!.id
    const contact = contactUrl.split('/').pop()
    const query = (encrypted: number) => `contact-notes/${contact}?team_id=${hope}&group_id=${hope}&is_encrypted=${encrypted}`
    const own = JSON.parse((await api(query(1), leader)).text) as { items: Array<{ content: string }> }
    expect(own.items.some((item) => item.content.startsWith('v1:'))).toBe(true)
    const admin = await login('admin@example.org')
    for (const encrypted of [0, 1]) {
      const answer = await api(query(encrypted), admin)
      expect(answer.status).toBe(200)
      for (const item of own.items) expect(answer.text).not.toContain(item.content)
    }
  })

  it('the leader still reads it after changing the password (the notes are re-encrypted in the browser)', async () => {
    const newPassword = 'leader lantern harbour phrase 2026'
    const page = await signedIn('leader@example.org')
    await page.goto('/profile')
    const security = page.getByRole('group', { name: 'Security' })
    await security.getByRole('textbox', { name: 'Old password', exact: true }).fill(demoPassword)
    await security.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword)
    await page.getByRole('button', { name: 'Save' }).click()
    // A new password signs every session out; sign in again with it.
    await waitForSignInPage(page)
    await signIn(page, 'leader@example.org', newPassword)
    await page.goto(contactUrl)
    await page.getByRole('tab', { name: 'Private notes' }).click()
    await seen(page, secret)
    expect(await page.getByText('This note cannot be read').count()).toBe(0)
  })

  it('the notes table holds only the ciphertext', async () => {
    await Promise.all(sessions.map((session) => session.close()))
    sessions = []
    await server!.stop()
    server = undefined
    const database = new PGlite({ dataDir: join(dataDir, 'pglite'), extensions: { pg_trgm } })
    try {
      const rows = (await database.query<{ content: string; is_encrypted: boolean }>('select content, is_encrypted from notes')).rows
      const log = (await database.query<{ row: string }>('select row_to_json(activity_log)::text as row from activity_log')).rows
      const written = rows.filter((row) => row.is_encrypted && row.content.startsWith('v1:'))
      expect(written.length).toBeGreaterThan(0)
      expect(rows.some((row) => row.content.includes('court hearing'))).toBe(false)
      expect(log.some((entry) => entry.row.includes('court hearing'))).toBe(false)
    } finally {
      await database.close()
    }
  })
})
