import { oneLine } from "./output"

/** Labelled fields; a row whose value is null, undefined, false or "" is left out. */
export type Rows = ReadonlyArray<readonly [label: string, value: string | null | undefined | false]>

/** Readable output for one record: labels padded to one column so the values line up. */
export const formatFields = (rows: Rows): ReadonlyArray<string> => {
  const shown = rows.filter(
    (row): row is readonly [string, string] => typeof row[1] === "string" && row[1] !== "",
  )
  const width = Math.max(0, ...shown.map(([label]) => label.length))
  // A value quoting what the user typed (an error naming a pasted line break) stays on its row.
  return shown.map(([label, value]) => `  ${label.padEnd(width)}  ${oneLine(value)}`)
}
