// node scripts/precompress.mjs <folder>: writes <file>.br (brotli, quality 11) and <file>.gz
// (gzip, level 9) beside every compressible file of a build over 1 KiB, once, at build time;
// the server sends them as they are (@fastify/static's preCompressed). Run by the web build.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { extname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

/** Text formats worth compressing; source maps are not served, images and fonts are compressed already. */
const compressible = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.ico', '.xml', '.webmanifest'])
/** Below this a compressed answer saves less than its headers cost. */
const minBytes = 1024

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

async function filesBelow(dir) {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries
      // .vite/ holds the build's manifest, which is not served.
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => (entry.isDirectory() ? filesBelow(join(dir, entry.name)) : [join(dir, entry.name)])),
  )
  return nested.flat()
}

/** Compresses every compressible file below dir; answers the files written with their sizes. */
export async function precompress(dir) {
  const files = (await filesBelow(dir)).filter((file) => compressible.has(extname(file)))
  const written = await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file)
      if (content.length < minBytes) return []
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        gzipAsync(content, { level: 9 }),
      ])
      const out = []
      // A "compressed" file that is not smaller is left out: the plain file is sent instead.
      for (const [suffix, data] of [
        ['.br', br],
        ['.gz', gz],
      ]) {
        if (data.length >= content.length) continue
        await writeFile(file + suffix, data)
        out.push({ file: file + suffix, size: data.length, plain: content.length })
      }
      return out
    }),
  )
  return written.flat()
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = resolve(process.argv[2] ?? 'dist')
  const started = Date.now()
  const written = await precompress(dir)
  const plain = written.filter((entry) => entry.file.endsWith('.br')).reduce((sum, entry) => sum + entry.plain, 0)
  const br = written.filter((entry) => entry.file.endsWith('.br')).reduce((sum, entry) => sum + entry.size, 0)
  console.log(
    `precompress: ${written.length} files written in ${dir} in ${Date.now() - started} ms ` +
      `(${Math.round(plain / 1024)} KiB → ${Math.round(br / 1024)} KiB with brotli)`,
  )
}
