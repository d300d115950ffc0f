// Bundled for the browser by embedded.browser.test.ts: a dApp page that embeds the secure site's frame with
// core's browser frame, messenger and embedded-wallet flows, exposed to the test as `window.embedded`.

import {
  type EmbeddedWallet,
  type FrameMessenger,
  type FrameRequest,
  makeEmbeddedWallet,
  makeFrameMessenger,
  mountSecureFrame,
  type OAuthProvider,
} from "@appkit/core/embedded"
import { Effect, Exit, Logger, Scope } from "effect"

export type Outcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly tag: string; readonly message: string; readonly alert?: string }

declare global {
  interface Window {
    embedded: {
      readonly logs: Array<string>
      start: (secureSiteUrl: string) => Promise<void>
      ask: (request: FrameRequest) => Promise<Outcome>
      ignored: () => Promise<unknown>
      abort: () => Promise<void>
      social?: Promise<Outcome>
    }
  }
}

const logs: Array<string> = []
const captureLogs = Logger.layer([Logger.make(({ message }) => void logs.push(String(message)))])
let messenger: FrameMessenger | undefined
let wallet: EmbeddedWallet | undefined

const outcome = async (effect: Effect.Effect<unknown, unknown>): Promise<Outcome> => {
  const exit = await Effect.runPromiseExit(effect)
  if (Exit.isSuccess(exit)) return { ok: true, value: exit.value }
  const error = exit.cause.reasons.find((reason) => reason._tag === "Fail")?.error as
    | { _tag?: string; message?: string; alert?: string }
    | undefined
  return {
    ok: false,
    tag: error?._tag ?? "Defect",
    message: error?.message ?? String(exit.cause),
    ...(error?.alert === undefined ? {} : { alert: error.alert }),
  }
}

const started = () => {
  if (messenger === undefined || wallet === undefined) throw new Error("call embedded.start first")
  return { messenger, wallet }
}

/** The social button: the popup opens blank on the click itself, so no popup blocker stops it. */
const socialLogin = (provider: OAuthProvider) => {
  const popup = window.open("about:blank", "appkit-social-login", "width=480,height=640")
  window.embedded.social = outcome(
    started().wallet.connectSocial(provider, {
      window: popup,
      navigate: (uri) => {
        if (popup !== null) popup.location.href = uri
      },
    }),
  )
}

window.embedded = {
  logs,
  start: async (secureSiteUrl) => {
    // The messenger lives as long as the page: its scope is never closed.
    const pageScope = Effect.runSync(Scope.make())
    const frame = mountSecureFrame(document, secureSiteUrl)
    messenger = await Effect.runPromise(
      Scope.provide(pageScope)(
        makeFrameMessenger({ port: frame.port, secureSiteOrigin: new URL(secureSiteUrl).origin }),
      ).pipe(Effect.provide(captureLogs)),
    )
    wallet = makeEmbeddedWallet({ messenger, dappName: "Browser test dApp" })
  },
  ask: (request) => outcome(started().messenger.request(request)),
  ignored: () => Effect.runPromise(started().messenger.ignored),
  abort: () => Effect.runPromise(started().messenger.abort),
}

for (const provider of ["github", "google"] as const) {
  const button = document.createElement("button")
  button.id = `social-${provider}`
  button.textContent = `Continue with ${provider}`
  button.addEventListener("click", () => socialLogin(provider))
  document.body.append(button)
}
