// The floor the skin is measured against: React alone, a button that shows a list of wallets on click, and a
// second view (a search box) behind its "All Wallets" row, with a back button, as the modal's views have.
import { useState } from "react"
import { createRoot } from "react-dom/client"

type View = "closed" | "Connect" | "AllWallets"

const App = () => {
  const [view, setView] = useState<View>("closed")
  return (
    <>
      <button type="button" data-appkit-button="connect" onClick={() => setView("Connect")}>
        Connect Wallet
      </button>
      {view === "Connect" && (
        <div data-view="Connect">
          <ul aria-label="Wallets">
            <li>WalletConnect</li>
            <li>Browser wallet</li>
            <li>
              <button type="button" onClick={() => setView("AllWallets")}>
                All Wallets
              </button>
            </li>
          </ul>
        </div>
      )}
      {view === "AllWallets" && (
        <div data-view="AllWallets">
          <button type="button" aria-label="Back" onClick={() => setView("Connect")}>
            ←
          </button>
          <input type="search" placeholder="Search wallet" />
        </div>
      )}
    </>
  )
}

createRoot(document.getElementById("root") as HTMLElement).render(<App />)
