import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect } from 'vitest'
import type { Page } from 'playwright-core'

// axe-core in Chromium, for every browser test that checks a screen (README: "a screen is done
// when it … passes axe-core").
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface Violation {
  id: string
  help: string
  nodes: Array<{ target: string[]; failureSummary?: string }>
}

/**
 * Which of axe-core's rules: WCAG 2.1 A and AA, or every rule axe runs by default (those and
 * its best practices: landmarks, heading order, empty table headers), as the state walk does.
 */
export type AxeRules = 'wcag' | 'all'

/** axe-core's rules on the page as it is; one line per broken rule and element. */
export async function violations(page: Page, rules: AxeRules = 'wcag'): Promise<string[]> {
  // Evaluated through the browser's debugging protocol: the app's CSP (script-src 'self') stays on.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const options = rules === 'wcag' ? { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } } : {}
  const found = await page.evaluate(async (runOptions) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe
    const result = await axe.run(document, runOptions)
    return result.violations
  }, options)
  return found.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} — ${node.failureSummary ?? violation.help}`))
}

/**
 * Waits until nothing is loading any more (no status spinner, no busy region) and nothing is
 * moving: axe reads colours as they are, and a dialog fading out has faded ones.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0)
  // Running transitions and finite animations (a spinner's endless one never ends), counted
  // after three frames and a task: Mantine starts a dialog's fade two frames after the click
  // that opens it (a frame to mount it faded, one to ask for the fade, then React renders), so
  // a count taken at once can find nothing moving yet and axe then reads the colours mid-fade.
  const moving = () =>
    page.evaluate(async () => {
      await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))))
      return document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity).length
    })
  await expect.poll(moving, { timeout: 15_000 }).toBe(0)
}
