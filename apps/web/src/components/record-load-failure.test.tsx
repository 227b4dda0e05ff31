import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { ApiError } from '../lib/api'
import { renderWithProviders } from '../test/render'
import { RecordLoadFailure } from './record-load-failure'

const texts = { notFound: 'This event does not exist or is not in your team.', failed: 'The event could not be loaded.', back: 'Back to events' }

describe('RecordLoadFailure', () => {
  it('says a record is not found as the page’s heading, with the way back', () => {
    renderWithProviders(<RecordLoadFailure error={new ApiError('not_found', 404, 'Not found.')} texts={texts} backTo="/events" />)
    expect(screen.getByRole('heading', { level: 1, name: texts.notFound })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to events' })).toHaveAttribute('href', '/events')
  })

  it('says any other failure as the heading too', () => {
    renderWithProviders(<RecordLoadFailure error={new Error('network')} texts={texts} backTo="/events" />)
    expect(screen.getByRole('heading', { level: 1, name: texts.failed })).toBeInTheDocument()
  })
})
