// Gives every relative import in a tsc-emitted dist/ the file extension Node's ESM loader and TypeScript's
// NodeNext resolution require ("./a" → "./a.js", "./dir" → "./dir/index.js"). The sources keep extensionless
// imports (moduleResolution "bundler"); tsc does not rewrite them, so a package built with tsc runs this after.
// Usage: node scripts/fix-dist-imports.mjs <dist directory>
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"

const dist = resolve(process.argv[2] ?? "dist")
// "./a", "../b/c", and the bare "." / ".." tsc writes into inferred types (`import("..").Storage`).
const specifier = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])(\.{1,2}(?:\/[^"']*)?)\2/g

/** The specifier with the extension of what it names, or undefined when it names nothing in dist. */
const withExtension = (file, spec) => {
  if (/\.(?:js|json)$/.test(spec)) return spec
  const target = resolve(dirname(file), spec)
  if (existsSync(`${target}.js`)) return `${spec}.js`
  if (existsSync(join(target, "index.js"))) return `${spec}/index.js`
  return undefined
}

const unresolved = []
let rewritten = 0
for (const entry of readdirSync(dist, { recursive: true, encoding: "utf8" })) {
  if (!/\.(?:js|d\.ts)$/.test(entry)) continue
  const file = join(dist, entry)
  const source = readFileSync(file, "utf8")
  const fixed = source.replace(specifier, (match, lead, quote, spec) => {
    const next = withExtension(file, spec)
    if (next === undefined) {
      unresolved.push(`${entry}: ${spec}`)
      return match
    }
    if (next !== spec) rewritten++
    return `${lead}${quote}${next}${quote}`
  })
  if (fixed !== source) writeFileSync(file, fixed)
}
if (unresolved.length > 0) {
  console.error(`Relative imports that name no file in ${dist}:\n  ${unresolved.join("\n  ")}`)
  process.exit(1)
}
console.log(`${rewritten} relative imports in ${dist} now name their .js file`)
