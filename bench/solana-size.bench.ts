import { fileURLToPath } from "node:url"
import { bundle, bundleEntry, gzipSize } from "../test/size/bundle"
import { hasSolanaCode } from "../test/size/solanaMarkers"

// What an app pays, in gzipped bytes, the moment it first uses Solana: the lazy chunk loadSolanaAdapter()
// fetches, beside the floor of @solana/kit building one transfer on its own. Figures to watch, not budgets
// (the budget is test/size/solanaBundle.test.ts).
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

const chunks = await bundle("solanaApp")
const solana = chunks.find(hasSolanaCode)
if (solana === undefined) throw new Error("no Solana chunk in the solanaApp bundle")
const floor = await bundleEntry(fileURLToPath(new URL("solana/kitTransfer.ts", import.meta.url)))
const floorSize = floor.reduce((total, chunk) => total + gzipSize(chunk), 0)

console.log(`solana adapter chunk (lazy)          ${kib(gzipSize(solana)).padStart(9)} gzip`)
console.log(`@solana/kit SOL transfer alone       ${kib(floorSize).padStart(9)} gzip`)
