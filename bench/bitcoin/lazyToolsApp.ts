// A Bitcoin dApp that also verifies messages: the tools arrive through loadBitcoinTools() on first use.
import { createBitcoinClient, loadBitcoinTools } from "@appkit/core/bitcoin"
import { loadBitcoinWalletSelector } from "@appkit/react-ui/bitcoin"

loadBitcoinWalletSelector()
const client = createBitcoinClient()
export const connect = () => client.request("getAddresses", { purposes: ["payment"] })
export const verify = async (address: string, message: string, signature: string) =>
  (await loadBitcoinTools()).verifyBitcoinMessage({ address, message, signature })
