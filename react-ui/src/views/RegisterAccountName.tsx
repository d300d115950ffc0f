import { NameSuffix } from "@appkit/core"
import { isAccountName, normalizeAccountName } from "@appkit/core/validation"
import { type FormEvent, useState } from "react"
import { useAppKitInstance } from "../binding/context"
import { shallowEqual, useAppKitSelector } from "../binding/useAppKitSelector"

/**
 * §2 RegisterAccountName: pick a name under the core's suffix. The core's rule (letters, digits, hyphens, at
 * least 4) enables the button, with no message (§5); registering, signing and the result are the core's flow.
 */
export default function RegisterAccountName() {
  const appKit = useAppKitInstance()
  const names = useAppKitSelector((state) => state.names, shallowEqual)
  const [name, setName] = useState(() => names.name?.replace(NameSuffix.current, "") ?? "")
  const valid = isAccountName(name)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (valid) void appKit.registerName(name).catch(() => undefined)
  }
  return (
    <form className="appkit-form" onSubmit={submit}>
      <label className="appkit-field">
        <span>Name</span>
        <span style={{ display: "flex", alignItems: "center", gap: 8 }}>
          <input
            className="appkit-input"
            value={name}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setName(normalizeAccountName(event.target.value))}
          />
          <span className="appkit-muted">{NameSuffix.current}</span>
        </span>
      </label>
      {names.status === "error" && names.error !== undefined && (
        <p className="appkit-error" role="alert">
          {names.error}
        </p>
      )}
      <button type="submit" className="appkit-button" disabled={!valid || names.status === "registering"}>
        Register
      </button>
    </form>
  )
}
