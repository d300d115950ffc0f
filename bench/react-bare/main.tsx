// The floor the skin is measured against: React alone, a button that shows a list of wallets on click.
import { useState } from "react"
import { createRoot } from "react-dom/client"

const App = () => {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" data-appkit-button="connect" onClick={() => setOpen(true)}>
        Connect Wallet
      </button>
      {open && (
        <ul aria-label="Wallets">
          <li>WalletConnect</li>
          <li>Browser wallet</li>
          <li>All Wallets</li>
        </ul>
      )}
    </>
  )
}

createRoot(document.getElementById("root") as HTMLElement).render(<App />)
