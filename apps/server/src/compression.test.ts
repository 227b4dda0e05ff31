import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { addMember, buildPerson, buildTeam, createTestApp, type TestApp, type TestPerson } from '../test/harness'
import { buildContact } from '../test/contacts'

const precompressScript = join(import.meta.dirname, '..', '..', '..', 'scripts', 'precompress.mjs')

// A tiny build, compressed by the build's own step: an index.html and a hashed script over
// 1 KiB each, and a small one under it.
const webDist = mkdtempSync(join(tmpdir(), 'crm-web-dist-'))
const indexHtml = `<!doctype html><title>app</title><div id="root"></div><!-- ${'padding '.repeat(200)}-->`
const appScript = `console.log(${JSON.stringify('an app of some size '.repeat(200))})`
mkdirSync(join(webDist, 'assets'))
writeFileSync(join(webDist, 'index.html'), indexHtml)
writeFileSync(join(webDist, 'assets', 'app-1234.js'), appScript)
writeFileSync(join(webDist, 'assets', 'small-1234.js'), 'console.log(1)')

let t: TestApp
let leader: TestPerson
let team: number
let emptyTeam: number
beforeAll(async () => {
  const precompressed = spawnSync(process.execPath, [precompressScript, webDist], { encoding: 'utf8' })
  expect(precompressed.status, precompressed.stderr).toBe(0)
  t = await createTestApp({}, { webDist })
  team = await buildTeam(t)
  emptyTeam = await buildTeam(t)
  leader = await buildPerson(t)
  await addMember(t, leader.id, team, 'leader', { has_wwcc: true, has_adsafe: true })
  await addMember(t, leader.id, emptyTeam, 'leader', { has_wwcc: true, has_adsafe: true })
  for (let index = 0; index < 100; index++) {
    await buildContact(t, { teamId: team, email: `contact${index}@example.org`, phone: '+61412345678' })
  }
})
afterAll(async () => {
  await t.close()
  rmSync(webDist, { recursive: true, force: true })
})

function contacts(teamId: number, acceptEncoding?: string) {
  return t.call({
    method: 'GET',
    url: `/api/v1/contacts?team_id=${teamId}&group_id=${teamId}&per_page=100`,
    token: leader.token,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  })
}

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8')
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8')
  return response.body
}

describe('API answers', () => {
  it('are compressed from 1 KiB as the client accepts (brotli first, else gzip), and decode to the same JSON', async () => {
    const plain = await contacts(team)
    expect(plain.statusCode, plain.body).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.json().items).toHaveLength(100)

    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await contacts(team, accept)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding'], accept).toBe(encoding)
      expect(response.headers['vary']).toContain('accept-encoding')
      // Still private to the caller: no cache keeps it.
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4)
      expect(JSON.parse(decoded(response))).toEqual(plain.json())
    }
  })

  it('under 1 KiB, and errors that small, are sent as they are', async () => {
    const small = await contacts(emptyTeam, 'br, gzip')
    expect(small.statusCode).toBe(200)
    expect(small.rawPayload.length).toBeLessThan(1024)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json().items).toEqual([])

    const refused = await t.call({ method: 'GET', url: '/api/v1/contacts', headers: { 'accept-encoding': 'br' } })
    expect(refused.statusCode).toBe(401)
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(refused.json().code).toBeTypeOf('string')
  })

  it('are not compressed for a client that does not ask', async () => {
    const identity = await contacts(team, 'identity')
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.json().items).toHaveLength(100)
  })
})

describe('the built web app', () => {
  it('has .br and .gz files beside each compressible file over 1 KiB, written by the build step', () => {
    for (const file of ['index.html', 'assets/app-1234.js']) {
      expect(existsSync(join(webDist, `${file}.br`)), file).toBe(true)
      expect(existsSync(join(webDist, `${file}.gz`)), file).toBe(true)
    }
    expect(existsSync(join(webDist, 'assets/small-1234.js.br'))).toBe(false)
  })

  it('is sent pre-compressed as the browser accepts, with the same caching as before', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const asset = await t.call({ method: 'GET', url: '/assets/app-1234.js', headers: accept ? { 'accept-encoding': accept } : {} })
      expect(asset.statusCode).toBe(200)
      expect(asset.headers['content-encoding'], accept).toBe(encoding)
      expect(asset.headers['content-type']).toContain('javascript')
      expect(asset.headers['vary']).toContain('accept-encoding')
      expect(asset.headers['cache-control']).toContain('immutable')
      expect(decoded(asset)).toBe(appScript)
    }
    const small = await t.call({ method: 'GET', url: '/assets/small-1234.js', headers: { 'accept-encoding': 'br' } })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.body).toBe('console.log(1)')
  })

  it('answers a route of the SPA with index.html, pre-compressed, that always revalidates', async () => {
    for (const url of ['/', '/contacts/view/12', '/login?redirect_to=%2Fcontacts']) {
      const page = await t.call({ method: 'GET', url, headers: { 'accept-encoding': 'br' } })
      expect(page.statusCode, url).toBe(200)
      expect(page.headers['content-encoding']).toBe('br')
      expect(page.headers['content-type']).toContain('text/html')
      expect(page.headers['cache-control']).toBe('no-cache')
      expect(decoded(page)).toBe(indexHtml)
    }
    const direct = await t.call({ method: 'GET', url: '/index.html', headers: { 'accept-encoding': 'gzip' } })
    expect(direct.headers['content-encoding']).toBe('gzip')
    expect(direct.headers['cache-control']).toBe('no-cache')
  })
})
