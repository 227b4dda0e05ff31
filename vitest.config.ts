import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { defineConfig } from 'vitest/config'

/**
 * The files that take longest, started first so that the two workers end together: on a
 * clean clone vitest has no timings yet and starts the largest files first, which left the
 * long walks to run alone at the end. The rest keep vitest's order (longest first once timed).
 */
const longFirst = [
  'src/child-gate.test.ts',
  'src/fuzz-1.test.ts',
  'src/fuzz-2.test.ts',
  'src/authorization-1.test.ts',
  'src/authorization-2.test.ts',
  'src/server.test.ts',
  'src/platform/job-queue.test.ts',
]

class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (file: TestSpecification) => {
      const position = longFirst.findIndex((suffix) => file.moduleId.endsWith(suffix))
      return position === -1 ? longFirst.length : position
    }
    const projects = [...new Set(sorted.map((file) => file.project.name))]
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => projects.indexOf(a.file.project.name) - projects.indexOf(b.file.project.name) || rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file)
  }
}

// One run, three projects; at most 2 workers on this 2-core machine (STYLE.md §12).
export default defineConfig({
  test: {
    maxWorkers: 2,
    sequence: { sequencer: LongFirstSequencer },
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
