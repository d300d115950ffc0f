import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import { chainNamespaces } from "../../domain/namespace"
import { accountId, networkId } from "../../testing/testkit"
import {
  accountsOfEvent,
  accountTypeObjects,
  accountVerdict,
  namespaceMethods,
  namespaceOfMethod,
  proposalNamespaces,
  usesPairingAuthentication,
} from "./namespaces"

const reference = fc.stringMatching(/^[-_a-zA-Z0-9]{1,32}$/)
const chainId = fc
  .tuple(fc.constantFrom(...chainNamespaces), reference)
  .map(([ns, ref]) => networkId(`${ns}:${ref}`))
const networks = (ids: ReadonlyArray<string>) => ids.map((id) => networkId(id))

describe("proposalNamespaces", () => {
  it("requests every configured network with its namespace's methods and events", () => {
    const namespaces = proposalNamespaces(
      networks([
        "eip155:1",
        "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
        "eip155:31337",
        "bip122:000000000019d6689c085ae165831e93",
        "polkadot:91b171bb158e2d3848fa23a9f1c25182",
        "cosmos:cosmoshub-4",
      ]),
    )
    expect(Object.keys(namespaces)).toEqual(["eip155", "solana", "bip122", "polkadot", "cosmos"])
    expect(namespaces.eip155?.chains).toEqual(["eip155:1", "eip155:31337"])
    expect(namespaces.eip155?.methods).toContain("personal_sign")
    expect(namespaces.eip155?.events).toEqual(["accountsChanged", "chainChanged"])
    expect(namespaces.solana?.methods).toContain("solana_signTransaction")
    expect(namespaces.bip122?.methods).toContain("signPsbt")
  })

  it("puts each chain once, under its own namespace only", () => {
    fc.assert(
      fc.property(fc.array(chainId, { maxLength: 12 }), (chains) => {
        const namespaces = proposalNamespaces(chains)
        const listed = Object.entries(namespaces).flatMap(([ns, value]) => {
          for (const chain of value.chains) expect(chain.startsWith(`${ns}:`)).toBe(true)
          expect(value.methods).toBe(namespaceMethods[ns as keyof typeof namespaceMethods])
          return value.chains
        })
        expect(new Set(listed)).toEqual(new Set(chains))
        expect(listed.length).toBe(new Set(chains).size)
      }),
    )
  })

  it("leaves out chains of namespaces AppKit does not connect", () => {
    expect(proposalNamespaces(networks(["tron:0x2b6653dc", "eip155:1"]))).toEqual({
      eip155: expect.objectContaining({ chains: ["eip155:1"] }),
    })
  })
})

