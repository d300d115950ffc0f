import type { BitcoinNetwork } from "../../domain/bitcoin"
import type { CaipNetworkId } from "../../domain/caip"
import type { BitcoinNetwork as AddressNetwork } from "../../validation/address/bitcoin"

/** The Bitcoin networks by their CAIP-2 ids (bip122 + the genesis block hash prefix); well-formed by construction. */
export const bitcoinChainIds = {
  Mainnet: "bip122:000000000019d6689c085ae165831e93",
  Testnet: "bip122:000000000933ea01ad0ee984209779ba",
  Testnet4: "bip122:00000000da84f2bafbbc53dee25a72ae",
  Signet: "bip122:00000008819873e925422c1ff0f99f7c",
  Regtest: "bip122:0f9188f13cb7b2c71f2a335e3a4fc328",
} as const satisfies Record<BitcoinNetwork, string> as Readonly<Record<BitcoinNetwork, CaipNetworkId>>

const networks = Object.keys(bitcoinChainIds) as ReadonlyArray<BitcoinNetwork>

export const bitcoinNetworkOfChainId = (chainId: string): BitcoinNetwork | undefined =>
  networks.find((network) => bitcoinChainIds[network] === chainId)

/** Which address prefixes a network uses: testnet3, testnet4 and signet share them. */
export const addressNetworkOf = (network: BitcoinNetwork): AddressNetwork =>
  network === "Mainnet"
    ? "mainnet"
    : network === "Regtest"
      ? "regtest"
      : network === "Signet"
        ? "signet"
        : "testnet"

/** The networks' names as users type them, in the order of `bitcoinChainIds`: "mainnet", "testnet", "testnet4"… */
export const bitcoinNetworkNames: ReadonlyArray<string> = networks.map((network) => network.toLowerCase())

/** Case-insensitive network names as users type them ("mainnet", "testnet4", "signet"…). */
export const parseBitcoinNetwork = (name: string): BitcoinNetwork | undefined =>
  networks.find((network) => network.toLowerCase() === name.trim().toLowerCase())
