import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { browserInvocations } from "./openUrl"

const word = fc.stringMatching(/^[A-Za-z0-9_./-]{1,12}$/)
// URLs carry `&`, `;`, `$`, quotes and `%`: each must reach the browser as one untouched argument.
const url = fc.webUrl({ withQueryParameters: true, withFragments: true })

describe("browserInvocations ($BROWSER)", () => {
  it("gives the URL as the last argument, or in place of %s, one command per :-separated entry", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(word, fc.array(word, { maxLength: 3 }), fc.boolean()), {
          minLength: 1,
          maxLength: 3,
        }),
        url,
        (entries, target) => {
          const variable = entries
            .map(([command, args, placeholder]) =>
              [command, ...(placeholder ? ["%s"] : []), ...args].join(" "),
            )
            .join(":")
          expect(browserInvocations(variable, target)).toEqual(
            entries.map(([command, args, placeholder]) => ({
              command,
              args: placeholder ? [target, ...args] : [...args, target],
            })),
          )
        },
      ),
    )
  })

  it("keeps the URL whole wherever %s sits, and turns %% into %", () => {
    fc.assert(
      fc.property(url, (target) => {
        expect(browserInvocations("browser --url=%s --x %%", target)).toEqual([
          { command: "browser", args: [`--url=${target}`, "--x", "%"] },
        ])
      }),
    )
  })

  it("has nothing to run for an empty or blank value (the platform's opener is used instead)", () => {
    for (const blank of ["", " ", ":", " : "])
      expect(browserInvocations(blank, "http://x.example")).toEqual([])
  })
})
