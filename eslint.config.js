import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import queryKeys from './eslint/query-keys.js'
import serverZones from './eslint/server-zones.js'
import webZones from './eslint/web-zones.js'
import typeAware from './eslint/type-aware.js'

const webOverHttp = { group: ['@crm/server', '**/apps/server/**', '**/server/src/**'], message: 'The web app talks to the server over HTTP only.' }

/**
 * Imports flow one way (DESIGN.md §3): web → domain ← server; features → platform → db;
 * in the web app, app → features → components, lib.
 */
const boundaries = [
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@crm/server', '@crm/web', '**/apps/**'], message: 'The domain package imports nothing from apps/.' }] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webOverHttp] }] },
  },
  // A later no-restricted-imports entry for the same files replaces an earlier one, so each
  // web zone repeats webOverHttp. Tests follow their folder's zone (they may import test/).
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webOverHttp,
            { group: ['**/app/**', '**/app'], message: 'Features do not import app/ (the routes, shell and providers import features).' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webOverHttp,
            { group: ['**/features/**', '**/features', '**/app/**', '**/app'], message: 'lib/ and components/ import neither features nor app/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**', '@crm/web'], message: 'The platform does not depend on features.' }] }],
    },
  },
  {
    // The child data gate is decided in one place (DESIGN.md §6, issue 33): a feature names
    // people through platform/child-gate.ts, never by an age rule of its own. The files below
    // read a child's age for a rule about the child itself (consent, the form, duplicates),
    // or in SQL no scope reaches (the read model's search, the rule jobs' recipients).
    files: ['apps/server/src/features/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'apps/server/src/features/contacts/contact-view.ts',
      'apps/server/src/features/contacts/contact-input.ts',
      'apps/server/src/features/contacts/duplicates.service.ts',
      'apps/server/src/features/contacts/list-search.ts',
      'apps/server/src/features/consent/**',
      'apps/server/src/features/qr-cards/**',
      'apps/server/src/features/notifications/rules.jobs.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@crm/domain',
              importNames: ['isChild', 'ageFrom', 'adultAge'],
              message: 'Whether an answer may name a person, or a write touch them, is platform/child-gate.ts’s: personGate, isChildSql, assertMayTouch.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**', '**/platform/**', '@crm/web'], message: 'The db layer depends on nothing above it.' }] },
      ],
    },
  },
]

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/drizzle/meta/**', 'coverage/**', 'test-results/**', 'tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/domain/tsconfig.json', 'apps/server/tsconfig.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  ...boundaries,
  ...serverZones,
  ...webZones,
  ...queryKeys,
  ...typeAware,
)
