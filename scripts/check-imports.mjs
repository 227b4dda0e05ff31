#!/usr/bin/env node
// Import-cycle check for the whole tree in about a second (issue 34). It replaces
// import-x/no-cycle, which resolved every import of every file again per rule and cost two
// thirds of the lint. One parse per file, one graph, one strongly-connected-components pass.
//
// Fails when
//  (a) files form a cycle (packages/domain/src, apps/server/src, apps/web/src), and
//  (b) server features form a cycle (apps/server/src/features/<feature> as one node each,
//      tests left out: a test may set up data through any feature).
//
// Which edges count: every import, `export … from` and dynamic `import()`, type-only ones
// included. A type-only circle costs nothing at run time, but it is the same tangle for a
// reader (the contact tab registry and its tabs, the attendance section and its parts were
// ended by a types file of their own), so the tree stays free of those as well. Run with
// --runtime-only to see the runtime circles alone.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const roots = ['packages/domain/src', 'apps/server/src', 'apps/web/src']
const domainSrc = join(root, 'packages/domain/src')
const featuresDir = join(root, 'apps/server/src/features') + sep
const runtimeOnly = process.argv.includes('--runtime-only')

function listSources(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules') listSources(path, out)
    } else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path)
  }
  return out
}

const files = roots.flatMap((dir) => listSources(join(root, dir)))
const known = new Set(files)

function resolveFile(base) {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (known.has(candidate)) return candidate
  }
  // A `.js` specifier naming a `.ts` file (node16 style) resolves to the source.
  if (/\.js$/.test(base)) return resolveFile(base.slice(0, -3))
  return undefined
}

/** The file a specifier names inside the checked roots, or undefined (packages, assets). */
function resolveSpecifier(from, specifier) {
  if (specifier === '@crm/domain') return resolveFile(domainSrc)
  if (specifier.startsWith('@crm/domain/')) return resolveFile(join(domainSrc, specifier.slice('@crm/domain/'.length)))
  if (specifier.startsWith('.')) return resolveFile(resolve(dirname(from), specifier))
  return undefined
}

// A careful text scan rather than a parser: loading the typescript package alone costs a
// second. Imports and re-exports start a statement at the beginning of a line (as the
// formatter writes them), so a comment or string that merely mentions `import` is skipped.
// (Checked once against a full TypeScript parse of the tree: the same edges, the same types.)
const importStatement = /^[ \t]*import\s+(type\s+)?((?:[\w$]+\s*,?\s*)?(?:\*\s*as\s+[\w$]+|\{[^}]*\})?)\s*from\s*['"]([^'"]+)['"]/gm
const sideEffectImport = /^[ \t]*import\s*['"]([^'"]+)['"]/gm
const reExport = /^[ \t]*export\s+(type\s+)?(\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*['"]([^'"]+)['"]/gm
// Dynamic imports (lazy pages) still load the module, so they count as runtime edges; one
// on a comment line (`//`, ` * `) is prose.
const dynamicImport = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g
const onCommentLine = (text, at) => /^[ \t]*(\/\/|\*)/.test(text.slice(text.lastIndexOf('\n', at) + 1, at))

/** `{ type A, type B }` is erased as a whole; `{ type A, B }` is not. */
function onlyInlineTypes(clause) {
  const braces = clause.match(/\{([^}]*)\}/)
  if (braces === null || clause.slice(0, braces.index).replace(/[\s,]/g, '') !== '') return false
  const names = braces[1]
    .replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  return names.length > 0 && names.every((name) => /^type\s/.test(name))
}

/** Each import of a file: the specifier and whether it is erased at compile time. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8')
  const found = []
  for (const [, type, clause, specifier] of text.matchAll(importStatement)) found.push({ specifier, typeOnly: Boolean(type) || onlyInlineTypes(clause) })
  for (const [, specifier] of text.matchAll(sideEffectImport)) found.push({ specifier, typeOnly: false })
  for (const [, type, clause, specifier] of text.matchAll(reExport)) found.push({ specifier, typeOnly: Boolean(type) || onlyInlineTypes(clause) })
  for (const match of text.matchAll(dynamicImport)) if (!onCommentLine(text, match.index)) found.push({ specifier: match[1], typeOnly: false })
  return found
}

const started = performance.now()
/** file → Map(target file → typeOnly of the strongest edge) */
const graph = new Map()
for (const file of files) {
  const edges = new Map()
  for (const { specifier, typeOnly } of importsOf(file)) {
    if (runtimeOnly && typeOnly) continue
    const target = resolveSpecifier(file, specifier)
    if (target === undefined || target === file) continue
    edges.set(target, (edges.get(target) ?? true) && typeOnly)
  }
  graph.set(file, edges)
}

