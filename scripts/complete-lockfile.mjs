// Run after `npm install` changes dependencies: `node scripts/complete-lockfile.mjs`.
//
// The registry reachable here lacks some other platforms' optional binaries (e.g. @biomejs/cli-win32-x64), so
// npm leaves them out of package-lock.json, and `npm ci` then rejects the lockfile as out of sync with
// package.json. This adds each missing one beside its resolved sibling with the os/cpu/libc it is built for;
// npm never fetches a binary on a platform it does not match, so the entry only has to exist.
import { readFileSync, writeFileSync } from "node:fs"

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"))
const packages = lock.packages

/** Where Node's resolution finds `name` from the package at `parent` (a lockfile path), if anywhere. */
const resolveFrom = (parent, name) => {
  for (let dir = parent; ; ) {
    const candidate = `${dir ? `${dir}/` : ""}node_modules/${name}`
    if (packages[candidate]) return candidate
    if (!dir) return undefined
    const nested = dir.lastIndexOf("/node_modules/")
    dir = nested === -1 ? "" : dir.slice(0, nested)
  }
}

const platforms = [
  ["android", /android/],
  ["darwin", /darwin/],
  ["freebsd", /freebsd/],
  ["win32", /win32|windows/],
  ["openharmony", /openharmony/],
  ["linux", /linux/],
]
const cpus = [
  ["wasm32", /wasm32/],
  ["arm64", /arm64/],
  ["arm", /arm-eabi|gnueabihf|-arm$/],
  ["ppc64", /ppc64/],
  ["s390x", /s390x/],
  ["x64", /x64|-64$/],
]
const match = (table, name) => table.find(([, pattern]) => pattern.test(name))?.[0]

let added = 0
for (const [path, meta] of Object.entries(packages)) {
  const optional = Object.entries(meta.optionalDependencies ?? {})
  for (const [name, version] of optional) {
    const found = resolveFrom(path, name)
    if (found && packages[found].version === version) continue
    const sibling = optional
      .map(([other, v]) => [resolveFrom(path, other), v])
      .find(([at, v]) => at && packages[at].version === v)?.[0]
    if (!sibling) continue
    const entry = { version, optional: true }
    if (packages[sibling].dev) entry.dev = true
    const os = match(platforms, name)
    const cpu = match(cpus, name)
    if (os) entry.os = [os]
    if (cpu) entry.cpu = [cpu]
    if (name.includes("musl")) entry.libc = ["musl"]
    packages[`${sibling.slice(0, sibling.lastIndexOf("node_modules/"))}node_modules/${name}`] = entry
    added++
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => a.localeCompare(b, "en")))
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`)
console.log(`complete-lockfile: added ${added} entries`)
