import { alerts, type EmbeddedAuthState, type SocialProvider } from "@appkit/core"
import { type FormEvent, useEffect, useState } from "react"
import { useAppKitInstance } from "../binding/context"
import { inBackground } from "../binding/inBackground"
import { shallowEqual, useAppKitSelector } from "../binding/useAppKitSelector"
import { Notice, Row, Spinner } from "../modal/parts"
import { OtpInput } from "./OtpInput"

/**
 * The email and social login of the embedded wallet (a chunk of its own: only a dApp with `secureSiteUrl`
 * loads it). Every step is the core's (state.embedded): this skin shows the step and calls the action.
 */
const FlowError = ({ state }: { readonly state: EmbeddedAuthState }) => {
  if (state.alert !== undefined)
    return (
      <p className="appkit-alert" role="alert">
        <strong>{alerts[state.alert].shortMessage}</strong> {alerts[state.alert].longMessage}
      </p>
    )
  return state.error === undefined ? null : (
    <p className="appkit-error" role="alert">
      {state.error}
    </p>
  )
}

const useEmbedded = () => useAppKitSelector((state) => state.embedded, shallowEqual)

/** An address to send a code to: the sign-in's and the email update's form. */
const EmailEntry = ({
  formLabel,
  fieldLabel,
  name,
  initial,
  submitLabel,
  showError,
  send,
}: {
  readonly formLabel: string
  readonly fieldLabel: string
  readonly name: string
  readonly initial: string
  readonly submitLabel: string
  readonly showError: boolean
  readonly send: (email: string) => Promise<unknown>
}) => {
  const state = useEmbedded()
  const [email, setEmail] = useState(initial)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    inBackground(send(email))
  }
  return (
    <form className="appkit-form" aria-label={formLabel} onSubmit={submit}>
      <label className="appkit-field">
        <span>{fieldLabel}</span>
        <input
          className="appkit-input"
          type="email"
          name={name}
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          disabled={state.busy}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      <button type="submit" className="appkit-button" disabled={state.busy || email.trim() === ""}>
        {state.busy ? "Sending code…" : submitLabel}
      </button>
      {showError && <FlowError state={state} />}
    </form>
  )
}

const EmailForm = () => {
  const appKit = useAppKitInstance()
  const state = useEmbedded()
  return (
    <EmailEntry
      formLabel="Email"
      fieldLabel="Email"
      name="email"
      initial={state.email ?? ""}
      submitLabel="Continue"
      showError={state.step === "idle"}
      send={(email) => appKit.embedded.connectEmail(email)}
    />
  )
}

const SocialList = () => {
  const appKit = useAppKitInstance()
  // The core's list: the dApp's socials in §9 order, minus those Telegram hides (§5).
  const [socials, setSocials] = useState<ReadonlyArray<SocialProvider>>([])
  useEffect(() => {
    let current = true
    // It fails only on an instance that failed to build (logged) or was disposed: the list then stays empty.
    inBackground(appKit.socials().then((list) => current && setSocials(list)))
    return () => {
      current = false
    }
  }, [appKit])
  const start = (social: SocialProvider) => {
    if (social === "farcaster") {
      void appKit.push("ConnectingFarcaster")
      inBackground(appKit.embedded.farcasterUrl().then(() => appKit.embedded.connectFarcaster()))
      return
    }
    // Opened inside this click, so no popup blocker stops it.
    inBackground(appKit.embedded.connectSocial(social))
  }
  return (
    <ul className="appkit-list" aria-label="Social login">
      {socials.map((social) => (
        <Row
          key={social}
          name={`Continue with ${social}`}
          imageUrl={undefined}
          onClick={() => start(social)}
        />
      ))}
    </ul>
  )
}

/** The Connect view's email or social method. */
export const EmbeddedMethod = ({ method }: { readonly method: "email" | "social" }) =>
  method === "email" ? <EmailForm /> : <SocialList />

const BackButton = () => {
  const appKit = useAppKitInstance()
  return (
    <button
      type="button"
      className="appkit-button"
      data-variant="secondary"
      onClick={() => void appKit.embedded.reset()}
    >
      Back
    </button>
  )
}

/** The step in progress, in place of the Connect view's methods. */
export const EmbeddedStepView = () => {
  const appKit = useAppKitInstance()
  const state = useEmbedded()
  switch (state.step) {
    case "verifyOtp":
      return (
        <Notice title="Confirm your email" actions={<BackButton />}>
          <p className="appkit-muted">Enter the 6-digit code we emailed to {state.email}.</p>
          <OtpInput
            label="Code"
            disabled={state.busy}
            onComplete={(otp) => inBackground(appKit.embedded.verifyOtp(otp))}
          />
          <FlowError state={state} />
          <button
            type="button"
            className="appkit-link"
            disabled={state.busy || state.email === undefined}
            onClick={() =>
              state.email !== undefined && inBackground(appKit.embedded.connectEmail(state.email))
            }
          >
            Resend code
          </button>
        </Notice>
      )
    case "verifyDevice":
      return (
        <Notice title="Register this device" actions={<BackButton />}>
          <p className="appkit-muted">
            Approve this device from the link we emailed to {state.email}. The sign-in continues here.
          </p>
          <Spinner label="Waiting for the approval" />
          <FlowError state={state} />
        </Notice>
      )
    case "social":
      return (
        <Notice title={`Log in with ${state.socialProvider ?? "your account"}`} actions={<BackButton />}>
          <p className="appkit-muted">Continue in the popup window that opened.</p>
          {state.busy ? <Spinner label="Waiting for the popup" /> : <FlowError state={state} />}
        </Notice>
      )
    default:
      return null
  }
}

/** The account view's email update: the new address, then a code to the current one, then one to the new. */
export const EmbeddedEmailUpdate = () => {
  const appKit = useAppKitInstance()
  const state = useEmbedded()
  if (state.step === "updateEmailPrimaryOtp" || state.step === "updateEmailSecondaryOtp") {
    const primary = state.step === "updateEmailPrimaryOtp"
    return (
      <fieldset
        className="appkit-form"
        aria-label="Update email"
        style={{ border: 0, padding: 0, margin: 0 }}
      >
        <p className="appkit-muted">
          {primary
            ? `Enter the code we emailed to your current address, ${state.email}.`
            : `Enter the code we emailed to your new address, ${state.newEmail}.`}
        </p>
        <OtpInput
          key={state.step}
          label={primary ? "Code for the current email" : "Code for the new email"}
          disabled={state.busy}
          onComplete={(otp) =>
            inBackground(
              primary
                ? appKit.embedded.updateEmailPrimaryOtp(otp)
                : appKit.embedded.updateEmailSecondaryOtp(otp),
            )
          }
        />
        <FlowError state={state} />
      </fieldset>
    )
  }
  return (
    <EmailEntry
      formLabel="Update email"
      fieldLabel="New email"
      name="new-email"
      initial=""
      submitLabel="Update email"
      showError
      send={(email) => appKit.embedded.updateEmail(email)}
    />
  )
}
