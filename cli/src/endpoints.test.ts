import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { relayEndpoint } from "./checkedUrls"
import { writeDevStack } from "./devStack"
import { defaultRpcUrl, rpcEndpoint } from "./endpoints"

const home = () => mkdtempSync(join(tmpdir(), "appkit-endpoints-"))

/** A dev stack "running" (as this very process) for the home `APPKIT_HOME`. */
const runningStack = (APPKIT_HOME: string) =>
  writeDevStack(
    {
      rpcUrl: "http://127.0.0.1:9545",
      chainId: "eip155:31337",
      apiUrl: "http://127.0.0.1:9787",
      relayUrl: "ws://127.0.0.1:9788",
      pid: process.pid,
    },
    { APPKIT_HOME },
  )

describe("endpoints", () => {
  it("node: flag, APPKIT_RPC_URL, ETH_RPC_URL, the running dev stack, then the default", () => {
    const APPKIT_HOME = home()
    expect(rpcEndpoint(undefined, { APPKIT_HOME })).toEqual({ url: defaultRpcUrl, source: "default" })
    runningStack(APPKIT_HOME)
    expect(rpcEndpoint(undefined, { APPKIT_HOME })).toEqual({
      url: "http://127.0.0.1:9545",
      source: "dev stack",
    })
    const eth = { APPKIT_HOME, ETH_RPC_URL: "http://eth.example" }
    expect(rpcEndpoint(undefined, eth)).toEqual({ url: "http://eth.example", source: "environment" })
    const both = { ...eth, APPKIT_RPC_URL: "http://appkit.example" }
    expect(rpcEndpoint(undefined, both).url).toBe("http://appkit.example")
    expect(rpcEndpoint(undefined, { ...both, APPKIT_RPC_URL: " " }).url).toBe("http://eth.example")
    expect(rpcEndpoint("http://flag.example", both)).toEqual({ url: "http://flag.example", source: "flag" })
  })

  it("relay: flag, APPKIT_RELAY_URL, the running dev stack, else none", () => {
    const APPKIT_HOME = home()
    expect(relayEndpoint(undefined, { APPKIT_HOME })).toBeUndefined()
    runningStack(APPKIT_HOME)
    expect(relayEndpoint(undefined, { APPKIT_HOME })).toEqual({
      url: "ws://127.0.0.1:9788",
      source: "dev stack",
    })
    expect(relayEndpoint(undefined, { APPKIT_HOME, APPKIT_RELAY_URL: "ws://env" })?.source).toBe(
      "environment",
    )
    expect(relayEndpoint("ws://flag", { APPKIT_HOME })?.source).toBe("flag")
  })
})
