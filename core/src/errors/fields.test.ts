import { describe, expect, it } from "vitest"
import { AlertError } from "./alerts"
import {
  BitcoinDisconnectError,
  BitcoinError,
  BitcoinMethodNotSupportedError,
  BitcoinRpcError,
  UtxoFetchError,
  XverseNetworkError,
} from "./bitcoin"
import { TransactionConfirmationTimeout } from "./confirmation"
import { ChainRequiredError, ConnectionError, DisconnectError, SiwxError } from "./connection"
import { DataError } from "./data"
import { EmailCooldownError, EmbeddedFrameError, FrameAbortedError, FrameRequestError } from "./embedded"
import { HttpStatusError, HttpTimeoutError, HttpTransportError, ResponseDecodeError } from "./http"
import { NameError } from "./names"
import { NodeError } from "./nodeErrors"
import {
  InvalidFiatAmountError,
  OnrampLimitError,
  OnrampNotOfferedError,
  OnrampRestrictedError,
} from "./onramp"
import { InvalidAppKitOptionsError } from "./options"
import { ProviderRpcError } from "./ProviderRpcError"
import { InvalidContractCallError, InvalidParameterError } from "./parameters"
import {
  AllowanceNotGrantedError,
  BlockchainApiMissingError,
  InvalidSwapTransactionError,
  NoSwapQuoteError,
  PendingTransactionsLimitError,
  SwapNotReadyError,
  SwapRevertedError,
  SwapTokenNotFoundError,
} from "./swapFlow"
import { SendError, SwapError } from "./transfer"
import { InvalidWalletReplyError, WalletRequestTimeout } from "./wallet"

/**
 * What a caller of every catalogue error relies on besides its text: the `_tag` it matches with catchTag, the
 * `shortMessage` (the §8 text again), `details` (what lies behind it, shown in a details view or logged) and
 * `docsPath` (the error's entry in the catalogue, for a "learn more" link).
 */
interface Fields {
  readonly _tag: string
  readonly message: string
  readonly details: string | undefined
  readonly docsPath: string
}

type Case = readonly [error: Error & Fields & { readonly shortMessage: string }, expected: Fields]

const txHash = `0x${"ab".repeat(32)}`

