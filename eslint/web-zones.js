import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

// The web app's product code imports no test helper: test/ and the *.fixtures.ts files beside
// the features serve the tests alone (the server's zone is in server-zones.js).
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const src = resolve(root, 'apps/web/src')
const testOnly = ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**', 'apps/web/src/**/*.fixtures.ts', 'apps/web/src/**/*.fixture.ts']

export default [
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: testOnly,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: src,
              from: [resolve(src, 'test/**'), resolve(src, '**/*.fixtures.ts'), resolve(src, '**/*.fixture.ts')],
              message: 'test/ and *.fixtures.ts serve the tests; product code does not import them.',
            },
          ],
        },
      ],
    },
  },
]
