import { setTimeout as sleep } from "node:timers/promises"
import { type AppKit, type CaipNetworkId, FrameRequestError } from "@appkit/core"
import { OAuthProvider } from "@appkit/core/embedded"
import { Effect, Schema } from "effect"
import { readDevStack } from "../devStack"
import { readDuration } from "../duration"
import { defaultAppOrigin, type EmbeddedTarget, openEmbeddedAppKit } from "../embeddedSession"
import { devStackNote, type Endpoint, setting } from "../endpoints"
import { giveUpWaiting } from "../giveUp"
import { readChain } from "../inputs"
import { askOtp } from "../otpPrompt"
import { CliError, describeError, errorCode, invalidInput, note, printJson, printLine } from "../output"
import { lineQuestion, processTerminal } from "../prompt"
import { clearConnection, type EmbeddedConnection, readConnectionOrNone, writeConnection } from "../session"

/**
 * `appkit-cli connect --email you@example.com` and `connect --social github`: the embedded wallet, signed in
 * through its secure site. Email: the code is asked on the terminal (hidden; a line of stdin when it is not
 * a terminal, for scripts), or read from the dev stack's mail sink with `--dev-otp`; a known user on this
 * (new) device first approves it from the mailed link, which `--dev-otp` also opens. Social: the provider's
 * URL is printed; the user signs in in any browser and pastes back the address it ends on (a line of
 * stdin; a --json run reading it from a pipe asks without a prompt). Farcaster: its QR code and URL are shown and the approval is waited for (connectFarcaster.ts).
 * `--timeout` bounds each wait for the user: the code, the pasted address, the Farcaster approval.
 */
export interface EmbeddedConnectOptions {
  readonly email?: string | undefined
  readonly social?: string | undefined
  readonly devOtp?: boolean | undefined
  readonly secureSiteUrl?: string | undefined
  readonly appOrigin?: string | undefined
  readonly accountType?: string | undefined
  readonly chain?: ReadonlyArray<string> | undefined
  readonly replace?: boolean | undefined
  readonly json?: boolean | undefined
  readonly timeout?: string | undefined
}

/** How many times a mistyped code is asked for; the site allows a few more wrong codes before it locks one. */
const codeTries = 3

/**
 * Input the user may type again: an address or code core refuses as malformed, or a code the site says is not
 * the one it mailed.
 */
const mistyped = (error: unknown): boolean =>
  errorCode(error) === "InvalidParameterError" || (error instanceof FrameRequestError && error.wrongCode)

/** How long `--dev-otp` looks in the mail sink for a mail that is on its way, unless --timeout says. */
const mailWaitMs = 10_000

export const secureSiteEndpoint = (
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Endpoint | undefined => {
  if (flag !== undefined) return { url: flag, source: "flag" }
  const fromEnv = setting(env.APPKIT_SECURE_SITE_URL)
  if (fromEnv !== undefined) return { url: fromEnv, source: "environment" }
  const stack = readDevStack(env)
  return stack?.secureSiteUrl === undefined ? undefined : { url: stack.secureSiteUrl, source: "dev stack" }
}

const readAppOrigin = (value: string): string => {
  const origin = URL.canParse(value) ? new URL(value).origin : undefined
  if (origin !== value) throw invalidInput(`--app-origin: expected an origin such as ${defaultAppOrigin}`)
  return origin
}

const readAccountType = (value: string | undefined): "eoa" | "smartAccount" | undefined => {
  if (value === undefined) return undefined
  if (value === "eoa" || value === "smart-account") return value === "eoa" ? "eoa" : "smartAccount"
  throw invalidInput("--account-type: expected eoa or smart-account")
}

const decodeProvider = Schema.decodeUnknownOption(OAuthProvider)

/** What the dev stack's mail sink holds for `to` (GET /dev/mailbox, development only). */
const mailbox = async (secureSiteUrl: string, to: string, signal: AbortSignal) => {
  const url = new URL("dev/mailbox", secureSiteUrl.endsWith("/") ? secureSiteUrl : `${secureSiteUrl}/`)
  url.searchParams.set("to", to)
  const response = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(5_000)]) }).catch(
    () => undefined,
  )
  signal.throwIfAborted()
  if (response === undefined || !response.ok)
    throw new CliError(
      `--dev-otp reads the local mail sink of a development secure site (${url.origin}/dev/mailbox), which did not answer`,
      { code: "NoMailSink" },
    )
  const messages: unknown = await response.json()
  return Array.isArray(messages) ? (messages as ReadonlyArray<{ text?: unknown; receivedAt?: unknown }>) : []
}