const cases: ReadonlyArray<Case> = [
  [
    new AlertError({ alert: "networkNotFound" }),
    {
      _tag: "AlertError",
      message: "Network Not Found",
      details:
        "Network not found - please make sure it is included in the 'networks' array passed to createAppKit",
      docsPath: "/errors#network-not-found",
    },
  ],
  [
    new BitcoinError({ reason: "singleRecipientOnly" }),
    {
      _tag: "BitcoinError",
      message: "Only one recipient is supported by this wallet provider",
      details: undefined,
      docsPath: "/errors#only-one-recipient-is-supported-by-this-wallet-provider",
    },
  ],
  [
    new BitcoinMethodNotSupportedError({ method: "signPsbt" }),
    {
      _tag: "BitcoinMethodNotSupportedError",
      message: "Method signPsbt is not supported",
      details: undefined,
      docsPath: "/errors#wallet-call-is-not-supported",
    },
  ],
  [
    new XverseNetworkError({ network: "Testnet" }),
    {
      _tag: "XverseNetworkError",
      message: "Network Testnet not supported by Xverse wallet",
      details: undefined,
      docsPath: "/errors#network-not-supported-by-xverse-wallet",
    },
  ],
  [
    new UtxoFetchError({ body: "Invalid Bitcoin address" }),
    {
      _tag: "UtxoFetchError",
      message: "Failed to fetch UTXOs: Invalid Bitcoin address",
      details: "Invalid Bitcoin address",
      docsPath: "/errors#failed-to-fetch-utxos",
    },
  ],
  [
    new BitcoinRpcError({ code: -32002, message: "Access denied by the user's settings" }),
    {
      _tag: "BitcoinRpcError",
      message: "Access denied by the user's settings",
      details: undefined,
      docsPath: "/errors#access-denied-by-the-user-s-settings",
    },
  ],
  [
    new BitcoinDisconnectError({ cause: new Error("extension gone") }),
    {
      _tag: "BitcoinDisconnectError",
      message: "Failed to disconnect",
      details: "extension gone",
      docsPath: "/errors#failed-to-disconnect",
    },
  ],
  [
    new TransactionConfirmationTimeout({ hash: txHash, timeoutMs: 90_000 }),
    {
      _tag: "TransactionConfirmationTimeout",
      message: `Transaction ${txHash} was not confirmed within 90 s`,
      details: txHash,
      docsPath: "/errors#transaction-was-not-confirmed",
    },
  ],
  [
    new ConnectionError({ reason: "connectorChainMismatch" }),
    {
      _tag: "ConnectionError",
      message: "Connector chain mismatch.",
      details: undefined,
      docsPath: "/errors#connector-chain-mismatch",
    },
  ],
  [
    new ChainRequiredError({ action: "switch network" }),
    {
      _tag: "ChainRequiredError",
      message: "Chain is required to switch network",
      details: undefined,
      docsPath: "/errors#chain-is-required-to",
    },
  ],
  [
    new DisconnectError({ cause: "wallet refused" }),
    {
      _tag: "DisconnectError",
      message: "Failed to disconnect",
      details: "wallet refused",
      docsPath: "/errors#failed-to-disconnect",
    },
  ],
  [
    new SiwxError({ reason: "noActiveAddress" }),
    {
      _tag: "SiwxError",
      message: "No ActiveCaipAddress found",
      details: undefined,
      docsPath: "/errors#no-activecaipaddress-found",
    },
  ],
  [
    new DataError({ reason: "tokenBalanceUnavailable", cause: { message: "HTTP status code: 503" } }),
    {
      _tag: "DataError",
      message: "Token Balance Unavailable",
      details: "HTTP status code: 503",
      docsPath: "/errors#token-balance-unavailable",
    },
  ],
  [
    new EmbeddedFrameError({ code: "unverified_domain" }),
    {
      _tag: "EmbeddedFrameError",
      message: "unverified_domain",
      details: undefined,
      docsPath: "/errors#unverified-domain",
    },
  ],
  [
    new FrameAbortedError({ rpcRequest: false }),
    {
      _tag: "FrameAbortedError",
      message: "Something went wrong",
      details: undefined,
      docsPath: "/errors#something-went-wrong",
    },
  ],
  [
    new FrameRequestError({ message: "Invalid OTP" }),
    {
      _tag: "FrameRequestError",
      message: "Invalid OTP",
      details: undefined,
      docsPath: "/errors#an-error-occurred",
    },
  ],
  [
    new EmailCooldownError({ seconds: 27 }),
    {
      _tag: "EmailCooldownError",
      message: "Please try again after 27 seconds",
      details: undefined,
      docsPath: "/errors#please-try-again-after",
    },
  ],
  [
    new HttpStatusError({ status: 503, url: "http://127.0.0.1/x", body: '{"error":"down"}' }),
    {
      _tag: "HttpStatusError",
      message: "HTTP status code: 503",
      details: '{"error":"down"}',
      docsPath: "/errors#http-status-code",
    },
  ],
  [
    new HttpTimeoutError({ url: "http://127.0.0.1/slow", timeoutMillis: 5000 }),
    {
      _tag: "HttpTimeoutError",
      message: "Request timed out after 5000 ms: http://127.0.0.1/slow",
      details: "http://127.0.0.1/slow",
      docsPath: "/errors#request-timed-out",
    },
  ],
  [
    new HttpTransportError({ url: "http://127.0.0.1/", reason: "ECONNREFUSED" }),
    {
      _tag: "HttpTransportError",
      message: "Network request failed: http://127.0.0.1/ (ECONNREFUSED)",
      details: "ECONNREFUSED",
      docsPath: "/errors#network-request-failed",
    },
  ],
  [
    new ResponseDecodeError({ url: "http://127.0.0.1/", issue: "expected a string at balance" }),
    {
      _tag: "ResponseDecodeError",
      message: "Unexpected response from http://127.0.0.1/: expected a string at balance",
      details: "expected a string at balance",
      docsPath: "/errors#unexpected-response",
    },
  ],
  [
    new NameError({ reason: "register", cause: new Error("name taken") }),
    {
      _tag: "NameError",
      message: "Error registering name",
      details: "name taken",
      docsPath: "/errors#error-registering-name",
    },
  ],
  [
    new NodeError({ kind: "NonceTooLow", nodeMessage: "nonce too low: next nonce 5, tx nonce 4" }),
    {
      _tag: "NodeError",
      message: "The transaction nonce is too low",
      details: "nonce too low: next nonce 5, tx nonce 4",
      docsPath: "/errors#the-transaction-nonce-is-too-low",
    },
  ],
  [
    new OnrampRestrictedError({ timeZone: "Asia/Shanghai" }),
    {
      _tag: "OnrampRestrictedError",
      message: "Buying crypto is not available in this region",
      details: "Asia/Shanghai",
      docsPath: "/errors#buying-crypto-is-not-available-in-this-region",
    },
  ],
  [
    new InvalidFiatAmountError({ amount: "1.234" }),
    {
      _tag: "InvalidFiatAmountError",
      message: "Invalid amount '1.234': a fiat amount such as 100 or 99.50",
      details: undefined,
      docsPath: "/errors#invalid-fiat-amount",
    },
  ],
  [
    new OnrampNotOfferedError({ what: "payment", wanted: "JPY", offered: ["USD", "EUR"] }),
    {
      _tag: "OnrampNotOfferedError",
      message: "Cannot pay with 'JPY' (accepted: USD, EUR)",
      details: undefined,
      docsPath: "/errors#not-offered-by-the-onramp-provider",
    },
  ],
  [
    new OnrampLimitError({
      amount: "5",
      currency: "USD",
      limits: [
        { id: "card", min: "10.00", max: "7500.00" },
        { id: "bank", min: "10.00", max: "25000.00" },
      ],
    }),
    {
      _tag: "OnrampLimitError",
      message: "Amount 5 USD is outside the payment limits (card 10.00–7500.00, bank 10.00–25000.00)",
      details: undefined,
      docsPath: "/errors#outside-the-payment-limits",
    },
  ],
  [
    new InvalidAppKitOptionsError({ issue: "networks[0].id: expected a positive integer, got -1" }),
    {
      _tag: "InvalidAppKitOptionsError",
      message: "Invalid AppKit options: networks[0].id: expected a positive integer, got -1",
      details: "networks[0].id: expected a positive integer, got -1",
      docsPath: "/errors#invalid-appkit-options",
    },
  ],
  [
    new InvalidParameterError({ parameter: "amount", expected: "a non-negative decimal" }),
    {
      _tag: "InvalidParameterError",
      message: "Invalid amount: expected a non-negative decimal",
      details: undefined,
      docsPath: "/errors#invalid-parameter",
    },
  ],
  [
    new InvalidContractCallError({ functionName: "transfer", reason: "expected 2 arguments, got 1" }),
    {
      _tag: "InvalidContractCallError",
      message: "Cannot encode a call to transfer: expected 2 arguments, got 1",
      details: "expected 2 arguments, got 1",
      docsPath: "/errors#cannot-encode-a-contract-call",
    },
  ],
  [
    new ProviderRpcError({ code: 4001, message: "User rejected the request." }),
    {
      _tag: "ProviderRpcError",
      message: "User rejected the request.",
      details: undefined,
      docsPath: "/errors#signature-declined",
    },
  ],
  [
    new ProviderRpcError({ code: 4100, message: "Unauthorized" }),
    {
      _tag: "ProviderRpcError",
      message: "Unauthorized",
      details: undefined,
      docsPath: "/errors#wallet-json-rpc-codes",
    },
  ],
  [
    new SwapTokenNotFoundError({ token: "FOO", chainId: "eip155:1", known: ["ETH", "USDC"] }),
    {
      _tag: "SwapTokenNotFoundError",
      message: "Token FOO is not available for swaps on eip155:1",
      details: "known: ETH, USDC",
      docsPath: "/errors#token-not-available-for-swaps",
    },
  ],
  [
    new NoSwapQuoteError({ from: "ETH", to: "USDC" }),
    {
      _tag: "NoSwapQuoteError",
      message: "No swap quote for ETH → USDC",
      details: undefined,
      docsPath: "/errors#no-swap-quote",
    },
  ],
  [
    new InvalidSwapTransactionError({ step: "approve", problem: "calldata is not hex" }),
    {
      _tag: "InvalidSwapTransactionError",
      message: "The approve transaction built for this swap is invalid: calldata is not hex",
      details: "calldata is not hex",
      docsPath: "/errors#invalid-swap-transaction",
    },
  ],
  [
    new SwapRevertedError({ step: "swap", hash: txHash }),
    {
      _tag: "SwapRevertedError",
      message: `The swap transaction ${txHash} reverted`,
      details: txHash,
      docsPath: "/errors#swap-transaction-reverted",
    },
  ],
  [
    new AllowanceNotGrantedError({ allowance: "0", amount: "1000" }),
    {
      _tag: "AllowanceNotGrantedError",
      message: "The allowance is 0 after the approval, below the swap amount 1000",
      details: undefined,
      docsPath: "/errors#allowance-not-granted",
    },
  ],
  [
    new PendingTransactionsLimitError({ limit: 3 }),
    {
      _tag: "PendingTransactionsLimitError",
      message: "Too many pending transactions (3): wait for some to confirm",
      details: undefined,
      docsPath: "/errors#too-many-pending-transactions",
    },
  ],
  [
    new SwapNotReadyError({}),
    {
      _tag: "SwapNotReadyError",
      message: "No swap quote to execute: ask for a quote first",
      details: undefined,
      docsPath: "/errors#no-swap-quote-to-execute-ask-for-a-quote-first",
    },
  ],
  [
    new BlockchainApiMissingError({ feature: "Swaps" }),
    {
      _tag: "BlockchainApiMissingError",
      message: "Swaps needs the Blockchain API: pass apiUrl to createAppKit",
      details: undefined,
      docsPath: "/errors#blockchain-api-not-configured",
    },
  ],
  [
    new SwapError({ reason: "swapNetworkUnsupported" }),
    {
      _tag: "SwapError",
      message: "Network not supported for Swaps",
      details: undefined,
      docsPath: "/errors#network-not-supported-for-swaps",
    },
  ],
  [
    new SendError({ reason: "tokenRequired" }),
    {
      _tag: "SendError",
      message: "A token is required",
      details: undefined,
      docsPath: "/errors#a-token-is-required",
    },
  ],
  [
    new InvalidWalletReplyError({ method: "personal_sign", expected: "signature", reply: 42 }),
    {
      _tag: "InvalidWalletReplyError",
      message: "The wallet returned no signature",
      details: undefined,
      docsPath: "/errors#the-wallet-returned-no-signature",
    },
  ],
  [
    new WalletRequestTimeout({ walletName: "MetaMask", method: "personal_sign", timeoutMs: 120_000 }),
    {
      _tag: "WalletRequestTimeout",
      message:
        "MetaMask did not answer personal_sign within 2m: check that the wallet is open and still connected, then try again",
      details: undefined,
      docsPath: "/errors#wallet-did-not-answer",
    },
  ],
]

