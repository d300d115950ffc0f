// @vitest-environment happy-dom
import { act } from "react"
import { createRoot } from "react-dom/client"
import { describe, expect, it } from "vitest"
import { OtpInput } from "./OtpInput"

const render = async () => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  const container = document.createElement("div")
  document.body.append(container)
  const completed: Array<string> = []
  const root = createRoot(container)
  await act(async () => {
    root.render(<OtpInput label="Code" disabled={false} onComplete={(otp) => void completed.push(otp)} />)
  })
  const boxes = [...container.querySelectorAll("input")]
  return { boxes, completed, unmount: () => act(() => root.unmount()) }
}

/** What a user does: sets the box's value as the browser would, then the input event React listens to. */
const typeInto = async (box: HTMLInputElement, value: string) => {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set
    setter?.call(box, value)
    box.dispatchEvent(new Event("input", { bubbles: true }))
  })
}

const pasteInto = async (box: HTMLInputElement, text: string) => {
  await act(async () => {
    const event = new Event("paste", { bubbles: true, cancelable: true }) as Event & {
      clipboardData: { getData: () => string }
    }
    event.clipboardData = { getData: () => text }
    box.dispatchEvent(event)
  })
}

describe("the 6-box code entry", () => {
  it("has six boxes; a pasted code with spaces fills them all and completes", async () => {
    const { boxes, completed, unmount } = await render()
    expect(boxes).toHaveLength(6)
    await pasteInto(boxes[0] as HTMLInputElement, " 123 456 ")
    expect(boxes.map((box) => box.value)).toEqual(["1", "2", "3", "4", "5", "6"])
    expect(completed).toEqual(["123456"])
    unmount()
  })

  it("moves on digit by digit, ignores letters, and completes only with the sixth digit", async () => {
    const { boxes, completed, unmount } = await render()
    for (const [index, digit] of ["9", "8", "7", "6", "5"].entries())
      await typeInto(boxes[index] as HTMLInputElement, digit)
    await typeInto(boxes[5] as HTMLInputElement, "x")
    expect(completed).toEqual([])
    expect(document.activeElement).toBe(boxes[5])
    await typeInto(boxes[5] as HTMLInputElement, "4")
    expect(completed).toEqual(["987654"])
    unmount()
  })

  it("a paste of fewer than six digits fills what it has and waits for the rest", async () => {
    const { boxes, completed, unmount } = await render()
    await pasteInto(boxes[0] as HTMLInputElement, "12345")
    expect(boxes.map((box) => box.value)).toEqual(["1", "2", "3", "4", "5", ""])
    expect(completed).toEqual([])
    unmount()
  })

  it("a digit typed into a filled box replaces it (correcting one digit), wherever the caret was", async () => {
    const { boxes, completed, unmount } = await render()
    await pasteInto(boxes[0] as HTMLInputElement, "123456")
    // The browser adds the new digit after the one there (caret at the end)…
    await typeInto(boxes[2] as HTMLInputElement, "39")
    expect(boxes.map((box) => box.value)).toEqual(["1", "2", "9", "4", "5", "6"])
    // …or before it (caret at the start).
    await typeInto(boxes[4] as HTMLInputElement, "75")
    expect(boxes.map((box) => box.value)).toEqual(["1", "2", "9", "4", "7", "6"])
    expect(completed).toEqual(["123456", "129456", "129476"])
    unmount()
  })

  it("after a wrong code (checked with the boxes disabled) is cleared, with the focus back on the first box", async () => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    const container = document.createElement("div")
    document.body.append(container)
    const root = createRoot(container)
    const show = (disabled: boolean) =>
      act(async () => root.render(<OtpInput label="Code" disabled={disabled} onComplete={() => undefined} />))
    await show(false)
    const boxes = [...container.querySelectorAll("input")]
    // A code short of a digit, then the entry disabled and enabled again (a resend): what was typed stays.
    for (const [index, digit] of ["1", "2", "3"].entries())
      await typeInto(boxes[index] as HTMLInputElement, digit)
    await show(true)
    await show(false)
    expect(boxes.map((box) => box.value)).toEqual(["1", "2", "3", "", "", ""])
    // The whole code, checked (disabled) and refused (enabled again, the step unchanged): typed again from the start.
    for (const [index, digit] of ["4", "5", "6"].entries())
      await typeInto(boxes[3 + index] as HTMLInputElement, digit)
    await show(true)
    expect(document.activeElement).not.toBe(boxes[0])
    await show(false)
    expect(boxes.map((box) => box.value)).toEqual(["", "", "", "", "", ""])
    expect(document.activeElement).toBe(boxes[0])
    act(() => root.unmount())
    container.remove()
  })
})
