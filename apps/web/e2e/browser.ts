import { appendFileSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeEach, type TestContext } from 'vitest'
import { failedPagesFile } from './failed-pages'
import { demoPassword } from './server'

/** Debian's Chromium; nothing is downloaded (there is no internet on these machines). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export interface Session {
  browser: Browser
  context: BrowserContext
  page: Page
  close(): Promise<void>
}

let launched: Promise<Browser> | undefined

/**
 * E2E_CPU_SLOWDOWN=6 runs every page's scripts six times slower (Chromium's CPU throttling),
 * to find a test that passes here only because the page is quick, as CI's loaded cores are not.
 */
const cpuSlowdown = Number(process.env.E2E_CPU_SLOWDOWN ?? 1)

/**
 * One Chromium per test file, launched when first asked for: a launch costs a second or two
 * of a busy core, and a new context is as empty as a new profile (its own cookies, storage
 * and cache).
 */
function browserOfThisFile(): Promise<Browser> {
  launched ??= chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  return launched
}

// Registered by each test file that imports this module (every file has its own modules).
afterAll(async () => {
  openContexts.clear()
  const browser = launched
  launched = undefined
  if (browser) await (await browser).close()
})

/** A fresh browser context on the given server: a new, empty profile. */
export async function openBrowser(baseUrl: string, options: { locale?: string; viewport?: { width: number; height: number } } = {}): Promise<Session> {
  const browser = await browserOfThisFile()
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: options.locale ?? 'en-AU',
    viewport: options.viewport ?? { width: 1280, height: 900 },
  })
  const page = await context.newPage()
  watch(page)
  openContexts.add(context)
  if (cpuSlowdown > 1) {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
  }
  return { browser, context, page, close: () => closeContext(context) }
}

/**
 * Closes a session's context. Closing a context has once hung for minutes in CI (right after
 * a sign-out's navigation), where closing the whole browser never did: if the context has
 * not closed within 15 s, the file's browser is closed and the next session launches another.
 */
async function closeContext(context: BrowserContext): Promise<void> {
  if (!openContexts.delete(context)) return
  if (currentTest?.result?.state === 'fail') await tellWhatPagesShow(context)
  let timer: ReturnType<typeof setTimeout> | undefined
  const hung = new Promise<true>((resolve) => (timer = setTimeout(() => resolve(true), 15_000)))
  const closed = context.close().then(() => false as const)
  const timedOut = await Promise.race([closed, hung])
  clearTimeout(timer)
  if (!timedOut) return
  const browser = launched
  launched = undefined
  if (browser) await (await browser).close()
}

// What a failed test's pages showed, printed with the failure: a flake in CI is seen once,
// on a machine no one can look at afterwards.
const openContexts = new Set<BrowserContext>()
const pageEvents = new WeakMap<Page, string[]>()
let currentTest: TestContext['task'] | undefined

function watch(page: Page): void {
  const events: string[] = []
  pageEvents.set(page, events)
  const note = (event: string) => {
    events.push(`${new Date().toISOString().slice(11, 23)} ${event}`)
    if (events.length > 30) events.shift()
  }
  page.on('console', (message) => message.type() === 'error' && note(`console: ${message.text().slice(0, 300)}`))
  page.on('pageerror', (error) => note(`page error: ${error.message.slice(0, 300)}`))
  page.on('requestfailed', (request) => note(`failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`))
  // Every write is noted whatever it answered (a link used twice shows as 200 then 400), and
  // any other answer that failed.
  page.on('response', (response) => {
    const method = response.request().method()
    if (response.status() >= 400 || (method !== 'GET' && method !== 'HEAD')) note(`${response.status()}: ${method} ${response.url()}`)
  })
  page.on('framenavigated', (frame) => frame === page.mainFrame() && note(`at ${frame.url()}`))
}

const toldOfThisTest = new Set<BrowserContext>()

/** Prints a failed test's story and keeps it in failedPagesFile, for scripts/e2e.mjs to repeat. */
function record(story: string): void {
  console.error(story)
  try {
    mkdirSync(dirname(failedPagesFile), { recursive: true })
    appendFileSync(failedPagesFile, story)
  } catch {
    // The story was printed; the file only repeats it.
  }
}

