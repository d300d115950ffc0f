import { useConnectFlow } from "../modal/flow"
import { Pairing } from "./pairing/Pairing"

/** §2 ConnectingWalletConnect: the pairing of the wallet picked in Connect or AllWallets. */
export default function ConnectingWalletConnect() {
  const flow = useConnectFlow()
  const target = flow.target
  return (
    <Pairing
      walletName={target?.name === "WalletConnect" ? undefined : target?.name}
      walletImageUrl={target?.imageUrl}
      error={flow.error}
      pending={flow.pending}
      retry={() => target && void flow.connect(target, "ConnectingWalletConnect")}
    />
  )
}
