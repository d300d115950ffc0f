import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { accountId, networkId } from "../testing/testkit"
import { connectionsFrom, fromStored, onChain, toStored } from "./walletConnections"

const evm = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const sol = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"
const solanaChain = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"

describe("wallet connections", () => {
  it("splits a pairing wallet's accounts by namespace, each on its chain, leaving out unknown namespaces", () => {
    expect(
      connectionsFrom(
        "wc",
        [`eip155:8453:${evm}`, `${solanaChain}:${sol}`, "foo:1:x"].map((id) => accountId(id)),
        networkId("eip155:8453"),
      ),
    ).toEqual({
      eip155: { connectorId: "wc", accounts: [`eip155:8453:${evm}`], chainId: "eip155:8453" },
      solana: { connectorId: "wc", accounts: [`${solanaChain}:${sol}`], chainId: solanaChain },
    })
  })

  it("moves accounts to another chain of their namespace", () => {
    const [connection] = Object.values(
      connectionsFrom("mm", [accountId(`eip155:1:${evm}`)], networkId("eip155:1")),
    )
    expect(connection && onChain(connection, networkId("eip155:10"))).toEqual({
      connectorId: "mm",
      accounts: [`eip155:10:${evm}`],
      chainId: "eip155:10",
    })
  })

  it("reads back exactly what it stored", () => {
    const reference = fc.stringMatching(/^[a-zA-Z0-9]{1,32}$/)
    const address = fc.stringMatching(/^[a-zA-Z0-9]{1,64}$/)
    const account = fc.tuple(
      fc.constantFrom("eip155", "solana", "bip122", "polkadot", "cosmos"),
      reference,
      address,
    )
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.array(account, { minLength: 1, maxLength: 6 }),
        (connectorId, accounts) => {
          const ids = accounts.map(([ns, ref, addr]) => accountId(`${ns}:${ref}:${addr}`))
          const [ns, ref] = accounts[0] ?? ["", ""]
          const connections = connectionsFrom(connectorId, ids, networkId(`${ns}:${ref}`))
          expect(fromStored(toStored(connections))).toEqual(connections)
        },
      ),
    )
  })

  it("drops stored accounts that are no CAIP-10 id of their own namespace", () => {
    expect(
      fromStored({
        eip155: [
          { connectorId: "mm", accounts: [{ address: "nope" }, { address: `${solanaChain}:${sol}` }] },
        ],
        solana: [{ connectorId: "wc", accounts: [{ address: `${solanaChain}:${sol}` }] }],
      }),
    ).toEqual({ solana: { connectorId: "wc", accounts: [`${solanaChain}:${sol}`], chainId: solanaChain } })
  })
})
