import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import {
  type DevStack,
  devStackFile,
  devStackHolding,
  readDevStack,
  removeDevStack,
  writeDevStack,
} from "./devStack"

const home = () => ({ APPKIT_HOME: mkdtempSync(join(tmpdir(), "appkit-dev-")) })
const stack: DevStack = {
  rpcUrl: "http://127.0.0.1:8545",
  chainId: "eip155:31337",
  apiUrl: "http://127.0.0.1:8787",
  relayUrl: "ws://127.0.0.1:8788",
  pid: process.pid,
}

describe("the running dev stack's file", () => {
  it("is read back while its process runs, and removed by it", () => {
    const env = home()
    expect(readDevStack(env)).toBeUndefined()
    writeDevStack(stack, env)
    expect(readDevStack(env)).toEqual(stack)
    removeDevStack(env)
    expect(readDevStack(env)).toBeUndefined()
  })

  it("is ignored when the stack that wrote it is gone, or when it is not what a stack writes", () => {
    const env = home()
    // A pid no process has: the stack was killed without removing its file.
    writeDevStack({ ...stack, pid: 2 ** 22 + 12_345 }, env)
    expect(readDevStack(env)).toBeUndefined()
    for (const text of ["{", "[]", "null", JSON.stringify({ ...stack, relayUrl: "http://127.0.0.1:1" })]) {
      writeFileSync(devStackFile(env), text)
      expect(readDevStack(env)).toBeUndefined()
    }
  })

  // Linux says when a process started (/proc/PID/stat); elsewhere a live pid is all there is to go on.
  it.runIf(existsSync("/proc/self/stat"))(
    "is ignored when its pid now belongs to another process (pids are reused)",
    () => {
      const env = home()
      writeDevStack(stack, env)
      const written = JSON.parse(readFileSync(devStackFile(env), "utf8")) as Record<string, unknown>
      // The same live pid, but a process that started at another moment than the stack's.
      writeFileSync(devStackFile(env), JSON.stringify({ ...written, processStart: "1" }))
      expect(readDevStack(env)).toBeUndefined()
      expect(devStackHolding(8545, env)).toEqual({ pid: process.pid, running: false })
      writeFileSync(devStackFile(env), JSON.stringify(written))
      expect(readDevStack(env)).toEqual(stack)
    },
  )

  it("is left alone by a process that did not write it", () => {
    const env = home()
    writeDevStack({ ...stack, pid: process.ppid }, env)
    removeDevStack(env)
    expect(readDevStack(env)?.pid).toBe(process.ppid)
  })
})

describe("which dev stack holds a port", () => {
  const gonePid = 2 ** 22 + 12_345

  it("is the running stack when one of its URLs is on that port", () => {
    const env = home()
    writeDevStack({ ...stack, solana: undefined, secureSiteUrl: "http://127.0.0.1:8789" }, env)
    expect(devStackHolding(8788, env)).toEqual({ pid: process.pid, running: true })
    expect(devStackHolding(8789, env)).toEqual({ pid: process.pid, running: true })
    // One port off: nobody we know of.
    expect(devStackHolding(8546, env)).toBeUndefined()
  })

  it("is a stack killed before it could stop its parts, with its anvil's pid, when its file is left", () => {
    const env = home()
    writeDevStack({ ...stack, pid: gonePid, anvilPid: 4242 }, env)
    expect(devStackHolding(8545, env)).toEqual({ pid: gonePid, running: false, anvilPid: 4242 })
  })

  it("is nobody without a file, or with one that is not what a stack writes", () => {
    const env = home()
    expect(devStackHolding(8545, env)).toBeUndefined()
    for (const text of ["{", "null", JSON.stringify({ ...stack, pid: "1" })]) {
      writeFileSync(devStackFile(env), text)
      expect(devStackHolding(8545, env)).toBeUndefined()
    }
  })
})
