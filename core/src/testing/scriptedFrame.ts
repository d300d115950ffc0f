import type { EmbeddedFrame } from "../appkit/embeddedWallet"
import { type AppMessage, type FrameRequest, frameMessage } from "../connectors/embedded/protocol"
import { FakeWindow, fakeFramePort } from "./fakeWindows"

/**
 * Test support only: a secure-site frame that answers each request with `script`'s result (or, when it returns
 * `{ error, status? }`, with that error text and the site's HTTP status), between fake windows that check
 * origins like a browser.
 */
export type FrameScript = (request: FrameRequest) => unknown

export const DAPP_ORIGIN = "https://dapp.example"

/** Makes `frame` answer what `dapp` posts to it by `script`; every request is recorded in `seen`. */
export const answerByScript = (
  dapp: FakeWindow,
  frame: FakeWindow,
  script: FrameScript,
  seen: Array<FrameRequest>,
): void => {
  frame.subscribe(({ data }) => {
    const { id, request } = data as AppMessage
    seen.push(request)
    const answer = script(request) as { error?: string; status?: number } | undefined
    dapp.deliver(
      typeof answer === "object" && answer !== null && "error" in answer
        ? frameMessage.error(id, answer.error ?? "", answer.status)
        : frameMessage.reply(id, answer),
      DAPP_ORIGIN,
      frame,
    )
  })
}

/**
 * A frame host for `createAppKit({ embeddedFrameHost })`: each mount makes a scripted frame that says it is
 * ready as soon as the dApp listens (`silent` frames never do: a frame that does not load).
 */
export const scriptedFrameHost = (script: FrameScript, options: { readonly silent?: boolean } = {}) => {
  const seen: Array<FrameRequest> = []
  let mounts = 0
  let removed = 0
  let lastDapp: FakeWindow | undefined
  const host = (secureSiteUrl: string): EmbeddedFrame => {
    mounts += 1
    const dapp = new FakeWindow(DAPP_ORIGIN)
    lastDapp = dapp
    const frame = new FakeWindow(new URL(secureSiteUrl).origin)
    answerByScript(dapp, frame, script, seen)
    const port = fakeFramePort(dapp, frame)
    return {
      remove: () => {
        removed += 1
      },
      port: {
        ...port,
        subscribe: (listener) => {
          const unsubscribe = port.subscribe(listener)
          if (!options.silent) queueMicrotask(() => dapp.deliver(frameMessage.ready(), DAPP_ORIGIN, frame))
          return unsubscribe
        },
      },
    }
  }
  return {
    host,
    seen,
    get mounts() {
      return mounts
    },
    get removed() {
      return removed
    },
    /** The dApp window of the last mount (a popup posts to it). */
    get dapp() {
      return lastDapp
    },
  }
}
