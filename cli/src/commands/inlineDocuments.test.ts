import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { inlineDocuments } from "./inlineDocuments"

/** The documents a browser would read back from the page: each element's text, parsed as JSON. */
const readBack = (html: string) =>
  Object.fromEntries(
    [
      ...html.matchAll(/<script type="application\/json" data-appkit-document="([^"]*)">(.*?)<\/script>/gs),
    ].map((match) => [match[1], JSON.parse(match[2] as string)]),
  )

describe("inlineDocuments", () => {
  it("writes each document as a JSON script element just before </head>", () => {
    const page = "<!doctype html><html><head><title>t</title></head><body></body></html>"
    const stack = { rpcUrl: "http://127.0.0.1:8545", chainId: "eip155:1" }
    expect(inlineDocuments(page, { "/appkit-stack.json": stack })).toBe(
      '<!doctype html><html><head><title>t</title><script type="application/json" data-appkit-document="/appkit-stack.json">{"rpcUrl":"http://127.0.0.1:8545","chainId":"eip155:1"}</script></head><body></body></html>',
    )
  })

  it("leaves a page without </head> as it is", () => {
    expect(inlineDocuments("<title>root</title>", { "/appkit-stack.json": {} })).toBe("<title>root</title>")
    expect(inlineDocuments("<head><title>root</title>", { "/appkit-stack.json": {} })).toBe(
      "<head><title>root</title>",
    )
  })

  it("cannot close its element early, whatever the document holds", () => {
    const hostile = { text: "</script><script>alert(1)</script><!-- & \u2028" }
    const html = inlineDocuments("<head></head>", { "/x.json": hostile })
    expect(html.match(/<\/script>/g)).toHaveLength(1)
    expect(html).not.toContain("<!--")
    expect(readBack(html)).toEqual({ "/x.json": hostile })
  })

  it("reads back every JSON document exactly, and changes nothing else in the page", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string(), fc.string(), (document, before, after) => {
        fc.pre(!before.includes("</head>") && !after.includes("<script"))
        const html = inlineDocuments(`${before}</head>${after}`, { "/doc.json": document })
        expect(readBack(html)).toEqual({ "/doc.json": JSON.parse(JSON.stringify(document)) })
        expect(html.replace(/<script type="application\/json".*?<\/script>/s, "")).toBe(
          `${before}</head>${after}`,
        )
      }),
    )
  })
})
