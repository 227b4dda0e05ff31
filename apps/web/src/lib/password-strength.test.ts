import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { usePasswordCheck } from './password-strength'

describe('usePasswordCheck', () => {
  it('is pending, not wrong, while the rules load; settle() gives the verdict once they are in', async () => {
    const { result } = renderHook(() => usePasswordCheck('correct horse battery staple harbour'))
    // The first render never has the rules (they arrive through an effect).
    expect(result.current).toMatchObject({ ok: false, pending: true, problem: null })
    await expect(result.current.settle()).resolves.toMatchObject({ ok: true, pending: false, problem: null })
    await waitFor(() => expect(result.current).toMatchObject({ ok: true, pending: false }))
  })

  it('settles a weak or short password as refused', async () => {
    const { result } = renderHook(() => usePasswordCheck('password'))
    await expect(result.current.settle()).resolves.toMatchObject({ ok: false, pending: false, problem: 'tooShort' })
  })

  it('settles blank at once: refused unless blank is allowed', async () => {
    const required = renderHook(() => usePasswordCheck('')).result
    await expect(required.current.settle()).resolves.toMatchObject({ ok: false, pending: false, isEmpty: true })
    const optional = renderHook(() => usePasswordCheck('', { allowBlank: true })).result
    await expect(optional.current.settle()).resolves.toMatchObject({ ok: true, pending: false })
  })
})
