import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { ApiConfig, apiLayer, BlockchainApi } from "@appkit/core/effect"
import { Effect, ManagedRuntime } from "effect"
import { cacheAtScale } from "./cacheAtScale"

await cacheAtScale()

// The query cache under load: 1,000 concurrent identical balance reads against a local API on 127.0.0.1
// (upstream calls counted by the server), then the latency of cache hits. Figures, never assertions.
const chainId = "eip155:1"
const address = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
const upstreamLatencyMs = 20
const upstreamCalls: Record<string, number> = {}

const server = createServer((request, response) => {
  const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname
  upstreamCalls[path] = (upstreamCalls[path] ?? 0) + 1
  const body =
    path === "/v1/supported-chains"
      ? { http: [chainId], ws: [] }
      : {
          balances: [
            {
              name: "Ether",
              symbol: "ETH",
              chainId,
              price: 3000,
              value: 4500,
              quantity: { decimals: "18", numeric: "1.5" },
              iconUrl: "http://127.0.0.1/eth.png",
            },
          ],
        }
  setTimeout(
    () => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body)),
    upstreamLatencyMs,
  )
})
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
const { port } = server.address() as AddressInfo

const runtime = ManagedRuntime.make(
  apiLayer(ApiConfig.fromBaseUrl(`http://127.0.0.1:${port}`, { projectId: "bench" })),
)
const readBalance = Effect.flatMap(BlockchainApi, (api) => api.balance({ address, chainId }))

const concurrentReads = 1000
const coldStart = performance.now()
await runtime.runPromise(
  Effect.all(
    Array.from({ length: concurrentReads }, () => readBalance),
    { concurrency: "unbounded" },
  ),
)
const coldMs = performance.now() - coldStart
const balanceCalls = upstreamCalls[`/v1/account/${address}/balance`] ?? 0
console.log(
  `${concurrentReads} concurrent identical balance reads: ${coldMs.toFixed(1)} ms, upstream balance calls: ${balanceCalls}`,
)

const hits = 20_000
const samples = new Float64Array(hits)
for (let i = 0; i < hits; i++) {
  const start = performance.now()
  await runtime.runPromise(readBalance)
  samples[i] = performance.now() - start
}
samples.sort()
const micros = (ms: number | undefined) => `${((ms ?? 0) * 1000).toFixed(1)} µs`
const mean = samples.reduce((sum, value) => sum + value, 0) / hits
console.log(
  `cache hit latency over ${hits} reads: mean ${micros(mean)}, p50 ${micros(samples[hits >> 1])}, p99 ${micros(samples[Math.floor(hits * 0.99)])}`,
)
console.log(`upstream calls for the whole run: ${JSON.stringify(upstreamCalls)}`)

await runtime.dispose()
await new Promise<void>((resolve) => server.close(() => resolve()))
