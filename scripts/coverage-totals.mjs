// Recounts the "By section" table of docs/spec-coverage.md from its per-requirement rows.
import { readFileSync, writeFileSync } from 'node:fs'

const path = new URL('../docs/spec-coverage.md', import.meta.url)
const text = readFileSync(path, 'utf8')
const counts = new Map()
for (const [, doc, section, status] of text.matchAll(/^\| D(\d)-([\d.]+)-\d+ \| .* \| (done|partial|missing) \| .* \|$/gm)) {
  const key = `${doc} §${section}`
  const row = counts.get(key) ?? { done: 0, partial: 0, missing: 0 }
  row[status] += 1
  counts.set(key, row)
}
const total = { done: 0, partial: 0, missing: 0 }
for (const row of counts.values()) for (const status of Object.keys(total)) total[status] += row[status]
const updated = text
  .replace(/^\| (\d §[\d.]+) (.*?) \| \d+ \| \d+ \| \d+ \|$/gm, (line, key, title) => {
    const row = counts.get(key)
    return row ? `| ${key} ${title} | ${row.done} | ${row.partial} | ${row.missing} |` : line
  })
  .replace(/^\| \*\*all (\d+)\*\* \|.*$/m, (_line, all) => `| **all ${all}** | **${total.done}** | **${total.partial}** | **${total.missing}** |`)
writeFileSync(path, updated)
console.log(total)
