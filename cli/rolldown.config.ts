import { defineConfig } from "rolldown"

// One ESM bundle so `appkit-cli --help` starts without resolving hundreds of modules; heavy commands
// stay behind dynamic import() and land in their own chunks.
export default defineConfig({
  input: { "appkit-cli": "src/main.ts" },
  platform: "node",
  // WalletConnect's packages break when bundled (their CJS builds are picked and `.default` interop fails:
  // "… is not a constructor"); `connect` loads them from node_modules at run time instead.
  external: [/^node:/, /^@walletconnect\//],
  // The workspace packages are bundled from their sources ("@appkit/source" in their exports): no build first.
  resolve: { conditionNames: ["@appkit/source", "import", "default"] },
  output: {
    dir: "dist",
    format: "esm",
    chunkFileNames: "chunks/[name]-[hash].js",
    minify: false,
    sourcemap: false,
  },
})
