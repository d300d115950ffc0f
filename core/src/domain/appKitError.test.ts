import { readdirSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { ConnectionError } from "../errors/connection"
import { HttpStatusError } from "../errors/http"
import { NodeError, parseNodeError } from "../errors/nodeErrors"
import { InvalidAppKitOptionsError } from "../errors/options"
import { ProviderRpcError } from "../errors/ProviderRpcError"
import { AppKitError, docsPathOf } from "./appKitError"

describe("AppKit errors", () => {
  it("keep the §8 text as message and shortMessage, and point at its catalogue entry", () => {
    const error = new ConnectionError({ reason: "connectorNotConnected" })
    expect(error.message).toBe("Connector not connected.")
    expect(error.shortMessage).toBe("Connector not connected.")
    expect(error.docsPath).toBe("/errors#connector-not-connected")
    expect(error.details).toBeUndefined()
  })

  it("name the entry of a message with variable parts, and carry what lies behind it as details", () => {
    const http = new HttpStatusError({ status: 503, body: "upstream down" })
    expect(http).toMatchObject({
      message: "HTTP status code: 503",
      docsPath: "/errors#http-status-code",
      details: "upstream down",
    })
    expect(parseNodeError("nonce too low: next nonce 4, tx nonce 2")).toMatchObject({
      message: "The transaction nonce is too low",
      details: "nonce too low: next nonce 4, tx nonce 2",
      docsPath: "/errors#the-transaction-nonce-is-too-low",
    })
    expect(new ProviderRpcError({ code: 4001, message: "User rejected the request." }).docsPath).toBe(
      "/errors#signature-declined",
    )
    expect(new InvalidAppKitOptionsError({ issue: "projectId: expected a value" }).details).toBe(
      "projectId: expected a value",
    )
  })

  it("take a cause's message as details", () => {
    class Failed extends AppKitError(
      Schema.TaggedError<Failed>()("Failed", { cause: Schema.optional(Schema.Unknown) }),
    ) {
      override get message() {
        return "Failed"
      }
    }
    expect(new Failed({ cause: new Error("socket closed") }).details).toBe("socket closed")
    expect(new Failed({ cause: "plain text" }).details).toBe("plain text")
    expect(new Failed({}).details).toBeUndefined()
  })

  it("build docs paths of lowercase words joined by single dashes", () => {
    fc.assert(
      fc.property(fc.string(), (topic) => {
        expect(docsPathOf(topic)).toMatch(/^\/errors#(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/)
      }),
    )
    expect(docsPathOf("Signature declined")).toBe("/errors#signature-declined")
    expect(docsPathOf("  Chain is required to ...")).toBe("/errors#chain-is-required-to")
  })

  it("are built in one place: every tagged error class of the core goes through AppKitError", () => {
    const src = dirname(dirname(fileURLToPath(import.meta.url)))
    const bare = readdirSync(src, { recursive: true, encoding: "utf8" })
      .filter((path) => path.endsWith(".ts") && !path.endsWith(".test.ts"))
      .filter((path) => /extends\s+Schema\.TaggedError</.test(readFileSync(join(src, path), "utf8")))
    expect(bare).toEqual([])
    expect(new NodeError({ kind: "Unknown", nodeMessage: "x" }).details).toBe("x")
  })
})
