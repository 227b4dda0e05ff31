/**
 * One query module and one cache key per call (issue 34): a call's key and fetcher live in its
 * feature's queries.ts (lib/queries.ts for the calls components/ reads), exported as query
 * options; everything else spreads those options or names a key through the feature's keys
 * object. A key written as an array literal elsewhere is a second key family in waiting.
 */
const queryModules = ['apps/web/src/features/*/queries.ts', 'apps/web/src/lib/queries.ts']

const message = 'Cache keys and fetchers live in a query module (features/<feature>/queries.ts): use its query options or its keys object.'

// The QueryClient methods that take a key itself; the others take options or filters, whose
// queryKey property the first selectors cover.
const keyMethods = '/^(getQueryData|setQueryData|getQueryState)$/'

const literal = (selector) => ({ selector, message })

export default [
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: queryModules,
    rules: {
      'no-restricted-syntax': [
        'error',
        literal("Property[key.name='queryKey'] > ArrayExpression"),
        literal("Property[key.name='queryKey'] > TSAsExpression > ArrayExpression"),
        literal("Property[key.name='queryKey'] > TSSatisfiesExpression > ArrayExpression"),
        literal(`CallExpression[callee.property.name=${keyMethods}] > ArrayExpression.arguments`),
        literal(`CallExpression[callee.property.name=${keyMethods}] > TSAsExpression.arguments > ArrayExpression`),
        literal("Property[key.name='queryFn']"),
      ],
    },
  },
]
