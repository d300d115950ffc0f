import { OTP_LENGTH } from "@appkit/core/validation"
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from "react"

/**
 * The 6-box code entry: one digit per box, focus moves on as digits are typed and back on Backspace, and a
 * pasted code (from the mail, spaces and all) fills every box at once. `onComplete` runs once all boxes
 * hold a digit; the core checks the code again before it is sent. The boxes are disabled while the code is
 * checked (focus leaves them); enabled again with the code still on show, it was refused: the boxes are cleared
 * and the first one focused, so the user types the code again.
 */
export const OtpInput = ({
  label,
  disabled,
  onComplete,
}: {
  readonly label: string
  readonly disabled: boolean
  readonly onComplete: (otp: string) => void
}) => {
  const [digits, setDigits] = useState<ReadonlyArray<string>>(() => Array(OTP_LENGTH).fill(""))
  const boxes = useRef<Array<HTMLInputElement | null>>([])
  const wasDisabled = useRef(disabled)

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs as the check starts and ends, on the digits then
  useEffect(() => {
    const refused = wasDisabled.current && !disabled && digits.every((digit) => digit !== "")
    wasDisabled.current = disabled
    if (!refused) return
    setDigits(Array(OTP_LENGTH).fill(""))
    boxes.current[0]?.focus()
  }, [disabled])

  const update = (next: ReadonlyArray<string>, focus: number) => {
    setDigits(next)
    boxes.current[Math.min(focus, OTP_LENGTH - 1)]?.focus()
    if (next.every((digit) => digit !== "")) onComplete(next.join(""))
  }

  const type = (index: number, value: string) => {
    const entered = value.replace(/\D/g, "")
    // A digit typed into a filled box replaces it: the browser puts it after (or before) the one there.
    const old = digits[index] ?? ""
    const typed =
      old !== "" && entered.length === 2 && entered.includes(old)
        ? entered.startsWith(old)
          ? entered.slice(1)
          : entered.slice(0, 1)
        : entered
    if (typed === "") return update(Object.assign([...digits], { [index]: "" }), index)
    // Several digits at once (autofill, a fast typist): they flow into the boxes after this one.
    const next = [...digits]
    for (const [offset, digit] of [...typed].entries())
      if (index + offset < OTP_LENGTH) next[index + offset] = digit
    update(next, index + typed.length)
  }

  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData("text").replace(/\D/g, "").slice(0, OTP_LENGTH)
    if (pasted === "") return
    event.preventDefault()
    update(
      Array.from({ length: OTP_LENGTH }, (_, i) => pasted[i] ?? ""),
      pasted.length,
    )
  }

  const key = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Backspace" && digits[index] === "" && index > 0) boxes.current[index - 1]?.focus()
  }

  return (
    <fieldset
      className="appkit-otp"
      aria-label={label}
      disabled={disabled}
      style={{ display: "flex", gap: 8, justifyContent: "center", border: 0, padding: 0, margin: 0 }}
    >
      {digits.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, fixed in number and order
          key={index}
          ref={(element) => {
            boxes.current[index] = element
          }}
          className="appkit-input appkit-otp-box"
          inputMode="numeric"
          autoComplete={index === 0 ? "one-time-code" : "off"}
          aria-label={`Digit ${index + 1}`}
          maxLength={OTP_LENGTH}
          value={digit}
          onChange={(event) => type(index, event.target.value)}
          onKeyDown={(event) => key(index, event)}
          onPaste={paste}
          style={{ width: 40, textAlign: "center", fontSize: "1.25em" }}
        />
      ))}
    </fieldset>
  )
}