describe("usesPairingAuthentication", () => {
  it("is true only when every requested chain is eip155 (§5)", () => {
    expect(usesPairingAuthentication(networks(["eip155:1", "eip155:10"]))).toBe(true)
    expect(usesPairingAuthentication(networks(["eip155:1", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"]))).toBe(
      false,
    )
    expect(usesPairingAuthentication([])).toBe(false)
    fc.assert(
      fc.property(fc.array(chainId, { minLength: 1 }), (chains) => {
        expect(usesPairingAuthentication(chains)).toBe(chains.every((c) => c.startsWith("eip155:")))
      }),
    )
  })
})

describe("accountTypeObjects", () => {
  const evm = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
  it("gives one §3 account type object per address and namespace, 'payment' on bip122 and 'eoa' elsewhere", () => {
    expect(
      accountTypeObjects(
        [
          `eip155:1:${evm}`,
          `eip155:31337:${evm}`,
          "bip122:000000000019d6689c085ae165831e93:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
          "polkadot:91b171bb158e2d3848fa23a9f1c25182:15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5",
          "cosmos:cosmoshub-4:cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0",
          "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv",
        ].map((id) => accountId(id)),
      ),
    ).toEqual([
      { namespace: "eip155", address: evm, type: "eoa" },
      {
        namespace: "bip122",
        address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
        type: "payment",
      },
      {
        namespace: "polkadot",
        address: "15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5",
        type: "eoa",
      },
      { namespace: "cosmos", address: "cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0", type: "eoa" },
      { namespace: "solana", address: "7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv", type: "eoa" },
    ])
  })

  it("skips accounts outside the AppKit namespaces", () => {
    expect(accountTypeObjects([accountId("tron:0x2b6653dc:TXYZ")])).toEqual([])
    fc.assert(
      fc.property(
        fc.array(fc.tuple(chainId, fc.stringMatching(/^[a-zA-Z0-9]{1,64}$/)), { maxLength: 12 }),
        (pairs) => {
          const objects = accountTypeObjects(
            pairs.map(([chain, address]) => accountId(`${chain}:${address}`)),
          )
          const distinct = new Set(pairs.map(([chain, address]) => `${chain.split(":")[0]}:${address}`))
          expect(objects.map((o) => `${o.namespace}:${o.address}`)).toEqual([...distinct])
          for (const o of objects) expect(o.type).toBe(o.namespace === "bip122" ? "payment" : "eoa")
        },
      ),
    )
  })
})

describe("accountsOfEvent", () => {
  const address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
  it("qualifies plain addresses with the event's chain and keeps CAIP-10 ids as they are", () => {
    expect(accountsOfEvent(networkId("eip155:1"), [address, `eip155:10:${address}`])).toEqual([
      `eip155:1:${address}`,
      `eip155:10:${address}`,
    ])
  })

  it("drops an address its namespace's rules refuse: a short eip155 address, a bad SS58 or bech32 checksum", () => {
    const polkadot = "polkadot:91b171bb158e2d3848fa23a9f1c25182"
    const cosmos = "cosmos:cosmoshub-4"
    expect(accountsOfEvent(networkId("eip155:1"), ["0x1234", address.toLowerCase(), address])).toEqual([
      `eip155:1:${address.toLowerCase()}`,
      `eip155:1:${address}`,
    ])
    expect(
      accountsOfEvent(networkId(polkadot), [
        "15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp6",
        "15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5",
      ]),
    ).toEqual([`${polkadot}:15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5`])
    expect(
      accountsOfEvent(networkId(cosmos), [
        "cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e8",
        "cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7",
      ]),
    ).toEqual([`${cosmos}:cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7`])
  })

  it("drops what is not an address string, and reads a non-list as no accounts", () => {
    expect(accountsOfEvent(networkId("eip155:1"), [42, null, "", { address }, address])).toEqual([
      `eip155:1:${address}`,
    ])
    expect(accountsOfEvent(networkId("eip155:1"), "0xabc")).toEqual([])
    // Whatever the chain, an address is kept exactly when core's rules for its namespace accept it there.
    fc.assert(
      fc.property(chainId, fc.array(fc.stringMatching(/^[a-zA-Z0-9]{1,64}$/)), (chain, addresses) => {
        expect(accountsOfEvent(chain, addresses)).toEqual(
          addresses.map((a) => accountId(`${chain}:${a}`)).filter((account) => accountVerdict(account).valid),
        )
      }),
    )
  })
})

describe("namespaceOfMethod", () => {
  it("names the one namespace a method belongs to, and none for a method no namespace or several list", () => {
    expect(namespaceOfMethod("cosmos_signDirect")).toBe("cosmos")
    expect(namespaceOfMethod("polkadot_signMessage")).toBe("polkadot")
    expect(namespaceOfMethod("solana_signTransaction")).toBe("solana")
    expect(namespaceOfMethod("personal_sign")).toBe("eip155")
    expect(namespaceOfMethod("signPsbt")).toBe("bip122")
    expect(namespaceOfMethod("eth_blockNumber")).toBeUndefined()
    expect(namespaceOfMethod("")).toBeUndefined()
  })
})
