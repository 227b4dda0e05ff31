/** Marks, for this browser session, that a failed section load already reloaded the page. */
export const chunkReloadKey = 'crm.chunk-reload'

export interface ChunkReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>
  reload: () => void
}

const browserDeps = (): ChunkReloadDeps => ({
  storage: window.sessionStorage,
  reload: () => window.location.reload(),
})

/**
 * Loads a lazily imported section. If it fails (usually a deploy replaced the chunk), the
 * page reloads once per session; a second failure is thrown to the error screen.
 */
export async function loadChunk<T>(load: () => Promise<T>, deps: ChunkReloadDeps = browserDeps()): Promise<T> {
  try {
    return await load()
  } catch (error) {
    let reloaded = true
    try {
      reloaded = deps.storage.getItem(chunkReloadKey) !== null
      if (!reloaded) deps.storage.setItem(chunkReloadKey, String(Date.now()))
    } catch {
      // Storage refused (private mode): never risk a reload loop.
      reloaded = true
    }
    if (reloaded) throw error
    deps.reload()
    // Keep the route pending while the page reloads.
    return new Promise<T>(() => undefined)
  }
}