describe("every catalogue error's fields", () => {
  it.each(cases.map(([error, expected]) => [expected._tag, error, expected] as const))(
    "%s: tag, message, shortMessage, details and docsPath",
    (_tag, error, expected) => {
      expect({
        _tag: error._tag,
        message: error.message,
        details: error.details,
        docsPath: error.docsPath,
      }).toEqual(expected)
      expect(error.shortMessage).toBe(expected.message)
      expect(error).toBeInstanceOf(Error)
    },
  )

  it("covers every tagged error class the catalogue exports", async () => {
    const modules = await Promise.all(
      [
        "./alerts",
        "./bitcoin",
        "./confirmation",
        "./connection",
        "./data",
        "./embedded",
        "./http",
        "./names",
        "./nodeErrors",
        "./onramp",
        "./options",
        "./parameters",
        "./ProviderRpcError",
        "./swapFlow",
        "./transfer",
        "./wallet",
      ].map((path) => import(path) as Promise<Record<string, unknown>>),
    )
    const exported = modules
      .flatMap((module) => Object.entries(module))
      .filter(
        ([, value]) =>
          typeof value === "function" && (value as { prototype?: unknown }).prototype instanceof Error,
      )
      .map(([name]) => name)
    expect(new Set(exported)).toEqual(new Set(cases.map(([, expected]) => expected._tag)))
  })
})

