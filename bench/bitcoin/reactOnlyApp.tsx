// The Bitcoin React app's page without Bitcoin: what React and React DOM cost on their own.
import { useState } from "react"
import { createRoot } from "react-dom/client"

function App() {
  const [result, setResult] = useState("")
  return (
    <main>
      <button type="button" onClick={() => setResult("clicked")}>
        Connect
      </button>
      <pre>{result}</pre>
    </main>
  )
}

createRoot(document.getElementById("root") as HTMLElement).render(<App />)
