import { fileURLToPath } from "node:url"
import { buildCliWhenStale } from "../scripts/cliBuild"

/**
 * Tests under test/ run the CLI as users do, from its bundle: built when its sources changed since the build
 * in place, and installed so that another vitest run in this worktree, running the CLI meanwhile, is unharmed.
 */
export default async function setup(): Promise<void> {
  await buildCliWhenStale(fileURLToPath(new URL("..", import.meta.url)))
}
