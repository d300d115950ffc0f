import { formatUsd as usd } from "@appkit/core/validation"
import { oneLine } from "./output"

/** Readable tables for list output: one header row, columns padded to their widest cell. */
export interface Column<Row> {
  readonly header: string
  readonly cell: (row: Row) => string
  /** Numbers read best right-aligned. */
  readonly align?: "left" | "right"
}

export const formatTable = <Row>(
  columns: ReadonlyArray<Column<Row>>,
  rows: ReadonlyArray<Row>,
): ReadonlyArray<string> => {
  // Cells hold the API's text: a line break or escape sequence in it is shown, never obeyed.
  const cells = rows.map((row) => columns.map((column) => oneLine(column.cell(row))))
  const widths = columns.map((column, index) =>
    Math.max(column.header.length, ...cells.map((line) => (line[index] ?? "").length)),
  )
  const render = (line: ReadonlyArray<string>) =>
    line
      .map((cell, index) => {
        const width = widths[index] ?? 0
        return columns[index]?.align === "right" ? cell.padStart(width) : cell.padEnd(width)
      })
      .join("  ")
      .trimEnd()
  return [render(columns.map((column) => column.header)), ...cells.map(render)]
}

/** "$1,234.56" for the API's USD numbers (display only; amounts stay exact strings elsewhere). */
export const formatUsd = (value: number | undefined): string => (value === undefined ? "-" : usd(value))
