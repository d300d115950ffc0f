import { ApiConfig, type ApiServices, apiLayer } from "@appkit/core/effect"
import { Effect } from "effect"
import { type ApiOptions, describeFailure, LOCAL_API_URL } from "./api-options"
import { resolveApiSettings } from "./api-settings"
import { formatDuration } from "./duration"
import { toJsonView } from "./jsonView"
import { CliError, printJson, printLine } from "./output"
import { withSpinner } from "./spinner"

/** What a data command shows: the JSON document for --json, readable lines otherwise. */
export interface CommandOutput {
  readonly json: unknown
  readonly lines: ReadonlyArray<string>
  /** 1 when the answer is a negative one (e.g. a name that is not registered). */
  readonly exitCode?: 0 | 1
}

/**
 * Runs `program` with the Blockchain and Wallet API clients on the configured base URL and prints its
 * output. The whole command is bounded by the timeout (retries included), so a dead URL fails within
 * it: one line on stderr, exit 2. Inputs are checked by the caller before this is called.
 */
/** The API clients on the configured base URL, each request bounded by the command's timeout. */
export const cliApiLayer = (options: ApiOptions) => {
  const settings = resolveApiSettings(options)
  const api = apiLayer(
    ApiConfig.fromBaseUrl(settings.apiUrl, {
      projectId: settings.projectId,
      sdkType: "appkit-cli",
      timeout: settings.timeoutMs,
      // A one-shot command reports the first failure at once (a refused connection included) instead of
      // spending its whole timeout in backoff; scripts decide themselves whether to try again.
      retries: 0,
    }),
  )
  return { api, settings }
}

export const runApiCommand = async (
  options: ApiOptions,
  label: string,
  program: Effect.Effect<CommandOutput, unknown, ApiServices>,
): Promise<void> => {
  const { api: apis, settings } = cliApiLayer(options)
  // The default URL is the local fixture server: say how to start it rather than only that it is down.
  const hint = settings.apiUrl === LOCAL_API_URL ? " (start it with: npm start)" : ""
  const timedOut = new CliError(
    `The API at ${settings.apiUrl} is unreachable or did not answer within ${formatDuration(settings.timeoutMs)}${hint}`,
    { code: "ApiUnreachable" },
  )
  const runnable = program.pipe(
    Effect.timeoutOrElse({ duration: settings.timeoutMs, orElse: () => Effect.fail(timedOut) }),
    Effect.mapError((error) =>
      error instanceof CliError ? error : new CliError(describeFailure(error), { code: tagOf(error) }),
    ),
    Effect.provide(apis),
  )
  const output = await withSpinner(label, !options.json, () => Effect.runPromise(runnable))
  // API documents pass through the output contract: camelCase keys, no fractional numbers.
  if (options.json) printJson(toJsonView(output.json))
  else for (const line of output.lines) printLine(line)
  if (output.exitCode) process.exitCode = output.exitCode
}

const tagOf = (error: unknown): string => {
  const tag = typeof error === "object" && error !== null ? (error as { _tag?: unknown })._tag : undefined
  return typeof tag === "string" ? tag : "ApiError"
}
