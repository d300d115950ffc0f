import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { formatDuration, readDuration } from "./duration"
import { CliError, ExitCode } from "./output"

describe("readDuration", () => {
  it("reads seconds by default and the ms / s suffixes", () => {
    expect(readDuration("10")).toBe(10_000)
    expect(readDuration("2.5")).toBe(2_500)
    expect(readDuration("10s")).toBe(10_000)
    expect(readDuration("500ms")).toBe(500)
    expect(readDuration("1ms")).toBe(1)
    expect(readDuration("86400")).toBe(86_400_000)
  })

  it("refuses what is not one, right at the edges, as invalid input (exit 1)", () => {
    for (const bad of [
      "0",
      "0s",
      "0ms",
      "0.0001",
      "86400.001",
      "86401",
      "-1",
      "1m",
      "10 s",
      "",
      "s",
      "1e3",
      ".5",
      "5.",
    ]) {
      expect(() => readDuration(bad)).toThrow(CliError)
      try {
        readDuration(bad, "--pair-timeout")
      } catch (error) {
        expect((error as CliError).exitCode).toBe(ExitCode.invalid)
        expect((error as CliError).message).toBe(
          `--pair-timeout must be a positive duration in seconds (e.g. 10, 2.5, 10s or 500ms) up to a day, got '${bad}'`,
        )
      }
    }
  })

  it("means the same in every spelling", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 86_400 }), (seconds) => {
        expect(readDuration(String(seconds))).toBe(seconds * 1000)
        expect(readDuration(`${seconds}s`)).toBe(seconds * 1000)
        expect(readDuration(`${seconds * 1000}ms`)).toBe(seconds * 1000)
      }),
    )
  })

  it("names every duration in words --timeout reads back as the same duration", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 86_400_000 }), (ms) => {
        expect(readDuration(formatDuration(ms).replace(" ", ""))).toBe(ms)
      }),
    )
  })

  it("formats what it read back the way a user writes it", () => {
    expect(formatDuration(readDuration("5"))).toBe("5 s")
    expect(formatDuration(readDuration("2.5"))).toBe("2.5 s")
    expect(formatDuration(readDuration("500ms"))).toBe("500 ms")
  })
})
