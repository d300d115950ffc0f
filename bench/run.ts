import { readdirSync } from "node:fs"
import { fileURLToPath } from "node:url"

// Runs every bench/*.bench.ts in turn; each prints its own figures (benchmarks never assert times).
const dir = fileURLToPath(new URL(".", import.meta.url))
for (const file of readdirSync(dir)
  .filter((name) => name.endsWith(".bench.ts"))
  .sort()) {
  console.log(`\n# ${file}`)
  await import(new URL(file, import.meta.url).href)
}
