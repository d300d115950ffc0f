import { defineConfig } from "rolldown"

// One ESM bundle so `appkit-cli --help` starts without resolving hundreds of modules; heavy commands
// stay behind dynamic import() and land in their own chunks.
export default defineConfig({
  input: { "appkit-cli": "src/main.ts" },
  platform: "node",
  // WalletConnect's packages break when bundled (their CJS builds are picked and `.default` interop fails:
  // "… is not a constructor"); `connect` loads them from node_modules at run time instead. `dev`'s local
  // servers stay in node_modules too: litesvm (the Solana chain) is a native addon, PGlite loads its
  // WebAssembly and data files from beside its module, and rolldown (which bundles the secure site's frame
  // page at start) is a native binding.
  external: [
    /^node:/,
    /^@walletconnect\//,
    /^litesvm/,
    /^@electric-sql\//,
    "oidc-provider",
    "nodemailer",
    "smtp-server",
    "rolldown",
  ],
  output: {
    dir: "dist",
    format: "esm",
    chunkFileNames: "chunks/[name]-[hash].js",
    minify: false,
    sourcemap: false,
  },
})
