/**
 * The served JSON documents, written into an HTML page as `<script type="application/json"
 * data-appkit-document="PATH">` elements before the first `</head>`: the page reads its configuration (the stack's URLs)
 * while its script starts, with no request after the script has run. A page without `</head>` is left as it
 * is (it fetches the documents at their paths, which are served too).
 */
export const inlineDocuments = (html: string, documents: Readonly<Record<string, unknown>>): string => {
  const head = html.indexOf("</head>")
  if (head === -1) return html
  const elements = Object.entries(documents).map(
    ([path, document]) =>
      `<script type="application/json" data-appkit-document="${escapeAttribute(path)}">${escapeJson(document)}</script>`,
  )
  return `${html.slice(0, head)}${elements.join("")}${html.slice(head)}`
}

/** JSON that cannot end its `<script>` element early (`</script>`, `<!--`): every `<`, `>` and `&` escaped. */
const escapeJson = (document: unknown): string =>
  JSON.stringify(document).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  )

const escapeAttribute = (text: string): string =>
  text.replace(/[&"<>]/g, (character) => `&#${character.charCodeAt(0)};`)
