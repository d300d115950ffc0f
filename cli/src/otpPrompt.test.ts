import { describe, expect, it } from "vitest"
import { fakeRawTerminal, terminalOver } from "./fakeTerminal"
import { askOtp, otpCancelled, otpNotGiven } from "./otpPrompt"
import { describeError, errorCode, exitCodeOf } from "./output"

describe("the connect --email code prompt", () => {
  it.each([false, true])(
    "reads the code hidden on a terminal (--json: %s; a person is there)",
    async (json) => {
      const terminal = fakeRawTerminal()
      const code = askOtp("ada@example.com", terminalOver(terminal), json)
      terminal.type("123456\r")
      expect(await code).toBe("123456")
      expect(terminal.shown()).toBe("Code mailed to ada@example.com: \n")
    },
  )

  it.each(["\u0003", "\u0004"])(
    "given up with %j, says no code was given in its own words, never 'No password given' (exit 2)",
    async (key) => {
      const terminal = fakeRawTerminal()
      const code = askOtp("ada@example.com", terminalOver(terminal), false)
      terminal.type(`12${key}`)
      const error = await code.catch((failure: unknown) => failure)
      expect(describeError(error)).toBe("No code given: the code prompt was cancelled")
      expect(describeError(error)).toBe(otpCancelled)
      expect(errorCode(error)).toBe("PromptCancelled")
      expect(exitCodeOf(error)).toBe(2)
      expect(terminal.input.raw).toEqual([true, false])
    },
  )

  it("under --json reads a piped code without a prompt: the run's output is JSON only", async () => {
    const piped = fakeRawTerminal()
    const code = askOtp("ada@example.com", terminalOver(piped, false), true)
    piped.type("654321\n")
    expect([await code, piped.shown()]).toEqual(["654321", ""])
  })

  it("off a terminal reads a line of stdin, and says how to give the code when stdin ends without one", async () => {
    const piped = fakeRawTerminal()
    const code = askOtp("ada@example.com", terminalOver(piped, false), false)
    piped.type("654321\n")
    expect(await code).toBe("654321")
    expect(piped.input.raw).toEqual([])

    const empty = fakeRawTerminal()
    const none = askOtp("ada@example.com", terminalOver(empty, false), false)
    empty.input.end()
    const error = await none.catch((failure: unknown) => failure)
    expect([describeError(error), errorCode(error), exitCodeOf(error)]).toEqual([otpNotGiven, "NoInput", 2])
  })
})
