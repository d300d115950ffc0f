import { defineConfig } from "rolldown"

// One ESM bundle so `appkit-cli --help` starts without resolving hundreds of modules; heavy commands
// stay behind dynamic import() and land in their own chunks.
export default defineConfig({
  input: { "appkit-cli": "src/main.ts" },
  platform: "node",
  // WalletConnect's packages break when bundled (their CJS builds are picked and `.default` interop fails:
  // "… is not a constructor"); `connect` loads them from node_modules at run time instead.
  external: [/^node:/, /^@walletconnect\//],
  output: {
    dir: "dist",
    // Chunk names carry content hashes: a build must not leave the previous build's chunks behind.
    cleanDir: true,
    format: "esm",
    chunkFileNames: "chunks/[name]-[hash].js",
    // Half the bytes to parse on every start (the Effect Schema chunk every command shares: 718 → 128 kB).
    minify: true,
    // Minified code, readable stack traces: node --enable-source-maps appkit-cli …
    sourcemap: true,
  },
})
