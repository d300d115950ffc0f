import { execFileSync, spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { startAnvil } from "@appkit/fixtures"
import { Psbt, payments } from "bitcoinjs-lib"
import { median } from "./median"

// Cold start of the bundled appkit-cli next to bare `node -e 0`, each a new process: `--help`, the toolbox
// commands (address, amount, CAIP, SIWE and PSBT), and `balance` against anvil (with a plain viem script doing the same read, for the RPC time).
// Median of N runs, interleaved so that a busy machine slows every case alike; figures only. Goals
// (issue 9 §3): --help ≤ 1.5×, toolbox ≤ 2×, balance ≤ 2.5× bare node plus the RPC time.
const root = fileURLToPath(new URL("..", import.meta.url))
const cliBundle = fileURLToPath(new URL("../cli/dist/appkit-cli.js", import.meta.url))
const cli = fileURLToPath(new URL("../cli/bin/appkit-cli.js", import.meta.url))
const runs = Number(process.env.BENCH_RUNS ?? 15)

if (!existsSync(cliBundle)) execFileSync("npm", ["run", "build", "-w", "@appkit/cli"], { stdio: "ignore" })

const timeOnce = (args: ReadonlyArray<string>, input?: string): number => {
  const start = performance.now()
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", input })
  const elapsed = performance.now() - start
  if (result.status !== 0) throw new Error(`node ${args.join(" ")} failed: ${result.stderr}`)
  return elapsed
}

// What the SIWE and PSBT commands read: an EIP-4361 message (on stdin) and a PSBT spending one P2WPKH output.
const siweMessage = [
  "service.org wants you to sign in with your Ethereum account:",
  "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  "",
  "I accept the ServiceOrg Terms of Service: https://service.org/tos",
  "",
  "URI: https://service.org/login",
  "Version: 1",
  "Chain ID: 1",
  "Nonce: 32891757",
  "Issued At: 2021-09-30T16:25:24.000Z",
].join("\n")
const p2wpkh = (fill: number) => payments.p2wpkh({ hash: new Uint8Array(20).fill(fill) }).output as Uint8Array
const psbt = new Psbt()
  .addInput({ hash: "11".repeat(32), index: 0, witnessUtxo: { script: p2wpkh(1), value: 10_000n } })
  .addOutput({ script: p2wpkh(2), value: 9_000n })
  .toBase64()

const anvil = await startAnvil({ accounts: 1 })
try {
  const address = anvil.accounts[0]?.address as string
  const viemScript = [
    'import { createClient, http } from "viem"',
    'import { getBalance } from "viem/actions"',
    `const client = createClient({ transport: http(${JSON.stringify(anvil.rpcUrl)}) })`,
    `console.log(String(await getBalance(client, { address: ${JSON.stringify(address)} })))`,
  ].join("\n")
  const cases: ReadonlyArray<readonly [string, ReadonlyArray<string>, string?]> = [
    ["node -e 0", ["-e", "0"]],
    ["appkit-cli --help", [cli, "--help"]],
    [
      "appkit-cli address validate",
      [cli, "address", "validate", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"],
    ],
    ["appkit-cli amount parse", [cli, "amount", "parse", "1.5", "--decimals", "18"]],
    ["appkit-cli caip parse", [cli, "caip", "parse", "eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8"]],
    ["appkit-cli siwe parse", [cli, "siwe", "parse", "-"], siweMessage],
    ["appkit-cli psbt inspect", [cli, "psbt", "inspect", psbt]],
    ["appkit-cli balance", [cli, "balance", address, "--rpc-url", anvil.rpcUrl]],
    ["plain viem script (balance)", ["--input-type=module", "-e", viemScript]],
  ]
  // Warm the file-system cache: cold start means a new process, not a cold disk.
  for (const [, args, input] of cases) timeOnce(args, input)
  const samples = cases.map(() => [] as Array<number>)
  for (let run = 0; run < runs; run++)
    for (const [index, [, args, input]] of cases.entries()) samples[index]?.push(timeOnce(args, input))
  const results = cases.map(([name], index) => ({ name, ms: median(samples[index] ?? []) }))
  const bare = results[0]?.ms ?? 1
  console.log(`median of ${runs} interleaved runs, anvil at ${anvil.rpcUrl}`)
  for (const { name, ms } of results)
    console.log(
      `${name.padEnd(30)} ${ms.toFixed(1).padStart(8)} ms  ${(ms / bare).toFixed(2).padStart(5)}× bare node`,
    )
  // What `balance` asks the node (eth_chainId, then eth_getBalance), timed in this process.
  const call = (method: string, params: ReadonlyArray<unknown>) =>
    fetch(anvil.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    }).then((response) => response.json())
  const rpcSamples: Array<number> = []
  for (let run = 0; run < runs; run++) {
    const start = performance.now()
    await call("eth_chainId", [])
    await call("eth_getBalance", [address, "latest"])
    rpcSamples.push(performance.now() - start)
  }
  const rpcMs = median(rpcSamples)
  const balance = results.find(({ name }) => name === "appkit-cli balance")?.ms ?? 0
  console.log(
    `balance less its RPC time (${rpcMs.toFixed(1)} ms): ${((balance - rpcMs) / bare).toFixed(2)}× bare node`,
  )
} finally {
  await anvil.stop()
}
