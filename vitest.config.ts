import { defineConfig } from 'vitest/config'
import { longFirst } from './vitest.sequencer'

// The files that take longest start first (vitest.sequencer.ts).
const sequencer = longFirst([
  'src/child-gate.test.ts',
  'src/fuzz-1.test.ts',
  'src/fuzz-2.test.ts',
  'src/authorization-1.test.ts',
  'src/authorization-2.test.ts',
  'src/server.test.ts',
  'src/platform/job-queue.test.ts',
])

// One run, three projects; at most 2 workers on this 2-core machine (STYLE.md §12).
export default defineConfig({
  test: {
    maxWorkers: 2,
    sequence: { sequencer },
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      './apps/server/vitest.config.ts',
      './apps/web/vitest.config.ts',
    ],
  },
})
