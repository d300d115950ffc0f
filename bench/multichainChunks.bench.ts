import type { OutputChunk } from "rolldown"
import { bundle, gzipSize, lazyCost } from "../test/size/bundle"

// What a browser downloads, gzip, when a dApp first signs with a Polkadot or a cosmos wallet: the lazy chunk
// of @appkit/core/polkadot (sr25519 + ed25519) or /cosmos (secp256k1, amino JSON, SignDoc) and whatever it
// imports that the app's entry does not load already. The app is the one the size test budgets.
const chunks = await bundle("polkadotCosmosApp")
const entry = chunks.find((chunk) => chunk.isEntry) as OutputChunk
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

console.log(`entry chunk           ${kib(gzipSize(entry)).padStart(9)} gzip`)
for (const [namespace, marker] of [
  ["polkadot", "Merlin v1.0"],
  ["cosmos", "sign/MsgSignData"],
] as const) {
  const chunk = chunks.find((candidate) => candidate.code.includes(marker))
  if (chunk === undefined) throw new Error(`no ${namespace} chunk`)
  const cost = lazyCost(chunks, entry, chunk)
  console.log(`+ ${namespace.padEnd(19)} ${kib(cost.gzip).padStart(9)} gzip (lazy, ${cost.chunks} chunk(s))`)
}
