import { beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"
import { cliEnv, connectWith, useHungRelay, useRelayAndWallets } from "./support"

/**
 * `onramp open` for the connected wallet's account reads it from the stored WalletConnect session, checked
 * with the relay first: --timeout bounds that check as it does every other wait of the command, so a relay
 * that hangs ends the command at --timeout with the relay named, never after the check's own 5 s.
 */
const stack = useRelayAndWallets("onramp-relay")
const hungRelay = useHungRelay()

describe("appkit-cli onramp open over a stored session whose relay now hangs", { timeout: 60_000 }, () => {
  let hung: NodeJS.ProcessEnv
  beforeAll(async () => {
    const env = {
      ...cliEnv(stack.relay.url),
      // Never reached: the relay's wait comes first.
      APPKIT_API_URL: "http://127.0.0.1:9",
      APPKIT_PROJECT_ID: "test",
      APPKIT_CONFIG: "/nonexistent/appkit-cli.json",
    }
    expect((await connectWith(await stack.devWallet(), env, { chains: ["eip155:1"] })).code).toBe(0)
    hung = hungRelay.sessionOn(env)
  })

  it("--timeout 1s: ends with the relay named and the bound given (exit 2)", async () => {
    const result = await runCli(
      ["onramp", "open", "--amount", "50", "--no-open", "--timeout", "1s", "--json"],
      {
        env: hung,
        timeoutMs: 12_000,
      },
    )
    expect(result.stdout).toBe("")
    expect(result.code).toBe(2)
    const { error } = JSON.parse(result.stderr) as { error: { code: string; message: string } }
    expect(error).toEqual({
      code: "Timeout",
      message: `The relay at ${hungRelay.url} did not answer within 1 s`,
    })
  })
})
