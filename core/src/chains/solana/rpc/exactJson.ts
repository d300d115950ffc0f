/**
 * JSON.parse for node answers that carry u64 integers (lamports, rent epochs): integer literals beyond
 * Number.MAX_SAFE_INTEGER arrive as their exact decimal strings instead of rounded floats, so a schema can
 * read every amount as a bigint. Everything else parses exactly as JSON.parse parses it.
 */
const integerToken = /-?\d+(?![.eE\d])/y

export const parseJsonExact = (text: string): unknown => {
  let out = ""
  let copiedUpTo = 0
  let inString = false
  for (let at = 0; at < text.length; at++) {
    const char = text[at]
    if (inString) {
      if (char === "\\") at++
      else if (char === '"') inString = false
      continue
    }
    if (char === '"') {
      inString = true
      continue
    }
    if (char !== "-" && (char === undefined || char < "0" || char > "9")) continue
    integerToken.lastIndex = at
    const match = integerToken.exec(text)
    const token = match?.[0]
    if (token === undefined) {
      // A fraction or exponent: skip the whole number so its digits are not read as another integer.
      while (at + 1 < text.length && /[-+.\deE]/.test(text[at + 1] ?? "")) at++
      continue
    }
    if (!Number.isSafeInteger(Number(token))) {
      out += `${text.slice(copiedUpTo, at)}"${token}"`
      copiedUpTo = at + token.length
    }
    at += token.length - 1
  }
  return JSON.parse(copiedUpTo === 0 ? text : out + text.slice(copiedUpTo))
}
