import { formatFields, type Rows } from "./fields"
import { ExitCode, oneLine, printJson, printLine } from "./output"

/**
 * An input as a report names it: quoted (JSON) when it is empty, has surrounding blanks or holds a control
 * character such as a pasted line break, so the user sees exactly what was checked, on one line.
 */
export const shownInput = (input: string): string =>
  input === "" || input.trim() !== input || oneLine(input) !== input ? JSON.stringify(input) : input

/** The readable form of one report: a title line, then labelled fields. */
export interface Readable {
  readonly title: string
  readonly rows: Rows
}

/**
 * How the toolbox commands answer for one or more inputs: one JSON line per report with --json, otherwise
 * a titled block of aligned fields per report, blocks separated by a blank line. Exit 1 when any is not ok.
 */
export const printReports = <R>(
  reports: ReadonlyArray<R>,
  options: {
    readonly json: boolean
    readonly ok: (report: R) => boolean
    readonly readable: (report: R) => Readable
  },
): void => {
  reports.forEach((report, index) => {
    if (options.json) printJson(report)
    else {
      if (index > 0) printLine("")
      const { title, rows } = options.readable(report)
      printLine(title)
      for (const line of formatFields(rows)) printLine(line)
    }
  })
  if (!reports.every(options.ok)) process.exitCode = ExitCode.invalid
}