/** Strongly connected components with more than one node (Tarjan, iterative). */
function circles(nodes, successors) {
  const index = new Map()
  const low = new Map()
  const onStack = new Set()
  const stack = []
  const result = []
  let counter = 0
  for (const start of nodes) {
    if (index.has(start)) continue
    const work = [{ node: start, next: successors(start)[Symbol.iterator]() }]
    index.set(start, counter)
    low.set(start, counter++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]
      const step = frame.next.next()
      if (!step.done) {
        const next = step.value
        if (!index.has(next)) {
          index.set(next, counter)
          low.set(next, counter++)
          stack.push(next)
          onStack.add(next)
          work.push({ node: next, next: successors(next)[Symbol.iterator]() })
        } else if (onStack.has(next)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(next)))
        }
        continue
      }
      work.pop()
      if (work.length > 0) {
        const parent = work[work.length - 1].node
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)))
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = []
        let member
        do {
          member = stack.pop()
          onStack.delete(member)
          component.push(member)
        } while (member !== frame.node)
        if (component.length > 1) result.push(component.sort())
      }
    }
  }
  return result
}

/** One shortest loop through a component, so the message names a path one can follow. */
function loopThrough(component, successors) {
  const members = new Set(component)
  const start = component[0]
  const previous = new Map([[start, null]])
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift()
    for (const next of successors(node)) {
      if (!members.has(next)) continue
      if (next === start) {
        const path = [node]
        for (let at = previous.get(node); at !== null; at = previous.get(at)) path.unshift(at)
        return [...path, start]
      }
      if (!previous.has(next)) {
        previous.set(next, node)
        queue.push(next)
      }
    }
  }
  return component
}

const show = (file) => relative(root, file).split(sep).join('/')
const problems = []

const fileSuccessors = (file) => graph.get(file).keys()
for (const component of circles(files, (file) => [...fileSuccessors(file)])) {
  const loop = loopThrough(component, (file) => [...fileSuccessors(file)])
  const steps = loop.slice(0, -1).map((file, at) => `    ${show(file)}${graph.get(file).get(loop[at + 1]) ? '  (type-only import)' : ''}`)
  problems.push(`Files import each other (${component.length} files in the circle):\n${steps.join('\n')}\n    → back to ${show(loop[0])}`)
}

const featureOf = (file) => (file.startsWith(featuresDir) ? file.slice(featuresDir.length).split(sep)[0] : undefined)
/** feature → Map(feature → one file import that makes the edge, as an example) */
const features = new Map()
for (const [file, edges] of graph) {
  const from = featureOf(file)
  if (from === undefined || /\.test\.tsx?$/.test(file)) continue
  if (!features.has(from)) features.set(from, new Map())
  for (const target of edges.keys()) {
    const to = featureOf(target)
    if (to === undefined || to === from) continue
    const examples = features.get(from)
    if (!examples.has(to)) examples.set(to, `${show(file)} → ${show(target)}`)
  }
}
const featureSuccessors = (feature) => [...(features.get(feature)?.keys() ?? [])]
for (const component of circles([...features.keys()].sort(), featureSuccessors)) {
  // Every import between members of the circle, since breaking any one of them may be the fix.
  const members = new Set(component)
  const steps = component.flatMap((feature) =>
    featureSuccessors(feature)
      .filter((to) => members.has(to))
      .map((to) => `    ${feature} → ${to}   e.g. ${features.get(feature).get(to)}`),
  )
  problems.push(`Server features import each other (${component.join(', ')}):\n${steps.join('\n')}`)
}

const seconds = ((performance.now() - started) / 1000).toFixed(1)
if (problems.length > 0) {
  console.error(`check-imports: ${problems.length} import circle(s) (${files.length} files, ${seconds} s)\n`)
  console.error(problems.join('\n\n'))
  console.error('\nMove what both sides need to the side that owns it (a platform/ module, the owning feature, or packages/domain).')
  process.exit(1)
}
console.log(`check-imports: no import circles among ${files.length} files and ${features.size} server features (${seconds} s)`)