/**
 * The newest mail to `to` since `since` that `find` reads something from, polled for until found or
 * `timeoutMs` (--timeout, else a few seconds) has passed.
 */
const awaitMail = (
  secureSiteUrl: string,
  to: string,
  since: number,
  find: (text: string) => string | undefined,
  what: string,
  timeoutMs: number | undefined,
): Promise<string> =>
  Effect.runPromise(
    giveUpWaiting(
      timeoutMs ?? mailWaitMs,
      `No ${what} arrived for ${to} in the local mail sink`,
      async (signal) => {
        for (;;) {
          const messages = await mailbox(secureSiteUrl, to, signal)
          for (const message of [...messages].reverse()) {
            if (typeof message.receivedAt === "number" && message.receivedAt < since) continue
            const found = typeof message.text === "string" ? find(message.text) : undefined
            if (found !== undefined) return found
          }
          await sleep(200, undefined, { signal })
        }
      },
    ),
  )

/** Waits for `step` while the login runs, to act on the step (print the device note, approve in dev). */
const onStep = (appKit: AppKit, step: string, act: () => Promise<void>) => {
  let done = false
  return appKit.subscribe(
    (state) => state.embedded.step,
    (current) => {
      if (current !== step || done) return
      done = true
      void act().catch((error: unknown) => note(`Could not approve the device: ${String(error)}`))
    },
  )
}

const emailLogin = async (
  appKit: AppKit,
  target: EmbeddedTarget,
  email: string,
  options: { readonly devOtp: boolean; readonly json: boolean; readonly timeoutMs: number | undefined },
) => {
  const { approvalLinkOf, approveDeviceLink, codeOf } = await import("@appkit/secure-site/client")
  const since = Date.now()
  const fromMailSink = (find: (text: string) => string | undefined, what: string) =>
    awaitMail(target.secureSiteUrl, email, since, find, what, options.timeoutMs)
  const stopWatching = onStep(appKit, "verifyDevice", async () => {
    note(`This device is new for ${email}: open the link mailed to ${email} to approve it.`)
    if (options.devOtp) await approveDeviceLink(await fromMailSink(approvalLinkOf, "device approval link"))
  })
  const next = await appKit.embedded.connectEmail(email).finally(stopWatching)
  if (next === "connected") return
  if (options.devOtp) return appKit.embedded.verifyOtp(await fromMailSink(codeOf, "code"))
  for (let tries = codeTries; ; tries--) {
    const otp = await Effect.runPromise(
      giveUpWaiting(options.timeoutMs, "No code entered", (signal) =>
        askOtp(email, processTerminal, options.json, signal),
      ),
    )
    const refused = await appKit.embedded.verifyOtp(otp).then(
      () => undefined,
      (error: unknown) => error,
    )
    if (refused === undefined) return
    if (tries <= 1 || !mistyped(refused)) throw refused
    const left = `${tries - 1} ${tries === 2 ? "try" : "tries"} left`
    if (options.json)
      printJson({ event: "code_refused", reason: describeError(refused), triesLeft: tries - 1 })
    note(`${describeError(refused)}: type the code mailed to ${email} again (${left})`)
  }
}

const readProvider = (value: string): OAuthProvider | "farcaster" => {
  if (value === "farcaster") return value
  const known = decodeProvider(value)
  if (known._tag === "None")
    throw invalidInput(`--social: expected one of ${[...OAuthProvider.literals, "farcaster"].join(", ")}`)
  return known.value
}

