import { verifyBitcoinMessage } from "@appkit/core/bitcoin/tools"
import {
  createDevBitcoinWallet,
  type DevBitcoinWallet,
  devBitcoinKeys,
  type FixtureApi,
  paymentAccount,
  regtestFunding,
  startFixtureApi,
} from "@appkit/fixtures"
import * as ecc from "@bitcoinerlab/secp256k1"
import { Verifier } from "bip322-js"
import { initEccLib, networks, Psbt } from "bitcoinjs-lib"
import { Result } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { unsignedDevWalletPsbt } from "../support/devWalletPsbt"

// The dev Bitcoin wallet's output, checked by code that shares nothing with it: bip322-js for messages,
// bitcoinjs-lib for PSBTs (validate, finalize, extract), and the fixture Esplora's own broadcast checks.
initEccLib(ecc)

let api: FixtureApi
let wallet: DevBitcoinWallet

beforeAll(async () => {
  api = await startFixtureApi()
  wallet = createDevBitcoinWallet({ network: "Regtest", esploraUrl: api.url })
})
afterAll(() => api?.close())

const coreVerifies = (address: string, message: string, signature: string) =>
  Result.getOrThrow(verifyBitcoinMessage({ address, message, signature })).valid

describe("the dev Bitcoin wallet's signatures verify with independent code", () => {
  const mainnet = createDevBitcoinWallet({ network: "Mainnet" })

  for (const message of ["", "Hello World", "UTF-8: öäü 测试 😄"]) {
    it(`BIP-322 simple, P2WPKH and P2TR: ${JSON.stringify(message)}`, () => {
      for (const account of mainnet.accounts()) {
        const { signature } = mainnet.signMessage(account.address, message)
        expect(Verifier.verifySignature(account.address, message, signature), account.addressType).toBe(true)
        expect(coreVerifies(account.address, message, signature)).toBe(true)
        expect(coreVerifies(account.address, `${message}!`, signature)).toBe(false)
      }
    })
  }

  it("legacy ECDSA for the payment address (BIP-137 P2WPKH header)", () => {
    const [payment] = mainnet.accounts()
    const { signature } = mainnet.signMessage(payment?.address as string, "gm", "ECDSA")
    expect(Verifier.verifySignature(payment?.address as string, "gm", signature)).toBe(true)
    expect(coreVerifies(payment?.address as string, "gm", signature)).toBe(true)
  })
})

describe("PSBTs the dev wallet signs", () => {
  const payment = paymentAccount(devBitcoinKeys.payment, "Regtest")

  it("are signed as asked; bitcoinjs-lib validates, finalizes and extracts them, and the ledger accepts the result", async () => {
    const recipient = regtestFunding[2]?.address as string
    const signed = await wallet.signPsbt({
      psbt: unsignedDevWalletPsbt(api, recipient, { amount: 10_000n }),
      signInputs: { [payment.address]: [0] },
    })
    const psbt = Psbt.fromBase64(signed.psbt, { network: networks.regtest })
    expect(
      psbt.validateSignaturesOfAllInputs((pubkey, hash, signature) => ecc.verify(hash, pubkey, signature)),
    ).toBe(true)
    psbt.finalizeAllInputs()
    const tx = psbt.extractTransaction()
    const before = api.bitcoin.utxos(recipient).length
    expect(api.bitcoin.broadcast(tx.toHex())).toBe(tx.getId())
    expect(api.bitcoin.utxos(recipient)).toHaveLength(before + 1)
  })

  it("refuse to sign for an address the wallet does not hold", async () => {
    const reply = await wallet.provider.request("signPsbt", {
      psbt: unsignedDevWalletPsbt(api, payment.address, { amount: 1_000n }),
      signInputs: { [regtestFunding[2]?.address as string]: [0] },
    })
    expect(reply).toMatchObject({ error: { code: -32603 } })
  })
})
