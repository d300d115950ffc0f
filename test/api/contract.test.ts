import { BlockchainSchemas, MempoolSchemas, OrdinalsSchemas, WalletSchemas } from "@appkit/core/effect"
import { Schema } from "effect"
import { privateKeyToAccount } from "viem/accounts"
import { describe, expect, it } from "vitest"
import { projectId, useFixtureApi } from "./support"

/**
 * The contract between the fixture API and the clients: every endpoint's body decodes with the very
 * schema the client decodes it with. A field renamed on either side fails here first.
 */
const fixtureApi = useFixtureApi()

const alice = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const usdc = "eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
const eth = "eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"
const sdk = `projectId=${projectId}&st=appkit&sv=2.17.2`

const call = async (method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> => {
  const separator = path.includes("?") ? "&" : "?"
  const response = await fetch(`${fixtureApi().url}${path}${separator}${sdk}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  })
  expect(response.status, `${method} ${path}: ${response.status}`).toBeLessThan(300)
  return response.json()
}

const decodes = <S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  body: unknown,
): S["Type"] => {
  const result = Schema.decodeUnknownResult(schema)(body)
  if (result._tag === "Failure") throw new Error(result.failure.message)
  return result.success
}

describe("Blockchain API bodies decode with the client schemas", () => {
  const B = BlockchainSchemas
  const gets: ReadonlyArray<readonly [string, Schema.Top & { readonly DecodingServices: never }]> = [
    ["/v1/supported-chains", B.SupportedChains],
    [`/v1/identity/${alice}`, B.Identity],
    [`/v1/identity/0x000000000000000000000000000000000000dEaD`, B.Identity],
    [`/v1/account/${alice}/history?chainId=eip155:1`, B.TransactionHistory],
    [`/v1/account/${alice}/history?onramp=buy`, B.TransactionHistory],
    [`/v1/account/${alice}/history`, B.TransactionHistory],
    [`/v1/account/${alice}/balance?currency=usd&chainId=eip155:1`, B.BalanceResponse],
    [`/v1/account/${alice}/balance?currency=usd`, B.BalanceResponse],
    [`/v1/account/5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp1111111111/balance?currency=usd`, B.BalanceResponse],
    [
      `/v1/convert/quotes?amount=1000000&userAddress=eip155:1:${alice}&from=${usdc}&to=${eth}&gasPrice=1`,
      B.SwapQuotes,
    ],
    ["/v1/convert/tokens?chainId=eip155:1", B.SwapTokens],
    [`/v1/convert/allowance?tokenAddress=${usdc}&userAddress=${alice}`, B.Allowance],
    ["/v1/convert/gas-price?chainId=eip155:8453", B.GasPrice],
    [`/v1/convert/build-approve?userAddress=${alice}&from=${usdc}&to=${eth}`, B.BuildApproveResponse],
    ["/v1/profile/account/alice.reown.id?apiVersion=2", B.NameRecord],
    [`/v1/profile/reverse/${alice}?apiVersion=2`, B.ReverseNames],
    ["/v1/profile/suggestions/alice?zone=reown.id", B.NameSuggestions],
    ["/v1/onramp/options", B.OnrampOptions],
    [`/v1/sessions/eip155:1:${alice}`, B.SmartSessions],
  ]
  it.each(gets)("GET %s", async (path, schema) => {
    decodes(schema, await call("GET", path))
  })

  it("POST bodies built from the client's request schemas", async () => {
    decodes(
      B.FungiblePriceResponse,
      await call("POST", "/v1/fungible/price", { currency: "usd", addresses: [usdc, eth], projectId }),
    )
    const build = decodes(B.BuildTransactionRequest, {
      projectId,
      amount: "1000000",
      eip155: { slippage: "1" },
      from: usdc,
      to: eth,
      userAddress: `eip155:1:${alice}`,
      disableEstimate: false,
    })
    decodes(B.BuildTransactionResponse, await call("POST", "/v1/convert/build-transaction", build))
    decodes(
      B.OnrampUrl,
      await call("POST", "/v1/generators/onrampurl", {
        destinationWallets: [{ address: alice, blockchains: ["base"], assets: ["USDC"] }],
        partnerUserId: alice,
        defaultExperience: "buy",
        presetFiatAmount: 50,
      }),
    )
    const options = decodes(B.OnrampOptions, await call("GET", "/v1/onramp/options"))
    const quote = {
      purchaseCurrency: options.purchaseCurrencies[0],
      paymentCurrency: options.paymentCurrencies[0],
      amount: "100",
      network: "base",
    }
    decodes(B.OnrampQuote, await call("POST", "/v1/onramp/quote", decodes(B.OnrampQuoteRequest, quote)))
    const sessions = decodes(B.SmartSessions, await call("GET", `/v1/sessions/eip155:1:${alice}`))
    decodes(
      B.RevokeSessionResponse,
      await call("POST", `/v1/sessions/eip155:1:${alice}/revoke`, {
        pci: sessions.pcis[0]?.pci,
        signature: "0x1234",
      }),
    )
    const account = privateKeyToAccount("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a")
    const message = JSON.stringify({ name: "contract-test.reown.id", attributes: {}, timestamp: 1 })
    const register = {
      coin_type: 60,
      address: account.address,
      message,
      signature: await account.signMessage({ message }),
    }
    decodes(
      B.RegisterNameResponse,
      await call("POST", "/v1/profile/account", decodes(B.RegisterNameRequest, register)),
    )
  })
})

describe("Wallet API bodies decode with the client schemas", () => {
  const W = WalletSchemas
  it.each([
    ["/getWallets?page=1&entries=40", W.WalletPage],
    ["/getWallets?page=1&entries=100&search=wallet&badge_type=certified", W.WalletPage],
    ["/getAnalyticsConfig", W.AnalyticsConfig],
    ["/projects/v1/origins", W.ProjectOrigins],
    ["/appkit/v1/config", W.AppKitRemoteConfig],
  ] as const)("GET %s", async (path, schema) => {
    decodes(schema, await call("GET", path))
  })
})

describe("Bitcoin service bodies decode with the client schemas", () => {
  it("mempool UTXOs on mainnet and testnet", async () => {
    decodes(
      MempoolSchemas.Utxos,
      await call("GET", "/api/address/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq/utxo"),
    )
    decodes(
      MempoolSchemas.Utxos,
      await call("GET", "/testnet/api/address/tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx/utxo"),
    )
  })

  it("ordinals estimates, orders, execution, lookup and RBF", async () => {
    const O = OrdinalsSchemas
    const mint = decodes(O.MintEstimateRequest, {
      destinationAddress: "bc1qdest",
      feeRate: 12,
      runeName: "UNCOMMON•GOODS",
      repeats: 3,
    })
    decodes(O.OrderEstimate, await call("POST", "/runes/mint/estimate", mint))
    const etch = decodes(O.EtchEstimateRequest, {
      destinationAddress: "bc1qdest",
      feeRate: 12,
      runeName: "FIXTURE",
      isMintable: true,
    })
    decodes(O.OrderEstimate, await call("POST", "/runes/etch/estimate", etch))
    const created = decodes(
      O.CreatedOrder,
      await call(
        "POST",
        "/runes/etch/orders",
        decodes(O.EtchOrderRequest, { ...etch, refundAddress: "bc1qrefund" }),
      ),
    )
    decodes(
      O.ExecutedOrder,
      await call("POST", `/runes/etch/orders/${created.orderId}/execute`, {
        fundTransactionId: "cd".repeat(32),
      }),
    )
    decodes(O.Order, await call("GET", `/orders/${created.orderId}`))
    decodes(O.RbfEstimate, await call("POST", `/orders/${created.orderId}/rbf-estimate`, { newFeeRate: 30 }))
  })
})
