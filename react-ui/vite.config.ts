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
  },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
})
