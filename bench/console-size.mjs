// Console budgets of DESIGN §6: the JavaScript the login page loads (gzip) and the largest route chunk.
// Reads web/dist: the entry script, the chunks it imports at once and their static imports are what /login
// loads before any lazy page, plus the login page's own chunk.
import { readFileSync, readdirSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'web', 'dist')
const assets = join(dist, 'assets')
const gz = (file) => gzipSync(readFileSync(join(assets, file))).length
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

const html = readFileSync(join(dist, 'index.html'), 'utf8')
const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1])

// Follow static imports from the entry: `import ... from "./x.js"` and side-effect imports.
const seen = new Set()
const visit = (file) => {
  if (seen.has(file)) return
  seen.add(file)
  const code = readFileSync(join(assets, file), 'utf8')
  for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w{},*\s$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) visit(m[1])
}
entry.forEach(visit)
// The entry imports the rest of the console and the first screen's chunks at once (src/main.tsx): every page
// loads them, so they count; Vite lists them in the entry's preload map as "assets/x.js".
for (const file of entry) {
  for (const m of readFileSync(join(assets, file), 'utf8').matchAll(/"assets\/([^"]+\.js)"/g)) visit(m[1])
}
const loginChunk = readdirSync(assets).find((f) => /^Login[-.].*\.js$/i.test(f))
if (loginChunk) visit(loginChunk)

const loginTotal = [...seen].reduce((sum, f) => sum + gz(f), 0)
const chunks = readdirSync(assets).filter((f) => f.endsWith('.js')).map((f) => [f, gz(f)]).sort((a, b) => b[1] - a[1])
const lazy = chunks.filter(([f]) => !seen.has(f))

console.log(`login page JavaScript (gzip): ${kb(loginTotal)} in ${seen.size} files (budget 250 KB)`)
console.log(`largest lazily loaded chunk (gzip): ${lazy[0] ? `${lazy[0][0]} ${kb(lazy[0][1])}` : 'none'} (budget 300 KB)`)
console.log(`route chunks: ${lazy.length}`)
