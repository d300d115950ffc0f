import { type ConnectorListItem, connectMethodOrder, orderedConnectorList } from "@appkit/core"
import { useMemo } from "react"
import { useAppKitInstance } from "../binding/context"
import { shallowEqual, useAppKitSelector } from "../binding/useAppKitSelector"
import { useConnectFlow } from "../modal/flow"
import { Row } from "../modal/parts"
import { choiceOfConnector, choiceOfWallet } from "../modal/targets"

const sectionTags: Partial<Record<ConnectorListItem["section"], string>> = {
  recent: "Recent",
  injected: "Installed",
  walletConnect: "QR code",
}

const WalletList = () => {
  const appKit = useAppKitInstance()
  const flow = useConnectFlow()
  const connectorsState = useAppKitSelector((state) => state.connectors)
  const allWallets = useAppKitSelector((state) => state.options.features.allWallets)
  const items = useMemo(() => orderedConnectorList(connectorsState), [connectorsState])
  return (
    <ul className="appkit-list" aria-label="Wallets">
      {items.map((item) => {
        const tag = sectionTags[item.section]
        if ("connector" in item) {
          const choice = choiceOfConnector(item.connector)
          return (
            <Row
              key={`${item.section}:${item.connector.id}`}
              name={item.connector.name}
              imageUrl={item.connector.imageUrl}
              tag={tag}
              onClick={() => void flow.connect(choice.target, choice.view)}
            />
          )
        }
        const choice = choiceOfWallet(item.wallet, item.wallet.imageUrl, connectorsState.connectors)
        return (
          <Row
            key={`${item.section}:${item.wallet.id}`}
            name={item.wallet.name}
            imageUrl={item.wallet.imageUrl}
            tag={choice === undefined ? "Not installed" : tag}
            disabled={choice === undefined}
            onClick={() => choice && void flow.connect(choice.target, choice.view)}
          />
        )
      })}
      {allWallets && (
        <Row name="All Wallets" imageUrl={undefined} onClick={() => void appKit.push("AllWallets")} />
      )}
    </ul>
  )
}

/** Email and social sign-in, offered only when an embedded-wallet (AUTH) connector is registered. */
const AuthMethod = ({ method }: { readonly method: "email" | "social" }) => {
  const flow = useConnectFlow()
  const auth = useAppKitSelector((state) => state.connectors.connectors.find((c) => c.type === "AUTH"))
  const socials = useAppKitSelector((state) => state.options.socials, shallowEqual)
  if (auth === undefined) return null
  const target = { connectorId: auth.id, name: auth.name, imageUrl: auth.imageUrl }
  if (method === "email")
    return (
      <ul className="appkit-list" aria-label="Email">
        <Row
          name="Continue with email"
          imageUrl={undefined}
          onClick={() => void flow.connect(target, "ConnectingExternal")}
        />
      </ul>
    )
  return (
    <ul className="appkit-list" aria-label="Social login">
      {socials.map((social) => (
        <Row
          key={social}
          name={`Continue with ${social}`}
          imageUrl={undefined}
          onClick={() => void flow.connect(target, "ConnectingExternal")}
        />
      ))}
    </ul>
  )
}

/** §2 Connect: the connect methods in the core's order (wallet first when a wallet is installed). */
export const Connect = () => {
  const connectors = useAppKitSelector((state) => state.connectors.connectors)
  const options = useAppKitSelector((state) => state.options)
  const methods = useMemo(() => connectMethodOrder(connectors, options), [connectors, options])
  return (
    <div className="appkit-form" data-methods={methods.join(",")}>
      {methods.map((method) =>
        method === "wallet" ? <WalletList key={method} /> : <AuthMethod key={method} method={method} />,
      )}
    </div>
  )
}
