import { randomBytes } from 'node:crypto'
import type { TestProject } from 'vitest/node'
import { dropTemplate, prepareTemplate, setRunId } from './databases'

declare module 'vitest' {
  export interface ProvidedContext {
    testRunId: string
  }
}

export async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex')
  setRunId(runId)
  project.provide('testRunId', runId)
  await prepareTemplate()
}

export async function teardown() {
  await dropTemplate()
}
