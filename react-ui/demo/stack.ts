/**
 * Where the local stack runs: `appkit-cli dev --serve` writes it into the page and answers /appkit-stack.json;
 * otherwise its default ports.
 */
export interface Stack {
  readonly rpcUrl: string
  readonly chainId: number
  readonly apiUrl: string
  readonly relayUrl: string
  /** The local Solana chain, when the stack runs one (its JSON-RPC URL and CAIP-2 id). */
  readonly solana?: { readonly rpcUrl: string; readonly chainId: string } | undefined
  /** The embedded wallet's secure site (email and social login), when the stack runs one. */
  readonly secureSiteUrl?: string | undefined
}

export const defaultStack: Stack = {
  rpcUrl: "http://127.0.0.1:8545",
  chainId: 1,
  apiUrl: "http://127.0.0.1:8787",
  relayUrl: "ws://127.0.0.1:8788",
}

const isLoopbackUrl = (value: unknown, schemes: ReadonlyArray<string>): value is string => {
  if (typeof value !== "string") return false
  try {
    const url = new URL(value)
    return schemes.includes(url.protocol) && (url.hostname === "127.0.0.1" || url.hostname === "localhost")
  } catch {
    return false
  }
}

/** The served stack description, checked field by field: anything off (or not on loopback) falls back. */
export const parseStack = (body: Record<string, unknown>): Stack => ({
  rpcUrl: isLoopbackUrl(body.rpcUrl, ["http:"]) ? body.rpcUrl : defaultStack.rpcUrl,
  chainId:
    typeof body.chainId === "string" && /^eip155:[1-9]\d{0,9}$/.test(body.chainId)
      ? Number(body.chainId.slice("eip155:".length))
      : defaultStack.chainId,
  apiUrl: isLoopbackUrl(body.apiUrl, ["http:"]) ? body.apiUrl : defaultStack.apiUrl,
  relayUrl: isLoopbackUrl(body.relayUrl, ["ws:"]) ? body.relayUrl : defaultStack.relayUrl,
  ...(isLoopbackUrl(body.solanaRpcUrl, ["http:"]) &&
    typeof body.solanaChainId === "string" &&
    /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/.test(body.solanaChainId) && {
      solana: { rpcUrl: body.solanaRpcUrl, chainId: body.solanaChainId },
    }),
  ...(isLoopbackUrl(body.secureSiteUrl, ["http:"]) && { secureSiteUrl: body.secureSiteUrl }),
})

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * The stack description `appkit-cli dev --serve` writes into the page (a JSON script element), read while the
 * page's script starts: the first render waits on no request. Undefined when the page carries none (another
 * server) or it is not a JSON object.
 */
export const inlineStack = (page: Document): Stack | undefined => {
  const element = page.querySelector(
    'script[type="application/json"][data-appkit-document="/appkit-stack.json"]',
  )
  if (element === null) return undefined
  try {
    const body: unknown = JSON.parse(element.textContent ?? "")
    return isRecord(body) ? parseStack(body) : undefined
  } catch {
    return undefined
  }
}

/** The stack description from ./appkit-stack.json, for a page served without it inline. */
export const fetchStack = async (): Promise<Stack> => {
  try {
    const response = await fetch("./appkit-stack.json", { signal: AbortSignal.timeout(2000) })
    if (!response.ok) return defaultStack
    const body: unknown = await response.json()
    return isRecord(body) ? parseStack(body) : defaultStack
  } catch (error) {
    console.warn("appkit-stack.json unavailable; using the default local ports", error)
    return defaultStack
  }
}
