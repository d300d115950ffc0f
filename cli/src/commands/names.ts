import type { Command } from "commander"
import { type ApiOptions, runApiCommand, withApiOptions } from "../api-options"
import { formatFields } from "../fields"
import { formatTable } from "../table"

/** `appkit-cli names resolve|reverse|suggest`: Reown names (.reown.id) through the Blockchain API. */

const isNotFound = (error: { readonly cause?: unknown }) => {
  const cause = error.cause as { readonly _tag?: string; readonly status?: number } | undefined
  return cause?._tag === "HttpStatusError" && cause.status === 404
}

const dateOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10)

const resolveAction = (name: string, options: ApiOptions) =>
  runApiCommand(options, `Resolving ${name}`, ({ core, effect: { Effect } }) =>
    core.BlockchainApi.use((api) => api.lookupName(name)).pipe(
      Effect.map((record) => ({
        json: record,
        lines: formatFields([
          ["Name", record.name],
          ...Object.entries(record.addresses).map(([coinType, entry]): [string, string] => [
            `Address (coin ${coinType})`,
            entry.address,
          ]),
          ["Registered", dateOf(record.registered)],
          ...record.attributes.map((attribute): [string, string] => [attribute.key, attribute.value]),
        ]),
      })),
      // A name nobody registered is an answer, not a failure: exit 1 like other negative verdicts.
      Effect.catchIf(isNotFound, () =>
        Effect.succeed({ json: null, lines: [`${name} is not registered`], exitCode: 1 as const }),
      ),
    ),
  )

const reverseAction = (address: string, options: ApiOptions) =>
  runApiCommand(options, `Looking up names of ${address}`, ({ core, effect: { Effect } }) =>
    core.BlockchainApi.use((api) => api.reverseLookup({ address })).pipe(
      Effect.map((records) => ({
        json: records,
        lines: records.length === 0 ? [`No names for ${address}`] : records.map((record) => record.name),
        exitCode: records.length === 0 ? (1 as const) : (0 as const),
      })),
    ),
  )

const suggestAction = (name: string, options: ApiOptions) =>
  runApiCommand(options, `Suggesting names for ${name}`, ({ core, effect: { Effect } }) =>
    core.BlockchainApi.use((api) => api.nameSuggestions(name)).pipe(
      Effect.map(({ suggestions }) => ({
        json: suggestions,
        lines: formatTable(
          [
            { header: "Name", cell: (row: (typeof suggestions)[number]) => row.name },
            { header: "Available", cell: (row) => (row.registered ? "no" : "yes") },
          ],
          suggestions,
        ),
      })),
    ),
  )

export const register = (program: Command): void => {
  const names = program.command("names").description("Reown names: resolve, reverse lookup, suggestions")
  withApiOptions(
    names.command("resolve <name>").description("Addresses and profile of a name, e.g. alice.reown.id"),
  ).action(resolveAction)
  withApiOptions(names.command("reverse <address>").description("Names that point at an address")).action(
    reverseAction,
  )
  withApiOptions(
    names.command("suggest <name>").description("Available names close to the one given"),
  ).action(suggestAction)
}
