import { useEffect, useState } from "react"

/**
 * The time now, read again every `everyMs` while the component is mounted (one interval, cleared on unmount):
 * labels such as "2m ago" move on while a view stays open.
 */
export const useNow = (everyMs: number): number => {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}
