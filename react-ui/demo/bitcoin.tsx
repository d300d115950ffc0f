import type { BitcoinClient } from "@appkit/core/bitcoin"
import { useState } from "react"

/**
 * The Bitcoin layer in the demo: a button that opens the wallet selector (sats-connect's request API with
 * provider selection), and the addresses the chosen wallet shares. The layer and the selector element load
 * on the first click, so the demo's first paint carries none of it.
 */
type AddressEntry = { readonly purpose: string; readonly address: string }

type BitcoinSession =
  | { readonly status: "idle" }
  | { readonly status: "connecting" }
  | { readonly status: "connected"; readonly addresses: ReadonlyArray<AddressEntry> }
  | { readonly status: "failed"; readonly message: string }

let client: Promise<BitcoinClient> | undefined

const bitcoinClient = () => {
  client ??= Promise.all([import("@appkit/core/bitcoin"), import("@appkit/react-ui/bitcoin")]).then(
    ([core, skin]) => {
      skin.loadBitcoinWalletSelector()
      return core.createBitcoinClient()
    },
  )
  return client
}

/** The dev Bitcoin wallet, registered as an extension would (WBIP004), after the first paint. */
export const injectDevBitcoinWallet = async (host: Window, esploraUrl: string) => {
  const { createDevBitcoinWallet, registerDevBitcoinWallet } = await import("@appkit/fixtures/bitcoin")
  const wallet = createDevBitcoinWallet({ network: "Mainnet", esploraUrl })
  registerDevBitcoinWallet(host as unknown as EventTarget & Record<string, unknown>, wallet)
  return wallet
}

export const BitcoinSection = () => {
  const [session, setSession] = useState<BitcoinSession>({ status: "idle" })
  const connect = async () => {
    setSession({ status: "connecting" })
    const reply = await (await bitcoinClient()).request("getAddresses", {
      purposes: ["payment", "ordinals"],
      message: "Connect to the AppKit demo",
    })
    setSession(
      reply.status === "success"
        ? {
            status: "connected",
            addresses: (reply.result as { addresses: ReadonlyArray<AddressEntry> }).addresses,
          }
        : { status: "failed", message: reply.error.message },
    )
  }
  const disconnect = async () => {
    await (await bitcoinClient()).disconnect()
    setSession({ status: "idle" })
  }
  return (
    <section aria-labelledby="btc-title" data-bitcoin-status={session.status}>
      <h2 id="btc-title">Bitcoin</h2>
      {session.status === "connected" ? (
        <>
          <dl>
            {session.addresses.map((entry) => (
              <Entry key={entry.purpose} name={entry.purpose} value={entry.address} />
            ))}
          </dl>
          <p>
            <button type="button" onClick={disconnect}>
              Disconnect Bitcoin wallet
            </button>
          </p>
        </>
      ) : (
        <>
          <p>Pick a Bitcoin browser wallet in the selector (the dev wallet is installed on this page).</p>
          <button type="button" onClick={connect} disabled={session.status === "connecting"}>
            Connect a Bitcoin wallet
          </button>
          {session.status === "failed" ? <p role="alert">{session.message}</p> : null}
        </>
      )}
    </section>
  )
}

const Entry = ({ name, value }: { readonly name: string; readonly value: string }) => (
  <>
    <dt>{name}</dt>
    <dd data-bitcoin-address={name}>{value}</dd>
  </>
)
