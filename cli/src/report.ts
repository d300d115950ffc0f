import { formatFields, type Rows } from "./fields"
import { ExitCode, jsonLine, oneLine, readableLine } from "./output"
import { answerStdinLines } from "./stdinLines"

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

interface ReportOptions<R> {
  readonly json: boolean
  readonly ok: (report: R) => boolean
  readonly readable: (report: R) => Readable
}

/** The text of the `index`th report: one JSON line, or a titled block, after a blank line unless the first. */
const reportText = <R>(report: R, index: number, options: ReportOptions<R>): string => {
  if (options.json) return jsonLine(report)
  const { title, rows } = options.readable(report)
  return [...(index > 0 ? [""] : []), title, ...formatFields(rows)].map(readableLine).join("")
}

/**
 * How the toolbox commands answer for one or more inputs: one JSON line per report with --json, otherwise
 * a titled block of aligned fields per report, blocks separated by a blank line. Exit 1 when any is not ok.
 */
export const printReports = <R>(reports: ReadonlyArray<R>, options: ReportOptions<R>): void => {
  process.stdout.write(reports.map((report, index) => reportText(report, index, options)).join(""))
  if (!reports.every(options.ok)) process.exitCode = ExitCode.invalid
}

/** printReports for the inputs piped on stdin (`-`), one per line, each answered as soon as it is read. */
export const printStdinReports = async <R>(
  inspect: (input: string) => R,
  options: ReportOptions<R>,
): Promise<void> => {
  let allOk = true
  await answerStdinLines((line, index) => {
    const report = inspect(line)
    allOk &&= options.ok(report)
    return reportText(report, index, options)
  })
  if (!allOk) process.exitCode = ExitCode.invalid
}
