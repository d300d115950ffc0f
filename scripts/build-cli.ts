import { fileURLToPath } from "node:url"
import { buildCliWhenStale } from "./cliBuild"

/**
 * `npm run build -w @appkit/cli`: builds cli/dist through the same builder as the tests (built aside, then
 * installed entry last), so a build never leaves a half-written bundle under a CLI that a test run starts.
 */
const root = fileURLToPath(new URL("..", import.meta.url))
buildCliWhenStale(root).then(
  (built) => console.info(built ? "cli/dist built" : "cli/dist is current (its sources did not change)"),
  (error: unknown) => {
    console.error(error)
    process.exitCode = 1
  },
)
