import {
  BlockchainApi,
  type BlockchainSchemas,
  isMockedOnrampQuote,
  Mempool,
  Ordinals,
  sampleOnrampOptions,
  WalletApi,
} from "@appkit/core/effect"
import type { Fault, PathPattern } from "@appkit/fixtures"
import { Effect, Option } from "effect"
import { describe, expect, it } from "vitest"
import { failure, runAgainst, succeed, useFixtureApi } from "./support"

/**
 * Every injected fault against the real clients over real HTTP: each call ends in a typed error or in
 * its §8 fallback, never a hang or a defect. Per-request timeout is short so latency faults trip it.
 */
const fixtureApi = useFixtureApi()
/** Generous for answers (a loaded CI machine must not turn a fast 503 into a timeout); short for stalls. */
const TIMEOUT_MS = 10_000
const STALL_TIMEOUT_MS = 300

const alice = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const usdc = "eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
const eth = "eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"

const faults = {
  "503": { status: 503 },
  "401 invalid key": { status: 401, message: "Unauthorized: invalid key" },
  malformed: { malformed: true },
  drop: { drop: true },
  latency: { latencyMs: 60_000 },
} as const satisfies Record<string, Fault>
type FaultName = keyof typeof faults

/** What the raw client error must be for each fault. */
const rawError: Record<FaultName, { readonly tag: string; readonly message: RegExp }> = {
  "503": { tag: "HttpStatusError", message: /^HTTP status code: 503$/ },
  "401 invalid key": { tag: "HttpStatusError", message: /^HTTP status code: 401$/ },
  malformed: { tag: "ResponseDecodeError", message: /^Unexpected response from / },
  drop: { tag: "HttpTransportError", message: /^Network request failed: / },
  latency: {
    tag: "HttpTimeoutError",
    message: new RegExp(`^Request timed out after ${STALL_TIMEOUT_MS} ms`),
  },
}

const onEvery = (pattern: PathPattern, fault: Fault) => fixtureApi().faults.set(pattern, fault)

/** Uncached reads (no retry backoff), each under every fault: the raw typed error of the client. */
const rawCalls = {
  history: [
    "/v1/account/*/history",
    BlockchainApi.use((api) => api.history({ account: alice, chainId: "eip155:1" })),
  ],
  "swap quotes": [
    "/v1/convert/quotes",
    BlockchainApi.use((api) =>
      api.swapQuotes({
        chainId: "eip155:1",
        amount: "1000000",
        userAddress: alice,
        from: usdc,
        to: eth,
        gasPrice: "1",
      }),
    ),
  ],
  "gas price": ["/v1/convert/gas-price", BlockchainApi.use((api) => api.gasPrice({ chainId: "eip155:1" }))],
  sessions: ["/v1/sessions/*", BlockchainApi.use((api) => api.sessions(`eip155:1:${alice}`))],
  "ordinals order": ["/orders/*", Ordinals.use((api) => api.getOrder("Mainnet", "order-000001"))],
} as const

