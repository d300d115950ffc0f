// The React page of reactOnlyApp.tsx whose Connect button runs `connect`: each floor app passes the smallest
// program that uses one more part of Effect, so the bench can show what those parts cost beside React.
import { useState } from "react"
import { createRoot } from "react-dom/client"

function App({ connect }: { readonly connect: () => Promise<unknown> }) {
  const [result, setResult] = useState("")
  return (
    <main>
      <button type="button" onClick={async () => setResult(JSON.stringify(await connect()))}>
        Connect
      </button>
      <pre>{result}</pre>
    </main>
  )
}

export const renderPage = (connect: () => Promise<unknown>) =>
  createRoot(document.getElementById("root") as HTMLElement).render(<App connect={connect} />)