const socialLogin = async (
  appKit: AppKit,
  provider: OAuthProvider,
  options: { readonly json: boolean; readonly timeoutMs: number | undefined },
) => {
  const uri = await appKit.embedded.socialRedirectUri(provider)
  if (options.json) printJson({ event: "social_url", provider, url: uri })
  else printLine(`Open this address to sign in with ${provider}:\n${uri}`)
  const redirect = await Effect.runPromise(
    giveUpWaiting(options.timeoutMs, "No address pasted", (signal) =>
      processTerminal.readLine(
        lineQuestion("Then paste the address your browser ended on: ", processTerminal, options.json),
        "No address given",
        signal,
      ),
    ),
  )
  await appKit.embedded.completeSocialLogin(redirect)
}

export const connectEmbedded = async (options: EmbeddedConnectOptions): Promise<void> => {
  if (options.email !== undefined && options.social !== undefined)
    throw invalidInput("--email and --social: choose one way to sign in")
  const provider = options.social === undefined ? undefined : readProvider(options.social)
  const timeoutMs = options.timeout === undefined ? undefined : readDuration(options.timeout)
  const site = secureSiteEndpoint(options.secureSiteUrl)
  if (site === undefined)
    throw new CliError(
      "The embedded wallet needs its secure site: --secure-site-url, APPKIT_SECURE_SITE_URL, or a running `appkit-cli dev`",
      { code: "UsageError" },
    )
  if (!/^https?:\/\/[^\s/]+/.test(site.url)) throw invalidInput("--secure-site-url: expected an http(s) URL")
  const stack = readDevStack()
  const chainId: CaipNetworkId = readChain(
    options.chain?.[0] ?? stack?.chainId ?? "eip155:1",
    "--chain",
    "eip155",
  ).caip2
  const target: EmbeddedTarget = {
    secureSiteUrl: site.url,
    appOrigin: readAppOrigin(options.appOrigin ?? setting(process.env.APPKIT_APP_ORIGIN) ?? defaultAppOrigin),
    chainId,
    rpcUrl: stack?.rpcUrl,
    accountType: readAccountType(options.accountType),
  }
  const previous = readConnectionOrNone()
  if (previous !== undefined && !options.replace)
    throw new CliError(
      `Already connected: ${previous.address}. Run \`appkit-cli disconnect\` first, or pass --replace`,
      { code: "AlreadyConnected" },
    )
  note(devStackNote("secure site", site))
  const appKit = await openEmbeddedAppKit(target)
  try {
    const login = async () => {
      if (options.email !== undefined)
        return emailLogin(appKit, target, options.email, {
          devOtp: options.devOtp === true,
          json: options.json === true,
          timeoutMs,
        })
      const social = provider ?? readProvider("")
      if (social !== "farcaster")
        return socialLogin(appKit, social, { json: options.json === true, timeoutMs })
      const { farcasterLogin } = await import("./connectFarcaster")
      return farcasterLogin(appKit, { json: options.json === true, timeoutMs })
    }
    await login().catch((error: unknown) => {
      // A mistyped address or code is the user's input: exit 1, like any other bad argument.
      throw mistyped(error) ? invalidInput(describeError(error)) : error
    })
    const state = appKit.getState()
    const account = state.account.byNamespace.eip155
    if (account?.address === undefined)
      throw new CliError("The embedded wallet signed in but named no account", { code: "NoAccount" })
    clearConnection()
    const connection: EmbeddedConnection = {
      kind: "embedded",
      address: account.address,
      chainId,
      secureSiteUrl: target.secureSiteUrl,
      appOrigin: target.appOrigin,
      ...(account.user?.email === undefined ? {} : { email: account.user.email }),
      ...(options.social === undefined ? {} : { socialProvider: options.social }),
      ...(target.accountType === undefined ? {} : { accountType: target.accountType }),
    }
    writeConnection(connection)
    const who = connection.email ?? options.social ?? "the embedded wallet"
    if (options.json)
      printJson({ kind: "embedded", address: account.address, chainId, email: connection.email })
    else printLine(`Connected ${account.address} (embedded wallet, ${who})`)
  } finally {
    await appKit.dispose()
  }
}
