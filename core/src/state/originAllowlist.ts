/**
 * §6 "the host origin must be on the project's allowlist". An entry is an origin (`https://app.example`), may
 * stand for every subdomain with a leading `*.` (`https://*.app.example`) and for every port with `:*`
 * (`http://localhost:*`). Loopback hosts are always allowed: a dApp under development runs on them, and no
 * one else can reach them.
 */
export const isOriginAllowed = (origin: string, allowlist: ReadonlyArray<string>): boolean => {
  const host = parseOrigin(origin)
  if (host === undefined) return false
  if (loopbackHosts.has(host.hostname)) return true
  return allowlist.some((entry) => {
    const pattern = parseOriginPattern(entry)
    return (
      pattern !== undefined &&
      pattern.scheme === host.scheme &&
      (pattern.port === "*" || pattern.port === host.port) &&
      (pattern.anySubdomain
        ? host.hostname.endsWith(`.${pattern.hostname}`)
        : host.hostname === pattern.hostname)
    )
  })
}

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"])
const defaultPorts: Readonly<Record<string, string>> = { http: "80", https: "443" }

interface ParsedOrigin {
  readonly scheme: string
  readonly hostname: string
  readonly port: string
}

/** scheme://host[:port] and nothing more (a path, query or credentials make it something other than an origin). */
const originShape = /^([a-z][a-z0-9+.-]*):\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?\/?$/i

const parseOrigin = (text: string): ParsedOrigin | undefined => {
  const match = originShape.exec(text.trim())
  if (match === null) return undefined
  const scheme = (match[1] ?? "").toLowerCase()
  const hostname = (match[2] ?? "").toLowerCase().replace(/\.$/, "")
  if (hostname === "" || hostname.startsWith(".") || hostname.includes("..")) return undefined
  return { scheme, hostname, port: String(Number(match[3] ?? defaultPorts[scheme] ?? "")) }
}

const parseOriginPattern = (
  entry: string,
): (Omit<ParsedOrigin, "port"> & { readonly port: string; readonly anySubdomain: boolean }) | undefined => {
  const anyPort = /:\*\/?$/.test(entry.trim())
  const withoutPort = anyPort ? entry.trim().replace(/:\*\/?$/, "") : entry.trim()
  const anySubdomain = /^[a-z][a-z0-9+.-]*:\/\/\*\./i.test(withoutPort)
  const parsed = parseOrigin(anySubdomain ? withoutPort.replace("://*.", "://") : withoutPort)
  if (parsed === undefined) return undefined
  return { ...parsed, port: anyPort ? "*" : parsed.port, anySubdomain }
}
