import { lazy, Suspense, useEffect, useState } from "react"
import { useAppKitSelector } from "../binding/useAppKitSelector"

const loadModal = () => import("./Modal")
const Modal = lazy(loadModal)

/**
 * Mounts the modal. Its code is a lazy chunk fetched once the page is idle (so a first paint carries only the
 * buttons) and mounted closed as soon as it is there, so opening it later renders at once. A modal opened
 * before that simply waits for the chunk.
 */
export const ModalHost = () => {
  const open = useAppKitSelector((state) => state.modal.open)
  const [preloaded, setPreloaded] = useState(false)
  useEffect(() => {
    let cancelled = false
    const preload = () => void loadModal().then(() => !cancelled && setPreloaded(true))
    const idle = globalThis.requestIdleCallback
    const handle = idle === undefined ? setTimeout(preload, 1) : idle(preload, { timeout: 1000 })
    return () => {
      cancelled = true
      if (idle === undefined) clearTimeout(handle as ReturnType<typeof setTimeout>)
      else globalThis.cancelIdleCallback(handle as number)
    }
  }, [])
  if (!open && !preloaded) return null
  return (
    <Suspense fallback={null}>
      <Modal />
    </Suspense>
  )
}
