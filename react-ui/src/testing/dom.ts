import { act } from "react"

/** Test support: what a user does to a rendered view, inside React's act. */

/** Waits (up to 5 s, a turn of 20 ms at a time) until `until` holds. */
export const settle = async (until: () => boolean) => {
  for (let turn = 0; turn < 250 && !until(); turn++)
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
}

/** Types `value` into an input as a keyboard would leave it (React sees an input event). */
export const type = (input: Element | null, value: string) =>
  act(async () => {
    const element = input as HTMLInputElement
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(element, value)
    element.dispatchEvent(new Event("input", { bubbles: true }))
  })
