// @vitest-environment happy-dom
import fc from "fast-check"
import { afterEach, describe, expect, it } from "vitest"
import { inlineDocuments } from "../../cli/src/commands/inlineDocuments"
import { defaultStack, inlineStack, parseStack } from "./stack"

const served = {
  rpcUrl: "http://127.0.0.1:41001",
  chainId: "eip155:31337",
  apiUrl: "http://127.0.0.1:41002",
  relayUrl: "ws://127.0.0.1:41003",
  solanaRpcUrl: "http://127.0.0.1:41004",
  solanaChainId: "solana:F7RpanAbV2JJsTC2h5A1Ecfyn1UB6VNx",
  secureSiteUrl: "http://127.0.0.1:41005",
  secureSiteStore: "pglite",
}

/** The page as `appkit-cli dev --serve` sends it: the stack description written into its head. */
const servePage = (document: unknown) => {
  const html = inlineDocuments("<!doctype html><html><head><title>demo</title></head><body></body></html>", {
    "/appkit-stack.json": document,
  })
  window.document.documentElement.innerHTML = new DOMParser().parseFromString(
    html,
    "text/html",
  ).documentElement.innerHTML
}

afterEach(() => {
  window.document.documentElement.innerHTML = "<head></head><body></body>"
})

describe("the demo's stack description", () => {
  it("is read from the page the CLI serves, with no request", () => {
    servePage(served)
    expect(inlineStack(window.document)).toEqual({
      rpcUrl: served.rpcUrl,
      chainId: 31337,
      apiUrl: served.apiUrl,
      relayUrl: served.relayUrl,
      solana: { rpcUrl: served.solanaRpcUrl, chainId: served.solanaChainId },
      secureSiteUrl: served.secureSiteUrl,
    })
  })

  it("is absent from a page served without it, or holding something other than a JSON object", () => {
    expect(inlineStack(window.document)).toBeUndefined()
    for (const body of [null, [], "eip155:1", 42]) {
      servePage(body)
      expect(inlineStack(window.document)).toBeUndefined()
    }
    window.document.head.innerHTML =
      '<script type="application/json" data-appkit-document="/appkit-stack.json">{"rpcUrl":</script>'
    expect(inlineStack(window.document)).toBeUndefined()
  })

  it("falls back field by field: off loopback, another scheme or a malformed chain id", () => {
    expect(
      parseStack({
        rpcUrl: "http://10.0.0.1:8545",
        chainId: "eip155:0",
        apiUrl: "https://127.0.0.1:8787",
        relayUrl: "http://127.0.0.1:8788",
        solanaRpcUrl: "http://127.0.0.1:8899",
        solanaChainId: "solana:short",
        secureSiteUrl: "http://example.com",
      }),
    ).toEqual(defaultStack)
    expect(parseStack({ chainId: "eip155:1234567890" }).chainId).toBe(1234567890)
    expect(parseStack({ chainId: "eip155:12345678901" }).chainId).toBe(defaultStack.chainId)
    expect(parseStack({ rpcUrl: "http://localhost:9" }).rpcUrl).toBe("http://localhost:9")
  })

  it("never takes a URL that is not on loopback, whatever the body holds", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom("rpcUrl", "apiUrl", "relayUrl", "secureSiteUrl"), fc.webUrl()),
        (body) => {
          const stack = parseStack(body)
          for (const url of [
            stack.rpcUrl,
            stack.apiUrl,
            stack.relayUrl,
            stack.secureSiteUrl ?? "http://127.0.0.1",
          ])
            expect(["127.0.0.1", "localhost"]).toContain(new URL(url).hostname)
        },
      ),
    )
  })
})
