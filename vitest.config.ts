import { fileURLToPath } from "node:url"
import { defaultServerConditions } from "vite"
import { defineConfig } from "vitest/config"

// The workspace packages resolve to their TypeScript sources ("@appkit/source" in their exports), so tests
// never need a build first; the packaging tests check the built tarballs. The rest is Vitest's own default
// (Vite's server conditions without "module", which would pick some packages' browser-leaning builds).
const conditions = [
  "@appkit/source",
  ...defaultServerConditions.filter((condition) => condition !== "module"),
]

// One run for the whole repo: every package's tests sit beside its code, end-to-end tests in test/.
export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ["{core,cli,fixtures,react-ui,test}/**/*.test.{ts,tsx}"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    globalSetup: ["test/globalSetup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { APPKIT_VECTORS_DIR: fileURLToPath(new URL("../shared/vectors", import.meta.url)) },
  },
})
