import { bitcoinNetworkNames, parseBitcoinNetwork } from "@appkit/core/bitcoin"
import { invalidInput } from "./output"

/**
 * The Bitcoin network a `btc` or `psbt` command runs on. Its own module, imported by name: `psbt inspect`
 * needs only this and not the signers of btcWallet (WalletConnect, the dev wallet).
 */
export type BtcNetwork = ReturnType<typeof parseBitcoinNetwork> & string

/** The names `--network` takes, in words ("mainnet, testnet, testnet4, signet or regtest"), from core's list. */
export const btcNetworkChoices = `${bitcoinNetworkNames.slice(0, -1).join(", ")} or ${bitcoinNetworkNames.at(-1)}`

/** `--network`, or `fallback`: one of `btcNetworkChoices`; another name is invalid input (exit 1). */
export const resolveBtcNetwork = (option: string | undefined, fallback: BtcNetwork): BtcNetwork => {
  if (option === undefined) return fallback
  const network = parseBitcoinNetwork(option)
  if (network === undefined)
    throw invalidInput(`Unknown --network '${option}' (expected ${btcNetworkChoices})`)
  return network
}
