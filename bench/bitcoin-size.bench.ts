import { fileURLToPath } from "node:url"
import { kib, measureBundle } from "./bitcoin/bundleSize"

// What a Bitcoin-only dApp downloads (gzip, minified), beside sats-connect's figure measured on these
// machines for the same app: 141 KiB (sats-connect + its selector + React). The goal is ≤ 90 KiB with React.
const SATS_CONNECT_REACT_APP_GZIP = 141 * 1024
const app = (name: string) => fileURLToPath(new URL(`./bitcoin/${name}`, import.meta.url))

const plain = await measureBundle(app("bitcoinApp.ts"))
const react = await measureBundle(app("bitcoinReactApp.tsx"))
const tools = await measureBundle(fileURLToPath(import.meta.resolve("@appkit/core/bitcoin/tools")))
const selectorOnly = await measureBundle(fileURLToPath(import.meta.resolve("@appkit/react-ui/bitcoin")))

console.log("Bitcoin layer sizes (gzip):")
console.log(`  selector element + React wrapper alone        ${kib(selectorOnly.initialGzip)}`)
console.log(`  Bitcoin-only app, no framework (initial)      ${kib(plain.initialGzip)}`)
console.log(`  Bitcoin-only app with React (initial)         ${kib(react.initialGzip)}`)
console.log(`  sats-connect app with React (reference)       ${kib(SATS_CONNECT_REACT_APP_GZIP)}`)
console.log(`  goal with React                               ${kib(90 * 1024)}`)
console.log(`  PSBT/BIP-322/secp256k1 tools (lazy, on use)   ${kib(tools.initialGzip)}`)
