import { homedir } from "node:os"
import { join } from "node:path"

/** Where the CLI keeps its state between runs: `$APPKIT_HOME`, default ~/.appkit. */
export const appkitHome = (env: NodeJS.ProcessEnv = process.env): string =>
  env.APPKIT_HOME && env.APPKIT_HOME.length > 0 ? env.APPKIT_HOME : join(homedir(), ".appkit")
