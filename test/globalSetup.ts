import { execFileSync } from "node:child_process"

/** Tests under test/ run the CLI as users do, from its bundle: build it once per run. */
export default function setup(): void {
  execFileSync("npm", ["run", "build", "-w", "@appkit/cli"], { stdio: "ignore" })
}
