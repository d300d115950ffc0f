import { parseBitcoinNetwork } from "@appkit/core/bitcoin"
import { CliError } from "./output"

/**
 * The Bitcoin network a `btc` or `psbt` command runs on. Its own module, imported by name: `psbt inspect`
 * needs only this and not the signers of btcWallet (WalletConnect, the dev wallet).
 */
export type BtcNetwork = ReturnType<typeof parseBitcoinNetwork> & string

/** `--network`, or `fallback`: mainnet, testnet, testnet4, signet or regtest. */
export const resolveBtcNetwork = (option: string | undefined, fallback: BtcNetwork): BtcNetwork => {
  if (option === undefined) return fallback
  const network = parseBitcoinNetwork(option)
  if (network === undefined)
    throw new CliError(
      `Unknown --network '${option}' (expected mainnet, testnet, testnet4, signet or regtest)`,
    )
  return network
}
