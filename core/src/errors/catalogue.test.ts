import { Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Toast } from "../domain/toast"
import { specTexts } from "../testing/specTexts"
import { AlertError, alertForAnalyticsStatus, alertForServerMessage, alerts } from "./alerts"
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

// Every text is checked against the spec's table (core/src/testing/specTexts.ts), never against the
// catalogue's own constants: a changed word in the catalogue is a changed product and fails here.
const eachKey = <T extends object>(table: T) => Object.keys(table) as Array<keyof T & string>

describe("exact catalogue messages, word for word from the spec", () => {
  it.each(eachKey(specTexts.toasts))("toast %s", (key) => {
    expect(toastMessages[key].message).toBe(specTexts.toasts[key])
  })

  it.each(eachKey(specTexts.alerts))("alert %s", (key) => {
    expect(new AlertError({ alert: key }).message).toBe(specTexts.alerts[key])
  })

  it("has a spec title for every alert it can raise", () => {
    expect(eachKey(alerts).sort()).toEqual(eachKey(specTexts.alerts).sort())
  })

  it.each(eachKey(specTexts.connection))("thrown %s", (reason) => {
    expect(new ConnectionError({ reason }).message).toBe(specTexts.connection[reason])
  })

  it.each(eachKey(specTexts.swap))("thrown %s", (reason) => {
    expect(new SwapError({ reason }).message).toBe(specTexts.swap[reason])
  })

  it.each(eachKey(specTexts.names))("thrown name error %s", (reason) => {
    expect(new NameError({ reason }).message).toBe(specTexts.names[reason])
  })

  it.each(eachKey(specTexts.siwx))("sign-in precondition %s", (reason) => {
    expect(new SiwxError({ reason }).message).toBe(specTexts.siwx[reason])
  })

  it.each(eachKey(specTexts.send))("send precondition %s", (reason) => {
    expect(new SendError({ reason }).message).toBe(specTexts.send[reason])
  })

  it.each(eachKey(specTexts.bitcoin))("Bitcoin %s", (reason) => {
    expect(new BitcoinError({ reason }).message).toBe(specTexts.bitcoin[reason])
  })

  it("fills every placeholder text with its value", () => {
    expect(new ChainRequiredError({ action: "switch network" }).message).toBe(
      specTexts.chainRequired("switch network"),
    )
    expect(new HttpStatusError({ status: 502 }).message).toBe(specTexts.httpStatus(502))
    expect(new EmailCooldownError({ seconds: 27 }).message).toBe(specTexts.emailCooldown(27))
    expect(new NameError({ reason: "invalidChainId" }).message).toBe(specTexts.invalidChainId)
    expect(new BitcoinMethodNotSupportedError({ method: "signPsbt" }).message).toBe(
      specTexts.bitcoinMethodNotSupported("signPsbt"),
    )
    expect(new XverseNetworkError({ network: "Regtest" }).message).toBe(
      specTexts.xverseNetworkUnsupported("Regtest"),
    )
  })

  it("words the embedded frame's aborts and failures as §8 does", () => {
    expect(new FrameAbortedError({ rpcRequest: true }).message).toBe(specTexts.frame.rpcAborted)
    expect(new FrameAbortedError({ rpcRequest: false }).message).toBe(specTexts.frame.otherAborted)
    expect(new EmbeddedFrameError({ code: "iframe_load_failed" }).message).toBe("iframe_load_failed")
  })

  it.each([
    [new DisconnectError({}), "Failed to disconnect"],
    [new BitcoinDisconnectError({}), "Failed to disconnect"],
    [
      new UtxoFetchError({ body: "Invalid Bitcoin address" }),
      "Failed to fetch UTXOs: Invalid Bitcoin address",
    ],
  ] as const)("%s (a text of our own)", (error, message) => {
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
    const texts = Object.entries(specTexts.serverMessages)
    fc.assert(
      fc.property(fc.constantFrom(...texts), fc.string(), fc.string(), ([alert, text], before, after) => {
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
