import { describe, expect, it } from 'vitest'
import { loginPath, safeRedirect } from './safe-redirect'

describe('safeRedirect', () => {
  it.each([
    ['/events', '/events'],
    ['/contacts?page=2#top', '/contacts?page=2#top'],
    ['/contacts?search=John%20Smith', '/contacts?search=John%20Smith'],
  ])('keeps the same-site path %s', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected)
  })

  it.each([
    null,
    '',
    'events',
    'https://evil.test/',
    '//evil.test/path',
    '/\\evil.test',
    'javascript:alert(1)',
    '/\tevil',
    '\\\\evil.test',
    '/\t/evil.example',
    '/%09/evil.example',
    '/%0A/evil',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '/\u202e/evil',
  ])('falls back to / for %s', (target) => {
    expect(safeRedirect(target)).toBe('/')
  })

  it('uses the given fallback', () => {
    expect(safeRedirect('//x', '/login')).toBe('/login')
  })

  it('builds the login path with the current path as redirect_to', () => {
    expect(loginPath('/contacts?page=2')).toBe('/login?redirect_to=%2Fcontacts%3Fpage%3D2')
    expect(loginPath('/')).toBe('/login')
  })
})
