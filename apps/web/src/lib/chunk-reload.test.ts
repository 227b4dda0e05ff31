import { describe, expect, it, vi } from 'vitest'
import { chunkReloadKey, loadChunk } from './chunk-reload'

function memoryStorage() {
  const values = new Map<string, string>()
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  }
}

const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))

describe('loadChunk: a failed section load reloads the page once per session (D1-1-08)', () => {
  it('passes a loaded section through without reloading', async () => {
    const reload = vi.fn()
    await expect(loadChunk(() => Promise.resolve('section'), { storage: memoryStorage(), reload })).resolves.toBe('section')
    expect(reload).not.toHaveBeenCalled()
  })

  it('reloads the first time a section fails and marks the session', async () => {
    const storage = memoryStorage()
    const reload = vi.fn()
    void loadChunk(failing, { storage, reload })
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(storage.getItem(chunkReloadKey)).not.toBeNull()
  })

  it('does not reload a second time in the same session: the error reaches the error screen', async () => {
    const storage = memoryStorage()
    const reload = vi.fn()
    void loadChunk(failing, { storage, reload })
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    // After the reload the session storage still holds the mark.
    await expect(loadChunk(failing, { storage, reload })).rejects.toThrow('Failed to fetch')
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('uses sessionStorage by default', async () => {
    window.sessionStorage.setItem(chunkReloadKey, '1')
    await expect(loadChunk(failing)).rejects.toThrow()
  })
})