describe.each(Object.keys(faults) as FaultName[])("fault %s", (name) => {
  const fault = faults[name]
  const timeout = name === "latency" ? STALL_TIMEOUT_MS : TIMEOUT_MS

  it.each(Object.entries(rawCalls))("%s fails with the typed client error", async (_, [pattern, call]) => {
    onEvery(pattern, fault)
    const error = (await failure(
      runAgainst(fixtureApi(), call as Effect.Effect<unknown, unknown, never>, timeout),
    )) as {
      _tag: string
      message: string
    }
    expect(error._tag).toBe(rawError[name].tag)
    expect(error.message).toMatch(rawError[name].message)
  })

  it("balance fails with 'Token Balance Unavailable' naming the cause", async () => {
    onEvery("/v1/account/*/balance", fault)
    const error = await failure(
      runAgainst(
        fixtureApi(),
        BlockchainApi.use((api) => api.balance({ address: alice, chainId: "eip155:1" })),
        timeout,
      ),
    )
    expect(error.message).toBe("Token Balance Unavailable")
    expect((error.cause as { _tag: string })._tag).toBe(rawError[name].tag)
  })

  it("name suggestions fail with 'Error fetching name suggestions'", async () => {
    onEvery("/v1/profile/suggestions/*", fault)
    const error = await failure(
      runAgainst(
        fixtureApi(),
        BlockchainApi.use((api) => api.nameSuggestions("alice")),
        timeout,
      ),
    )
    expect(error.message).toBe("Error fetching name suggestions")
  })

  it("an onramp quote falls back to the mocked quote of the amount entered", async () => {
    onEvery("/v1/onramp/quote", fault)
    const request: BlockchainSchemas.OnrampQuoteRequest = {
      purchaseCurrency: sampleOnrampOptions.purchaseCurrencies[0] as BlockchainSchemas.PurchaseCurrency,
      paymentCurrency: sampleOnrampOptions.paymentCurrencies[0] as BlockchainSchemas.PaymentCurrency,
      amount: "100",
      network: "ethereum",
    }
    const quote = await succeed(
      runAgainst(
        fixtureApi(),
        BlockchainApi.use((api) => api.onrampQuote(request)),
        timeout,
      ),
    )
    expect(isMockedOnrampQuote(quote)).toBe(true)
    expect(quote.paymentTotal).toEqual({ amount: "100", currency: "USD" })
  })

  it("analytics config and origins fail quietly: analytics off, no origin list", async () => {
    onEvery("/getAnalyticsConfig", fault)
    onEvery("/projects/v1/origins", fault)
    const [config, origins] = await succeed(
      runAgainst(
        fixtureApi(),
        Effect.all([WalletApi.use((api) => api.analyticsConfig), WalletApi.use((api) => api.allowedOrigins)]),
        timeout,
      ),
    )
    expect(config).toEqual({ isAnalyticsEnabled: false })
    expect(Option.isNone(origins)).toBe(true)
  })

  it("mempool UTXOs fail typed ('Failed to fetch UTXOs: {body}' for a status)", async () => {
    onEvery("/api/address/*/utxo", fault)
    const error = (await failure(
      runAgainst(
        fixtureApi(),
        Mempool.use((api) =>
          api.utxos({ address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", network: "Mainnet" }),
        ),
        timeout,
      ),
    )) as { _tag: string; message: string }
    if ("status" in fault) {
      expect(error._tag).toBe("UtxoFetchError")
      expect(error.message).toMatch(/^Failed to fetch UTXOs: /)
    } else expect(error._tag).toBe(rawError[name].tag)
  })
})

/** Cached reads retry transient failures with backoff; 4xx and malformed bodies are final at once. */
describe("cached reads under final faults", () => {
  it.each(["401 invalid key", "malformed"] as const)(
    "%s: onramp options fall back to the sample options",
    async (name) => {
      onEvery("/v1/onramp/options", faults[name])
      const options = await succeed(
        runAgainst(
          fixtureApi(),
          BlockchainApi.use((api) => api.onrampOptions),
          TIMEOUT_MS,
        ),
      )
      expect(options).toBe(sampleOnrampOptions)
    },
  )

  it.each(["401 invalid key", "malformed"] as const)("%s: wallets and names fail typed", async (name) => {
    onEvery("/getWallets", faults[name])
    onEvery("/v1/profile/account/*", faults[name])
    const wallets = (await failure(
      runAgainst(
        fixtureApi(),
        WalletApi.use((api) => api.getWallets()),
        TIMEOUT_MS,
      ),
    )) as {
      _tag: string
    }
    expect(wallets._tag).toBe(rawError[name].tag)
    const lookup = await failure(
      runAgainst(
        fixtureApi(),
        BlockchainApi.use((api) => api.lookupName("alice.reown.id")),
        TIMEOUT_MS,
      ),
    )
    expect(lookup.message).toBe("Error resolving name")
  })

  it.each([
    ["Unauthorized: origin not allowed", 403, "Invalid App Configuration"],
    ["Unauthorized: invalid key", 401, "Invalid Project ID"],
    ["JWT validation error: JWT Token is not yet valid", 401, "Session Expired"],
  ] as const)(
    "server message '%s' on the remote config raises its §8 alert",
    async (message, status, alert) => {
      onEvery("/appkit/v1/config", { status, message })
      const error = await failure(
        runAgainst(
          fixtureApi(),
          WalletApi.use((api) => api.remoteFeatures),
          TIMEOUT_MS,
        ),
      )
      expect(error.message).toContain(alert)
    },
  )

  it("a 503 on the remote config keeps the local features (None), after its retries", async () => {
    fixtureApi().faults.next({ status: 503 })
    const features = await succeed(
      runAgainst(
        fixtureApi(),
        WalletApi.use((api) => api.remoteFeatures),
        TIMEOUT_MS,
      ),
    )
    expect(Option.isNone(features)).toBe(true)
  })
})
