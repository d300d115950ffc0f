import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import { type OutputChunk, rolldown } from "rolldown"

// What a browser downloads, gzip, when a dApp first signs with a Polkadot or a cosmos wallet: the lazy chunk
// of @appkit/core/polkadot (sr25519 + ed25519) or /cosmos (secp256k1, amino JSON, SignDoc) and whatever it
// imports that the app's entry does not load already. The app is the one the size test budgets.
const app = fileURLToPath(new URL("../test/size/apps/polkadotCosmosApp.ts", import.meta.url))
const build = await rolldown({ input: app, platform: "browser", logLevel: "silent" })
const { output } = await build.generate({ format: "esm", minify: true })
await build.close()
const chunks = output.filter((item): item is OutputChunk => item.type === "chunk")
const entry = chunks.find((chunk) => chunk.isEntry) as OutputChunk
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

console.log(`entry (EVM only)      ${kib(gzipSync(entry.code).length).padStart(9)} gzip`)
for (const [namespace, marker] of [
  ["polkadot", "Merlin v1.0"],
  ["cosmos", "sign/MsgSignData"],
] as const) {
  const chunk = chunks.find((candidate) => candidate.code.includes(marker))
  if (chunk === undefined) throw new Error(`no ${namespace} chunk`)
  const own = [
    chunk,
    ...chunks.filter(
      (other) =>
        chunk.imports.includes(other.fileName) && !entry.imports.includes(other.fileName) && other !== entry,
    ),
  ]
  const size = own.reduce((total, part) => total + gzipSync(part.code).length, 0)
  console.log(
    `+ ${namespace.padEnd(19)} ${kib(size).padStart(9)} gzip (lazy, ${own.length} chunk${own.length > 1 ? "s" : ""})`,
  )
}
