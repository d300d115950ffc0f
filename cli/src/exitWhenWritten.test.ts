import { Writable } from "node:stream"
import { describe, expect, it } from "vitest"
import { exitWhenWritten } from "./exitWhenWritten"

/** A stream whose reader takes each chunk only when `deliver` is called, as a pipe whose reader is behind. */
const slowPipe = () => {
  const received: Array<string> = []
  const waiting: Array<() => void> = []
  const stream = new Writable({
    highWaterMark: 4,
    write(chunk: Buffer, _encoding, done) {
      waiting.push(() => {
        received.push(chunk.toString())
        done()
      })
    },
  })
  const deliver = async () => {
    while (waiting.length > 0) {
      waiting.shift()?.()
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  return { stream, received, deliver }
}

describe("exitWhenWritten", () => {
  it("exits only after every queued line has reached the reader", async () => {
    const pipe = slowPipe()
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i}\n`)
    for (const line of lines) pipe.stream.write(line)
    let exited = false
    const done = exitWhenWritten([pipe.stream], () => {
      exited = true
      expect(pipe.received.join("")).toBe(lines.join(""))
    })
    await new Promise((resolve) => setImmediate(resolve))
    expect(exited).toBe(false)
    await pipe.deliver()
    await done
    expect(exited).toBe(true)
  })

  it("exits at once when nothing is queued, or the reader has gone away", async () => {
    const idle = slowPipe()
    const gone = slowPipe()
    gone.stream.write("never read\n")
    gone.stream.destroy()
    let exits = 0
    await exitWhenWritten([idle.stream, gone.stream], () => exits++)
    expect(exits).toBe(1)
  })
})
