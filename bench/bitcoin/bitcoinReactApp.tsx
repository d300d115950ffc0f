// The same Bitcoin-only dApp in React: what sats-connect's 141 KiB (its library + React) compares with.
import { createBitcoinClient } from "@appkit/core/bitcoin"
import { BitcoinWalletSelector } from "@appkit/react-ui/bitcoin"
import { useState } from "react"
import { createRoot } from "react-dom/client"

const client = createBitcoinClient()

function App() {
  const [result, setResult] = useState("")
  const connect = async () =>
    setResult(JSON.stringify(await client.request("getAddresses", { purposes: ["payment"] })))
  return (
    <main>
      <button type="button" onClick={connect}>
        Connect
      </button>
      <pre>{result}</pre>
      <BitcoinWalletSelector />
    </main>
  )
}

createRoot(document.getElementById("root") as HTMLElement).render(<App />)