describe("the messages and codes that vary with a field", () => {
  it("words each onramp refusal by what was not offered", () => {
    const offered = ["a", "b"]
    const message = (what: OnrampNotOfferedError["what"], currency?: string) =>
      new OnrampNotOfferedError({ what, wanted: "x", offered, ...(currency ? { currency } : {}) }).message
    expect(message("provider")).toBe("Cannot buy through 'x' (offered: a, b)")
    expect(message("purchase")).toBe("Cannot buy 'x' (offered: a, b)")
    expect(message("payment")).toBe("Cannot pay with 'x' (accepted: a, b)")
    expect(message("network", "USDC")).toBe("USDC is not offered on 'x' (networks: a, b)")
  })

  it("names each swap step in its message, approval and swap alike", () => {
    expect(new InvalidSwapTransactionError({ step: "swap", problem: "not to a contract" }).message).toBe(
      "The swap transaction built for this swap is invalid: not to a contract",
    )
    expect(new SwapRevertedError({ step: "approve", hash: txHash }).message).toBe(
      `The approve transaction ${txHash} reverted`,
    )
  })

  it("names what the wallet failed to return, for each reply a method expects", () => {
    const message = (expected: InvalidWalletReplyError["expected"]) =>
      new InvalidWalletReplyError({ method: "m", expected, reply: null }).message
    expect(message("transaction hash")).toBe("The wallet returned no transaction hash")
    expect(message("capabilities")).toBe("The wallet returned no capabilities")
  })

  it("words an aborted frame request by whether it was an RPC request", () => {
    expect(new FrameAbortedError({ rpcRequest: true }).message).toBe("Request was aborted")
  })

  it("gives every Bitcoin reason its wallet code: not supported, invalid params, else internal", () => {
    const codes = {
      walletCallNotSupported: -32001,
      methodNotSupportedBySelectedWallet: -32001,
      sendTransferUnsupported: -32001,
      requestUnsupported: -32001,
      broadcastUnsupported: -32001,
      networkSwitchUnsupported: -32001,
      invalidAmount: -32602,
      invalidAddress: -32602,
      singleRecipientOnly: -32602,
      pairingMessageTooLong: -32602,
      stacksBatchEmpty: -32602,
      noWalletProvider: -32603,
      noAddressAvailable: -32603,
      networkUnsupportedByWallet: -32603,
    } as const
    for (const [reason, code] of Object.entries(codes))
      expect(new BitcoinError({ reason: reason as keyof typeof codes }).code, reason).toBe(code)
  })

  it("names a Bitcoin RPC code from the Bitcoin table, not EIP-1474's", () => {
    expect(new BitcoinRpcError({ code: -32001, message: "x" }).codeName).toBe("Method not supported")
    expect(new BitcoinRpcError({ code: 4001, message: "x" }).codeName).toBeUndefined()
    expect(new ProviderRpcError({ code: -32001, message: "x" }).codeName).toBe("Resource not found")
  })

  it("names only 403 and 503 among HTTP statuses", () => {
    expect([402, 404, 500, 502, 504].map((status) => new HttpStatusError({ status }).statusName)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ])
  })

  it("shows each alert's long text as its details and longMessage", () => {
    const alert = new AlertError({ alert: "projectIdNotConfigured" })
    expect(alert.longMessage).toBe("Project ID Not Configured - set projectId in the AppKit options")
    expect(alert.details).toBe(alert.longMessage)
  })
})
