import { PassThrough } from "node:stream"
import { describe, expect, it } from "vitest"
import { fakeRawTerminal, terminalOver } from "./fakeTerminal"
import { askHidden, lineQuestion, readLine } from "./prompt"

describe("askHidden", () => {
  it("reads a line without echoing it, honouring backspace, and restores the terminal", async () => {
    const terminal = fakeRawTerminal()
    const answer = askHidden("Password: ", "No password given", terminal)
    terminal.type("secrex\u007ft")
    terminal.type("\r")
    expect(await answer).toBe("secret")
    expect(terminal.shown()).toBe("Password: \n")
    expect(terminal.input.raw).toEqual([true, false])
  })

  it("gives up on Ctrl-C or Ctrl-D with the caller's words (PromptCancelled, exit 2), and restores the terminal", async () => {
    for (const key of ["\u0003", "\u0004"]) {
      const terminal = fakeRawTerminal()
      const answer = askHidden("Code: ", "No code given", terminal)
      terminal.type(`abc${key}`)
      await expect(answer).rejects.toMatchObject({
        message: "No code given",
        code: "PromptCancelled",
        exitCode: 2,
      })
      expect(terminal.input.raw).toEqual([true, false])
      expect(terminal.input.listenerCount("data")).toBe(0)
    }
  })

  it("gives up when its signal aborts (a --timeout), with the signal's reason, and restores the terminal", async () => {
    const terminal = fakeRawTerminal()
    const controller = new AbortController()
    const answer = askHidden("Code: ", "No code given", { ...terminal, signal: controller.signal })
    terminal.type("123")
    controller.abort(new Error("No code entered within 2 s"))
    await expect(answer).rejects.toThrow("No code entered within 2 s")
    expect(terminal.input.raw).toEqual([true, false])
    expect(terminal.input.listenerCount("data")).toBe(0)
  })
})

describe("readLine", () => {
  it("reads one visible line, trimmed", async () => {
    const terminal = fakeRawTerminal()
    const answer = readLine("Address: ", "No address given", terminal)
    terminal.type("  http://127.0.0.1/callback?code=1 \nmore\n")
    expect(await answer).toBe("http://127.0.0.1/callback?code=1")
    expect(terminal.shown()).toBe("Address: ")
  })

  it("ends the prompt's line after a piped answer, which nothing echoes: what follows has a line of its own", async () => {
    const input = new PassThrough()
    const output = new PassThrough()
    let shown = ""
    output.on("data", (chunk: Buffer) => (shown += chunk.toString()))
    const answer = readLine("Code: ", "No code given", { input, output })
    input.write("123456\n")
    expect(await answer).toBe("123456")
    expect(shown).toBe("Code: \n")
  })

  it("shows nothing for an empty question (a script's --json run), answered or not", async () => {
    const terminal = fakeRawTerminal()
    const answer = readLine("", "No code given", terminal)
    terminal.input.end()
    await expect(answer).rejects.toMatchObject({ code: "NoInput" })
    const piped = { input: new PassThrough(), output: new PassThrough() }
    let shown = ""
    piped.output.on("data", (chunk: Buffer) => (shown += chunk.toString()))
    const answered = readLine("", "No code given", piped)
    piped.input.end("123456\n")
    expect(await answered).toBe("123456")
    expect([terminal.shown(), shown]).toEqual(["", ""])
  })

  it("ends with NoInput (exit 2) and the caller's words when stdin closes without a line", async () => {
    const terminal = fakeRawTerminal()
    const answer = readLine("Address: ", "No address given", terminal)
    terminal.input.end()
    await expect(answer).rejects.toMatchObject({ message: "No address given", code: "NoInput", exitCode: 2 })
    expect(terminal.shown()).toBe("Address: \n")
  })
})

describe("lineQuestion", () => {
  const question = "Then paste the address your browser ended on: "
  it("asks nothing only under --json off a terminal (a script's pipe, whose run prints JSON only)", () => {
    const piped = terminalOver(fakeRawTerminal(), false)
    const person = terminalOver(fakeRawTerminal(), true)
    expect(lineQuestion(question, piped, true)).toBe("")
    expect(lineQuestion(question, person, true)).toBe(question)
    expect(lineQuestion(question, piped, false)).toBe(question)
    expect(lineQuestion(question, person, false)).toBe(question)
  })
})
