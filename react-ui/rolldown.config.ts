import { defineConfig } from "rolldown"

/**
 * The package build: ESM, one output module per source module (so the modal, each view, the account tabs
 * and the QR code stay behind their dynamic imports in an app's bundle too); React, the core, Effect and
 * uqr are the app's own dependencies.
 */
export default defineConfig({
  input: { index: "src/index.ts", "bitcoin/index": "src/bitcoin/index.ts" },
  platform: "browser",
  external: [/^react($|\/)/, /^react-dom($|\/)/, /^@appkit\/core($|\/)/, /^effect($|\/)/, /^uqr$/],
  transform: { jsx: { runtime: "automatic" } },
  output: {
    dir: "dist",
    format: "esm",
    preserveModules: true,
    preserveModulesRoot: "src",
    minify: false,
    sourcemap: false,
  },
})
