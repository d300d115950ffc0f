import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

// One run for the whole repo: every package's tests sit beside its code, end-to-end tests in test/.
export default defineConfig({
  test: {
    include: ["{core,cli,fixtures,react-ui,test}/**/*.test.{ts,tsx}"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    globalSetup: ["test/globalSetup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { APPKIT_VECTORS_DIR: fileURLToPath(new URL("../shared/vectors", import.meta.url)) },
  },
})
