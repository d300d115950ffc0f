import { spawn } from "node:child_process"

/**
 * Opening a URL in the user's browser, as `gh browse` and `git web--browse` do: `$BROWSER` when set (a
 * `:`-separated list of commands, tried in turn; `%s` stands for the URL, else it is the last argument), else
 * the platform's opener (`open` on macOS, the URL handler on Windows, `xdg-open` elsewhere). Commands run without a shell, so nothing in
 * the URL is ever interpreted.
 */

export type OpenOutcome =
  | { readonly opened: true; readonly command: string }
  | { readonly opened: false; readonly reason: string }

/**
 * How long an opener may take to say it failed. Openers such as xdg-open hand the URL on and exit; a browser
 * started directly keeps running, and is taken as opened once it is still up after this.
 */
export const openerGracePeriodMs = 3_000

interface Invocation {
  readonly command: string
  readonly args: ReadonlyArray<string>
}

/** `$BROWSER`'s commands for `url` ("firefox", "my-browser --new-tab %s"); none for an empty value. */
export const browserInvocations = (browserVariable: string, url: string): ReadonlyArray<Invocation> =>
  browserVariable
    .split(":")
    .map((entry) => entry.trim().split(/\s+/).filter(Boolean))
    .filter((words) => words.length > 0)
    .map(([command, ...rest]) => {
      const placeholder = rest.some((word) => /%s/.test(word.replaceAll("%%", "")))
      // One pass, so a `%%` or `%s` inside the URL itself is never rewritten.
      const args = rest.map((word) => word.replace(/%([s%])/g, (_match, kind) => (kind === "s" ? url : "%")))
      return { command: command as string, args: placeholder ? args : [...args, url] }
    })

const platformOpener = (url: string, platform: NodeJS.Platform): Invocation => {
  if (platform === "darwin") return { command: "open", args: [url] }
  // Not `cmd /c start`: cmd would read the query's `&` as a command separator.
  if (platform === "win32") return { command: "rundll32", args: ["url.dll,FileProtocolHandler", url] }
  return { command: "xdg-open", args: [url] }
}

/** Runs one opener: opened when it exits 0, or is still running after the grace period. */
const run = (invocation: Invocation): Promise<OpenOutcome> =>
  new Promise((resolve) => {
    const child = spawn(invocation.command, [...invocation.args], { stdio: "ignore", detached: true })
    const timer = setTimeout(() => {
      child.removeAllListeners()
      child.unref()
      resolve({ opened: true, command: invocation.command })
    }, openerGracePeriodMs)
    const settle = (outcome: OpenOutcome) => {
      clearTimeout(timer)
      child.removeAllListeners()
      resolve(outcome)
    }
    child.once("error", (error: NodeJS.ErrnoException) =>
      settle({
        opened: false,
        reason: `${invocation.command}: ${error.code === "ENOENT" ? "command not found" : error.message}`,
      }),
    )
    child.once("exit", (code, signal) =>
      settle(
        code === 0
          ? { opened: true, command: invocation.command }
          : {
              opened: false,
              reason: `${invocation.command} ${signal === null ? `exited with code ${code}` : `was stopped by ${signal}`}`,
            },
      ),
    )
  })

/** Opens `url` with the first command that works; the reasons of every failed one otherwise. */
export const openInBrowser = async (
  url: string,
  environment: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Promise<OpenOutcome> => {
  const configured = browserInvocations(environment.BROWSER ?? "", url)
  const candidates = configured.length > 0 ? configured : [platformOpener(url, platform)]
  const reasons: Array<string> = []
  for (const candidate of candidates) {
    const outcome = await run(candidate)
    if (outcome.opened) return outcome
    reasons.push(outcome.reason)
  }
  return { opened: false, reason: reasons.join("; ") }
}
