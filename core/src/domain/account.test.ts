import { describe } from "vitest"
import { schemaCases } from "../testing/schemaCases"
import { AccountState, AccountTypeObject, EmbeddedWalletUser, PreferredAccountTypes } from "./account"

const evmAccount = { namespace: "eip155", address: "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", type: "eoa" }
const ordinals = {
  namespace: "bip122",
  address: "bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr",
  type: "ordinals",
  publicKey: "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
  path: "m/86'/0'/0'/0/0",
}

describe("AccountTypeObject", () => {
  schemaCases(AccountTypeObject, {
    valid: [
      ["an EVM EOA", evmAccount],
      ["a Bitcoin ordinals address", ordinals],
    ],
    invalid: [
      ["an unknown type", { ...evmAccount, type: "multisig" }],
      ["no address", { namespace: "eip155", type: "eoa" }],
    ],
  })
})

describe("PreferredAccountTypes", () => {
  schemaCases(PreferredAccountTypes, {
    valid: [
      ["the defaults", { eip155: "smartAccount", bip122: "payment", solana: "eoa", polkadot: "eoa" }],
      ["nothing chosen", {}],
    ],
    invalid: [
      ["a Bitcoin purpose for eip155", { eip155: "payment" }],
      ["a smart account on solana", { solana: "smartAccount" }],
    ],
  })
})

describe("EmbeddedWalletUser", () => {
  schemaCases(EmbeddedWalletUser, {
    valid: [
      [
        "an email user with both accounts",
        {
          email: "alice@example.com",
          address: "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045",
          chainId: 1,
          accounts: [
            { address: "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", type: "EOA" },
            { address: "0x4bbd3bD5E07AF2a5FbbfAa2f1e3B0f9bB27C0a9E", type: "SMART_ACCOUNT" },
          ],
          userName: null,
          smartAccountDeployed: false,
          preferredAccountType: "smartAccount",
        },
      ],
      [
        "a social user on solana without email",
        {
          address: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
          chainId: "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
        },
      ],
    ],
    invalid: [
      [
        "an unknown account type",
        { address: "0x1", chainId: 1, accounts: [{ address: "0x1", type: "MPC" }] },
      ],
      ["preferred type in upper case", { address: "0x1", chainId: 1, preferredAccountType: "EOA" }],
    ],
  })
})

describe("AccountState", () => {
  const connected = {
    caipAddress: "eip155:1:0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045",
    address: "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045",
    balance: "1.234567890123456789",
    balanceSymbol: "ETH",
    profileName: "vitalik.reown.id",
    tokenBalance: [{ symbol: "ETH", price: 3000, quantity: { decimals: "18", numeric: "1.2" } }],
    connectedWalletInfo: { name: "MetaMask", icon: "data:image/png;base64,AA==" },
    allAccounts: [evmAccount],
    user: { address: "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", chainId: 1, email: "alice@example.com" },
    smartAccountDeployed: false,
    addressLabels: { "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045": "vitalik" },
  }
  const reset = { tokenBalance: [], allAccounts: [], smartAccountDeployed: false, addressLabels: {} }
  const shared = { currentTab: "Tokens", preferredAccountTypes: { eip155: "eoa" } }
  schemaCases(AccountState, {
    valid: [
      ["no account yet", { byNamespace: {}, ...shared }],
      ["a reset account", { byNamespace: { eip155: reset }, ...shared }],
      [
        "a connected account on the Activity tab, signed in with google",
        { byNamespace: { eip155: connected }, ...shared, currentTab: "Activity", socialProvider: "google" },
      ],
    ],
    invalid: [
      ["a tab past Activity", { byNamespace: {}, ...shared, currentTab: "Swaps" }],
      ["a tab as an index", { byNamespace: {}, ...shared, currentTab: 2 }],
      ["a float balance", { byNamespace: { eip155: { ...connected, balance: 1.5 } }, ...shared }],
      [
        "a caipAddress without a chain",
        { byNamespace: { eip155: { ...connected, caipAddress: "0xd8dA" } }, ...shared },
      ],
      [
        "an account without its token list",
        { byNamespace: { eip155: { ...reset, tokenBalance: undefined } }, ...shared },
      ],
    ],
  })
})
