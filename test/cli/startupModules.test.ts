import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"

// What a start loads of Node itself. commander requires node:child_process for executable subcommands, which
// appkit-cli does not declare; the bundle defers it to commander's first spawn (cli/rolldown.config.ts), so
// no start compiles child_process, net and their streams. A probe loaded with --import reports at exit.
const dir = mkdtempSync(join(tmpdir(), "appkit-startup-"))
const probe = join(dir, "probe.mjs")
writeFileSync(
  probe,
  "process.on('exit', () => process.stderr.write('child_process loaded: ' + process.moduleLoadList.includes('NativeModule child_process') + '\\n'))\n",
)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const withProbe = { env: { NODE_OPTIONS: `--import=${probe}` } }

describe("appkit-cli start-up, by what Node loads", () => {
  it("--help and the toolbox commands start without node:child_process", async () => {
    for (const args of [
      ["--help"],
      ["address", "validate", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"],
      ["amount", "parse", "1.5", "--decimals", "18"],
    ]) {
      const result = await runCli(args, withProbe)
      expect(result.code, args.join(" ")).toBe(0)
      expect(result.stderr, args.join(" ")).toBe("child_process loaded: false\n")
    }
  })

  it("loads no Effect code at start: every chunk the bundle imports statically is free of it", async () => {
    const bundle = fileURLToPath(new URL("../../cli/dist/appkit-cli.js", import.meta.url))
    const loaded = new Map<string, string>()
    const visit = (file: string) => {
      if (loaded.has(file)) return
      const source = readFileSync(file, "utf8")
      loaded.set(file, source)
      for (const [, path] of source.matchAll(/(?:\bfrom|\bimport)\s*"(\.{1,2}\/[^"]+)"/g))
        visit(resolve(dirname(file), path as string))
    }
    visit(bundle)
    expect(loaded.size).toBeGreaterThan(1)
    expect([...loaded].filter(([, source]) => source.includes("~effect/")).map(([file]) => file)).toEqual([])
    // The data commands' --timeout default, core's API timeout, is among what a start loads.
    const help = await runCli(["tokens", "--help"])
    expect(help.stdout.replace(/\s+/g, " ")).toContain("(default 10)")
  })

  it("the probe sees child_process where a start does load it", async () => {
    // The check above is only worth something if the probe can say true.
    const result = await runCli(["--version"], {
      env: { NODE_OPTIONS: `--import=${probe} --import=node:child_process` },
    })
    expect(result.stderr).toBe("child_process loaded: true\n")
  })
})
