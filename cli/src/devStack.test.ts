import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import {
  claimDevStack,
  type DevStack,
  devStackFile,
  readDevStack,
  removeDeadRecord,
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

describe("claiming the dev stack's file (one dev per APPKIT_HOME)", () => {
  const gonePid = 2 ** 22 + 12_345
  const record = (env: { APPKIT_HOME: string }) =>
    JSON.parse(readFileSync(devStackFile(env), "utf8")) as Record<string, unknown>

  it("claims a home with no file, and the claim is no stack for the other commands until its URLs are in", () => {
    const env = home()
    expect(claimDevStack(env)).toBeUndefined()
    expect(record(env)).toMatchObject({ pid: process.pid })
    expect(readDevStack(env)).toBeUndefined()
    writeDevStack(stack, env)
    expect(readDevStack(env)).toEqual(stack)
    removeDevStack(env)
    expect(existsSync(devStackFile(env))).toBe(false)
  })

  it("is removed by the process that claimed it, should it stop before its stack was up", () => {
    const env = home()
    claimDevStack(env)
    removeDevStack(env)
    expect(existsSync(devStackFile(env))).toBe(false)
  })

  it("is refused while another dev runs there, naming its pid and ports, and leaves its file alone", () => {
    const env = home()
    // The parent (the test runner) stands for the running dev: a live process that is not this one.
    writeDevStack({ ...stack, pid: process.ppid, secureSiteUrl: "http://127.0.0.1:8790" }, env)
    const before = readFileSync(devStackFile(env), "utf8")
    expect(() => claimDevStack(env)).toThrow(
      `An appkit-cli dev already runs with APPKIT_HOME ${env.APPKIT_HOME} (pid ${process.ppid}; anvil port 8545, api port 8787, relay port 8788, secure site port 8790): stop it (Ctrl-C there), or run the second one with its own home (APPKIT_HOME=<another directory> appkit-cli dev)`,
    )
    expect(readFileSync(devStackFile(env), "utf8")).toBe(before)
  })

  it("is refused while another dev is still starting there", () => {
    const env = home()
    writeFileSync(devStackFile(env), JSON.stringify({ pid: process.ppid }))
    expect(() => claimDevStack(env)).toThrow(`(pid ${process.ppid}; still starting)`)
  })

  it("takes over the file of a dev that was killed, and says what it left", () => {
    const env = home()
    writeDevStack({ ...stack, pid: gonePid, anvilPid: 4242 }, env)
    expect(claimDevStack(env)).toEqual({ pid: gonePid, anvilPid: 4242, anvilPort: 8545 })
    expect(record(env)).toMatchObject({ pid: process.pid })
  })

  it("takes over a file that is no record", () => {
    for (const text of ["{", "null", JSON.stringify({ ...stack, pid: "1" })]) {
      const env = home()
      writeFileSync(devStackFile(env), text)
      expect(claimDevStack(env)).toBeUndefined()
      expect(record(env)).toMatchObject({ pid: process.pid })
    }
  })

  it("removes a dead record only if it is still the one judged dead: a dev that claimed meanwhile keeps its file", () => {
    // Two devs find the same dead record; the first removes it and claims the file before the second removes
    // what it judged: that must not be the first one's fresh claim.
    const env = home()
    writeDevStack({ ...stack, pid: gonePid }, env)
    const judged = readFileSync(devStackFile(env), "utf8")
    writeFileSync(devStackFile(env), JSON.stringify({ pid: process.ppid }))
    removeDeadRecord(env, judged)
    expect(record(env)).toEqual({ pid: process.ppid })
    expect(() => claimDevStack(env)).toThrow(`(pid ${process.ppid}; still starting)`)
    writeDevStack({ ...stack, pid: gonePid }, env)
    removeDeadRecord(env, readFileSync(devStackFile(env), "utf8"))
    expect(existsSync(devStackFile(env))).toBe(false)
  })
})
