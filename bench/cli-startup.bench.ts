import { execFileSync, spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { startAnvil } from "@appkit/fixtures"

// Cold start of the bundled appkit-cli (`--help`, `balance` against anvil) next to bare `node -e 0` and a
// plain viem script doing the same balance read. Wall-clock per process, median of N runs; figures only.
const root = fileURLToPath(new URL("..", import.meta.url))
const cliBundle = fileURLToPath(new URL("../cli/dist/appkit-cli.js", import.meta.url))
const cli = fileURLToPath(new URL("../cli/bin/appkit-cli.js", import.meta.url))
const runs = Number(process.env.BENCH_RUNS ?? 15)

if (!existsSync(cliBundle)) execFileSync("npm", ["run", "build", "-w", "@appkit/cli"], { stdio: "ignore" })

const timeOnce = (args: ReadonlyArray<string>): number => {
  const start = performance.now()
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8" })
  const elapsed = performance.now() - start
  if (result.status !== 0) throw new Error(`node ${args.join(" ")} failed: ${result.stderr}`)
  return elapsed
}

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

const anvil = await startAnvil({ accounts: 1 })
try {
  const address = anvil.accounts[0]?.address as string
  const viemScript = [
    'import { createClient, http } from "viem"',
    'import { getBalance } from "viem/actions"',
    `const client = createClient({ transport: http(${JSON.stringify(anvil.rpcUrl)}) })`,
    `console.log(String(await getBalance(client, { address: ${JSON.stringify(address)} })))`,
  ].join("\n")
  const cases: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
    ["node -e 0", ["-e", "0"]],
    ["appkit-cli --help", [cli, "--help"]],
    ["appkit-cli balance", [cli, "balance", "--address", address, "--rpc-url", anvil.rpcUrl]],
    ["plain viem script (balance)", ["--input-type=module", "-e", viemScript]],
  ]
  const results = cases.map(([name, args]) => {
    timeOnce(args) // warm the file-system cache; cold start means a new process, not a cold disk
    return { name, ms: median(Array.from({ length: runs }, () => timeOnce(args))) }
  })
  const bare = results[0]?.ms ?? 1
  console.log(`median of ${runs} runs, anvil at ${anvil.rpcUrl}`)
  for (const { name, ms } of results) {
    console.log(
      `${name.padEnd(30)} ${ms.toFixed(1).padStart(8)} ms  ${(ms / bare).toFixed(2).padStart(5)}× bare node`,
    )
  }
} finally {
  await anvil.stop()
}
