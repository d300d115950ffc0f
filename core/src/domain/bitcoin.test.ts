import { describe } from "vitest"
import { schemaCases } from "../testing/schemaCases"
import {
  BitcoinAddressEntry,
  BitcoinNetwork,
  BitcoinWalletOption,
  BtcBalance,
  RequestResult,
  SignMessageInput,
  SignPsbtInput,
  SignPsbtResult,
  TransferInput,
  WalletEventName,
} from "./bitcoin"
import { Utxo } from "./utxo"

// BIP-174's first valid example PSBT.
const psbt =
  "cHNidP8BAHUCAAAAASaBcTce3/KF6Tet7qSze3gADAVmy7OtZGQXE8pCFxv2AAAAAAD+////AtPf9QUAAAAAGXapFNDFmQPFusKGh2DpD9UhpGZap2UgiKwA4fUFAAAAABepFDVF5uM7gyxHBQ8k0+65PJwDlIvHh7MuEwAAAQD9pQEBAAAAAAECiaPHHqtNIOA3G7ukzGmPopXJRjr6Ljl/hTPMti+VZ+UBAAAAFxYAFL4Y0VKpsBIDna89p95PUzSe7LmF/////4b4qkOnHf8USIk6UwpyN+9rRgi7st0tAXHmOuxqSJC0AQAAABcWABT+Pp7xp0XpdNkCxDVZQ6vLNL1TU/////8CAMLrCwAAAAAZdqkUhc/xCX/Z4Ai7NK9wnGIZeziXikiIrHL++E4sAAAAF6kUM5cluiHv1irHU6m80GfWx6ajnQWHAkcwRAIgJxK+IuAnDzlPVoMR3HyppolwuAJf3TskAinwf4pfOiQCIAGLONfc0xTnNMkna9b7QPZzMlvEuqFEyADS8vAtsnZcASED0uFWdJQbrUqZY3LLh+GFbTZSYG2YVi/jnF6efkE/IQUCSDBFAiEA0SuFLYXc2WHS9fSrZgZU327tzHlMDDPOXMMJ/7X85Y0CIGczio4OFyXBl/saiK9Z9R5E5CVbIBZ8hoQDHAXR8lkqASECI7cr7vCWXRC+B3jv7NYfysb3mk6haTkzgHNEZPhPKrMAAAAAAAAA"
const xverse = {
  id: "XverseProviders.BitcoinProvider",
  name: "Xverse Wallet",
  icon: "data:image/svg+xml;base64,PHN2Zy8+",
  isInstalled: false,
  installPrompt: {
    url: "https://chromewebstore.google.com/detail/xverse-wallet/idnnbdplmphpflfnlkomgpfbpcgelopg",
  },
}
const payment = {
  address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  purpose: "payment",
  publicKey: "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
  addressType: "p2wpkh",
  walletType: "software",
}

describe("BitcoinWalletOption", () => {
  schemaCases(BitcoinWalletOption, {
    valid: [
      ["an uninstalled wallet with an install prompt", xverse],
      [
        "an installed wallet",
        { id: "unisat", name: "Unisat", icon: "https://unisat.io/icon.svg", isInstalled: true },
      ],
    ],
    invalid: [
      ["isInstalled as a string", { ...xverse, isInstalled: "no" }],
      ["no icon", { id: "x", name: "X", isInstalled: true }],
    ],
  })
})

describe("BitcoinAddressEntry", () => {
  schemaCases(BitcoinAddressEntry, {
    valid: [
      ["a payment address", payment],
      [
        "a ledger taproot ordinals address",
        { ...payment, purpose: "ordinals", addressType: "p2tr", walletType: "ledger" },
      ],
    ],
    invalid: [
      ["an unknown purpose", { ...payment, purpose: "savings" }],
      ["an unknown wallet type", { ...payment, walletType: "trezor" }],
      ["an unknown address type", { ...payment, addressType: "p2pk" }],
    ],
  })
})

describe("PSBT signing", () => {
  schemaCases(SignPsbtInput, {
    valid: [
      [
        "inputs of one address",
        {
          psbt,
          signInputs: [
            { address: payment.address, index: 0 },
            { address: payment.address, index: 1 },
          ],
          broadcast: false,
        },
      ],
      [
        "with sighash types",
        { psbt, signInputs: [{ address: payment.address, index: 0, sighashTypes: [1] }] },
      ],
    ],
    invalid: [
      ["a hex PSBT", { psbt: "70736274ff01", signInputs: [] }],
      ["a negative index", { psbt, signInputs: [{ address: payment.address, index: -1 }] }],
    ],
  })
  schemaCases(SignPsbtResult, {
    valid: [
      ["signed, not broadcast", { psbt }],
      ["broadcast", { psbt, txid: "f61b1742ca13176464adb3cb66050c00787bb3a4eead37e985f2df1e37718126" }],
    ],
    invalid: [["a short txid", { psbt, txid: "f61b17" }]],
  })
})

describe("message signing and transfers", () => {
  schemaCases(SignMessageInput, {
    valid: [
      ["default protocol", { message: "Hello World", address: payment.address }],
      ["BIP-322", { message: "", address: payment.address, protocol: "bip322" }],
    ],
    invalid: [
      [
        "an upper-case protocol (upper-casing happens on the wire)",
        { message: "m", address: payment.address, protocol: "BIP322" },
      ],
    ],
  })
  schemaCases(TransferInput, {
    valid: [["10,000 sats", { recipient: payment.address, amount: "10000" }]],
    invalid: [
      ["BTC instead of sats", { recipient: payment.address, amount: "0.0001" }],
      ["a number", { recipient: payment.address, amount: 10000 }],
    ],
  })
})

describe("balances, UTXOs and results", () => {
  schemaCases(BtcBalance, {
    valid: [["a balance", { balance: "0.00123456", symbol: "BTC" }]],
    invalid: [
      ["another symbol", { balance: "1", symbol: "ETH" }],
      ["a float", { balance: 0.1, symbol: "BTC" }],
    ],
  })
  schemaCases(Utxo, {
    valid: [
      [
        "a confirmed output",
        {
          txid: "f61b1742ca13176464adb3cb66050c00787bb3a4eead37e985f2df1e37718126",
          vout: 0,
          value: 546,
          status: { confirmed: true, block_height: 840000 },
        },
      ],
    ],
    invalid: [["fractional satoshis", { txid: "f6", vout: 0, value: 0.5 }]],
  })
  schemaCases(RequestResult, {
    valid: [
      ["a success", { status: "success", result: { addresses: [payment] } }],
      ["an error", { status: "error", error: { code: 4001, message: "User rejected the request." } }],
    ],
    invalid: [
      ["an error without a code", { status: "error", error: { message: "boom" } }],
      ["an unknown status", { status: "pending" }],
    ],
  })
  schemaCases(BitcoinNetwork, {
    valid: [["Testnet4", "Testnet4"]],
    invalid: [["lower case", "mainnet"]],
  })
  schemaCases(WalletEventName, {
    valid: [["display_uri", "display_uri"]],
    invalid: [["networkChanged", "networkChanged"]],
  })
})
