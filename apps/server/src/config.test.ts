import { describe, expect, it } from 'vitest'
import { ConfigError, readConfig } from './config'

const base = { APP_SECRET: 'a-test-secret-that-is-long-enough-for-hmac', DATA_DIR: '/nonexistent' }

describe('readConfig', () => {
  it('requires two-factor sign-in of admins, entity admins and owners in production only, by default', () => {
    expect(readConfig({ ...base, NODE_ENV: 'production' }).twoFactorRequiredRoles).toEqual(['admin', 'entity_admin', 'owner'])
    expect(readConfig({ ...base, NODE_ENV: 'development' }).twoFactorRequiredRoles).toEqual([])
    expect(readConfig({ ...base, NODE_ENV: 'test' }).twoFactorRequiredRoles).toEqual([])
  })

  it('reads TWO_FACTOR_REQUIRED_ROLES as a comma list, or none', () => {
    expect(readConfig({ ...base, TWO_FACTOR_REQUIRED_ROLES: 'owner, admin,owner' }).twoFactorRequiredRoles).toEqual(['owner', 'admin'])
    expect(readConfig({ ...base, NODE_ENV: 'production', TWO_FACTOR_REQUIRED_ROLES: 'none' }).twoFactorRequiredRoles).toEqual([])
    expect(() => readConfig({ ...base, TWO_FACTOR_REQUIRED_ROLES: 'owner,leader' })).toThrow(ConfigError)
    expect(() => readConfig({ ...base, TWO_FACTOR_REQUIRED_ROLES: 'owner,leader' })).toThrow(/TWO_FACTOR_REQUIRED_ROLES/)
  })

  it('has a modest ALTCHA cost and Google siteverify by default, both configurable', () => {
    const defaults = readConfig(base)
    expect(defaults).toMatchObject({ altchaCost: 1000, altchaMaxCounter: 2000, recaptchaVerifyUrl: 'https://www.google.com/recaptcha/api/siteverify' })
    const custom = readConfig({ ...base, ALTCHA_COST: '5', ALTCHA_MAX_COUNTER: '40', RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:8080/verify' })
    expect(custom).toMatchObject({ altchaCost: 5, altchaMaxCounter: 40, recaptchaVerifyUrl: 'http://127.0.0.1:8080/verify' })
    expect(() => readConfig({ ...base, ALTCHA_COST: '0' })).toThrow(/ALTCHA_COST/)
  })

  it('serves the API description unless in production, unless API_DOCS says otherwise', () => {
    expect(readConfig({ ...base, NODE_ENV: 'production' }).apiDocs).toBe(false)
    expect(readConfig({ ...base, NODE_ENV: 'development' }).apiDocs).toBe(true)
    expect(readConfig({ ...base, NODE_ENV: 'test' }).apiDocs).toBe(true)
    expect(readConfig({ ...base, NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true)
    expect(readConfig({ ...base, NODE_ENV: 'development', API_DOCS: 'false' }).apiDocs).toBe(false)
    expect(() => readConfig({ ...base, API_DOCS: 'yes' })).toThrow(/API_DOCS/)
  })

  it('reads the membership service (ACMS_URL, ACMS_KEY) with a 3 second timeout by default; unset means the imported rosters', () => {
    expect(readConfig(base)).toMatchObject({ acmsUrl: undefined, acmsKey: undefined, acmsTimeoutMs: 3000 })
    expect(readConfig({ ...base, ACMS_URL: 'https://acms.example.org/api', ACMS_KEY: 'k', ACMS_TIMEOUT_MS: '1500' })).toMatchObject({
      acmsUrl: 'https://acms.example.org/api',
      acmsKey: 'k',
      acmsTimeoutMs: 1500,
    })
    expect(() => readConfig({ ...base, ACMS_URL: 'not a url' })).toThrow(/ACMS_URL/)
    expect(() => readConfig({ ...base, ACMS_TIMEOUT_MS: '10' })).toThrow(/ACMS_TIMEOUT_MS/)
  })

  it('on embedded PGlite serves 2 requests at once, lets 100 wait at most 1 s each, all configurable (issue 39)', () => {
    expect(readConfig(base).pgliteQueue).toEqual({ active: 2, maxWaiting: 100, maxWaitMs: 1000 })
    const custom = readConfig({ ...base, PGLITE_ACTIVE_REQUESTS: '1', PGLITE_QUEUE_LENGTH: '20', PGLITE_QUEUE_WAIT_MS: '2500' })
    expect(custom.pgliteQueue).toEqual({ active: 1, maxWaiting: 20, maxWaitMs: 2500 })
    expect(() => readConfig({ ...base, PGLITE_ACTIVE_REQUESTS: '0' })).toThrow(/PGLITE_ACTIVE_REQUESTS/)
    expect(() => readConfig({ ...base, PGLITE_QUEUE_LENGTH: 'many' })).toThrow(/PGLITE_QUEUE_LENGTH/)
    expect(() => readConfig({ ...base, PGLITE_QUEUE_WAIT_MS: '10' })).toThrow(/PGLITE_QUEUE_WAIT_MS/)
  })

  it('keeps files in DATA_DIR/files unless FILES_S3_BUCKET names a bucket, whose keys go together', () => {
    expect(readConfig(base)).toMatchObject({ filesDir: '/nonexistent/files', filesS3: undefined })
    const bucket = readConfig({
      ...base,
      FILES_S3_BUCKET: 'church-files',
      FILES_S3_ENDPOINT: 'http://minio.internal:9000',
      FILES_S3_PREFIX: 'crm/',
      FILES_S3_ACCESS_KEY_ID: 'id',
      FILES_S3_SECRET_ACCESS_KEY: 'secret',
      FILES_S3_PATH_STYLE: 'true',
    })
    expect(bucket.filesS3).toEqual({
      bucket: 'church-files',
      prefix: 'crm/',
      endpoint: 'http://minio.internal:9000',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      pathStyle: true,
    })
    // Without keys the AWS SDK's own chain (an instance role) signs.
    expect(readConfig({ ...base, FILES_S3_BUCKET: 'church-files' }).filesS3).toMatchObject({ accessKeyId: undefined, pathStyle: false, prefix: '' })
    expect(() => readConfig({ ...base, FILES_S3_BUCKET: 'church-files', FILES_S3_ACCESS_KEY_ID: 'id' })).toThrow(/FILES_S3_SECRET_ACCESS_KEY/)
    expect(() => readConfig({ ...base, FILES_S3_BUCKET: 'church-files', FILES_S3_PREFIX: '../x y' })).toThrow(/FILES_S3_PREFIX/)
    expect(() => readConfig({ ...base, FILES_S3_ENDPOINT: 'minio' })).toThrow(/FILES_S3_ENDPOINT/)
  })
})
