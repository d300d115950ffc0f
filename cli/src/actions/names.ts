import { HttpStatusError, type NameError } from "@appkit/core"
import { BlockchainApi } from "@appkit/core/effect"
import { Effect } from "effect"
import type { ApiOptions } from "../api-options"
import { runApiCommand } from "../api-run"
import { formatFields } from "../fields"
import { readEvmAddress } from "../inputs"
import { invalidInput } from "../output"
import { formatTable } from "../table"

/**
 * The API's own answer for a name nobody registered: 404 with its JSON error `{ message: "Name not found" }`.
 * Any other 404 (a wrong --api-url path, a proxy's page) is a failure, never a verdict on the name.
 */
const isNameNotFound = ({ cause }: NameError): boolean => {
  if (!(cause instanceof HttpStatusError) || cause.status !== 404 || cause.body === undefined) return false
  try {
    const body = JSON.parse(cause.body) as { readonly message?: unknown } | null
    return typeof body?.message === "string" && /^name not found$/i.test(body.message.trim())
  } catch {
    return false
  }
}

/** A name as the API holds them: labels of letters, digits and hyphens, dot-separated. */
const readName = (name: string): string => {
  if (!/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/.test(name))
    throw invalidInput(
      `Invalid name '${name}': letters, digits and hyphens, dot-separated (e.g. alice.reown.id)`,
    )
  return name
}

/** The day of a Unix time in seconds; a time no calendar date holds (1e17) is printed as the API sent it. */
const dateOf = (seconds: number) => {
  const date = new Date(seconds * 1000)
  return Number.isNaN(date.getTime()) ? String(seconds) : date.toISOString().slice(0, 10)
}

export const resolveAction = (name: string, options: ApiOptions) => {
  const checked = readName(name)
  return runApiCommand(
    options,
    `Resolving ${checked}`,
    BlockchainApi.use((api) => api.lookupName(checked)).pipe(
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
      Effect.catchTag("NameError", (error) =>
        isNameNotFound(error)
          ? Effect.succeed({
              json: { name, registered: false },
              lines: [`${name} is not registered`],
              exitCode: 1 as const,
            })
          : Effect.fail(error),
      ),
    ),
  )
}

export const reverseAction = (address: string, options: ApiOptions) => {
  const checked = readEvmAddress(address, "ADDRESS")
  return runApiCommand(
    options,
    `Looking up names of ${checked}`,
    BlockchainApi.use((api) => api.reverseLookup({ address: checked })).pipe(
      Effect.map((records) => ({
        json: { address: checked, data: records },
        lines: records.length === 0 ? [`No names for ${checked}`] : records.map((record) => record.name),
        exitCode: records.length === 0 ? (1 as const) : (0 as const),
      })),
    ),
  )
}

export const suggestAction = (name: string, options: ApiOptions) => {
  const checked = readName(name)
  return runApiCommand(
    options,
    `Suggesting names for ${checked}`,
    BlockchainApi.use((api) => api.nameSuggestions(checked)).pipe(
      Effect.map(({ suggestions }) => ({
        json: { name, data: suggestions },
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
}
