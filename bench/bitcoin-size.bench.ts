import { fileURLToPath } from "node:url"
import { kib, measureBundle } from "./bitcoin/bundleSize"
import { effectModules, gzipByOwner } from "./bitcoin/composition"

// What a Bitcoin-only dApp downloads (gzip, minified), beside sats-connect's figure measured on these
// machines for the same app: 141 KiB (sats-connect + its selector + React). The goal is ≤ 90 KiB with React,
// reached by a connect path (discovery, selection, requests, browser-wallet connectors, their errors) that is
// plain TypeScript over Promises and loads no Effect (test/size/bitcoinConnect.test.ts holds both).
const SATS_CONNECT_REACT_APP_GZIP = 141 * 1024
const GOAL_WITH_REACT_GZIP = 90 * 1024
const app = (name: string) => fileURLToPath(new URL(`./bitcoin/${name}`, import.meta.url))

const plain = await measureBundle(app("bitcoinApp.ts"))
const react = await measureBundle(app("bitcoinReactApp.tsx"))
const reactOnly = await measureBundle(app("reactOnlyApp.tsx"))
const tools = await measureBundle(fileURLToPath(import.meta.resolve("@appkit/core/bitcoin/tools")))
const selectorOnly = await measureBundle(fileURLToPath(import.meta.resolve("@appkit/react-ui/bitcoin")))
const effectFloors = [
  ["React + Effect's runtime (runPromise)", "effectRuntime"],
  ["React + Effect, a service provided by a Layer", "effectServices"],
  ["React + Effect, Stream/Queue/Ref/Fiber/timeout", "effectStreams"],
  ["React + Effect, one Schema.TaggedError (AppKitError)", "effectSchemaError"],
  ["React + Effect, all of the above + a Schema decode", "effectSchemaStreams"],
] as const
const row = (label: string, bytes: number) => console.log(`  ${label.padEnd(56)}${kib(bytes).padStart(10)}`)

console.log("Bitcoin layer sizes (gzip):")
row("selector element + React wrapper alone", selectorOnly.initialGzip)
row("Bitcoin-only app, no framework: first paint", plain.initialGzip)
row("  + the client's runtime, loaded when idle or on use", plain.lazyGzip)
row("Bitcoin-only app with React: first paint", react.initialGzip)
row("Bitcoin-only app with React: all it needs to connect", react.initialGzip + react.lazyGzip)
row("React + React DOM alone (the same app without Bitcoin)", reactOnly.initialGzip)
row("sats-connect app with React (reference)", SATS_CONNECT_REACT_APP_GZIP)
row("goal with React", GOAL_WITH_REACT_GZIP)
row("PSBT/BIP-322/secp256k1 tools (lazy, on use)", tools.initialGzip)

// What makes up all-through-connect, by owner (Effect must not be among them).
console.log("\nBitcoin-only app with React, all it needs to connect, by owner (gzip, estimated per module):")
for (const { owner, gzip } of gzipByOwner(react.chunks)) row(owner, gzip)
console.log("\nThe largest Effect modules in it (each gzipped alone):")
for (const { owner, gzip } of effectModules(react.chunks, 12)) row(owner, gzip)
if (effectModules(react.chunks, 1).length === 0) console.log("  none")

// Why the connect path is not built on Effect (the record of the floors that made it plain): the same React
// page with the least program that uses each part of Effect the Bitcoin layer's design relied on, before a line
// of Bitcoin code. With a Schema error class it is already at the 90 KiB goal.
console.log(
  "\nThe floor of an Effect-backed connect path: the same React page with only Effect (gzip, all it loads):",
)
for (const [label, floor] of effectFloors)
  row(label, (await measureBundle(app(`floors/${floor}.tsx`))).initialGzip)