// The colours of the terminal, not of a log.
// eslint-disable-next-line no-control-regex -- they start with the escape character
const terminalColours = /\x1b\[[0-9;]*m/g

/** The failure itself, first in a test's story: its first lines, as Playwright wrote them. */
function failureOf(test: TestContext['task'] | undefined): string {
  const message = test?.result?.errors?.[0]?.message ?? '(no error recorded)'
  return message.replace(terminalColours, '').split('\n').slice(0, 8).join('\n')
}

async function tellWhatPagesShow(context: BrowserContext): Promise<void> {
  if (toldOfThisTest.has(context)) return
  if (toldOfThisTest.size === 0)
    record(`\n══ "${currentTest?.name}" failed (attempt ${(currentTest?.result?.retryCount ?? 0) + 1}):\n${failureOf(currentTest)}\n`)
  toldOfThisTest.add(context)
  for (const page of context.pages()) {
    // A page whose main thread is stuck never answers: its story is told without its text.
    let timer: ReturnType<typeof setTimeout> | undefined
    const stuck = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('(the page did not answer within 5 s)'), 5_000)))
    const read = page
      .evaluate(() => document.body.innerText)
      .then((shown) => shown.replace(/\n{2,}/g, '\n').slice(0, 1500))
      .catch((error: unknown) => `(the page could not be read: ${String(error)})`)
    const text = await Promise.race([read, stuck])
    clearTimeout(timer)
    const events = pageEvents.get(page) ?? []
    record(`── ${page.url()} showed:\n${text}\n── Its last events:\n${events.join('\n') || '(none)'}\n`)
  }
}

beforeEach((context) => {
  currentTest = context.task
  toldOfThisTest.clear()
})
// Runs after the file's own afterEach (hooks run in reverse order): pages a file keeps open
// across tests are told here, and a failure with no page open is told by its error alone.
afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return
  for (const open of openContexts) await tellWhatPagesShow(open)
  if (toldOfThisTest.size === 0) record(`\n══ "${context.task.name}" failed (no page open):\n${failureOf(context.task)}\n`)
})

/** Signs in through the login page and waits until it is left. */
export async function signIn(page: Page, email: string, password = demoPassword, path = '/login'): Promise<void> {
  await page.goto(path)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
}

/**
 * Waits until the app has handed over to the sign-in page: /login is a page of its own
 * (login.html), loaded after the app's route changes the address, so a test that goes on at
 * once would race that load.
 */
export async function waitForSignInPage(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForURL((url) => url.pathname.startsWith('/login'), { timeout })
  await page.getByRole('button', { name: 'Log in' }).waitFor({ timeout })
}

/** The first link of the newest mail to `to` in the outbox (/dev/mail), on the server under test. */
export async function mailedLink(baseUrl: string, to: string, subjectContains: string): Promise<string> {
  const list = await (await fetch(`${baseUrl}/dev/mail`)).text()
  const rows = [...list.matchAll(/<tr><td>[^<]*<\/td><td>([^<]*)<\/td><td><a href="(\/dev\/mail\/\d+)">([^<]*)<\/a>/g)]
  const row = rows.find(([, address, , subject]) => address === to && subject!.includes(subjectContains))
  if (!row) throw new Error(`No mail to ${to} about "${subjectContains}"`)
  const mail = await (await fetch(`${baseUrl}${row[2]}`)).text()
  // The message body is the <pre>; its links are made clickable.
  const body = mail.slice(mail.indexOf('<pre>'))
  const link = body.match(/<a href="([^"]+)">/)
  if (!link) throw new Error('The mail has no link')
  // The seed's mails were written by the server that seeded the run's template workspace
  // (global-setup.ts), on another port: the link's path and query are what the mail says.
  const url = new URL(link[1]!.replaceAll('&amp;', '&'))
  return new URL(`${url.pathname}${url.search}${url.hash}`, baseUrl).toString()
}
