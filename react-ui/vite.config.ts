import { fileURLToPath } from "node:url"
import react from "@vitejs/plugin-react"
import { defaultClientConditions, defineConfig } from "vite"

/**
 * The demo page (react-ui/demo), built to demo/dist and served by `npm start` (appkit-cli dev --serve).
 * It imports the skin from source, as an app bundling the package would: every lazy view, the QR code and
 * WalletConnect stay separate chunks.
 */
export default defineConfig({
  root: fileURLToPath(new URL("./demo", import.meta.url)),
  base: "./",
  plugins: [react()],
  // The workspace packages (the skin and the core) from their sources: "@appkit/source" in their exports.
  resolve: { conditions: ["@appkit/source", ...defaultClientConditions] },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    reportCompressedSize: false,
    // Everything the first paint runs in one chunk. Without it, rolldown splits the modules the entry shares
    // with the core's lazy first-use chunk into ~40 small chunks: 166 KiB gzip instead of 149 (gzip cannot share
    // strings across files), and ~40 requests before the connect button. Lazy chunks are split as before.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: "initial", tags: ["$initial"] }] } } },
  },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
})
