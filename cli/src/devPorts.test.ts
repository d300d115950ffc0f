import { describe, expect, it } from "vitest"
import { refuseSharedPorts } from "./devPorts"

describe("the dev stack's ports", () => {
  it("are refused when two services are given one port, and accepted when each has its own or any free one", () => {
    expect(() =>
      refuseSharedPorts([
        ["--port", 8545],
        ["--api-port", 8787],
        ["--relay-port", 8545],
      ]),
    ).toThrow("--relay-port 8545 is also --port's: give each service its own port (0: any free port)")
    // One port apart, and 0 (any free port) as often as wanted.
    expect(() =>
      refuseSharedPorts([
        ["--port", 8545],
        ["--api-port", 8546],
        ["--relay-port", 0],
        ["--solana-port", 0],
      ]),
    ).not.toThrow()
  })
})
