import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { failedPagesFile } from './failed-pages'
import { startAppServer } from './server'

declare module 'vitest' {
  export interface ProvidedContext {
    seededDataDir: string
  }
}

let template: string | undefined

/**
 * Migrating and seeding the demo workspace costs a server ~15 s: it is done once per run,
 * and every test file's server starts on a copy of this folder (server.ts), so each file
 * still has a workspace of its own that no other file changes.
 */
export async function setup(project: TestProject) {
  rmSync(failedPagesFile, { force: true })
  template = mkdtempSync(join(tmpdir(), 'crm-e2e-template-'))
  const seeding = await startAppServer({ DATA_DIR: template }, { fromTemplate: false })
  await seeding.stop()
  project.provide('seededDataDir', template)
}

export function teardown() {
  if (template) rmSync(template, { recursive: true, force: true })
}
