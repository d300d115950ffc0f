// A Bitcoin-only dApp without a framework: the selector element and the request client, sats-connect style.
import { createBitcoinClient } from "@appkit/core/bitcoin"
import { loadBitcoinWalletSelector } from "@appkit/react-ui/bitcoin"

loadBitcoinWalletSelector()
const client = createBitcoinClient()
export const connect = () => client.request("getAddresses", { purposes: ["payment", "ordinals"] })
