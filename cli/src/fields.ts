/** Readable output for one record: labels padded to one column so the values line up. */
export const formatFields = (
  rows: ReadonlyArray<readonly [label: string, value: string]>,
): ReadonlyArray<string> => {
  const width = Math.max(0, ...rows.map(([label]) => label.length))
  return rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`)
}
