import { Effect, SubscriptionRef } from "effect"
import { describe, expect, it } from "vitest"
import { accountId, devAccount, runState } from "../testing/testkit"
import { Account, emptyAccount } from "./Account"

const accountState = Effect.flatMap(Account, (a) => SubscriptionRef.get(a.state))

describe("Account", () => {
  it("derives the address from the CAIP-10 id and resets a namespace to nothing", async () => {
    const [filled, reset] = await runState(
      Effect.gen(function* () {
        const account = yield* Account
        yield* account.setCaipAddress("eip155", accountId(`eip155:1:${devAccount.address}`))
        yield* account.update("eip155", {
          balance: "1.5",
          balanceSymbol: "ETH",
          profileName: "alice.reown.id",
          profileImage: "https://img/alice.png",
          tokenBalance: [{ symbol: "USDC", quantity: { decimals: "6", numeric: "10" }, price: 1 }],
          user: { address: devAccount.address, chainId: 1 },
        })
        yield* account.setCaipAddress(
          "solana",
          accountId("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"),
        )
        const filled = yield* accountState
        yield* account.resetAccount("eip155")
        return [filled, yield* accountState]
      }),
    )
    expect(filled.byNamespace.eip155).toMatchObject({
      address: devAccount.address,
      balance: "1.5",
      profileName: "alice.reown.id",
    })
    expect(reset.byNamespace.eip155 ?? emptyAccount).toEqual(emptyAccount)
    expect(reset.byNamespace.solana?.address).toBe("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM")
  })

  it("switches tabs Tokens, NFTs, Activity", async () => {
    const tabs = await runState(
      Effect.gen(function* () {
        const account = yield* Account
        const seen = [(yield* accountState).currentTab]
        for (const tab of ["NFTs", "Activity"] as const) {
          yield* account.setCurrentTab(tab)
          seen.push((yield* accountState).currentTab)
        }
        return seen
      }),
    )
    expect(tabs).toEqual(["Tokens", "NFTs", "Activity"])
  })

  it("starts from the §9 default account types and keeps choices and the social provider across reloads", async () => {
    const map = new Map<string, string>()
    const first = await runState(
      Effect.gen(function* () {
        const account = yield* Account
        const defaults = (yield* accountState).preferredAccountTypes
        yield* account.setPreferredAccountType("eip155", "eoa")
        yield* account.setSocialProvider("github")
        return defaults
      }),
      { map },
    )
    expect(first).toEqual({ eip155: "smartAccount", bip122: "payment", solana: "eoa", polkadot: "eoa" })
    const reloaded = await runState(accountState, { map })
    expect(reloaded.preferredAccountTypes.eip155).toBe("eoa")
    expect(reloaded.socialProvider).toBe("github")
  })
})
