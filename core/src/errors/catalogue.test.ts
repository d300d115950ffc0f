import { Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Toast } from "../domain/toast"
import { AlertError, alertForAnalyticsStatus, alertForServerMessage } from "./alerts"
import {
  BitcoinDisconnectError,
  BitcoinError,
  BitcoinMethodNotSupportedError,
  BitcoinRpcError,
  UtxoFetchError,
  XverseNetworkError,
} from "./bitcoin"
import { ChainRequiredError, ConnectionError, DisconnectError, SiwxError } from "./connection"
import {
  EmailCooldownError,
  EmbeddedFrameError,
  FrameAbortedError,
  FrameRequestError,
  frameRequestError,
} from "./embedded"
import { HttpStatusError } from "./http"
import { NameError } from "./names"
import { toastForWalletError, toastMessages } from "./toasts"
import { SendError, SwapError } from "./transfer"

// The §5/§8 texts, copied from the spec: a changed word here is a changed product.
describe("exact catalogue messages", () => {
  it.each([
    [new ConnectionError({ reason: "chainAdapterNotFound" }), "Chain adapter not found"],
    [new ConnectionError({ reason: "networkClientNotSet" }), "NetworkController client not set"],
    [new ConnectionError({ reason: "connectionClientNotSet" }), "ConnectionController client not set"],
    [new ConnectionError({ reason: "chainNotConfigured" }), "Chain not configured."],
    [new ConnectionError({ reason: "connectorAlreadyConnected" }), "Connector already connected."],
    [new ConnectionError({ reason: "connectorNotConnected" }), "Connector not connected."],
    [new ConnectionError({ reason: "networkNotFound" }), "Network not found"],
    [
      new ConnectionError({ reason: "addressOrAuthConnectorNotFound" }),
      "Address or auth connector not found",
    ],
    [new ChainRequiredError({ action: "switch network" }), "Chain is required to switch network"],
    [new DisconnectError({}), "Failed to disconnect"],
    [new SiwxError({ reason: "notEnabled" }), "SIWX is not enabled"],
    [new SiwxError({ reason: "noActiveAddress" }), "No ActiveCaipAddress found"],
    [new SiwxError({ reason: "noActiveNetwork" }), "No ActiveCaipNetwork or client found"],
    [new SiwxError({ reason: "noConnectionClient" }), "No ConnectionController client found"],
    [new SwapError({ reason: "gasPriceNetworkUnsupported" }), "Network not supported for Gas Price"],
    [new SwapError({ reason: "swapNetworkUnsupported" }), "Network not supported for Swaps"],
    [new SendError({ reason: "amountAndReceiverRequired" }), "An amount and receiver address are required"],
    [new SendError({ reason: "tokenRequired" }), "A token is required"],
    [new NameError({ reason: "resolve" }), "Error resolving name"],
    [new NameError({ reason: "suggestions" }), "Error fetching name suggestions"],
    [new NameError({ reason: "namesForAddress" }), "Error fetching names for address"],
    [new NameError({ reason: "register" }), "Error registering name"],
    [new NameError({ reason: "invalidChainId" }), "Invalid chainId"],
    [new HttpStatusError({ status: 502 }), "HTTP status code: 502"],
    [new EmailCooldownError({ seconds: 27 }), "Please try again after 27 seconds"],
    [new FrameAbortedError({ rpcRequest: true }), "Request was aborted"],
    [new FrameAbortedError({ rpcRequest: false }), "Something went wrong"],
    [new EmbeddedFrameError({ code: "iframe_load_failed" }), "iframe_load_failed"],
    [new AlertError({ alert: "jwtTokenNotValid" }), "Session Expired"],
    [
      new BitcoinError({ reason: "providerSelectionFailed" }),
      "Failed to select the provider. User may have cancelled the selection prompt.",
    ],
    [new BitcoinError({ reason: "nullResponse" }), "Wallet Error processing the request"],
    [
      new BitcoinError({ reason: "noWalletsDetected" }),
      "No wallets detected, may want to prompt user to install a wallet.",
    ],
    [new BitcoinError({ reason: "selectorNotDetected" }), "Failed to detect the wallet provider selector."],
    [new BitcoinError({ reason: "walletCallNotSupported" }), "Wallet call is not supported"],
    [new BitcoinError({ reason: "noWalletProvider" }), "no wallet provider was found"],
    [new BitcoinError({ reason: "noResponse" }), "No response from wallet"],
    [new BitcoinError({ reason: "invalidAddress" }), "Invalid address"],
    [new BitcoinError({ reason: "pairingMessageTooLong" }), "The message must not exceed 80 characters."],
    [
      new BitcoinError({ reason: "singleRecipientOnly" }),
      "Only one recipient is supported by this wallet provider",
    ],
    [new BitcoinMethodNotSupportedError({ method: "signPsbt" }), "Method signPsbt is not supported"],
    [new XverseNetworkError({ network: "Regtest" }), "Network Regtest not supported by Xverse wallet"],
    [
      new UtxoFetchError({ body: "Invalid Bitcoin address" }),
      "Failed to fetch UTXOs: Invalid Bitcoin address",
    ],
    [new BitcoinDisconnectError({}), "Failed to disconnect"],
  ] as const)("%s", (error, message) => {
    expect(error.message).toBe(message)
    expect(error).toBeInstanceOf(Error)
    expect(String(error)).toContain(message)
  })
})

