import jsxA11y from 'eslint-plugin-jsx-a11y'

/**
 * Lint that pays for itself (issue 34): two rules that read types, and jsx-a11y's recommended
 * set. Type information is the dear part of lint (about 45 s of CPU on the whole tree, 2.7 GB),
 * so only these two rules read it, and only in the three packages' src folders (tests beside
 * the code included: an unawaited user event is a flaky test), each file through its nearest
 * tsconfig by typescript-eslint's project service. Config files, e2e and test/ go without.
 */
const typedSources = ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/domain/src/**/*.ts']

export default [
  {
    files: typedSources,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A promise nobody awaits loses its rejection; `void` marks fire-and-forget on purpose.
      '@typescript-eslint/no-floating-promises': 'error',
      // A union that grows a member fails lint where a switch names its members one by one; a
      // switch that picks a few members (a handful of error codes) says so with a default.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  { ...jsxA11y.flatConfigs.recommended, files: ['apps/web/**/*.tsx'] },
]
