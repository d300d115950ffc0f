import type { View } from "@appkit/core"
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react"
import { useAppKitInstance } from "../binding/context"

/** The wallet a Connecting view is about: its connector, and what to show of it. */
export interface ConnectTarget {
  readonly connectorId: string
  readonly name: string
  readonly imageUrl: string | undefined
}

export type ConnectingView = Extract<View, "ConnectingExternal" | "ConnectingWalletConnect">

interface ConnectFlow {
  readonly target: ConnectTarget | undefined
  readonly pending: boolean
  readonly error: unknown
  /** Opens the Connecting view for `target` and asks the core to connect; the view shows progress and errors. */
  readonly connect: (target: ConnectTarget, view: ConnectingView) => Promise<void>
}

const ConnectFlowContext = createContext<ConnectFlow | undefined>(undefined)

/**
 * What the Connecting views show while the core connects. This is only the wallet picked on screen and the
 * outcome of that click; history, connection state and errors' texts are the core's.
 */
export const ConnectFlowProvider = ({ children }: { readonly children: ReactNode }) => {
  const appKit = useAppKitInstance()
  const [target, setTarget] = useState<ConnectTarget | undefined>(undefined)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<unknown>(undefined)
  // The wallet picked last is the one on show: an earlier one answering later (its popup left open while the
  // user went back and picked another) neither shows its outcome in that wallet's place nor closes the modal.
  const latest = useRef(0)
  const connect = useCallback(
    async (next: ConnectTarget, view: ConnectingView) => {
      const attempt = ++latest.current
      setTarget(next)
      setError(undefined)
      setPending(true)
      await appKit.push(view)
      try {
        await appKit.connect(next.connectorId)
        // Sign-in may have taken over the modal meanwhile (SIWXSignMessage): close only what is still ours.
        const { modal, router } = appKit.getState()
        if (attempt === latest.current && modal.open && router.view === view) await appKit.close()
      } catch (cause) {
        if (attempt === latest.current) setError(cause)
      } finally {
        if (attempt === latest.current) setPending(false)
      }
    },
    [appKit],
  )
  const value = useMemo(() => ({ target, pending, error, connect }), [target, pending, error, connect])
  return <ConnectFlowContext.Provider value={value}>{children}</ConnectFlowContext.Provider>
}

export const useConnectFlow = (): ConnectFlow => {
  const flow = useContext(ConnectFlowContext)
  if (flow === undefined) throw new Error("useConnectFlow is used outside the modal")
  return flow
}
