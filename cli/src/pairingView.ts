import { renderUnicodeCompact } from "uqr"
import { printJson, printLine } from "./output"

/**
 * What the user sees while `connect` waits for a wallet, in one of three forms: Ink on a terminal, plain
 * lines when stdout is not one, JSON lines with --json. Colour only on a terminal and never under NO_COLOR.
 */
export interface PairingView {
  /** A pairing URI to show; the wait ends at `deadline` (ms), because of `reason`. */
  readonly pairing: (uri: string, deadline: number, reason: "pairing" | "timeout") => void
  readonly done: () => void
}

/** The QR code as text: 4 modules of quiet zone around it, as scanners need (ISO/IEC 18004). */
export const qrLines = (uri: string): ReadonlyArray<string> =>
  renderUnicodeCompact(uri, { border: 4 }).split("\n")

/** Whether the whole code fits, with room for the lines around it (`extraRows`). */
export const qrFits = (
  lines: ReadonlyArray<string>,
  terminal: { readonly columns?: number | undefined; readonly rows?: number | undefined },
  extraRows: number,
): boolean =>
  terminal.columns === undefined ||
  terminal.rows === undefined ||
  (Math.max(...lines.map((line) => line.length)) <= terminal.columns &&
    lines.length + extraRows <= terminal.rows)

export const tooSmall = "The terminal is too small for the QR code: enlarge the window or open the URI"

/** "Pairing expires in 3:59" or, when --timeout ends the wait first, "Giving up in 0:09". */
export const countdown = (deadline: number, reason: "pairing" | "timeout", now = Date.now()): string => {
  const left = Math.max(0, Math.ceil((deadline - now) / 1000))
  const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`
  return reason === "pairing" ? `Pairing expires in ${clock}` : `Giving up in ${clock} (--timeout)`
}

/** NO_COLOR (https://no-color.org): present and not empty turns colour off. */
export const colorAllowed = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.NO_COLOR === undefined || env.NO_COLOR === ""

/** How often plain output repeats the countdown (a log, so not every second). */
const plainCountdownMs = 30_000

export const plainView = (): PairingView => {
  let ticker: ReturnType<typeof setInterval> | undefined
  return {
    pairing: (uri, deadline, reason) => {
      printLine("Scan the QR code with a WalletConnect wallet, or paste the URI into it:")
      for (const line of qrLines(uri)) printLine(line)
      printLine(`uri: ${uri}`)
      printLine(`${countdown(deadline, reason)} (at ${new Date(deadline).toISOString()})`)
      clearInterval(ticker)
      ticker = setInterval(() => printLine(countdown(deadline, reason)), plainCountdownMs)
    },
    done: () => clearInterval(ticker),
  }
}

export const jsonView = (relayUrl: string): PairingView => ({
  pairing: (uri, deadline, reason) =>
    printJson({
      event: "display_uri",
      uri,
      expiresAt: new Date(deadline).toISOString(),
      endsBy: reason,
      relayUrl,
    }),
  done: () => {},
})

/** Ink on a terminal: the QR code (or why it is not shown), the URI, and the countdown on its own line. */
export const inkView = async (): Promise<PairingView> => {
  const [{ render, Box, Text }, React] = await Promise.all([import("ink"), import("react")])
  const h = React.createElement
  const color = colorAllowed()
  const instance = render(h(Text, {}, "Connecting to the relay…"))
  let ticker: ReturnType<typeof setInterval> | undefined
  const draw = (uri: string, qr: ReadonlyArray<string>, deadline: number, reason: "pairing" | "timeout") => {
    const fits = qrFits(qr, process.stdout, 4)
    const urgent = deadline - Date.now() <= 30_000
    instance.rerender(
      h(
        Box,
        { flexDirection: "column" },
        h(Text, {}, "Scan with a WalletConnect wallet, or paste the URI into it:"),
        fits ? h(Text, {}, qr.join("\n")) : h(Text, color ? { color: "yellow" } : {}, tooSmall),
        h(Text, color ? { dimColor: true } : {}, uri),
        h(Text, color ? { color: urgent ? "yellow" : "green" } : {}, countdown(deadline, reason)),
      ),
    )
  }
  return {
    pairing: (uri, deadline, reason) => {
      const qr = qrLines(uri)
      draw(uri, qr, deadline, reason)
      clearInterval(ticker)
      // Redrawn every second, and whenever the window is resized.
      ticker = setInterval(() => draw(uri, qr, deadline, reason), 1000)
    },
    done: () => {
      clearInterval(ticker)
      instance.clear()
      instance.unmount()
    },
  }
}
