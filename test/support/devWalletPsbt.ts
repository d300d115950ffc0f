import { createDevBitcoinWallet, type FixtureApi } from "@appkit/fixtures"
import * as ecc from "@bitcoinerlab/secp256k1"
import { initEccLib, networks, Psbt } from "bitcoinjs-lib"

initEccLib(ecc)

/** The dev Bitcoin wallet's payment account on regtest: the default signer of `appkit-cli btc`. */
export const devBitcoinPayment = () => {
  const [payment] = createDevBitcoinWallet({ network: "Regtest" }).accounts()
  if (payment === undefined) throw new Error("the dev Bitcoin wallet has no account")
  return payment
}

/**
 * An unsigned PSBT spending the dev wallet's first coin on the fixture API's regtest ledger: `amount` to
 * `recipient`, `fee` to the miners, the rest back to the wallet.
 */
export const unsignedDevWalletPsbt = (
  api: FixtureApi,
  recipient: string,
  { amount = 50_000n, fee = 1_000n }: { readonly amount?: bigint; readonly fee?: bigint } = {},
): string => {
  const payment = devBitcoinPayment()
  const [coin] = api.bitcoin.utxos(payment.address)
  if (coin === undefined) throw new Error(`the dev wallet ${payment.address} has no coin`)
  const psbt = new Psbt({ network: networks.regtest })
  psbt.addInput({
    hash: coin.txid,
    index: coin.vout,
    witnessUtxo: { script: payment.script, value: BigInt(coin.value) },
  })
  psbt.addOutput({ address: recipient, value: amount })
  psbt.addOutput({ address: payment.address, value: BigInt(coin.value) - amount - fee })
  return psbt.toBase64()
}
