/** Where the local stack runs: `appkit-cli dev --serve` answers /appkit-stack.json; otherwise its default ports. */
export interface Stack {
  readonly rpcUrl: string
  readonly chainId: number
  readonly apiUrl: string
  readonly relayUrl: string
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
export const loadStack = async (): Promise<Stack> => {
  try {
    const response = await fetch("./appkit-stack.json", { signal: AbortSignal.timeout(2000) })
    if (!response.ok) return defaultStack
    const body = (await response.json()) as Record<string, unknown>
    return {
      rpcUrl: isLoopbackUrl(body.rpcUrl, ["http:"]) ? body.rpcUrl : defaultStack.rpcUrl,
      chainId:
        typeof body.chainId === "string" && /^eip155:[1-9]\d{0,9}$/.test(body.chainId)
          ? Number(body.chainId.slice("eip155:".length))
          : defaultStack.chainId,
      apiUrl: isLoopbackUrl(body.apiUrl, ["http:"]) ? body.apiUrl : defaultStack.apiUrl,
      relayUrl: isLoopbackUrl(body.relayUrl, ["ws:"]) ? body.relayUrl : defaultStack.relayUrl,
    }
  } catch (error) {
    console.warn("appkit-stack.json unavailable; using the default local ports", error)
    return defaultStack
  }
}
