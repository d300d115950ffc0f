// A dApp that also offers WalletConnect pairing, as createAppKit's `walletConnect` option sets it up.
import { createAppKit } from "@appkit/core"

export const start = () =>
  createAppKit({
    projectId: "size-test",
    networks: [{ id: 1, name: "Ethereum" }],
    walletConnect: { relayUrl: "wss://relay.example" },
  })
