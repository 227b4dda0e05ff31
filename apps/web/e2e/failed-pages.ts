import { resolve } from 'node:path'

/**
 * Where the failed tests' stories are also written (browser.ts): global-setup.ts empties it for
 * each run, and scripts/e2e.mjs prints it after the summary, in the last lines of a CI log,
 * which are the lines kept.
 */
export const failedPagesFile = resolve(import.meta.dirname, '../../../test-results/e2e-failed-pages.txt')
