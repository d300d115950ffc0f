import { defineConfig } from "rolldown"

// One ESM bundle so `appkit-cli --help` starts without resolving hundreds of modules; heavy commands
// stay behind dynamic import() and land in their own chunks.
export default defineConfig({
  input: { "appkit-cli": "src/main.ts" },
  platform: "node",
  external: [/^node:/],
  output: {
    dir: "dist",
    format: "esm",
    chunkFileNames: "chunks/[name]-[hash].js",
    minify: false,
    sourcemap: false,
  },
})
