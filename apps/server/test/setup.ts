import { rmSync } from 'node:fs'
import { afterAll, inject } from 'vitest'
import { setRunId } from './databases'
import { useFreshTestFilesDir } from './harness'

// Runs before each test file; the API project shares one module graph per worker
// (isolate: false), so what must be the file's own is made new here.
setRunId(inject('testRunId'))
const filesDir = useFreshTestFilesDir()
afterAll(() => rmSync(filesDir, { recursive: true, force: true }))
