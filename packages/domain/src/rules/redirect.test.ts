import { describe, expect, it } from 'vitest'
import { safeRedirectPath } from './redirect'

describe('safeRedirectPath', () => {
  it.each([
    ['/', '/'],
    ['/contacts', '/contacts'],
    ['/contacts/view/3?tab=notes', '/contacts/view/3?tab=notes'],
    ['/contacts?page=2#top', '/contacts?page=2#top'],
    ['/search?q=a%2Fb', '/search?q=a%2Fb'],
    ['/a/b//c', '/a/b//c'],
    ['/contacts?search=John%20Smith', '/contacts?search=John%20Smith'],
    ['/contacts?search=Mar%C3%ADa', '/contacts?search=Mar%C3%ADa'],
    ['/contacts?search=100%25', '/contacts?search=100%25'],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected)
  })

  it.each([
    [undefined],
    [null],
    [''],
    ['contacts'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['data:text/html,x'],
    ['//evil.example'],
    ['///evil.example'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r\n/evil.example'],
    ['/ /evil.example'],
    ['/\u0000/evil'],
    ['/\u001b[31m'],
    ['/\u007f'],
    ['/\u0085evil'],
    ['/\u00a0/evil'],
    ['/\u200b/evil'],
    ['/\u202e/evil'],
    ['/\u2066/evil'],
    ['/\u3000/evil'],
    ['/a\\b'],
    ['/%09/evil.example'],
    ['/%0A/evil.example'],
    ['/%0d/evil.example'],
    ['/%2F/evil.example'],
    ['/%2f%2fevil.example'],
    ['/%5Cevil.example'],
    ['/%252F/evil.example'],
    ['/%25252F/evil.example'],
    ['/%E2%80%AE/evil'],
    ['/%20/evil'],
    ['/x?q=%0A'],
    ['/x?q=%E2%80%AE'],
    ['/%2525252F/evil'],
    ['/%zz'],
    ['/%'],
    ['/' + 'a'.repeat(500)],
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBeNull()
  })
})
