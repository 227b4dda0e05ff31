import { describe, expect, it } from 'vitest'
import { ApiError } from '../lib/api'
import { createQueryClient } from './query-client'

describe('the query client', () => {
  const retry = createQueryClient().getDefaultOptions().queries!.retry as (failureCount: number, error: unknown) => boolean

  it('reads again after a network or server failure, twice at most', () => {
    expect(retry(0, new ApiError('network_error', 0, 'offline'))).toBe(true)
    expect(retry(1, new ApiError('internal_error', 500, 'failed'))).toBe(true)
    expect(retry(2, new ApiError('internal_error', 500, 'failed'))).toBe(false)
  })

  it('takes a 4xx as the answer, and a busy refusal as one callApi already asked again after its Retry-After', () => {
    expect(retry(0, new ApiError('not_found', 404, 'not_found'))).toBe(false)
    expect(retry(0, new ApiError('service_unavailable', 503, 'service_unavailable'))).toBe(false)
  })
})