describe("error types", () => {
  it("reports a failed disconnect as INTERNAL_SDK_ERROR, and DISCONNECT_ERROR in the Bitcoin layer", () => {
    expect(new DisconnectError({}).type).toBe("INTERNAL_SDK_ERROR")
    expect(new BitcoinDisconnectError({}).type).toBe("DISCONNECT_ERROR")
  })

  it("maps a failing HTTP status to its JSON-RPC code and names 403 and 503", () => {
    expect(new HttpStatusError({ status: 404 }).rpcCode).toBe(-32600)
    expect(new HttpStatusError({ status: 500 }).rpcCode).toBe(-32603)
    expect(new HttpStatusError({ status: 403 }).statusName).toBe("Forbidden")
    expect(new HttpStatusError({ status: 503 }).statusName).toBe("Service Unavailable")
  })

  it("gives Bitcoin errors their wallet code, and recognises the user-rejection code", () => {
    expect(new BitcoinError({ reason: "walletCallNotSupported" }).code).toBe(-32001)
    expect(new BitcoinError({ reason: "providerSelectionFailed" }).code).toBe(-32603)
    const rejected = new BitcoinRpcError({ code: -32000, message: "User rejected" })
    expect(rejected.isUserRejection).toBe(true)
    expect(rejected.codeName).toBe("User rejection")
    expect(new BitcoinRpcError({ code: -32002, message: "denied" }).isUserRejection).toBe(false)
  })
})

describe("alerts", () => {
  it("maps the services' texts to the alert they stand for, even when wrapped", () => {
    expect(alertForServerMessage("Error: Unauthorized: origin not allowed")).toBe("originNotAllowed")
    expect(alertForServerMessage('{"message":"JWT validation error: JWT Token is not yet valid"}')).toBe(
      "jwtTokenNotValid",
    )
    expect(alertForServerMessage("Unauthorized: invalid key")).toBe("invalidProjectId")
    expect(alertForServerMessage("Unauthorized")).toBeUndefined()
  })

  it("finds a service text inside any wrapping", () => {
    const texts = [
      ["Unauthorized: origin not allowed", "originNotAllowed"],
      ["JWT validation error: JWT Token is not yet valid", "jwtTokenNotValid"],
      ["Unauthorized: invalid key", "invalidProjectId"],
    ] as const
    fc.assert(
      fc.property(fc.constantFrom(...texts), fc.string(), fc.string(), ([text, alert], before, after) => {
        expect(alertForServerMessage(`${before}${text}${after}`)).toBe(alert)
      }),
    )
  })

  it("turns an analytics 403 into Invalid App Configuration", () => {
    const alert = alertForAnalyticsStatus(403)
    expect(alert).toBe("originNotAllowed")
    expect(alert && new AlertError({ alert }).message).toBe("Invalid App Configuration")
    expect(alertForAnalyticsStatus(500)).toBeUndefined()
  })

  it("shows an alert for each frame failure", () => {
    expect(new EmbeddedFrameError({ code: "iframe_load_failed" }).alert).toBe("iframeLoadFailed")
    expect(
      new AlertError({ alert: new EmbeddedFrameError({ code: "iframe_request_timeout" }).alert }).message,
    ).toBe("Embedded Wallet Request Timed Out")
    expect(new EmbeddedFrameError({ code: "unverified_domain" }).alert).toBe("unverifiedDomain")
  })
})

describe("frameRequestError", () => {
  it("keeps the frame's text and falls back to 'An error occurred'", () => {
    expect(frameRequestError({ message: "Invalid OTP" })).toEqual(
      new FrameRequestError({ message: "Invalid OTP" }),
    )
    expect(frameRequestError("Email invalid").message).toBe("Email invalid")
    expect(frameRequestError(undefined).message).toBe("An error occurred")
    expect(frameRequestError({ message: "  " }).message).toBe("An error occurred")
    expect(frameRequestError({ message: 42 }).message).toBe("An error occurred")
  })

  it("always yields a non-blank message, whatever the frame sent", () => {
    fc.assert(
      fc.property(fc.anything(), (payload) => {
        expect(frameRequestError(payload).message.trim()).not.toBe("")
      }),
    )
  })
})

describe("toasts", () => {
  it.each(Object.entries(toastMessages))(
    "%s is a §3 Toast (its variant is one the entity allows)",
    (_key, toast) => {
      expect(Schema.decodeUnknownSync(Toast)({ ...toast, open: true })).toMatchObject(toast)
    },
  )

  it("shows 'Signature declined' for a user rejection and nothing for other failures", () => {
    const key = toastForWalletError({ code: 4001, message: "User rejected the request." })
    expect(key && toastMessages[key].message).toBe("Signature declined")
    expect(toastForWalletError({ code: -32603, message: "boom" })).toBeUndefined()
  })
})
