import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * A sequencer that starts the named files first, so that the two workers end together: on a
 * clean clone vitest has no timings yet and starts the largest files first, which left the
 * long walks to run alone at the end. The rest keep vitest's order (longest first once
 * timed). `suffixes` end the files' paths, longest first.
 */
export function longFirst(suffixes: string[]) {
  return class LongFirstSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files)
      const rank = (file: TestSpecification) => {
        const position = suffixes.findIndex((suffix) => file.moduleId.endsWith(suffix))
        return position === -1 ? suffixes.length : position
      }
      const projects = [...new Set(sorted.map((file) => file.project.name))]
      return sorted
        .map((file, order) => ({ file, order }))
        .sort((a, b) => projects.indexOf(a.file.project.name) - projects.indexOf(b.file.project.name) || rank(a.file) - rank(b.file) || a.order - b.order)
        .map(({ file }) => file)
    }
  }
}
