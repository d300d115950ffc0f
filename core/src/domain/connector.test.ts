import { describe } from "vitest"
import { schemaCases } from "../testing/schemaCases"
import { ConnectorDescriptor, WalletListing } from "./connector"

const metamask = {
  id: "io.metamask",
  name: "MetaMask",
  type: "ANNOUNCED",
  chain: "eip155",
  imageUrl: "data:image/svg+xml;base64,PHN2Zy8+",
  explorerId: "c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96",
  info: { rdns: "io.metamask", name: "MetaMask", uuid: "350670db-19fa-4704-a166-e52e178b59d4" },
  provider: { request: "function" },
}

describe("ConnectorDescriptor", () => {
  schemaCases(ConnectorDescriptor, {
    valid: [
      ["an EIP-6963 wallet", metamask],
      [
        "WalletConnect",
        { id: "walletConnect", name: "WalletConnect", type: "WALLET_CONNECT", chain: "eip155" },
      ],
      ["the embedded wallet", { id: "ID_AUTH", name: "Auth", type: "AUTH", chain: "solana" }],
    ],
    invalid: [
      ["an unknown type", { ...metamask, type: "BROWSER" }],
      ["an unknown chain", { ...metamask, chain: "tron" }],
      ["an empty id", { ...metamask, id: "" }],
    ],
  })
})

describe("WalletListing", () => {
  schemaCases(WalletListing, {
    valid: [
      [
        "a registry entry",
        {
          id: "c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96",
          name: "MetaMask",
          image_id: "018b2d52-10e6-4158-1fc3-a5d5b4e6a9ff",
          rdns: "io.metamask",
          mobile_link: "metamask://",
          desktop_link: null,
          webapp_link: null,
          chains: ["eip155:1", "eip155:8453"],
        },
      ],
    ],
    invalid: [
      ["no id", { name: "MetaMask" }],
      ["chains as a string", { id: "x", name: "X", chains: "eip155:1" }],
    ],
  })
})
