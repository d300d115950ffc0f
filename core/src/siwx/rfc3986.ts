// RFC 3986 pieces EIP-4361's ABNF refers to: authority (the domain), URI (uri and resources), pchar
// (request-id) and the reserved/unreserved sets (statement). Written from the RFC's ABNF, so that a
// message this module accepts is one any conforming parser accepts.

const unreserved = "A-Za-z0-9\\-._~"
const subDelims = "!$&'()*+,;="
const pctEncoded = "%[0-9A-Fa-f]{2}"

const userinfo = `(?:[${unreserved}${subDelims}:]|${pctEncoded})*`
const regName = `(?:[${unreserved}${subDelims}]|${pctEncoded})*`
const decOctet = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)"
const ipv4 = `${decOctet}(?:\\.${decOctet}){3}`
const ipvFuture = `[vV][0-9A-Fa-f]+\\.[${unreserved}${subDelims}:]+`
const port = "\\d*"

const authorityPattern = new RegExp(`^(?:${userinfo}@)?(\\[[^\\]]*\\]|${ipv4}|${regName})(?::${port})?$`)
const ipvFuturePattern = new RegExp(`^${ipvFuture}$`)
const pchar = `(?:[${unreserved}${subDelims}:@]|${pctEncoded})`
const pcharsPattern = new RegExp(`^${pchar}*$`)
const schemePattern = /^[A-Za-z][A-Za-z0-9+\-.]*$/
// After the scheme a URI is built only from these characters (gen-delims included) and %XX escapes.
const uriRestPattern = new RegExp(`^(?:[${unreserved}${subDelims}:/?#\\[\\]@]|${pctEncoded})*$`)
const statementPattern = new RegExp(`^[${unreserved}${subDelims}:/?#\\[\\]@ ]*$`)

/** IPv6 literal check: WHATWG URL parsing implements RFC 4291's textual forms exactly. */
const isIpv6 = (text: string): boolean => /^[0-9A-Fa-f:.]+$/.test(text) && URL.canParse(`http://[${text}]/`)

const isIpLiteral = (bracketed: string): boolean => {
  const inner = bracketed.slice(1, -1)
  return isIpv6(inner) || ipvFuturePattern.test(inner)
}

/** RFC 3986 authority: [userinfo "@"] host [":" port]; EIP-4361 also needs the host to be non-empty. */
export const isAuthority = (text: string): boolean => {
  const match = authorityPattern.exec(text)
  if (!match) return false
  const host = match[1] ?? ""
  if (host.startsWith("[")) return isIpLiteral(host)
  return host.length > 0
}

export const isScheme = (text: string): boolean => schemePattern.test(text)

/**
 * RFC 3986 URI: scheme ":" hier-part ["?" query] ["#" fragment]. Characters are checked for the whole
 * rest; when hier-part starts with "//" its authority is checked too, and "?"/"#" appear in order.
 */
export const isUri = (text: string): boolean => {
  const colon = text.indexOf(":")
  if (colon < 1 || !isScheme(text.slice(0, colon))) return false
  const rest = text.slice(colon + 1)
  if (!uriRestPattern.test(rest)) return false
  const hash = rest.indexOf("#")
  const beforeFragment = hash === -1 ? rest : rest.slice(0, hash)
  if (hash !== -1 && /[#[\]]/.test(rest.slice(hash + 1))) return false
  const question = beforeFragment.indexOf("?")
  const hierPart = question === -1 ? beforeFragment : beforeFragment.slice(0, question)
  if (question !== -1 && /[[\]]/.test(beforeFragment.slice(question + 1))) return false
  if (!hierPart.startsWith("//")) return !/[[\]]/.test(hierPart)
  const slash = hierPart.indexOf("/", 2)
  const authority = slash === -1 ? hierPart.slice(2) : hierPart.slice(2, slash)
  const path = slash === -1 ? "" : hierPart.slice(slash)
  // An empty authority is legal in a URI (file:///x); only the domain line insists on a host.
  return (authority === "" || isAuthority(authority)) && !/[[\]]/.test(path)
}

/** *pchar, EIP-4361's request-id. */
export const isPchars = (text: string): boolean => pcharsPattern.test(text)

/** EIP-4361 statement: *( reserved / unreserved / " " ), so one line of URI-safe text. */
export const isStatementText = (text: string): boolean => statementPattern.test(text)
