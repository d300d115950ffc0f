// In the repo, each package's `exports` name its TypeScript sources under the "@appkit/source" condition
// (tsconfig customConditions, vitest and rolldown resolve them, so nothing needs building first). A published
// package has no sources: `strip` (npm's prepack) takes that condition out of package.json, and `restore`
// (postpack) puts the original back. Run in the package's directory.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs"

const condition = "@appkit/source"
const backup = ".package.json.source"

const withoutSource = (value) => {
  if (Array.isArray(value) || typeof value !== "object" || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== condition)
      .map(([key, inner]) => [key, withoutSource(inner)]),
  )
}

const command = process.argv[2]
if (command === "strip") {
  const text = readFileSync("package.json", "utf8")
  writeFileSync(backup, text)
  const manifest = JSON.parse(text)
  writeFileSync(
    "package.json",
    `${JSON.stringify({ ...manifest, exports: withoutSource(manifest.exports) }, null, 2)}\n`,
  )
} else if (command === "restore") {
  if (existsSync(backup)) renameSync(backup, "package.json")
} else {
  console.error("usage: publish-manifest.mjs strip|restore")
  process.exit(2)
}
