import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

// Issue 8: every command checks addresses, chain ids and amounts through the core's one validator. A
// second checker in the CLI (viem's lenient isAddress/getAddress, a hand-written chain pattern) is how
// `send` once paid an address whose EIP-55 checksum was wrong.
const sourceDir = fileURLToPath(new URL(".", import.meta.url))

const sources = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts")
        ? [join(dir, entry.name)]
        : [],
  )

describe("the CLI has no checker of its own", () => {
  const files = sources(sourceDir)

  it("reads the sources it checks", () => {
    expect(files.length).toBeGreaterThan(30)
  })

  it.each([
    ["isAddress(", /\bisAddress\s*\(/],
    ["getAddress(", /\bgetAddress\s*\(/],
    ["checksumAddress(", /\bchecksumAddress\s*\(/],
    ["a hand-written eip155 chain pattern", /eip155:\(?\[1-9\]/],
  ])("no %s in cli/src", (_name, pattern) => {
    const offenders = files.filter((file) => pattern.test(readFileSync(file, "utf8")))
    expect(offenders).toEqual([])
  })
})
