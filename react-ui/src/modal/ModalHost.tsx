import { type ComponentType, useEffect, useState } from "react"
import { useAppKitSelector } from "../binding/useAppKitSelector"

let loading: Promise<ComponentType> | undefined
/** The modal's chunk, fetched once per page; a failed fetch is forgotten, so the next open fetches it again. */
const loadModal = (): Promise<ComponentType> => {
  loading ??= import("./Modal").then(
    (module) => module.default,
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/**
 * Mounts the modal. Its code is a lazy chunk, so a first paint carries only the buttons; its download starts
 * as the host first renders (a preload, as react-dom's `preload` is meant to be called from a render), and the
 * modal is mounted closed as soon as it is there, so an open renders at once. A click made the moment the
 * button shows finds the download under way and the modal shows when it lands. The chunk is rendered as a
 * plain component, not through `React.lazy` + Suspense: React holds a Suspense boundary's content back for up
 * to 300 ms after its fallback showed, which an open at first sight would wait for.
 */
export const ModalHost = () => {
  const open = useAppKitSelector((state) => state.modal.open)
  const [Modal, setModal] = useState<ComponentType | undefined>(undefined)
  if (Modal === undefined && typeof document !== "undefined") loadModal().catch(() => undefined)
  const missing = Modal === undefined
  // biome-ignore lint/correctness/useExhaustiveDependencies: `open` re-runs it, so after a failed download (offline) the next open asks again.
  useEffect(() => {
    if (!missing) return
    let cancelled = false
    loadModal().then(
      (loaded) => !cancelled && setModal(() => loaded),
      () => undefined,
    )
    return () => {
      cancelled = true
    }
  }, [missing, open])
  return Modal === undefined ? null : <Modal />
}
